import Synchronization

/// A mutex-guarded value in a class, so closures can share it (a `Mutex` itself can't be
/// copied into one).
final class Locked<Value: Sendable>: Sendable {
    private let mutex: RuntimeMutex<Value>

    init(_ value: Value) { mutex = RuntimeMutex(value) }

    func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R {
        mutex.withLock { body(&$0) }
    }
}
