/// The sections of a bundle. The raw value is the tag that names a section in the bundle,
/// and sections are written in ascending tag order.
///
/// A section is present by its tag: the reader decodes each frame by the tag it carries,
/// and a section that is absent is empty. Which sections a bundle holds follows from
/// `since` alone (`presence(since:version:)`), and the format version a bundle is written
/// as is the oldest reader that knows every section with content (`TipsBundle.formatVersion`).
public enum BundleSection: UInt32, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case header = 0
    case strings = 1, files = 2, constants = 3, sets = 4, enums = 5, params = 6, events = 7
    case filters = 8, queries = 9, programs = 10, tips = 11, groups = 12, configuration = 13
    case sourceMap = 14
    /// Rule explanations and probe programs (may be empty).
    case explain = 15
    /// Declared renames of parameters, events, enum cases and plain tips.
    case renames = 16
    /// Persistence keys of parameters and events, and the tips whose image is from the
    /// asset catalog.
    case keys = 17, assets = 18
    /// Constants bound to reusable tips' arguments.
    case arguments = 19
    /// The `when` conditions of tips' messages and actions.
    case conditions = 20
    /// Tips' goals (what each teaches, which defines a conversion).
    case goals = 21
    /// Tips' experiments (variants and holdout).
    case experiments = 22
    /// Display budgets, priorities and budget exemptions, groups that flow as one unit.
    case budgets = 23
    /// Tips that return to rule evaluation by themselves some time after an invalidation.
    case renewals = 24
    /// Tips' chosen content: several messages or images, each with a condition, and
    /// images named from a reusable tip's arguments.
    case content = 25

    /// The format version that added the section: readers older than it do not know it.
    public var since: UInt16 {
        switch self {
        case .header, .strings, .files, .constants, .sets, .enums, .params, .events, .filters, .queries, .programs,
             .tips, .groups, .configuration, .sourceMap:
            return 1
        case .explain: return 2
        case .renames: return 3
        case .keys, .assets, .arguments: return 4
        case .conditions: return 5
        case .goals: return 7
        case .experiments: return 9
        case .budgets: return 11
        case .renewals: return 12
        case .content: return 13
        }
    }

    /// How a bundle holds a section.
    public enum Presence: Sendable, Hashable {
        /// In every bundle of the version, empty or not.
        case always
        /// Exactly when it has content: its tag appears, or it is empty.
        case whenNotEmpty
        /// Never: readers of the version do not know it.
        case never
    }

    /// How a bundle of format `version` holds a section added in format `since`.
    ///
    /// Readers of versions 1 to 5 expect every section their version knows, empty ones
    /// included, so the layouts of those versions are fixed (`BundleFormat.lastFixedLayout`):
    /// a section added by then is in every bundle that knows it. A section added later is
    /// present only when it has content, so adding one adds no empty frames to other
    /// bundles and leaves their version alone.
    public static func presence(since: UInt16, version: UInt16) -> Presence {
        if since > version { return .never }
        return since <= BundleFormat.lastFixedLayout ? .always : .whenNotEmpty
    }

    /// How a bundle of format `version` holds this section.
    public func presence(version: UInt16) -> Presence { Self.presence(since: since, version: version) }

    /// Sections after the header of a format version 2 bundle.
    public static let body: [BundleSection] = body(version: 2)

    /// The sections every bundle of format `version` holds, in order (1 has no `explain`,
    /// 2 no `renames`, 3 no `keys`, `assets` and `arguments`, 4 no `conditions`).
    public static func body(version: UInt16) -> [BundleSection] {
        allCases.filter { $0 != .header && $0.presence(version: version) == .always }
    }

    /// The sections `bundle` is written with, in order: those of its format version
    /// that are always present, and those present when not empty that have content.
    public static func layout(of bundle: TipsBundle) -> [BundleSection] {
        let version = bundle.formatVersion
        return allCases.filter { s in
            guard s != .header else { return false }
            switch s.presence(version: version) {
            case .always: return true
            case .whenNotEmpty: return s.holdsContent(in: bundle)
            case .never: return false
            }
        }
    }

    /// Whether the section has anything to say about `bundle`: the sections of format 1
    /// always do (a bundle without them is no bundle); a later one when its table is not
    /// empty. A section without content need not raise the format version.
    public func holdsContent(in b: TipsBundle) -> Bool {
        switch self {
        case .header, .strings, .files, .constants, .sets, .enums, .params, .events, .filters, .queries, .programs,
             .tips, .groups, .configuration, .sourceMap:
            return true
        case .explain: return !b.explain.programs.isEmpty || !b.explain.tips.isEmpty
        case .renames: return !b.renames.isEmpty
        case .keys: return !b.keys.isEmpty
        case .assets: return !b.assetImages.isEmpty
        case .arguments: return !b.argumentBindings.isEmpty
        case .conditions: return !b.conditions.isEmpty
        case .goals: return !b.goals.isEmpty
        case .experiments: return !b.experiments.isEmpty
        case .budgets: return !b.budgets.isEmpty
        case .renewals: return !b.renewals.isEmpty
        case .content: return !b.contents.isEmpty
        }
    }

    public var description: String { name }

    /// The section's name as written in Docs/bytecode.md.
    public var name: String {
        switch self {
        case .header: return "header"
        case .strings: return "strings"
        case .files: return "files"
        case .constants: return "constants"
        case .sets: return "sets"
        case .enums: return "enums"
        case .params: return "params"
        case .events: return "events"
        case .filters: return "filters"
        case .queries: return "queries"
        case .programs: return "programs"
        case .tips: return "tips"
        case .groups: return "groups"
        case .configuration: return "configuration"
        case .sourceMap: return "sourceMap"
        case .explain: return "explain"
        case .renames: return "renames"
        case .keys: return "keys"
        case .assets: return "assets"
        case .arguments: return "arguments"
        case .conditions: return "conditions"
        case .goals: return "goals"
        case .experiments: return "experiments"
        case .budgets: return "budgets"
        case .renewals: return "renewals"
        case .content: return "content"
        }
    }
}
