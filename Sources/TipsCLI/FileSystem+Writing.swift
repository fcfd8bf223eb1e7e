#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TipsDriver
import TipsJournal

/// Writing `tipc`'s outputs (bundles, generated Swift, reformatted files, timelines,
/// journals): the driver reads inputs, the command line writes what they produce.
extension FileSystem {
    /// Writes all of `bytes` to `fd`.
    static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>, path: String) throws(Failure) {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(code: errno, path: path)
            }
            offset += n
        }
    }

    /// Writes an output file the way its kind needs: a regular file (or a new one) is
    /// replaced atomically, through symbolic links; a FIFO, a device or a socket is written
    /// directly and never replaced (renaming over `/dev/null` would replace the device).
    static func writeOutput(_ path: String, bytes: [UInt8]) throws(Failure) {
        var st = stat()
        if stat(path, &st) != 0 {
            let code = errno
            guard code == ENOENT else { throw Failure(code: code, path: path) }
            try writeAtomically(path, bytes: bytes)
            return
        }
        switch JournalPlatform.FileKind(mode: UInt32(st.st_mode)) {
        case .regular:
            try writeAtomically(path, bytes: bytes)
        case .directory:
            throw Failure(code: EISDIR, path: path)
        default:
            // No O_CREAT, no O_TRUNC: write into what is there. Opening a FIFO waits for
            // its reader, as a shell redirection does.
            let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { throw Failure(code: errno, path: path) }
            defer { close(fd) }
            try writeAll(fd, bytes[...], path: path)
        }
    }

    /// Replaces the file at `path` with `bytes` atomically: a reader sees the old content
    /// or the new, never a half-written file. Writes a temporary file next to the target
    /// (symbolic links resolved, so the link survives), keeps its permissions, then renames.
    static func writeAtomically(_ path: String, bytes: [UInt8]) throws(Failure) {
        // Links resolved (a dangling one too: its target is created), so the link survives.
        let target = JournalPlatform.resolvedPath(path)
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
