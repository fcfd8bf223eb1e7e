/// CLDR's cardinal plural rules for whole numbers, for the languages tips most often ship
/// in: which plural forms (`zero`, `one`, `two`, `few`, `many`, `other`) a language has,
/// and which one a count takes. What `tipc strings check` requires of a String Catalog's
/// plural variation (W603) and what the preview and playground show for a tip's count.
///
/// The rules are CLDR 44's (unicode.org/cldr/charts/44/supplemental/language_plural_rules.html)
/// restricted to integers (`v = 0`, no exponent); a language not listed has only `other`
/// known, so nothing more is required and `other` is shown. Docs/adopting.md lists them.
public enum PluralRules {
    /// The categories in CLDR's order.
    public static let categories = ["zero", "one", "two", "few", "many", "other"]

    /// The language subtag of a tag (`pt-BR` → `pt`, `zh_Hant` → `zh`), lowercased.
    public static func language(_ tag: String) -> String {
        String(tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring(tag)).lowercased()
    }

    /// The rule a language follows, by its language subtag.
    enum Rule {
        case otherOnly, oneIsOne, oneIsZeroOrOne, french, spanish, portuguese, eastSlavic, polish, czech, arabic, hebrew
    }

    static let rules: [String: Rule] = {
        var out: [String: Rule] = [:]
        for l in ["ja", "zh", "ko", "th", "vi", "id", "ms", "lo", "my", "yue"] { out[l] = .otherOnly }
        for l in ["en", "de", "nl", "sv", "da", "nb", "nn", "no", "fi", "et", "el", "hu", "tr", "bg", "ur", "sw"] { out[l] = .oneIsOne }
        for l in ["fa", "hi", "bn", "gu", "kn", "zu", "am"] { out[l] = .oneIsZeroOrOne }
        out["fr"] = .french
        for l in ["es", "it", "ca"] { out[l] = .spanish }
        out["pt"] = .portuguese
        for l in ["ru", "uk", "be"] { out[l] = .eastSlavic }
        out["pl"] = .polish
        for l in ["cs", "sk"] { out[l] = .czech }
        out["ar"] = .arabic
        for l in ["he", "iw"] { out[l] = .hebrew }
        return out
    }()

    /// The plural forms `tag`'s language has (integers and fractions: CLDR's full set, which is
    /// what Xcode asks a translator for), in CLDR's order; `other` for a language not listed.
    public static func forms(_ tag: String) -> [String] {
        switch rules[language(tag)] {
        case .otherOnly, nil: ["other"]
        case .oneIsOne, .oneIsZeroOrOne: ["one", "other"]
        case .french, .spanish, .portuguese: ["one", "many", "other"]
        case .eastSlavic, .polish, .czech: ["one", "few", "many", "other"]
        case .arabic: ["zero", "one", "two", "few", "many", "other"]
        case .hebrew: ["one", "two", "other"]
        }
    }

    /// Whether the rules know `tag`'s language (else only `other` is known of it).
    public static func knows(_ tag: String) -> Bool { rules[language(tag)] != nil }

    /// The category of the whole number `count` in `tag`'s language.
    public static func category(of count: Int, language tag: String) -> String {
        let n = count.magnitude
        let (mod10, mod100) = (n % 10, n % 100)
        let million = n != 0 && n % 1_000_000 == 0
        switch rules[language(tag)] {
        case .otherOnly, nil: return "other"
        case .oneIsOne: return n == 1 ? "one" : "other"
        case .oneIsZeroOrOne, .french: return n <= 1 ? "one" : (million && rules[language(tag)] == .french ? "many" : "other")
        case .spanish: return n == 1 ? "one" : (million ? "many" : "other")
        case .portuguese: return n <= 1 ? "one" : (million ? "many" : "other")
        case .eastSlavic:
            if mod10 == 1 && mod100 != 11 { return "one" }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return "few" }
            return "many"
        case .polish:
            if n == 1 { return "one" }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return "few" }
            return "many"
        case .czech: return n == 1 ? "one" : ((2...4).contains(n) ? "few" : "other")
        case .arabic:
            if n == 0 { return "zero" }
            if n == 1 { return "one" }
            if n == 2 { return "two" }
            if (3...10).contains(mod100) { return "few" }
            if (11...99).contains(mod100) { return "many" }
            return "other"
        case .hebrew: return n == 1 ? "one" : (n == 2 ? "two" : "other")
        }
    }
}
