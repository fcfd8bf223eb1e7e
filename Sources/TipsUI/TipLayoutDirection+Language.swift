extension TipLayoutDirection {
    /// The language subtags written right to left (CLDR's `characterOrder` right-to-left
    /// locales): Arabic, Hebrew (and its old code `iw`), Persian, Urdu, Pashto, Sindhi,
    /// Kashmiri, Central Kurdish, Uyghur, Dhivehi, Yiddish (and `ji`), Syriac, Aramaic, N'Ko,
    /// Mazanderani, Northern Luri, Gilaki, South Azerbaijani, Rohingya.
    public static let rightToLeftLanguages: Set<String> = [
        "ar", "he", "iw", "fa", "ur", "ps", "sd", "ks", "ckb", "ug", "dv", "yi", "ji", "syr", "arc", "nqo", "mzn", "lrc",
        "glk", "azb", "rhg",
    ]

    /// The scripts written right to left (ISO 15924): a script subtag decides over the
    /// language's usual one (`pa-Arab`, `az-Arab` right to left; `ku-Latn`, `sd-Deva` left to right).
    public static let rightToLeftScripts: Set<String> = [
        "arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr", "mend", "aran",
    ]

    /// The direction of a language tag (`he`, `ar-EG`, `ur_PK`, `pa-Arab`): its script
    /// subtag (four letters) when it has one, else its language subtag, by the lists above.
    public init(language tag: String) {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        if let script = parts.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            self = Self.rightToLeftScripts.contains(script) ? .rightToLeft : .leftToRight
        } else {
            self = Self.rightToLeftLanguages.contains(parts.first ?? "") ? .rightToLeft : .leftToRight
        }
    }
}
