#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TipsJournal

/// A file a command writes: `compile -o`, `gen swift -o`, `test --timeline`, `fmt --write`.
/// The one writer of `tipc` (Docs/cli.md, "Outputs by kind"), so every command treats what
/// it finds at the path alike:
///
/// - `-`, or a path naming the very file standard output is (`/dev/stdout` into a pipe):
///   the bytes go to standard output, and the command's own text goes to standard error
///   (``isStandardOutput``), so the stream holds the output and nothing else;
/// - a regular file, or nothing yet: replaced atomically (a temporary file beside it,
///   fsync, rename, directory fsync), keeping its permissions (and its owner where the
///   process may set it); through a symbolic link the link's target is replaced and the
///   link kept (a dangling link creates its target);
/// - a FIFO or a character device (`/dev/null`): written directly, never replaced;
/// - a directory, a block device, a socket, or a path whose folder is missing: refused,
///   before anything is written.
///
/// `tipc journal merge -o` writes a journal, which is only ever a regular file: it goes
/// through the journal's own locked replace (`Journal.replace(at:created:with:)`), not
/// through this.
public struct OutputFile {
    /// Where the bytes go.
    public enum Destination: Equatable {
        /// Descriptor 1 (or `Invocation.binaryStdout` in tests).
        case standardOutput
        /// Replaced atomically; `target` is the file the path names, links followed.
        case replace(target: String)
        /// Opened without creating or truncating, and written.
        case stream(JournalPlatform.FileKind)
    }

    /// Why an output was not written: "it is a directory", "Permission denied".
    public struct Failure: Error, Sendable, Equatable {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// The path as the user gave it (messages name it).
    public let path: String
    public let destination: Destination

    /// True when the output is standard output: the command prints its report (and the
    /// "wrote" line) on standard error instead.
    public var isStandardOutput: Bool { destination == .standardOutput }

    /// What is at `path`, refused when it cannot be written as an output. Nothing is
    /// created or opened.
    public init(_ path: String) throws(Failure) {
        self.path = path
        if path == "-" {
            destination = .standardOutput
            return
        }
        var st = stat()
        guard stat(path, &st) == 0 else {
            let code = errno
            guard code == ENOENT else { throw Failure(path: path, reason: String(cString: strerror(code))) }
            // Nothing there (or a dangling link): its target is created, in a folder that
            // must exist.
            let target = JournalPlatform.resolvedPath(path)
            let folder = Self.directory(of: target)
            var dir = stat()
            guard stat(folder, &dir) == 0 else {
                let code = errno
                throw Failure(path: path, reason: code == ENOENT
                              ? "no such directory: \(Self.directory(of: path))"
                              : String(cString: strerror(code)))
            }
            guard JournalPlatform.FileKind(mode: UInt32(dir.st_mode)) == .directory else {
                throw Failure(path: path, reason: "\(Self.directory(of: path)) is not a directory")
            }
            destination = .replace(target: target)
            return
        }
        let kind = JournalPlatform.FileKind(mode: UInt32(st.st_mode))
        if kind != .regular, Self.isStandardOutput(st) {
            // Opening /dev/stdout anew would fail for a socket and, for a pipe, interleave
            // with what the command prints: write to the descriptor itself.
            destination = .standardOutput
            return
        }
        switch kind {
        case .regular:
            destination = .replace(target: JournalPlatform.resolvedPath(path))
        case .fifo, .characterDevice:
            destination = .stream(kind)
        case .directory:
            throw Failure(path: path, reason: "it is a directory; give a file name")
        case .blockDevice, .socket, .other:
            throw Failure(path: path, reason: "it is \(kind); an output must be a regular file, a FIFO or a character device")
        }
    }

    /// Whether `st` is the file open on descriptor 1.
    private static func isStandardOutput(_ st: stat) -> Bool {
        var out = stat()
        guard fstat(1, &out) == 0 else { return false }
        return out.st_dev == st.st_dev && out.st_ino == st.st_ino
    }

