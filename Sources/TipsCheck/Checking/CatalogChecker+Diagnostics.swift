import TipsSource
import TipsSyntax

extension CatalogChecker {
    mutating func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange,
                        notes: [Note] = [], fixIts: [FixIt] = []) {
        diagnostics.append(.error(code, message, at: range, notes: notes, fixIts: fixIts))
    }

    /// Reports `unknown WHAT 'name'`, with a "did you mean" note and fix-it when a candidate
    /// is a plausible typo.
    /// `listing` introduces the valid values when the message rejects a value (a case, a
    /// reason, a field): the note lists them, after the did-you-mean if one is close.
    /// `guess` overrides the closest spelling (a synonym such as `oncePerDay` → `daily`).
    mutating func unknown(_ code: DiagnosticCode, _ what: String, _ id: Identifier, context: String? = nil,
                          candidates: [String], listing: String? = nil, guess: String? = nil) {
        var notes: [Note] = []
        var fixIts: [FixIt] = []
        let suggested = guess ?? Suggestion.closest(to: id.name, among: candidates)
        if let suggested {
            notes.append(Note("did you mean '\(suggested)'?"))
            fixIts.append(.replace(id.range, with: suggested, message: "replace with '\(suggested)'"))
        }
        // A rejected name lists the valid ones when nothing is close (the literal words a
        // misspelling may have meant are suggested, not listed as names).
        let names = candidates.filter { !Self.literalWords.contains($0) }
        if let listing, !candidates.isEmpty {
            notes.append(Note(listing + " " + Self.list(candidates)))
        } else if listing == nil, suggested == nil, !names.isEmpty {
            notes.append(Note("the \(what)s are " + Self.list(names)))
        }
        error(code, "unknown \(what) '\(id.name)'" + (context.map { " " + $0 } ?? ""), at: id.range, notes: notes, fixIts: fixIts)
    }

    /// Words that are values, not names: offered as guesses, never listed.
    static let literalWords: Set<String> = ["true", "false", "nil", "now"]

    /// `a, b or c` (at most 12 names, then how many more).
    static func list(_ names: [String]) -> String {
        let shown = names.prefix(12)
        var text = shown.count > 1 ? shown.dropLast().joined(separator: ", ") + " or " + shown.last! : shown.first ?? ""
        if names.count > shown.count { text += " (and \(names.count - shown.count) more)" }
        return text
    }

    /// Reports a name declared as something else than what the position needs.
    mutating func wrongKind(_ id: Identifier, _ entry: SymbolEntry, expected: String) {
        error(.wrongKindOfName, "'\(id.name)' is \(entry.symbol.kindDescription), not \(expected)", at: id.range,
              notes: [Note("'\(id.name)' is declared here", at: entry.range)])
    }

    /// The type as written in the language: `Int?`, `Set<String>`, `Category`.
    func typeName(_ type: ValueType) -> String { model.typeName(type) }

    /// The names declared with a given kind of symbol, in declaration order, for suggestions.
    func names(of kind: (Symbol) -> Bool) -> [String] {
        symbols.filter { kind($0.value.symbol) }
            .sorted { $0.value.range < $1.value.range }
            .map(\.key)
    }

    var parameterNames: [String] { model.parameters.map(\.name) }
    var eventNames: [String] { model.events.map(\.name) }
    var tipNames: [String] { model.tips.map(\.name) }
}
