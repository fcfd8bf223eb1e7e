// The one file that knows about Glibc versus Darwin. Everything else in TipsJournal calls
// these wrappers, so a port touches only this file.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("TipsJournal needs a POSIX C library (Glibc or Darwin)")
#endif

/// Thin, platform-neutral wrappers over the POSIX calls the journal needs.
///
/// Functions return `-errno` (or a negative value) on failure rather than reading the
/// global `errno` later, so a failure can't be clobbered by an intervening call.
public enum JournalPlatform {
    /// File identity: a rename over the path changes it, which is how a writer notices that
    /// another process compacted the journal.
    struct FileID: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    /// The current errno, as a positive number.
    static var errnoValue: Int32 { errno }

    /// The C library's text for an errno value, e.g. "No space left on device".
    public static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }

    /// Opens (creating if needed) a file for reading and appending. Returns fd or -errno.
    static func openAppend(_ path: String) -> Int32 {
        let fd = path.withCString { open($0, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644) }
        return fd >= 0 ? fd : -errno
    }

    /// Opens a file read-only, without blocking on a FIFO that has no writer (callers
    /// refuse non-regular files anyway). Returns fd or -errno.
    static func openRead(_ path: String) -> Int32 {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        return fd >= 0 ? fd : -errno
    }

    /// Creates a new file exclusively for writing (temp files), readable by the owner only
    /// until the caller gives it the mode it should have. Returns fd or -errno.
    static func createExclusive(_ path: String) -> Int32 {
        let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        return fd >= 0 ? fd : -errno
    }

    /// Opens (creating owner-only if missing) a file for appending. Returns fd or -errno.
    static func openAppendPrivate(_ path: String) -> Int32 {
        let fd = path.withCString { open($0, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600) }
        return fd >= 0 ? fd : -errno
    }

    /// What kind of file a path or descriptor is.
    public enum FileKind: Sendable, Hashable, CustomStringConvertible {
        case regular, directory, fifo, characterDevice, blockDevice, socket, other

        /// The kind `st_mode` of stat(2) names.
        public init(mode: UInt32) {
            switch mode & UInt32(S_IFMT) {
            case UInt32(S_IFREG): self = .regular
            case UInt32(S_IFDIR): self = .directory
            case UInt32(S_IFIFO): self = .fifo
            case UInt32(S_IFCHR): self = .characterDevice
            case UInt32(S_IFBLK): self = .blockDevice
            case UInt32(S_IFSOCK): self = .socket
            default: self = .other
            }
        }

        /// "a FIFO", "a directory", ...
        public var description: String {
            switch self {
            case .regular: return "a regular file"
            case .directory: return "a directory"
            case .fifo: return "a FIFO"
            case .characterDevice: return "a character device"
            case .blockDevice: return "a block device"
            case .socket: return "a socket"
            case .other: return "not an ordinary file"
            }
        }
    }

    /// True for the errno values of a path that names nothing (ENOENT, and ENOTDIR for a
    /// file where a directory on the way should be).
    static func isMissing(_ code: Int32) -> Bool { code == ENOENT || code == ENOTDIR }

    /// The kind of file `path` names (links followed), or nil if it doesn't exist.
    static func fileKind(path: String) -> FileKind? {
        var st = stat()
        let rc = path.withCString { stat($0, &st) }
        return rc == 0 ? FileKind(mode: UInt32(st.st_mode)) : nil
    }

    /// The kind of an open file.
    static func fileKind(_ fd: Int32) -> FileKind? {
        var st = stat()
        return fstat(fd, &st) == 0 ? FileKind(mode: UInt32(st.st_mode)) : nil
    }

    /// Permission bits and owner of an open file.
    struct Ownership: Equatable {
        var mode: UInt32
        var user: UInt32
        var group: UInt32
    }

    static func ownership(_ fd: Int32) -> Ownership? {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        return Ownership(mode: UInt32(st.st_mode) & 0o7777, user: UInt32(st.st_uid), group: UInt32(st.st_gid))
    }

    /// Gives `fd` the owner (when it differs) and then the mode of `ownership`; chown
    /// first, since it may clear set-id bits. Returns 0 or errno.
    static func apply(_ ownership: Ownership, to fd: Int32) -> Int32 {
        if let current = Self.ownership(fd), current.user != ownership.user || current.group != ownership.group {
            if fchown(fd, uid_t(ownership.user), gid_t(ownership.group)) != 0 { return errno }
        }
        return fchmod(fd, mode_t(ownership.mode)) == 0 ? 0 : errno
    }

    /// The file `path` really names: symbolic links followed (also a dangling one, whose
    /// target a create would make), directories made absolute. Locks, temp files and
    /// renames use this path, so every path that reaches one journal acts on the same file.
    public static func resolvedPath(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        // Missing: follow links by hand (a dangling link's target is what open creates),
        // then resolve the directory, which must exist for a create to work anyway.
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, UInt32(st.st_mode) & UInt32(S_IFMT) == UInt32(S_IFLNK) else { break }
            var buffer = [CChar](repeating: 0, count: 4097)
            let n = readlink(current, &buffer, 4096)
            guard n > 0 else { break }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : Journal.directory(of: current) + "/" + target
        }
        let dir = Journal.directory(of: current)
        let name = current.split(separator: "/").last.map(String.init) ?? current
        guard let realDir = realpath(dir, nil) else { return current }
        defer { free(realDir) }
        let resolvedDir = String(cString: realDir)
        return (resolvedDir == "/" ? "" : resolvedDir) + "/" + name
    }

    /// Opens a directory so it can be fsynced after a rename. Returns fd or -errno.
    static func openDirectory(_ path: String) -> Int32 {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        return fd >= 0 ? fd : -errno
    }

    static func closeFile(_ fd: Int32) {
        _ = close(fd)
    }

    /// One write(2) call, retried on EINTR. Returns the byte count or -errno.
    static func writeOnce(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
        while true {
            let n = write(fd, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            if errno == EINTR { continue }
            return -Int(errno)
        }
    }

    /// Forces file data to stable storage. On Darwin plain fsync only reaches the drive's
    /// cache, so F_FULLFSYNC is used there (falling back to fsync where unsupported).
    /// Returns 0 or errno.
    static func syncFile(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
        #endif
        while true {
            if fsync(fd) == 0 { return 0 }
            if errno == EINTR { continue }
            return errno
        }
    }

    /// Reads up to `count` bytes at `offset` into `buffer`. Returns bytes read or -errno.
    static func readAt(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, count: Int, offset: Int) -> Int {
        while true {
            let n = pread(fd, buffer, count, off_t(offset))
            if n >= 0 { return n }
            if errno == EINTR { continue }
            return -Int(errno)
        }
    }

    /// Sets the file length. Returns 0 or errno.
    static func truncateFile(_ fd: Int32, to length: Int) -> Int32 {
        while true {
            if ftruncate(fd, off_t(length)) == 0 { return 0 }
            if errno == EINTR { continue }
            return errno
        }
    }

    /// The size of an open file, or -errno.
    static func fileSize(_ fd: Int32) -> Int {
        var st = stat()
        if fstat(fd, &st) != 0 { return -Int(errno) }
        return Int(st.st_size)
    }

    /// The identity of an open file.
    static func fileID(_ fd: Int32) -> FileID? {
        var st = stat()
        if fstat(fd, &st) != 0 { return nil }
        return FileID(device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(truncatingIfNeeded: st.st_ino))
    }

    /// The identity of the file a path names now, or nil if it doesn't exist.
    static func fileID(path: String) -> FileID? {
        if case .success(let id) = identity(path: path) { return id }
        return nil
    }

    /// The identity of the file a path names now; `.failure(errno)` when stat fails, so a
    /// missing file (`isMissing`) can be told from one that can't be looked at (EACCES).
    static func identity(path: String) -> Result<FileID, StatFailure> {
        var st = stat()
        let rc = path.withCString { stat($0, &st) }
        if rc != 0 { return .failure(StatFailure(code: errno)) }
        return .success(FileID(device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(truncatingIfNeeded: st.st_ino)))
    }

    /// A failed stat(2): its errno.
    struct StatFailure: Error {
        var code: Int32
    }

    /// How many names (hard links) an open file has; 0 once its last name was removed.
    static func linkCount(_ fd: Int32) -> Int? {
        var st = stat()
        if fstat(fd, &st) != 0 { return nil }
        return Int(st.st_nlink)
    }

    /// Atomically replaces `to` with `from`. Returns 0 or errno.
    static func renameFile(_ from: String, _ to: String) -> Int32 {
        let rc = from.withCString { f in to.withCString { t in rename(f, t) } }
        return rc == 0 ? 0 : errno
    }

    /// Replaces the small file at `path` with `bytes` (written to `path.tmp-PID`, then
    /// renamed over it), without an fsync: safe against the process crashing, not against
    /// power loss. For counters the runtime keeps where an fsync per launch would cost more
    /// than what it protects. The process id keeps an app and its extension, opening the
    /// same journal at once, out of each other's temporary file. Returns 0 or errno.
    package static func replaceWithoutSync(_ path: String, with bytes: [UInt8]) -> Int32 {
        let temporary = path + ".tmp-\(getpid())"
        removeFile(temporary)
        let fd = createExclusive(temporary)
        guard fd >= 0 else { return -fd }
        let written = bytes.withUnsafeBytes { writeOnce(fd, $0) }
        closeFile(fd)
        guard written == bytes.count else {
            removeFile(temporary)
            return written < 0 ? Int32(-written) : EIO
        }
        let rc = renameFile(temporary, path)
        if rc != 0 { removeFile(temporary) }
        return rc
    }

    package static func removeFile(_ path: String) {
        _ = path.withCString { unlink($0) }
    }

    /// Whether `path` names a directory (links followed).
    static func isDirectory(_ path: String) -> Bool {
        fileKind(path: path) == .directory
    }

    /// Blocks until an exclusive advisory lock on `fd` is held. Returns 0 or errno.
    /// flock locks belong to the open file description, so two `Journal` objects in one
    /// process exclude each other just as two processes do.
    static func lockExclusive(_ fd: Int32) -> Int32 {
        while true {
            if flock(fd, LOCK_EX) == 0 { return 0 }
            if errno == EINTR { continue }
            return errno
        }
    }

    static func unlock(_ fd: Int32) {
        _ = flock(fd, LOCK_UN)
    }

    /// Makes writes past RLIMIT_FSIZE fail with EFBIG instead of killing the process with
    /// SIGXFSZ: a full quota must come back as an error, like a full disk.
    static func ignoreFileSizeSignal() {
        _ = signal(SIGXFSZ, SIG_IGN)
    }

    /// The process id.
    public static var processID: Int32 { getpid() }

    /// Sets RLIMIT_FSIZE for this process (and its children): writes past `bytes` fail.
    /// Used by the crash writer and tests to simulate a full disk. Returns 0 or errno.
    public static func setFileSizeLimit(_ bytes: UInt64) -> Int32 {
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        #if canImport(Glibc)
        let rc = setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        #else
        let rc = setrlimit(RLIMIT_FSIZE, &limit)
        #endif
        ignoreFileSizeSignal()
        return rc == 0 ? 0 : errno
    }

    /// Sends SIGKILL to a process: the crash harness's way of stopping a writer mid-append.
    public static func killHard(_ pid: Int32) {
        _ = kill(pid, SIGKILL)
    }

    /// Wall-clock time in integer milliseconds since the Unix epoch.
    public static func nowMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) &* 1000 &+ Int64(ts.tv_nsec) / 1_000_000
    }

    /// A monotonic clock in nanoseconds, for delays and benchmarks.
    public static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// CPU time used by the calling thread, in nanoseconds, for benchmarks.
    public static func threadCPUNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}

