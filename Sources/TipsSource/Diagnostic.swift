/// One message about the source: `file:line:col: error: message [CODE]`.
///
/// Every diagnostic has a stable code documented in `Docs/diagnostics.md`; codes starting
/// with `E` are errors and codes starting with `W` are warnings (lints). Passes make
/// diagnostics from a ``DiagnosticCode`` declared beside them; the initializers taking the
/// code as a string are for diagnostics that come from elsewhere (a test's, a renderer's).
public struct Diagnostic: Sendable, Hashable {
    /// Error, warning or note.
    public var severity: Severity
    /// The stable code, e.g. `E201`.
    public var code: String
    /// One sentence, lower-case start, no trailing period.
    public var message: String
    /// The primary range, underlined in rendered output.
    public var range: SourceRange
    /// Further context.
    public var notes: [Note]
    /// Suggested edits.
    public var fixIts: [FixIt]

    public init(
        _ severity: Severity, code: String, message: String, range: SourceRange,
        notes: [Note] = [], fixIts: [FixIt] = []
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }

    /// A diagnostic with a code a pass declares.
    public init(
        _ severity: Severity, code: DiagnosticCode, message: String, range: SourceRange,
        notes: [Note] = [], fixIts: [FixIt] = []
    ) {
        self.init(severity, code: code.text, message: message, range: range, notes: notes, fixIts: fixIts)
    }

    /// An error.
    public static func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange,
                             notes: [Note] = [], fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(.error, code: code.text, message: message, range: range, notes: notes, fixIts: fixIts)
    }

    /// A warning.
    public static func warning(_ code: DiagnosticCode, _ message: String, at range: SourceRange,
                               notes: [Note] = [], fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(.warning, code: code.text, message: message, range: range, notes: notes, fixIts: fixIts)
    }

    /// Whether the diagnostic has `code`.
    public func hasCode(_ code: DiagnosticCode) -> Bool { self.code == code.text }

    /// An error with a code from elsewhere.
    public static func error(_ code: String, _ message: String, at range: SourceRange,
                             notes: [Note] = [], fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(.error, code: code, message: message, range: range, notes: notes, fixIts: fixIts)
    }

    /// A warning with a code from elsewhere.
    public static func warning(_ code: String, _ message: String, at range: SourceRange,
                               notes: [Note] = [], fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(.warning, code: code, message: message, range: range, notes: notes, fixIts: fixIts)
    }
}

extension Array where Element == Diagnostic {
    /// Sorted by file, then position, then severity: the order they are printed in.
    public func sortedForOutput() -> [Diagnostic] {
        sorted { a, b in
            if a.range.file != b.range.file { return a.range.file < b.range.file }
            if a.range.start != b.range.start { return a.range.start < b.range.start }
            if a.severity != b.severity { return a.severity < b.severity }
            return a.code < b.code
        }
    }

    /// The number of errors.
    public var errorCount: Int { reduce(0) { $0 + ($1.severity == .error ? 1 : 0) } }
    /// The number of warnings.
    public var warningCount: Int { reduce(0) { $0 + ($1.severity == .warning ? 1 : 0) } }
}
