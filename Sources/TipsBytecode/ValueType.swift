/// The static type of a value: a kind, the enum for `.enumeration`, and optionality.
///
/// Encoded in 4 bytes: kind (u8), flags (u8, bit 0 = optional), enum index (u16 LE,
/// zero unless the kind is `.enumeration`).
public struct ValueType: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of values. Raw values are the encoded byte.
    public enum Kind: UInt8, Hashable, Sendable, CaseIterable {
        case bool = 0, int = 1, double = 2, string = 3, date = 4, duration = 5
        case enumeration = 6, stringSet = 7
    }

    /// The kind.
    public var kind: Kind
    /// The enum's index in the bundle's enum table (0 unless `kind == .enumeration`).
    public var enumIndex: UInt16
    /// Whether nil is a possible value.
    public var isOptional: Bool

    /// Creates a type.
    public init(_ kind: Kind, enumIndex: UInt16 = 0, optional: Bool = false) {
        self.kind = kind
        self.enumIndex = kind == .enumeration ? enumIndex : 0
        self.isOptional = optional
    }

    public static let bool = ValueType(.bool)
    public static let int = ValueType(.int)
    public static let double = ValueType(.double)
    public static let string = ValueType(.string)
    public static let date = ValueType(.date)
    public static let duration = ValueType(.duration)
    public static let stringSet = ValueType(.stringSet)
    /// The type of enum `index`.
    public static func enumeration(_ index: Int) -> ValueType {
        ValueType(.enumeration, enumIndex: UInt16(truncatingIfNeeded: index))
    }

    /// This type made optional.
    public var optional: ValueType { var t = self; t.isOptional = true; return t }
    /// This type without optionality.
    public var nonOptional: ValueType { var t = self; t.isOptional = false; return t }

    /// True when the kinds (and enums) agree, ignoring optionality.
    public func sameBase(_ other: ValueType) -> Bool {
        kind == other.kind && enumIndex == other.enumIndex
    }

    /// True when a value of `other` may be used where `self` is expected (T is a T?).
    public func accepts(_ other: ValueType) -> Bool {
        sameBase(other) && (isOptional || !other.isOptional)
    }

    /// The type as the language writes it (`Plan?`, `Set<String>`), an enum by
    /// `enumName(enumIndex)`: the one rendering behind `description`, the runtime and `tipc`.
    public func name(enumName: (UInt16) -> String) -> String {
        let base: String
        switch kind {
        case .bool: base = "Bool"
        case .int: base = "Int"
        case .double: base = "Double"
        case .string: base = "String"
        case .date: base = "Date"
        case .duration: base = "Duration"
        case .enumeration: base = enumName(enumIndex)
        case .stringSet: base = "Set<String>"
        }
        return isOptional ? base + "?" : base
    }

    public var description: String { name { "enum #\($0)" } }
}
