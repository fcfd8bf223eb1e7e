#if TIPS_TSAN_LOCKS
import Foundation

/// Thread Sanitizer can't see `Synchronization.Mutex` on Linux (it waits with raw futex
/// calls, which TSan doesn't intercept), so every access it guards is reported as a race.
/// Building with `-Xswiftc -DTIPS_TSAN_LOCKS` swaps in this `NSLock` version (pthread
/// mutexes, which TSan understands) with the same API, to check the runtime for real races.
final class RuntimeMutex<Value: ~Copyable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: consuming sending Value) { self.value = value }

    func withLock<Result: ~Copyable, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
#else
import Synchronization

/// The runtime's lock: `Synchronization.Mutex` (see the TSan variant above for checking).
typealias RuntimeMutex<Value: ~Copyable> = Mutex<Value>
#endif
