/// Index sentinel meaning "none" in optional index fields of the encoding.
public let noIndex: UInt32 = 0xFFFF_FFFF

/// An enumeration: its name and case names (string-table indices). Cases are 0-based.
public struct EnumSchema: Hashable, Sendable {
    public var name: UInt32
    public var cases: [UInt32]
    public init(name: UInt32, cases: [UInt32]) { self.name = name; self.cases = cases }
}

/// A parameter slot: name, type, default value (constant index), transient flag.
public struct ParamSchema: Hashable, Sendable {
    public var name: UInt32
    public var type: ValueType
    /// Constant-pool index of the default value (its type must be accepted by `type`).
    public var defaultValue: UInt32
    public var isTransient: Bool
    public init(name: UInt32, type: ValueType, defaultValue: UInt32, isTransient: Bool = false) {
        self.name = name; self.type = type; self.defaultValue = defaultValue; self.isTransient = isTransient
    }
}

/// A payload field of an event.
public struct FieldSchema: Hashable, Sendable {
    public var name: UInt32
    /// Bool, Int, Double, String, Date, Duration or an enum; never optional or a set.
    public var type: ValueType
    public init(name: UInt32, type: ValueType) { self.name = name; self.type = type }
}

/// An event: name, payload fields, and the effective donation limit (config defaults
/// already applied by the compiler).
public struct EventSchema: Hashable, Sendable {
    public var name: UInt32
    public var fields: [FieldSchema]
    /// Only the most recent `limit` donations are visible (≥ 1).
    public var limit: UInt32
    /// When set (> 0 ms), only donations with `now - maxAge <= t` are visible.
    public var maxAge: Int64?
    public init(name: UInt32, fields: [FieldSchema] = [], limit: UInt32 = 1000, maxAge: Int64? = nil) {
        self.name = name; self.fields = fields; self.limit = limit; self.maxAge = maxAge
    }
}

/// One filter term: `field relation constant` (a missing field fails every term). The
/// constant has the field's type, except that an Int field may be compared with a Double
/// constant, the field value being promoted to Double.
public struct FilterTerm: Hashable, Sendable {
    public var field: UInt32
    public var relation: Relation
    /// Constant-pool index (of the field's type), or `noIndex` for `isTrue`/`isFalse`.
    public var constant: UInt32
    public init(field: UInt32, relation: Relation, constant: UInt32) {
        self.field = field; self.relation = relation; self.constant = constant
    }
}

/// A conjunction of filter terms, checked against an event's payload where it is used.
public struct Filter: Hashable, Sendable {
    public var terms: [FilterTerm]
    public init(terms: [FilterTerm]) { self.terms = terms }
}

/// An event query: which event, an optional window, filter and group-by field.
public struct Query: Hashable, Sendable {
    public var event: UInt32
    /// Window length in ms (> 0), or nil for all visible donations.
    public var window: Int64?
    /// Filter-table index or `noIndex`.
    public var filter: UInt32
    /// Group-by payload field index or `noIndex`.
    public var groupField: UInt32
    public init(event: UInt32, window: Int64? = nil, filter: UInt32 = noIndex, groupField: UInt32 = noIndex) {
        self.event = event; self.window = window; self.filter = filter; self.groupField = groupField
    }
}

/// One instruction's source position. `file == noIndex` means none.
public struct SourceMapEntry: Hashable, Sendable {
    /// Index into the bundle's file table, or `noIndex`.
    public var file: UInt32
    /// 1-based line (0 when unknown).
    public var line: UInt32
    /// 1-based column (0 when unknown).
    public var column: UInt32
    public init(file: UInt32, line: UInt32, column: UInt32) { self.file = file; self.line = line; self.column = column }
    /// No position.
    public static let none = SourceMapEntry(file: noIndex, line: 0, column: 0)
}

/// A bytecode program: rule, `set` right-hand side or donated field value.
public struct Program: Hashable, Sendable {
    /// The type `ret` returns (Bool for rules).
    public var resultType: ValueType
    /// The instruction words.
    public var code: [Instruction]
    /// One entry per instruction, or empty when the bundle carries no source map.
    public var sourceMap: [SourceMapEntry]
    public init(resultType: ValueType, code: [Instruction], sourceMap: [SourceMapEntry] = []) {
        self.resultType = resultType; self.code = code; self.sourceMap = sourceMap
    }
}
