extension DiagnosticRenderer {
    /// A JSON value whose objects keep their keys in the order written, so output is stable
    /// byte for byte (Foundation's serializer does not promise an order).
    public enum JSON: Sendable, Hashable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        case array([JSON])
        /// Keys in output order.
        case object([(String, JSON)])

        public static func == (a: JSON, b: JSON) -> Bool { a.rendered() == b.rendered() }
        public func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

        /// The JSON text: compact on one line, or indented by two spaces per level.
        public func rendered(pretty: Bool = false) -> String {
            var out = ""
            write(into: &out, pretty: pretty, depth: 0)
            return out
        }

        private func write(into out: inout String, pretty: Bool, depth: Int) {
            switch self {
            case .null: out += "null"
            case .bool(let b): out += b ? "true" : "false"
            case .int(let i): out += String(i)
            case .double(let d):
                // JSON has no NaN or infinity; integral values print without a fraction.
                if !d.isFinite {
                    out += "null"
                } else if d == d.rounded(), abs(d) < 1e15 {
                    out += String(Int64(d))
                } else {
                    out += "\(d)"
                }
            case .string(let s): JSON.writeString(s, into: &out)
            case .array(let items):
                if items.isEmpty { out += "[]"; return }
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += "," }
                    JSON.newline(into: &out, pretty: pretty, depth: depth + 1)
                    item.write(into: &out, pretty: pretty, depth: depth + 1)
                }
                JSON.newline(into: &out, pretty: pretty, depth: depth)
                out += "]"
            case .object(let members):
                if members.isEmpty { out += "{}"; return }
                out += "{"
                for (i, (key, value)) in members.enumerated() {
                    if i > 0 { out += "," }
                    JSON.newline(into: &out, pretty: pretty, depth: depth + 1)
                    JSON.writeString(key, into: &out)
                    out += pretty ? ": " : ":"
                    value.write(into: &out, pretty: pretty, depth: depth + 1)
                }
                JSON.newline(into: &out, pretty: pretty, depth: depth)
                out += "}"
            }
        }

        private static func newline(into out: inout String, pretty: Bool, depth: Int) {
            guard pretty else { return }
            out += "\n" + String(repeating: "  ", count: depth)
        }

        /// A string literal: quotes, backslashes and control characters escaped; U+2028 and
        /// U+2029 too, so the output is also valid JavaScript. Other text stays UTF-8. The one
        /// JSON string writer of the project: the language server and `tipc journal` use it too.
        public static func writeString(_ s: String, into out: inout String) {
            out += "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{08}": out += "\\b"
                case "\u{0C}": out += "\\f"
                default:
                    let v = scalar.value
                    if v < 0x20 || v == 0x7F || v == 0x2028 || v == 0x2029 {
                        let hex = String(v, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            out += "\""
        }
    }

    /// Renders every diagnostic (never truncated) as one JSON document:
    ///
    /// ```json
    /// {"version": 1, "diagnostics": [{"file", "line", "column", "endLine", "endColumn",
    ///   "severity", "code", "message", "notes": [...], "fixIts": [...]}], "summary": {...}}
    /// ```
    ///
    /// Lines and columns are 1-based; columns count Unicode scalars; `endLine`/`endColumn`
    /// is the position just past the range. A note has `message` and, when it points
    /// somewhere, the same five position keys; a fix-it has `message` and `edits`, each with
    /// the position keys and `replacement`. `summary` defaults to the error and warning
    /// counts; callers may pass their own members (the CLI adds the catalog's sizes).
    /// The document is indented and ends with a newline.
    public static func json(_ diagnostics: [Diagnostic], sources: SourceSet,
                            summary: [(String, JSON)]? = nil) -> String {
        let summary = summary ?? [
            ("errors", .int(diagnostics.errorCount)),
            ("warnings", .int(diagnostics.warningCount)),
        ]
        let document = JSON.object([
            ("version", .int(1)),
            ("diagnostics", .array(diagnostics.map { jsonValue($0, sources: sources) })),
            ("summary", .object(summary)),
        ])
        return document.rendered(pretty: true) + "\n"
    }

    /// One diagnostic as a JSON object, keys in documented order.
    public static func jsonValue(_ d: Diagnostic, sources: SourceSet) -> JSON {
        var members = position(d.range, sources: sources)
        members += [
            ("severity", .string(d.severity.rawValue)),
            ("code", .string(d.code)),
            ("message", .string(d.message)),
            ("notes", .array(d.notes.map { note in
                var m: [(String, JSON)] = [("message", .string(note.message))]
                if let range = note.range { m += position(range, sources: sources) }
                return .object(m)
            })),
            ("fixIts", .array(d.fixIts.map { fixIt in
                .object([
                    ("message", .string(fixIt.message)),
                    ("edits", .array(fixIt.edits.map { edit in
                        .object(position(edit.range, sources: sources) + [("replacement", .string(edit.replacement))])
                    })),
                ])
            })),
        ]
        return .object(members)
    }

    private static func position(_ range: SourceRange, sources: SourceSet) -> [(String, JSON)] {
        let s = span(of: range, in: sources)
        return [
            ("file", .string(s.path)),
            ("line", .int(s.start.line)),
            ("column", .int(s.start.column)),
            ("endLine", .int(s.end.line)),
            ("endColumn", .int(s.end.column)),
        ]
    }
}
