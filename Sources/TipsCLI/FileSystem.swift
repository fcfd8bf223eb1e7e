#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls the CLI needs, wrapped so callers get errno-accurate messages
/// (Foundation's file APIs blur "missing", "unreadable" and "symlink loop" together).
enum FileSystem {
    /// A failed call: the errno and the path it concerned.
    struct Failure: Error, Sendable {
        var code: Int32
        var path: String

        /// `strerror` text, e.g. "Permission denied".
        var reason: String { String(cString: strerror(code)) }
        var isMissing: Bool { code == ENOENT || code == ENOTDIR }
        var isLoop: Bool { code == ELOOP }
    }

    /// What `stat` says about a path.
    struct Status: Sendable {
        enum Kind: Sendable { case regular, directory, symlink, other }
        var kind: Kind
        /// Device and inode: a file's identity whatever path reaches it.
        var identity: Identity
        /// Permission bits, kept when a file is rewritten.
        var permissions: UInt32
    }

    /// Device and inode of a file.
    struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// `stat` (following symbolic links) or `lstat` (not following them).
    static func status(_ path: String, followLinks: Bool = true) -> Result<Status, Failure> {
        var st = stat()
        let rc = followLinks ? stat(path, &st) : lstat(path, &st)
        guard rc == 0 else { return .failure(Failure(code: errno, path: path)) }
        let kind: Status.Kind
        switch UInt32(st.st_mode) & UInt32(S_IFMT) {
        case UInt32(S_IFREG): kind = .regular
        case UInt32(S_IFDIR): kind = .directory
        case UInt32(S_IFLNK): kind = .symlink
        default: kind = .other
        }
        return .success(Status(kind: kind,
                               identity: Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino)),
                               permissions: UInt32(st.st_mode) & 0o7777))
    }

    /// The names in a directory, without `.` and `..`, in no particular order.
    static func entries(of path: String) throws(Failure) -> [String] {
        guard let dir = opendir(path) else { throw Failure(code: errno, path: path) }
        defer { closedir(dir) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { throw Failure(code: errno, path: path) }
                break
            }
            let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The whole content of a file.
    static func readFile(_ path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(code: errno, path: path) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(code: errno, path: path)
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// Replaces the file at `path` with `bytes` atomically: a reader sees the old content
    /// or the new, never a half-written file. Writes a temporary file next to the target
    /// (symbolic links resolved, so the link survives), keeps its permissions, then renames.
    static func writeAtomically(_ path: String, bytes: [UInt8]) throws(Failure) {
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var permissions: UInt32 = 0o644
        if case .success(let st) = status(target) { permissions = st.permissions }
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array("\(directory)/.\(name).tipc-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(code: errno, path: path) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: Failure?
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                failure = Failure(code: errno, path: path)
                break
            }
            offset += n
        }
        if failure == nil, fchmod(fd, mode_t(permissions)) != 0 { failure = Failure(code: errno, path: path) }
        if failure == nil, fsync(fd) != 0 { failure = Failure(code: errno, path: path) }
        close(fd)
        if failure == nil, rename(temporary, target) != 0 { failure = Failure(code: errno, path: path) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Whether file descriptor `fd` is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
}
