/// A declared rename (`renamedFrom OLD`): state that users' journals hold under the old
/// name belongs to the parameter or event at `index`.
public struct RenameSchema: Hashable, Sendable {
    /// What was renamed. Raw values are the encoded byte.
    public enum Kind: UInt8, Hashable, Sendable, CaseIterable {
        case param = 0, event = 1
    }

    public var kind: Kind
    /// Index into the bundle's params or events.
    public var index: UInt32
    /// String-table index of the old name.
    public var oldName: UInt32

    public init(kind: Kind, index: UInt32, oldName: UInt32) {
        self.kind = kind
        self.index = index
        self.oldName = oldName
    }
}
