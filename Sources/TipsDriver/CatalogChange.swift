import TipsSource

/// One difference between two catalogs that matters to users: what `tipc diff` reports.
public struct CatalogChange: Sendable, Hashable {
    /// What kind of declaration changed.
    public enum Kind: String, Sendable, Hashable {
        case tip, event, param, `enum`, group, config
    }

    public var code: ChangeCode
    public var severity: Severity
    public var kind: Kind
    /// The declaration's name (in the new catalog when it still exists).
    public var name: String
    /// One sentence: what changed and what it does to users' state or screens.
    public var message: String
    /// The old and new values, rendered, when the change has them.
    public var old: String?
    public var new: String?
    /// Set by `--allow`: the change is reported but does not fail the run.
    public var allowed = false
    /// Where the declaration is, when an input is a catalog folder (not a bundle).
    public var location: DiffLocation?

    public init(_ code: ChangeCode, _ kind: Kind, _ name: String, _ message: String,
                old: String? = nil, new: String? = nil, severity: Severity? = nil) {
        self.code = code
        self.severity = severity ?? code.severity
        self.kind = kind
        self.name = name
        self.message = message
        self.old = old
        self.new = new
    }

    /// An error that `--allow` did not allow: it makes `tipc diff` exit 1.
    public var isBreaking: Bool { severity == .error && !allowed }
}
