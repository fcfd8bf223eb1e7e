/// A declared parameter with the Swift type of its values, for
/// `TipStore.setParameter(_:to:)` and `TipStore.parameter(_:)`.
///
/// Generated code (`tipc gen swift`) declares one static member per parameter, in an
/// extension constrained to its type, so `try store.setParameter(.isLoggedIn, to: true)`
/// type-checks and `to: 1` does not.
public struct TipParameter<Value: TipValueConvertible>: Hashable, Sendable, CustomStringConvertible {
    /// The parameter's declared name.
    public var name: String

    /// The parameter declared as `name`; its declared type must be `Value`.
    public init(_ name: String) { self.name = name }

    public var description: String { name }
}
