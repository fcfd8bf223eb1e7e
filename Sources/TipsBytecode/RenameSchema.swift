/// A declared rename (`renamedFrom OLD`): state that users' journals hold under the old
/// name belongs to the parameter or event at `index`, or (for an enumeration case) the
/// old case name stands for case `caseIndex` of enumeration `index`.
public struct RenameSchema: Hashable, Sendable {
    /// What was renamed. Raw values are the encoded byte.
    public enum Kind: UInt8, Hashable, Sendable, CaseIterable {
        case param = 0, event = 1, enumCase = 2, tip = 3
    }

    public var kind: Kind
    /// Index into the bundle's params, events, enums or tips.
    public var index: UInt32
    /// For `enumCase`, the index of the new case in the enumeration; 0 otherwise.
    public var caseIndex: UInt32
    /// String-table index of the old name.
    public var oldName: UInt32

    public init(kind: Kind, index: UInt32, caseIndex: UInt32 = 0, oldName: UInt32) {
        self.kind = kind
        self.index = index
        self.caseIndex = caseIndex
        self.oldName = oldName
    }
}
