/// A failure the journal reports instead of trapping or leaving a partial line.
public struct JournalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// A system call failed; `errno` holds the code (ENOSPC, EFBIG, EIO, ...).
        case io
        /// The first line isn't a valid journal header.
        case invalidHeader
        /// The header names a format version this code doesn't read.
        case unsupportedVersion(Int64)
        /// A record can't be written (NaN or infinite double, ...).
        case invalidValue
        /// The journal was closed.
        case closed
        /// The path names a FIFO, device, directory or socket, a file whose size can't be
        /// trusted (`/proc`), or a file with more than one name (hard links: each name would
        /// get its own lock, and compaction would split them): nothing was read from or
        /// written to it.
        case notRegularFile
    }

    public var kind: Kind
    /// The journal file (or the temp/lock file involved).
    public var path: String
    /// The system call or step that failed, e.g. "write", "fsync", "rename".
    public var operation: String
    /// The errno value for `.io`, otherwise 0.
    public var errno: Int32
    /// More detail for non-I/O failures.
    public var detail: String

    public init(_ kind: Kind, path: String, operation: String, errno: Int32 = 0, detail: String = "") {
        self.kind = kind
        self.path = path
        self.operation = operation
        self.errno = errno
        self.detail = detail
    }

    static func notRegularFile(_ path: String, _ kind: JournalPlatform.FileKind) -> JournalError {
        JournalError(.notRegularFile, path: path, operation: "open", detail: "it is \(kind.description)")
    }

    static func io(_ path: String, _ operation: String, _ code: Int32) -> JournalError {
        JournalError(.io, path: path, operation: operation, errno: code,
                     detail: JournalPlatform.errorText(code))
    }

    /// The failure to open or create `file` (the journal, its lock or a temp file beside
    /// it), reported against `path` (the journal as given). A missing folder is named: the
    /// bare ENOENT of the lock file would say neither which folder nor that it is one.
    static func open(_ path: String, file: String, _ code: Int32) -> JournalError {
        guard JournalPlatform.isMissing(code), let missing = missingFolder(of: file) else {
            return io(file, "open", code)
        }
        let folder = Journal.directory(of: file)
        var detail = "the folder '\(missing.folder)' \(missing.isFile ? "is not a folder" : "does not exist")"
        if missing.folder != folder { detail += " (the journal's folder is '\(folder)')" }
        return JournalError(.io, path: path, operation: "open", errno: code, detail: detail)
    }

    /// The first folder on the way to `file` that is missing (or is a file), if any.
    static func missingFolder(of file: String) -> (folder: String, isFile: Bool)? {
        var folder = Journal.directory(of: file)
        guard JournalPlatform.fileKind(path: folder) != .directory else { return nil }
        // Walk up while the parent is missing too: name the outermost folder that isn't there.
        while true {
            let parent = Journal.directory(of: folder)
            if parent == folder || JournalPlatform.fileKind(path: parent) == .directory { break }
            folder = parent
        }
        let kind = JournalPlatform.fileKind(path: folder)
        return (folder, kind != nil && kind != .directory)
    }

    public var description: String {
        switch kind {
        case .io:
            return "\(path): \(operation) failed: \(detail) (errno \(errno))"
        case .invalidHeader:
            return "\(path): not a tips journal: \(detail)"
        case .unsupportedVersion(let v):
            return "\(path): unsupported journal version \(v) (this build reads version \(JournalFormat.version))"
        case .invalidValue:
            return "\(path): cannot \(operation): \(detail)"
        case .closed:
            return "\(path): journal is closed"
        case .notRegularFile:
            return "\(path): not a regular file: \(detail)"
        }
    }
}

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` keeping the closure's typed error (the stdlib's only rethrows).
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) throws(JournalError) -> T) throws(JournalError) -> T {
        let result: Result<T, JournalError> = withUnsafeBytes { raw in
            do throws(JournalError) {
                return .success(try body(raw))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
