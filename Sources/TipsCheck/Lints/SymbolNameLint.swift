import TipsSource
import TipsSyntax

/// W107: an `image` symbol name that is close to a listed SF Symbol (``SymbolNames``) but is
/// none: `heart.fil`, `sqaure.and.arrow.up`, `square.arrow.up`. The tip would show no image.
/// Names the list does not know and is not close to are left alone: the list is a small part
/// of SF Symbols, so not being on it proves nothing. Names W105 reports (not shaped like a
/// symbol name) and `image asset` names are not looked at.
enum SymbolNameLint {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for tip in context.tips {
            for case .image(let literal, _, _) in tip.items {
                guard let name = literal.plainText, ImageNameLint.isSymbolName(name),
                      let known = SymbolNames.nearMiss(name) else { continue }
                let since = known.introduced.map { " (\($0))" } ?? ""
                out.append(.warning(
                    .unknownSymbolName,
                    "image '\(name)' is not an SF Symbol name",
                    at: literal.range,
                    notes: [Note("did you mean '\(known.name)'\(since)?"),
                            Note("a symbol name the system does not have shows no image")],
                    fixIts: [.replace(literal.range, with: "\"\(known.name)\"", message: "use '\(known.name)'")]))
            }
        }
        return out
    }
}