extension JournalPlatform {
    /// Index of the first `\n` in `count` bytes at `p`, via memchr (vectorised in libc).
    @inline(__always)
    static func findNewline(_ p: UnsafeRawPointer, count: Int) -> Int? {
        guard let hit = memchr(p, 0x0A, count) else { return nil }
        return UnsafeRawPointer(hit) - p
    }
}

extension JournalPlatform {
    /// EIO, for a write that made no progress without saying why.
    static let ioErrorCode: Int32 = EIO
}

extension JournalPlatform {
    /// What stat(2) says about a path (links followed): its kind and identity, or the errno.
    static func status(path: String) -> Result<(kind: FileKind, device: UInt64, inode: UInt64), PlatformError> {
        var st = stat()
        let rc = path.withCString { stat($0, &st) }
        guard rc == 0 else { return .failure(PlatformError(code: errno)) }
        return .success((FileKind(mode: UInt32(st.st_mode)), UInt64(truncatingIfNeeded: st.st_dev),
                         UInt64(truncatingIfNeeded: st.st_ino)))
    }

    /// An errno value as an `Error`.
    struct PlatformError: Error {
        var code: Int32
    }

    /// True for ELOOP: too many symbolic links (a link to itself).
    static func isLoop(_ code: Int32) -> Bool { code == ELOOP }