    /// Writes `bytes` to the output. For standard output, what the command has already put
    /// in `invocation.stdout` is moved to standard error first (see ``isStandardOutput``).
    public func write(_ bytes: [UInt8], _ invocation: inout Invocation) throws(Failure) {
        switch destination {
        case .standardOutput:
            invocation.stderr = invocation.stdout + invocation.stderr
            invocation.stdout = ""
            if invocation.binaryStdout != nil {
                invocation.binaryStdout?.append(contentsOf: bytes)
            } else {
                try Self.writeAll(1, bytes[...], path: path)
            }
        case .stream:
            // No O_CREAT, no O_TRUNC: write into what is there. Opening a FIFO waits for
            // its reader, as a shell redirection does.
            let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
            defer { close(fd) }
            // The path may have been swapped since it was looked at: never write into a
            // regular file in place (that is what the atomic replace is for).
            var st = stat()
            guard fstat(fd, &st) == 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
            let kind = JournalPlatform.FileKind(mode: UInt32(st.st_mode))
            guard kind == .fifo || kind == .characterDevice else {
                throw Failure(path: path, reason: "it became \(kind) while being opened; not written")
            }
            try Self.writeAll(fd, bytes[...], path: path)
        case .replace(let target):
            try Self.replace(target, with: bytes, path: path)
        }
    }

    /// The text a command prints about the output it wrote ("wrote FILE: ..."): on standard
    /// output, or on standard error when standard output is the output.
    public func report(_ line: String, _ invocation: inout Invocation) {
        if isStandardOutput { invocation.stderr += line } else { invocation.stdout += line }
    }

    /// Whether the output is a regular file holding exactly `bytes` already (`gen swift`
    /// leaves such a file untouched, modification time included).
    public func holds(_ bytes: [UInt8]) -> Bool {
        guard case .replace(let target) = destination else { return false }
        do throws(InputFile.Failure) {
            return try InputFile.read(target, limit: InputFile.Limit(bytes: bytes.count, what: "an output file")) == bytes
        } catch {
            return false
        }
    }

    /// Writes `text` to `path` (standard output for nil or `-`), leaving a regular file that
    /// already holds it untouched, modification time included, so builds that depend on it
    /// stay incremental. An error is reported on `invocation` and returns the usage status.
    public static func writeIfChanged(_ text: String, to path: String?, _ invocation: inout Invocation) -> Int32 {
        guard let path, path != "-" else {
            invocation.stdout += text
            return ExitCode.success
        }
        let bytes = Array(text.utf8)
        do throws(Failure) {
            let destination = try OutputFile(path)
            if destination.holds(bytes) { return ExitCode.success }
            try destination.write(bytes, &invocation)
        } catch {
            invocation.error("cannot write \(path): \(error.reason)")
            return ExitCode.usage
        }
        return ExitCode.success
    }

    /// Writes all of `bytes` to `fd`.
    public static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>, path: String) throws(Failure) {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let n = bytes[offset...].withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { throw Failure(path: path, reason: String(cString: strerror(EIO))) }
            offset += n
        }
    }

    /// Replaces the regular file `target` (or creates it) with `bytes`: a temporary file
    /// next to it gets the bytes, the old file's permissions (0644 for a new one) and owner
    /// (when the process may give it), is fsynced and renamed over `target`; then the
    /// directory is fsynced. A reader sees the old content or the new, never a mix.
    public static func replace(_ target: String, with bytes: [UInt8], path: String) throws(Failure) {
        var permissions: mode_t = 0o644
        var owner: (uid_t, gid_t)?
        var old = stat()
        if stat(target, &old) == 0 {
            permissions = old.st_mode & 0o7777
            owner = (old.st_uid, old.st_gid)
        }
        let directory = directory(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        var template = Array("\(directory)/.\(name).tipc-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: Failure?
        do throws(Failure) { try writeAll(fd, bytes[...], path: path) } catch { failure = error }
        if failure == nil, let (uid, gid) = owner {
            var now = stat()
            // chown first (it may clear set-id bits); only root may give a file away, so
            // for anyone else the owner is who replaced it, as with any editor's save.
            if fstat(fd, &now) == 0, now.st_uid != uid || now.st_gid != gid { _ = fchown(fd, uid, gid) }
        }
        if failure == nil, fchmod(fd, permissions) != 0 { failure = Failure(path: path, reason: String(cString: strerror(errno))) }
        if failure == nil, fsync(fd) != 0 { failure = Failure(path: path, reason: String(cString: strerror(errno))) }
        close(fd)
        if failure == nil, rename(temporary, target) != 0 { failure = Failure(path: path, reason: String(cString: strerror(errno))) }
        if let failure {
            unlink(temporary)
            throw failure
        }
        // The rename is durable once the directory is (best effort: the file is in place).
        let dfd = open(directory, O_RDONLY | O_CLOEXEC)
        if dfd >= 0 {
            _ = fsync(dfd)
            close(dfd)
        }
    }

    /// The folder part of `path` (`.` for a bare name, `/` for a name in the root).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}

/// `write(2)`, reachable from inside a type that has its own `write`.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, bytes, count)
}
