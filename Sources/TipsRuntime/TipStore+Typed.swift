import Foundation

/// The typed API: overloads taking the values `tipc gen swift` declares. Each forwards to
/// the string API, which is labelled (`donate(dynamic:)`, `setParameter(dynamic:to:)`,
/// `parameter(dynamic:)`) so that it never competes with these for a literal or a
/// misspelt member: `.itemFavorited(source: .swype)` is an error about
/// `AppTips.FavoriteSource`, not about `String`.
extension TipStore {
    /// Donates `event` now, or at `date` (e.g. when importing history).
    public func donate(_ event: TipEvent, at date: Date? = nil) throws(TipStoreError) {
        let instant = date.map { Int64(clamping: $0.timeIntervalSince1970 * 1000) }
        try donate(dynamic: event.name, event.payload, at: instant)
    }

    /// Sets `parameter` to `value`.
    public func setParameter<Value>(_ parameter: TipParameter<Value>, to value: Value) throws(TipStoreError) {
        try setParameter(dynamic: parameter.name, to: value.tipValue)
    }

    /// The current value of `parameter` (its default until set). Throws `wrongType` only
    /// when the bundle declares the parameter with another type than `Value` (generated
    /// code and bundle out of step).
    public func parameter<Value>(_ parameter: TipParameter<Value>) throws(TipStoreError) -> Value {
        let raw = try self.parameter(dynamic: parameter.name)
        guard let value = Value(tipValue: raw) else {
            throw TipStoreError(.wrongType, "parameter '\(parameter.name)' holds \(raw), not a \(Value.self)")
        }
        return value
    }

    /// Performs `action` of `tip` (see ``perform(action:of:)``).
    public func perform(_ action: TipAction, of tip: TipKey) throws(TipStoreError) {
        try perform(action: action.id, of: tip)
    }
}