    /// The names in a directory (without `.` and `..`), in no particular order, reading at
    /// most `limit` of them (`truncated` says more were there), or the errno.
    static func directoryEntries(_ path: String, limit: Int) -> Result<(names: [String], truncated: Bool), PlatformError> {
        guard let dir = opendir(path) else { return .failure(PlatformError(code: errno)) }
        defer { closedir(dir) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { return .failure(PlatformError(code: errno)) }
                return .success((names, false))
            }
            let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            if names.count == limit { return .success((names, true)) }
            names.append(name)
        }
    }

    /// The file systems that are the kernel's views rather than files (`/proc`, `/sys`,
    /// `/dev`, cgroups, ...): searching them for files never ends or means nothing.
    struct SpecialFileSystems {
        #if canImport(Darwin)
        init() {}

        /// The file system's name if `path` (on `device`) is on one of them.
        func name(path: String, device: UInt64) -> String? {
            var fs = statfs()
            guard path.withCString({ statfs($0, &fs) }) == 0 else { return nil }
            let name = withUnsafeBytes(of: fs.f_fstypename) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return ["devfs", "autofs", "fdesc"].contains(name) ? name : nil
        }
        #else
        /// Linux: mounted ones by device number, from the mount table (Glibc's module has
        /// no `statfs`). Without a readable table nothing is known to be special.
        private var byDevice: [UInt64: String] = [:]

        init() {
            let special: Set<Substring> = ["proc", "sysfs", "devtmpfs", "devpts", "cgroup", "cgroup2", "debugfs", "tracefs",
                                           "securityfs", "pstore", "bpf", "configfs", "efivarfs", "selinuxfs", "fusectl",
                                           "binfmt_misc", "mqueue", "hugetlbfs", "autofs", "nsfs", "rpc_pipefs"]
            let limit = InputFile.Limit(bytes: 4 << 20, what: "the mount table")
            guard let table = try? InputFile.read("/proc/self/mountinfo", limit: limit) else { return }
            // "36 35 98:0 /root /mount/point options - fstype source options": the device is
            // the third field, the type follows the lone "-".
            for line in table.split(separator: 0x0A) {
                let fields = line.split(separator: 0x20)
                guard fields.count > 4, let dash = fields.firstIndex(where: { $0.elementsEqual([0x2D]) }), dash + 1 < fields.count
                else { continue }
                let type = Substring(decoding: fields[dash + 1], as: UTF8.self)
                let numbers = fields[2].split(separator: 0x3A).map { UInt64(Substring(decoding: $0, as: UTF8.self)) }
                guard special.contains(type), numbers.count == 2, let major = numbers[0], let minor = numbers[1] else { continue }
                // glibc's makedev.
                let device = ((major & 0xFFFF_F000) << 32) | ((major & 0xFFF) << 8) | ((minor & 0xFFFF_FF00) << 12) | (minor & 0xFF)
                byDevice[device] = String(type)
            }
        }

        /// The file system's name if `path` (on `device`) is on one of them.
        func name(path: String, device: UInt64) -> String? { byDevice[device] }
        #endif
    }
}
