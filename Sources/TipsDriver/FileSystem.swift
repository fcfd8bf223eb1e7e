#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TipsJournal
import TipsSyntax

/// The few POSIX calls the tools need to read their inputs, wrapped so callers get errno-accurate messages
/// (Foundation's file APIs blur "missing", "unreadable" and "symlink loop" together).
package enum FileSystem {
    /// A failed call: the errno and the path it concerned.
    package struct Failure: Error, Sendable {
        package var code: Int32
        package var path: String
        /// Set when the path exists but is refused before anything is read from it.
        package var refusal: Refusal?

        /// Why an input is refused, said the same way by every command.
        package enum Refusal: Sendable {
            /// A FIFO, device, socket or directory where a regular file is needed.
            case notRegular(JournalPlatform.FileKind)
            /// Larger than the limit for its kind of input.
            case tooLarge(size: Int, limit: Int, what: String)
        }

        package init(code: Int32, path: String, refusal: Refusal? = nil) {
            self.code = code
            self.path = path
            self.refusal = refusal
        }

        /// `strerror` text, e.g. "Permission denied", or why the file was refused (in the
        /// words of `InputFile`, which every reader shares).
        package var reason: String {
            switch refusal {
            case .notRegular(let kind): return InputFile.Failure(path: path, reason: .notRegular(kind)).explanation
            case .tooLarge(let size, let limit, let what):
                return InputFile.Failure(path: path, reason: .tooLarge(size: size, limit: limit, what: what)).explanation
            case nil: return String(cString: strerror(code))
            }
        }

        /// The same failure, from the shared reader.
        package init(_ failure: InputFile.Failure) {
            switch failure.reason {
            case .system(let code): self.init(code: code, path: failure.path)
            case .notRegular(let kind): self.init(code: EINVAL, path: failure.path, refusal: .notRegular(kind))
            case .tooLarge(let size, let limit, let what):
                self.init(code: EFBIG, path: failure.path, refusal: .tooLarge(size: size, limit: limit, what: what))
            }
        }
        package var isMissing: Bool { refusal == nil && (code == ENOENT || code == ENOTDIR) }
        package var isLoop: Bool { code == ELOOP }
    }

    /// The most `tipc` reads of each kind of input: checked before reading, so a huge or
    /// endless file (`/dev/zero`) is refused instead of exhausting memory.
    package enum Limit {
        /// A `.tips` file: the parser's own limit (E101).
        package static let source = InputFile.Limit(bytes: Parser.maximumFileSize, what: "a .tips file")
    }

    /// What `stat` says about a path.
    package struct Status: Sendable {
        package enum Kind: Sendable { case regular, directory, symlink, other }
        package var kind: Kind
        /// Device and inode: a file's identity whatever path reaches it.
        package var identity: Identity
        /// Permission bits, kept when a file is rewritten.
        package var permissions: UInt32
    }

    /// Device and inode of a file.
    package struct Identity: Hashable, Sendable {
        package var device: UInt64
        package var inode: UInt64
    }

    /// `stat` (following symbolic links) or `lstat` (not following them).
    package static func status(_ path: String, followLinks: Bool = true) -> Result<Status, Failure> {
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

    /// Whether `path` is a directory (links followed).
    package static func isDirectory(_ path: String) -> Bool {
        if case .success(let s) = status(path), s.kind == .directory { return true }
        return false
    }

    /// The names in a directory, without `.` and `..`, in no particular order.
    package static func entries(of path: String) throws(Failure) -> [String] {
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

    /// The whole content of the regular file `path`, refused unread if it is not a regular
    /// file or is larger than `limit` (`InputFile.read`).
    package static func readFile(_ path: String, limit: InputFile.Limit) throws(Failure) -> [UInt8] {
        do throws(InputFile.Failure) { return try InputFile.read(path, limit: limit) } catch { throw Failure(error) }
    }

    /// Copies the regular file `path` to a new file `destination` in bounded memory,
    /// refusing it as `readFile` does (`InputFile.copy`).
    package static func copyFile(_ path: String, to destination: String, limit: InputFile.Limit) throws(Failure) {
        do throws(InputFile.Failure) { try InputFile.copy(path, to: destination, limit: limit) } catch { throw Failure(error) }
    }
}
