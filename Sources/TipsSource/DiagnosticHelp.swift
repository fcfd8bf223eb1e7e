/// What `Docs/diagnostics.md` (or `Docs/diff.md`) says about one diagnostic code: the title of its heading, its
/// first paragraph and its `Fix:` paragraph.
///
/// The SARIF renderer turns these into rule descriptions and help, so a code-scanning
/// dashboard explains a finding in the doc's own words. The table (``all``) is generated from
/// the doc by `scripts/diagnostic-help.py`; a test fails when the two disagree.
public struct DiagnosticHelp: Sendable, Hashable {
    /// The code, e.g. `E201`.
    public var code: String
    /// A short name: the heading's text after the code, or the start of the description.
    public var title: String
    /// The first paragraph under the heading.
    public var description: String
    /// The paragraph starting with `Fix:`, or empty when the doc gives none.
    public var fix: String

    public init(code: String, title: String, description: String, fix: String) {
        self.code = code
        self.title = title
        self.description = description
        self.fix = fix
    }

    /// The help text: the description, then the fix as a paragraph of its own.
    public var helpText: String {
        fix.isEmpty ? description : description + "\n\n" + fix
    }

    /// The entry for `code`, if the doc documents it.
    public static func entry(for code: String) -> DiagnosticHelp? {
        byCode[code]
    }

    private static let byCode: [String: DiagnosticHelp] = Dictionary(
        all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
}
