/// A compiled catalog: every table the VM and runtime need, in encoding order.
///
/// This is the in-memory form that `BundleWriter` encodes and `BundleReader` decodes;
/// `Verifier` checks it. Build one with `BundleBuilder`.
public struct TipsBundle: Hashable, Sendable {
    /// Interned strings, unique.
    public var strings: [String] = []
    /// Source file names (string-table indices) referenced by the source map.
    public var files: [UInt32] = []
    public var constants: [Constant] = []
    /// String sets: each a list of string-table indices, strictly ascending.
    public var sets: [[UInt32]] = []
    public var enums: [EnumSchema] = []
    public var params: [ParamSchema] = []
    public var events: [EventSchema] = []
    public var filters: [Filter] = []
    public var queries: [Query] = []
    public var programs: [Program] = []
    public var tips: [TipSchema] = []
    public var groups: [GroupSchema] = []
    public var configuration = Configuration()
    /// Rule explanations and their probe programs (format version 2; empty: none).
    public var explain = ExplainTable()
    /// Declared renames (format version 3; empty: none, and the bundle is version 2).
    public var renames: [RenameSchema] = []
    /// Constants that stand for reusable tips' arguments read by rules (format version 4;
    /// empty: none, and the bundle is version 2 or 3).
    public var argumentBindings: [ArgumentBinding] = []

    /// An empty bundle.
    public init() {}
}
