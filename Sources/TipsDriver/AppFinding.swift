import TipsSource

/// One thing an app version in use could not honour in a catalog about to be published
/// (`AppCompatibility.findings`): a name its typed Swift uses that the catalog lost, or a
/// call it makes that the catalog no longer accepts.
public struct AppFinding: Sendable, Hashable {
    public var code: DiagnosticCode
    public var severity: Severity
    /// What kind of declaration, and its name in the app's catalog.
    public var kind: CatalogChange.Kind
    public var name: String
    /// One sentence: what the app does that would fail, and what to do.
    public var message: String
    /// The app catalog's path (`--app PATH`).
    public var app: String
    /// The declaration: in the app's catalog for what disappeared, in the new catalog for
    /// what changed; nil when that side is a bundle.
    public var location: DiffLocation?

    public init(_ code: DiagnosticCode, _ severity: Severity, _ kind: CatalogChange.Kind, _ name: String, _ message: String,
                app: String, location: DiffLocation?) {
        self.code = code
        self.severity = severity
        self.kind = kind
        self.name = name
        self.message = message
        self.app = app
        self.location = location
    }

    /// `file:line:col: error: message [E700]`, or `error: message [E700]` without a place.
    public var text: String {
        var out = location.map { "\($0.path):\($0.line):\($0.column): " } ?? ""
        out += "\(severity.rawValue): \(DiagnosticRenderer.quoted(message)) [\(code)]"
        return out
    }
}
