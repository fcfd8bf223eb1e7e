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
    /// Declared renames (format version 3; empty: none).
    public var renames: [RenameSchema] = []
    /// Declared persistence keys (format version 4; empty: none).
    public var keys: [KeySchema] = []
    /// Indices of the tips whose image is an asset-catalog image, ascending (format
    /// version 4; empty: every image is an SF Symbol).
    public var assetImages: [UInt32] = []
    /// Constants that stand for reusable tips' arguments read by rules (format version 4;
    /// empty: no rule reads an argument).
    public var argumentBindings: [ArgumentBinding] = []
    /// `when` conditions of messages and actions (format version 5; empty: none).
    public var conditions: [ConditionSchema] = []
    /// Tips' goals, in ascending tip order, at most one per tip (format version 7; empty: none).
    public var goals: [GoalSchema] = []
    /// Tips' experiments, in ascending tip order, at most one per tip (format version 8; empty: none).
    public var experiments: [ExperimentSchema] = []
    /// Display budgets, priorities, exemptions and `together` groups (format version 11; empty: none).
    public var budgets = BudgetSchema()
    /// Tips' `resetEligibility after D`, in ascending tip order, at most one per tip (format version 12; empty: none).
    public var renewals: [RenewalSchema] = []
    /// Tips' chosen messages and images, in ascending tip order, at most one entry per tip
    /// (format version 13; empty: every tip has at most one message and one plain image).
    public var contents: [ContentSchema] = []

    /// The format version this bundle is written as, which is the oldest reader that can
    /// read it: the latest version that added a section with content in the bundle, at
    /// least 2 (13 for chosen content; 12 for renewals; 11 for budgets; 8 for experiments; 7 for goals; 5 for conditions; 4 for keys, asset images or argument bindings; 3 for
    /// renames; else 2), or the latest version that added an opcode its programs use (6
    /// for `platformIn`) or an action effect its tips use (10 for `snooze`) when that is later.
    public var formatVersion: UInt16 {
        var version = BundleFormat.version
        for s in BundleSection.allCases where s.since > version && s.holdsContent(in: self) { version = s.since }
        return max(version, opcodeVersion, effectVersion)
    }

    /// The latest format version that added an action effect kind the bundle's tips use
    /// (10 for `snooze`); 1 when they use only invalidate, set and donate.
    public var effectVersion: UInt16 {
        for tip in tips {
            for action in tip.actions {
                for effect in action.effects { if case .snooze = effect { return BundleFormat.snoozeVersion } }
            }
        }
        return 1
    }

    /// The latest format version that added an opcode the bundle's programs (rules, effects,
    /// conditions and explanation probes) use; 1 when they use only the first set.
    public var opcodeVersion: UInt16 {
        var version: UInt16 = 1
        for program in programs { version = max(version, Self.opcodeVersion(of: program.code)) }
        for program in explain.programs { version = max(version, Self.opcodeVersion(of: program.code)) }
        return version
    }

    private static func opcodeVersion(of code: [Instruction]) -> UInt16 {
        var version: UInt16 = 1
        for ins in code { if let op = ins.opcode, op.since > version { version = op.since } }
        return version
    }

    /// An empty bundle.
    public init() {}
}
