// The lock every runtime type keeps its state behind. One POSIX path on every system:
// pthread mutexes exist on Darwin and Glibc alike, so only the import differs and nothing
// here needs a Mac to be proven. `Synchronization.Mutex` would do, but it needs macOS 15 /
// iOS 18, and apps that use TipKit support iOS 17.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
#error("TipsRuntime needs pthread mutexes (Darwin, Glibc or Musl)")
#endif

/// A value behind a lock, with `Synchronization.Mutex`'s `withLock` API.
///
/// The lock lives in its own heap cell (a lock must not move, and Swift may move a
/// stored property): a `pthread_mutex_t` on every platform, a lock Thread Sanitizer
/// understands, so a TSan run checks the runtime as built. A class, so closures and several
/// owners can share one. Copyable values only: nothing here needs more, and it keeps clear
/// of what noncopyable generics ask of older runtimes.
package final class RuntimeLock<Value>: @unchecked Sendable {
    private let cell: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: consuming sending Value) {
        cell = .allocate(capacity: 1)
        cell.initialize(to: pthread_mutex_t())
        pthread_mutex_init(cell, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(cell)
        cell.deinitialize(count: 1)
        cell.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(cell)
        defer { pthread_mutex_unlock(cell) }
        return try body(&value)
    }
}
