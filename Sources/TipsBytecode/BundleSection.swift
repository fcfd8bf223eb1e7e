/// The sections of a bundle, in their fixed encoding order. The raw value is the tag.
public enum BundleSection: UInt32, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case header = 0
    case strings = 1, files = 2, constants = 3, sets = 4, enums = 5, params = 6, events = 7
    case filters = 8, queries = 9, programs = 10, tips = 11, groups = 12, configuration = 13
    case sourceMap = 14
    /// Format version 2: rule explanations and probe programs (may be empty).
    case explain = 15
    /// Format version 3: declared renames of parameters and events (written only when the
    /// catalog declares some, so a bundle without renames stays version 2).
    case renames = 16
    /// Format version 4: persistence keys of parameters and events, and the tips whose
    /// image is from the asset catalog (written, with `arguments`, only when the catalog
    /// declares keys or asset images or a rule reads an argument).
    case keys = 17, assets = 18
    /// Format version 4: constants bound to reusable tips' arguments (written, with `keys`
    /// and `assets`, only when the bundle is version 4).
    case arguments = 19
    /// Format version 5: the `when` conditions of tips' messages and actions (written, with
    /// the version 4 sections, only when some item has a condition).
    case conditions = 20

    /// Sections after the header, in order (format version 2).
    public static let body: [BundleSection] = body(version: 2)

    /// The sections of a bundle of format `version` (1 has no `explain`, 2 no `renames`,
    /// 3 no `keys`, `assets` and `arguments`, 4 no `conditions`).
    public static func body(version: UInt16) -> [BundleSection] {
        allCases.filter { s in
            s != .header && (s != .explain || version >= 2) && (s != .renames || version >= 3)
                && ((s != .keys && s != .assets && s != .arguments) || version >= 4)
                && (s != .conditions || version >= 5)
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
        }
    }
}
