import TipsSource
import TipsText

extension CatalogDocument {
    /// The document as Markdown: settings, groups, then a section per tip; the changes
    /// first when asked for.
    public var markdown: String {
        let md = Self.markdownText
        var out = "# Tips in \(md(title))\n\n"
        if let changes {
            out += "## Changes\n\n"
            if changes.isEmpty { out += "No changes that affect users' saved state or what they see.\n\n" }
            for c in changes { out += "- **\(c.severity.rawValue) \(c.code.rawValue)** \(md(c.message))\n" }
            if !changes.isEmpty { out += "\n" }
        }
        out += "## Settings\n\n" + settings.map { "- \(md($0))\n" }.joined() + "\n"
        if !groups.isEmpty {
            out += "## Groups\n\n"
            for g in groups { out += "- **\(md(g.name))**: \(g.picks). Members: \(md(g.members.joined(separator: ", "))).\n" }
            out += "\n"
        }
        out += "## Tips\n\n"
        for t in tips {
            out += "### \(md(t.name))\(t.arguments.isEmpty ? "" : "(\(md(t.arguments.joined(separator: ", "))))")\n\n"
            out += "- **Title:** \(md(t.title))\n"
            if let m = t.message { out += "- **Message:** \(md(m))\n" }
            if let i = t.image { out += "- **Image:** \(md(i))\n" }
            for a in t.actions { out += "- **Button \"\(md(a.title))\":** \(md(a.does))\n" }
            out += "- **Appears in:** " + (t.group.map { "group \(md($0))" } ?? "no group") + "\n"
            out += "- **Shows when:**" + (t.rules.isEmpty ? " at once (no rules)" : "") + "\n"
            for r in t.rules { out += "  - \(md(r))\n" }
            for l in t.limits { out += "- **Limit:** \(md(l))\n" }
            for e in t.ends { out += "- **Ends:** \(md(e))\n" }
            out += "\n"
        }
        return out
    }

    /// `s` as literal Markdown text: the characters Markdown would read as markup are
    /// backslash-escaped (copy such as "Type **bold**" shows as typed), and a line break in
    /// copy becomes a hard break.
    static func markdownText(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~": out += "\\" + String(c)
            case "\n": out += "<br>"
            default: out.append(c)
            }
        }
        return out
    }

    /// The document as a self-contained HTML page (no scripts, nothing fetched), every
    /// name and text escaped through `XMLText`.
    public var html: String {
        func x(_ s: String) -> String { XMLText.content(s) }
        var out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Tips in \(x(title))</title>\n"
        out += "<style>body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:60em;color:#1f2328}"
        out += "section.tip{border:1px solid #d1d5db;border-radius:8px;padding:0 1em 0.5em;margin:1em 0}"
        out += "dt{font-weight:600;margin-top:0.4em}dd{margin-left:1.2em;white-space:pre-line}.error{color:#b42318}.warning{color:#b54708}</style></head><body>\n"
        out += "<h1>Tips in \(x(title))</h1>\n"
        if let changes {
            out += "<h2>Changes</h2>\n"
            if changes.isEmpty { out += "<p>No changes that affect users' saved state or what they see.</p>\n" } else {
                out += "<ul class=\"changes\">\n"
                for c in changes {
                    out += "<li class=\"\(c.severity.rawValue)\"><b>\(x(c.severity.rawValue)) \(x(c.code.rawValue))</b> \(x(c.message))</li>\n"
                }
                out += "</ul>\n"
            }
        }
        out += "<h2>Settings</h2>\n<ul>\n" + settings.map { "<li>\(x($0))</li>\n" }.joined() + "</ul>\n"
        if !groups.isEmpty {
            out += "<h2>Groups</h2>\n<ul>\n"
            for g in groups { out += "<li><b>\(x(g.name))</b>: \(x(g.picks)). Members: \(x(g.members.joined(separator: ", "))).</li>\n" }
            out += "</ul>\n"
        }
        out += "<h2>Tips</h2>\n"
        for t in tips {
            out += "<section class=\"tip\" id=\"tip-\(XMLText.attribute(t.name))\"><h3>\(x(t.name))\(t.arguments.isEmpty ? "" : "(\(x(t.arguments.joined(separator: ", "))))")</h3>\n<dl>\n"
            out += "<dt>Title</dt><dd>\(x(t.title))</dd>\n"
            if let m = t.message { out += "<dt>Message</dt><dd>\(x(m))</dd>\n" }
            if let i = t.image { out += "<dt>Image</dt><dd>\(x(i))</dd>\n" }
            for a in t.actions { out += "<dt>Button “\(x(a.title))”</dt><dd>\(x(a.does))</dd>\n" }
            out += "<dt>Appears in</dt><dd>\(x(t.group.map { "group \($0)" } ?? "no group"))</dd>\n"
            out += "<dt>Shows when</dt><dd>"
            out += t.rules.isEmpty ? "at once (no rules)" : "<ul>" + t.rules.map { "<li>\(x($0))</li>" }.joined() + "</ul>"
            out += "</dd>\n"
            if !t.limits.isEmpty { out += "<dt>Limits</dt><dd>\(x(t.limits.joined(separator: " ")))</dd>\n" }
            if !t.ends.isEmpty { out += "<dt>Ends</dt><dd>\(x(t.ends.joined(separator: " ")))</dd>\n" }
            out += "</dl></section>\n"
        }
        return out + "</body></html>\n"
    }
}
