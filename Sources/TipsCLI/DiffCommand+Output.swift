import TipsDriver
import TipsSource
import TipsText

extension DiffCommand {
    /// `path:line:col: severity: message [CODE]` (or `severity: message [CODE]` without a
    /// place), then `  old: ...` and `  new: ...` lines when the change has values.
    static func text(_ changes: [CatalogChange]) -> String {
        var out = ""
        for c in changes {
            if let l = c.location { out += "\(l.path):\(l.line):\(l.column): " }
            out += "\(c.severity.rawValue): \(DiagnosticRenderer.quoted(c.message)) [\(c.code.rawValue)]"
            out += c.allowed && c.severity == .error ? " (allowed)\n" : "\n"
            if let old = c.old { out += "  old: \(DiagnosticRenderer.quoted(old))\n" }
            if let new = c.new { out += "  new: \(DiagnosticRenderer.quoted(new))\n" }
        }
        return out
    }

    static func json(_ changes: [CatalogChange], summary: Summary) -> String {
        let items: [JSON] = changes.map { c in
            var m: [(String, JSON)] = [
                ("code", .string(c.code.rawValue)),
                ("severity", .string(c.severity.rawValue)),
                ("kind", .string(c.kind.rawValue)),
                ("name", .string(c.name)),
                ("message", .string(c.message)),
                ("old", c.old.map(JSON.string) ?? .null),
                ("new", c.new.map(JSON.string) ?? .null),
                ("allowed", .bool(c.allowed)),
            ]
            if let l = c.location {
                m += [("file", .string(l.path)), ("line", .int(l.line)), ("column", .int(l.column)),
                      ("endLine", .int(l.line)), ("endColumn", .int(l.endColumn))]
            }
            return .object(m)
        }
        let document = JSON.object([
            ("version", .int(1)),
            ("old", .string(summary.old)),
            ("new", .string(summary.new)),
            ("changes", .array(items)),
            ("summary", .object([
                ("changes", .int(summary.total)), ("errors", .int(summary.errors)), ("warnings", .int(summary.warnings)),
                ("notes", .int(summary.notes)), ("allowed", .int(summary.allowed)), ("breaking", .int(summary.breaking)),
            ])),
        ])
        return document.rendered(pretty: true) + "\n"
    }

    /// GitHub workflow commands: `::error file=...,line=...,title=D101::message`.
    static func github(_ changes: [CatalogChange]) -> String {
        var out = ""
        for c in changes {
            let command: String
            switch c.severity {
            case .error: command = c.allowed ? "warning" : "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var properties: [(String, String)] = []
            if let l = c.location {
                properties += [("file", l.path), ("line", String(l.line)), ("col", String(l.column)),
                               ("endLine", String(l.line)), ("endColumn", String(l.endColumn))]
            }
            properties.append(("title", c.code.rawValue))
            var message = c.message
            if c.allowed && c.severity == .error { message += " (allowed)" }
            if let old = c.old { message += "\nold: \(old)" }
            if let new = c.new { message += "\nnew: \(new)" }
            let props = properties.map { "\($0.0)=\(DiagnosticRenderer.githubEscape($0.1, property: true))" }.joined(separator: ",")
            out += "::\(command) \(props)::\(DiagnosticRenderer.githubEscape(message, property: false))\n"
        }
        return out
    }


    static func sarifResult(_ c: CatalogChange) -> DiagnosticRenderer.SARIFResult {
        var message = c.message
        if c.allowed && c.severity == .error { message += " (allowed)" }
        if let old = c.old { message += "\nold: \(old)" }
        if let new = c.new { message += "\nnew: \(new)" }
        let location = c.location.map {
            DiagnosticRenderer.SARIFLocation(path: $0.path, region: .init(startLine: $0.line, startColumn: $0.column,
                                                                          endLine: $0.line, endColumn: $0.endColumn))
        }
        return DiagnosticRenderer.SARIFResult(code: c.code.rawValue, severity: c.allowed && c.severity == .error ? .warning : c.severity,
                                              message: message, location: location)
    }
}
