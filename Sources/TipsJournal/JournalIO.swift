/// The writer's system calls that tests replace to simulate failures.
///
/// Only the writer's write and fsync go through here (a few calls per batch); the reader's
/// hot loop never does.
public struct JournalIO: Sendable {
    /// Writes once; returns the byte count or `-errno`.
    public var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int
    /// Flushes to stable storage; returns 0 or an errno value.
    public var fsync: @Sendable (_ fd: Int32) -> Int32

    public init(write: @escaping @Sendable (_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int,
                fsync: @escaping @Sendable (_ fd: Int32) -> Int32) {
        self.write = write
        self.fsync = fsync
    }

    /// The real calls.
    public static let system = JournalIO(
        write: { fd, bytes in JournalPlatform.writeOnce(fd, bytes) },
        fsync: { fd in JournalPlatform.syncFile(fd) })

    /// Real writes, no fsync: for benchmarks and generators only, never for real state.
    public static let noSync = JournalIO(
        write: { fd, bytes in JournalPlatform.writeOnce(fd, bytes) },
        fsync: { _ in 0 })
}
