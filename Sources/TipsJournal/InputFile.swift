/// Reading a file that someone else controls (a bundle, a journal to inspect, a catalog
/// or scenario file) in bounded memory: the one check every reader in Tips makes, so the
/// runtime, the language server and `tipc` refuse the same files with the same words.
///
/// Only a regular file is read. Its kind is looked at before it is opened (opening a FIFO
/// can block and opening a device can have effects) and again on the opened descriptor
/// (the path may be swapped in between). Its size is checked before anything is read, and
/// reading stops with the same error if it grows past the limit or lies about its size
/// (`/proc` files say 0).
public enum InputFile {
    /// The most to read of one kind of input, and how to name that kind in a refusal.
    public struct Limit: Sendable, Hashable {
        /// The largest size accepted, in bytes.
        public var bytes: Int
        /// The kind of input, for the message: "a bundle", "a .tips file".
        public var what: String

        public init(bytes: Int, what: String) {
            self.bytes = bytes
            self.what = what
        }
    }

    /// Why a file was not read.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public enum Reason: Sendable, Hashable {
            /// A system call failed with this errno (ENOENT, EACCES, ELOOP, ...).
            case system(Int32)
            /// A FIFO, device, socket or directory where a regular file is needed.
            case notRegular(JournalPlatform.FileKind)
            /// Larger than the limit (`size` is what was seen: the size, or the bytes read).
            case tooLarge(size: Int, limit: Int, what: String)
        }

        /// The path as the caller gave it.
        public var path: String
        public var reason: Reason

        public init(path: String, reason: Reason) {
            self.path = path
            self.reason = reason
        }

        /// Why, without the path: "No such file or directory", "not a regular file: it is
        /// a FIFO", "larger than the 64 MiB limit for a bundle (70000000 bytes)".
        public var explanation: String {
            switch reason {
            case .system(let code): return JournalPlatform.errorText(code)
            case .notRegular(let kind): return "not a regular file: it is \(kind)"
            case .tooLarge(let size, let limit, let what):
                return "larger than the \(InputFile.sizeText(limit)) limit for \(what) (\(size) bytes)"
            }
        }

        /// "PATH: why".
        public var description: String { "\(path): \(explanation)" }

        /// True when nothing is at the path (or a directory on the way is missing).
        public var isMissing: Bool {
            if case .system(let code) = reason { return JournalPlatform.isMissing(code) }
            return false
        }
    }

    /// "4 MiB", "1 GiB".
    public static func sizeText(_ bytes: Int) -> String {
        bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : "\(bytes >> 20) MiB"
    }

    /// The whole content of the regular file `path`, refused unread if it is larger than
    /// `limit`.
    public static func read(_ path: String, limit: Limit) throws(Failure) -> [UInt8] {
        let (fd, size) = try open(path, limit: limit)
        defer { JournalPlatform.closeFile(fd) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        try chunks(fd, path: path, limit: limit) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Copies the regular file `path` to the new file `destination` (created owner-only,
    /// never replacing anything) in 64 KiB chunks, refusing `path` as `read` does.
    public static func copy(_ path: String, to destination: String, limit: Limit) throws(Failure) {
        let (fd, _) = try open(path, limit: limit)
        defer { JournalPlatform.closeFile(fd) }
        let out = JournalPlatform.createExclusive(destination)
        guard out >= 0 else { throw Failure(path: destination, reason: .system(-out)) }
        defer { JournalPlatform.closeFile(out) }
        var failure: Failure?
        try chunks(fd, path: path, limit: limit) { chunk in
            guard failure == nil else { return }
            var offset = chunk.startIndex
            while offset < chunk.endIndex {
                let n = chunk[offset...].withUnsafeBytes { JournalPlatform.writeOnce(out, $0) }
                if n < 0 {
                    failure = Failure(path: destination, reason: .system(Int32(-n)))
                    return
                }
                offset += n
            }
        }
        if let failure { throw failure }
    }

    /// Opens `path` for reading if it is a regular file no larger than `limit`; returns
    /// the descriptor and the size it reported.
    static func open(_ path: String, limit: Limit) throws(Failure) -> (fd: Int32, size: Int) {
        if let kind = JournalPlatform.fileKind(path: path), kind != .regular {
            throw Failure(path: path, reason: .notRegular(kind))
        }
        let fd = JournalPlatform.openRead(path)
        guard fd >= 0 else { throw Failure(path: path, reason: .system(-fd)) }
        guard let kind = JournalPlatform.fileKind(fd), kind == .regular else {
            let kind = JournalPlatform.fileKind(fd) ?? .other
            JournalPlatform.closeFile(fd)
            throw Failure(path: path, reason: .notRegular(kind))
        }
        let size = JournalPlatform.fileSize(fd)
        guard size >= 0 else {
            JournalPlatform.closeFile(fd)
            throw Failure(path: path, reason: .system(Int32(-size)))
        }
        guard size <= limit.bytes else {
            JournalPlatform.closeFile(fd)
            throw Failure(path: path, reason: .tooLarge(size: size, limit: limit.bytes, what: limit.what))
        }
        return (fd, size)
    }

    /// Reads `fd` from its start to its end in 64 KiB chunks, handing each to `body`;
    /// fails once more than `limit` bytes came.
    private static func chunks(_ fd: Int32, path: String, limit: Limit, _ body: (ArraySlice<UInt8>) -> Void) throws(Failure) {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var total = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { JournalPlatform.readAt(fd, $0.baseAddress!, count: $0.count, offset: total) }
            if n < 0 { throw Failure(path: path, reason: .system(Int32(-n))) }
            if n == 0 { return }
            total += n
            guard total <= limit.bytes else {
                throw Failure(path: path, reason: .tooLarge(size: total, limit: limit.bytes, what: limit.what))
            }
            body(chunk[0..<n])
        }
    }
}
