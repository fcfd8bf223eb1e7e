import TipsSource
import TipsSyntax

/// W105: `image` names a symbol (semantics: "image (symbol name)"). Symbol names are
/// lower-case ASCII words and digits joined by dots (`heart.fill`, `person.2.circle`), so a
/// name with spaces, capitals or other characters cannot resolve and the tip shows no image.
/// `image asset "Name"` names an asset-catalog image, whatever its spelling: never linted.
enum ImageNameLint {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for tip in context.tips {
            for case .image(let literal, _, _) in tip.items {
                guard let name = literal.plainText, !isSymbolName(name) else { continue }
                var fixIts: [FixIt] = []
                var notes = [Note("symbol names are lower-case words joined by dots, like 'heart.fill'")]
                if looksLikeAssetName(name) {
                    // `HeroBanner`, `onboarding_hero`: lower-casing would name nothing.
                    notes.append(Note("'\(name)' looks like an asset-catalog image; 'image' names a symbol, so the tip would show none"))
                    // Marking it an asset keeps the name as written; `image asset` is never linted.
                    fixIts.append(.replace(.point(literal.range.file, literal.range.start), with: "asset ",
                                           message: "write 'image asset \"\(name)\"'"))
                } else if let fixed = suggestion(for: name), fixed != name {
                    fixIts.append(.replace(literal.range, with: "\"\(fixed)\"", message: "use '\(fixed)'"))
                }
                out.append(.warning(
                    .imageName,
                    "image '\(name)' does not look like a symbol name",
                    at: literal.range,
                    notes: notes,
                    fixIts: fixIts))
            }
        }
        return out
    }

    /// Whether `name` matches `[a-z0-9]+(\.[a-z0-9]+)*`.
    static func isSymbolName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    /// `Heart Fill` → `heart.fill`: lower-cased, separators turned into dots; `nil` when that
    /// still is no symbol name.
    static func suggestion(for name: String) -> String? {
        var words: [String] = []
        var current = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar == " " || scalar == "_" || scalar == "-" || scalar == "." || scalar == "\t" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { words.append(current) }
        let candidate = words.joined(separator: ".")
        return isSymbolName(candidate) ? candidate : nil
    }

    /// Asset-catalog names are written as identifiers: camel case (`HeroBanner`,
    /// `onboardingHero`) or snake case (`onboarding_hero`), no spaces or dots. A symbol name
    /// mistyped with capitals is words separated by spaces, dashes or dots (`Heart Fill`).
    static func looksLikeAssetName(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard !scalars.contains(" "), !scalars.contains("."), !scalars.contains("-") else { return false }
        if scalars.contains("_") { return true }
        // A capital after a lower-case letter: camel case.
        return zip(scalars, scalars.dropFirst()).contains { a, b in
            ("a"..."z").contains(a) && ("A"..."Z").contains(b)
        } || scalars.first.map { ("A"..."Z").contains($0) } == true && scalars.count > 1
    }
}
