import Foundation

/// A value behind a lock, so the screens can be `Sendable` like the store they use.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: Value

    init(_ value: Value) { _value = value }

    var value: Value { lock.withLock { _value } }

    @discardableResult
    func update<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&_value) } }
}
