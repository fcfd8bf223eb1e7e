/// The `\(name)` placeholders of a translatable text: the one reading of them, so that
/// `tipc strings check` (which compares a translation's placeholders with its source's),
/// `tipc preview` (which marks them) and the runtime (which fills a translation with a
/// reusable tip's arguments) agree on what is a placeholder and what is text.
package enum PlaceholderText {
    /// A text split at its placeholders.
    package enum Piece: Equatable, Sendable {
        case text(String)
        case placeholder(String)
    }

    /// `text` as pieces: `\(` up to the next `)` (without another `\` between) is a
    /// placeholder; anything else, an unclosed `\(` too, is text. Adjacent text is one piece.
    package static func pieces(_ text: String) -> [Piece] {
        var out: [Piece] = []
        var current = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\\", i + 1 < scalars.count, scalars[i + 1] == "(" {
                var j = i + 2
                while j < scalars.count, scalars[j] != ")", scalars[j] != "\\" { j += 1 }
                if j < scalars.count, scalars[j] == ")" {
                    if !current.isEmpty { out.append(.text(String(current))) }
                    current = String.UnicodeScalarView()
                    out.append(.placeholder(String(String.UnicodeScalarView(scalars[(i + 2)..<j]))))
                    i = j + 1
                    continue
                }
            }
            current.append(scalars[i])
            i += 1
        }
        if !current.isEmpty { out.append(.text(String(current))) }
        return out
    }

    /// `text` with each placeholder that `values` names replaced by its value, in one pass:
    /// a value is written as it is, never read again, so a value holding `\(other)` stays
    /// that text. A placeholder `values` does not name stays as written.
    package static func filled(_ text: String, with values: [String: String]) -> String {
        guard !values.isEmpty else { return text }
        var out = ""
        for piece in pieces(text) {
            switch piece {
            case .text(let t): out += t
            case .placeholder(let name): out += values[name] ?? "\\(" + name + ")"
            }
        }
        return out
    }
}
