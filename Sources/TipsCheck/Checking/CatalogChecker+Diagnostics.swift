import TipsSource
import TipsSyntax

extension CatalogChecker {
    mutating func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange,
                        notes: [Note] = [], fixIts: [FixIt] = []) {
        diagnostics.append(.error(code, message, at: range, notes: notes, fixIts: fixIts))
    }

    /// Reports `unknown WHAT 'name'`, with a "did you mean" note and fix-it when a candidate
    /// is a plausible typo.
    mutating func unknown(_ code: DiagnosticCode, _ what: String, _ id: Identifier, context: String? = nil,
                          candidates: [String]) {
        var notes: [Note] = []
        var fixIts: [FixIt] = []
        if let guess = Suggestion.closest(to: id.name, among: candidates) {
            notes.append(Note("did you mean '\(guess)'?"))
            fixIts.append(.replace(id.range, with: guess, message: "replace with '\(guess)'"))
        }
        error(code, "unknown \(what) '\(id.name)'" + (context.map { " " + $0 } ?? ""), at: id.range, notes: notes, fixIts: fixIts)
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
