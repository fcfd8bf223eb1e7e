/// Why `TipStore.adopt(_:)` refused a checked catalog. Nothing changed: the running catalog,
/// every status, the journal and the observers are as they were. `message` is for the log
/// and lists every problem; `problems` are the same for programs.
public struct CatalogAdoptionError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// The catalog would lose users' state or call for what the app does not send
        /// (`problems` lists each).
        case incompatible
        /// The update is not newer than the catalog the store runs (an adopted one, or the
        /// embedded one's `embeddedVersion`).
        case notNewer
        /// The update is another catalog than the one the store adopted before.
        case otherCatalog
        /// This version, or an older one, was rolled back after failed launches
        /// (`LiveCatalogLaunch.rolledBack`): publish a newer one.
        case rolledBack
        /// Keeping the catalog beside the journal, or writing the records that carry state across renames failed; nothing changed.
        case journal
        /// The store is closed.
        case closed
    }

    /// One reason to refuse, named after what it would lose or break.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        public enum Code: String, Hashable, Sendable {
            /// A tip with display counts or a dismissal in the journal is gone (no tip of
            /// the new catalog has its id, nor declares `renamedFrom` it).
            case tipStateLost
            /// A parameter with a stored value is gone (its key, and no rename from it).
            case parameterValueLost
            /// A parameter's stored value does not read back as the new type (a retyped
            /// parameter, a removed enumeration case).
            case parameterValueUnreadable
            /// An event with donations in the journal is gone.
            case donationsLost
            /// A parameter the app sets has another type: the app's calls would throw.
            case parameterRetyped
            /// An event's payload fields changed: the app sends the old ones, and every
            /// donation would throw.
            case payloadChanged
            /// A reusable tip's arguments changed: the app addresses it with the old ones.
            case argumentsChanged
        }

        public var code: Code
        /// The tip, parameter or event's name in the running catalog.
        public var name: String
        public var message: String

        public init(_ code: Code, _ name: String, _ message: String) {
            self.code = code
            self.name = name
            self.message = message
        }

        public var description: String { message }
    }

    public var kind: Kind
    public var problems: [Problem]
    public var message: String

    public init(_ kind: Kind, _ message: String, problems: [Problem] = []) {
        self.kind = kind
        self.problems = problems
        self.message = message
    }

    /// The refusal of an incompatible catalog, its message listing every problem.
    static func incompatible(_ problems: [Problem], version: UInt64) -> CatalogAdoptionError {
        CatalogAdoptionError(.incompatible, "catalog version \(version) refused, it would lose users' state or break the app's calls:\n"
            + problems.map { "  - \($0.message)" }.joined(separator: "\n"), problems: problems)
    }

    public var description: String { message }
}
