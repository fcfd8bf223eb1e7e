// The one file of TipsRuntime that knows about Darwin versus Glibc: the lock every runtime
// type keeps its state behind. `Synchronization.Mutex` would do, but it needs macOS 15 /
// iOS 18, and apps that use TipKit support iOS 17.
#if canImport(Darwin)
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
#error("TipsRuntime needs os_unfair_lock (Darwin) or pthread mutexes")
#endif

/// A value behind a lock, with `Synchronization.Mutex`'s `withLock` API.
///
/// The lock lives in its own heap cell (a lock must not move, and Swift may move a
/// stored property): `os_unfair_lock` on Apple platforms, a `pthread_mutex_t` elsewhere.
/// Both are locks Thread Sanitizer understands, so a TSan run checks the runtime as built.
/// A class, so closures and several owners can share one. Copyable values only: nothing
/// here needs more, and it keeps clear of what noncopyable generics ask of older runtimes.
package final class RuntimeLock<Value>: @unchecked Sendable {
    #if canImport(Darwin)
    private let cell: UnsafeMutablePointer<os_unfair_lock>
    #else
    private let cell: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: consuming sending Value) {
        cell = .allocate(capacity: 1)
        #if canImport(Darwin)
        cell.initialize(to: os_unfair_lock())
        #else
        cell.initialize(to: pthread_mutex_t())
        pthread_mutex_init(cell, nil)
        #endif
        self.value = value
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(cell)
        #endif
        cell.deinitialize(count: 1)
        cell.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        #if canImport(Darwin)
        os_unfair_lock_lock(cell)
        defer { os_unfair_lock_unlock(cell) }
        #else
        pthread_mutex_lock(cell)
        defer { pthread_mutex_unlock(cell) }
        #endif
        return try body(&value)
    }
}
