/// A declared persistence key (`key "com.example.noteSaved"`): users' journals store the
/// parameter's values or the event's donations under the key, not under the declared name.
public struct KeySchema: Hashable, Sendable {
    /// What is keyed. Raw values are the encoded byte.
    public enum Kind: UInt8, Hashable, Sendable, CaseIterable {
        case param = 0, event = 1
    }

    public var kind: Kind
    /// Index into the bundle's params or events.
    public var index: UInt32
    /// String-table index of the key.
    public var key: UInt32

    public init(kind: Kind, index: UInt32, key: UInt32) {
        self.kind = kind
        self.index = index
        self.key = key
    }
}
