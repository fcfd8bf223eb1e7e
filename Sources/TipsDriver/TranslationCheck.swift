import TipsCheck
import TipsSource

/// Holds translations against a catalog's localized texts (`tipc strings check`, and
/// `tipc check` for the String Catalogs beside the `.tips` files): W600 a text without a
/// translation for a language the files have, E601 placeholders that differ from the
/// source text's, W601 a translation over its text's length budget, W602 an entry for a
/// key the catalog no longer has, W603 a String Catalog variation missing a form.
///
/// Each device and plural variation of an entry is checked as a translation of its own
/// (E601, W601 at the variation); a plural form other than `other` may drop placeholders
/// ("One recipe" for `one`), never add one.
///
/// A key that interpolates (`"tip.deal.\(category).message"`) is one entry per value: an
/// entry whose key fits its pattern is checked against it, and none is missing.
public struct TranslationCheck: Sendable {
    public var strings: [LocalizedString]
    public var translations: Translations
    /// The language of the `default:` texts; its entries are not translations.
    public var sourceLanguage: String

    public init(strings: [LocalizedString], translations: Translations, sourceLanguage: String) {
        self.strings = strings
        self.translations = translations
        self.sourceLanguage = sourceLanguage
    }

    /// Every finding, sorted for output.
    public func diagnostics() -> [Diagnostic] {
        var out: [Diagnostic] = []
        let languages = translations.languages.filter { $0 != sourceLanguage }
        var exact: [String: Int] = [:]
        var patterns: [(index: Int, pieces: [LocalizedString.Piece])] = []
        for (i, s) in strings.enumerated() {
            exact[s.table + "\u{0}" + s.key] = i
            if !s.keyPlaceholders.isEmpty { patterns.append((i, LocalizedString.pieces(s.key))) }
        }
        func string(table: String, key: String) -> LocalizedString? {
            if let i = exact[table + "\u{0}" + key] { return strings[i] }
            for p in patterns where strings[p.index].table == table && Self.matches(key, p.pieces) { return strings[p.index] }
            return nil
        }

        // W600: per text and language, at the text.
        for s in strings where s.keyPlaceholders.isEmpty {
            let have = translations.values(table: s.table, key: s.key)
            for language in languages where have[language] == nil {
                out.append(.warning(.missingTranslation,
                                    "'\(DiagnosticRenderer.quoted(s.key))' has no '\(language)' translation",
                                    at: s.uses[0].range,
                                    notes: [Note("the translation files have '\(language)'; the app shows the default text there"
                                                 + (s.table == LocalizedString.defaultTable ? "" : " (table \(s.table))"))]))
            }
        }

        // E601, W601: each translation (each variation of one) against its text.
        for entry in translations.entries where entry.language != sourceLanguage {
            guard let s = string(table: entry.table, key: entry.key) else { continue }
            let source = LocalizedString.placeholders(in: s.value ?? s.key)
            let texts: [(value: String, range: SourceRange, variation: Translations.Variation?)] = entry.variations.isEmpty
                ? [(entry.value, entry.range, nil)] : entry.variations.map { ($0.value, $0.range, $0) }
            for text in texts {
                let translated = LocalizedString.placeholders(in: text.value)
                let of = "the '\(entry.language)' translation of '\(DiagnosticRenderer.quoted(entry.key))'"
                    + (text.variation.map { " (\($0.name))" } ?? "")
                let missing = Self.difference(source, translated)
                // A format specifier (`%@`, `%lld`) is never filled: tips fill `\(name)` only.
                let extra = Self.difference(translated, source) + Self.formatSpecifiers(in: text.value)
                    .filter { !Self.formatSpecifiers(in: s.value ?? s.key).contains($0) }
                // "One recipe" for `one`: a plural form that names its count in words may drop it.
                let mayDrop = text.variation?.plural.map { $0 != "other" } ?? false
                if !extra.isEmpty || (!missing.isEmpty && !mayDrop) {
                    var parts: [String] = []
                    if !missing.isEmpty { parts.append("drops " + missing.map { "\\(\($0))" }.joined(separator: ", ")) }
                    if !extra.isEmpty {
                        parts.append("adds " + extra.map { $0.hasPrefix("%") ? $0 : "\\(\(DiagnosticRenderer.quoted($0)))" }.joined(separator: ", "))
                    }
                    let expected = source.isEmpty ? "no placeholders" : Array(Set(source)).sorted().map { "\\(\($0))" }.joined(separator: ", ")
                    out.append(.error(.interpolationMismatch, of + " " + parts.joined(separator: " and "),
                                      at: text.range,
                                      notes: [Note("the source text has \(expected); a placeholder the tip does not fill shows as written",
                                                   at: s.uses[0].range)]))
                }
                if let budget = s.budget {
                    let length = LocalizedString.visibleLength(text.value)
                    if length > budget {
                        let atLeast = translated.isEmpty ? "" : "at least "
                        out.append(.warning(.translationTooLong,
                                            of + " is \(atLeast)\(length) characters long; its budget is \(budget)",
                                            at: text.range,
                                            notes: [Note("\(s.uses.first { $0.budget == budget }?.role ?? "the text") of tip "
                                                         + "\(s.uses.first { $0.budget == budget }?.tip ?? s.uses[0].tip) (W101/W104 budgets)",
                                                         at: s.uses[0].range)]))
                    }
                }
            }
            out += Self.formDiagnostics(entry, at: s.uses[0].range)
        }

        // W602: once per key a file holds that the catalog does not.
        var seen: Set<String> = []
        for key in translations.keys where string(table: key.table, key: key.key) == nil {
            guard seen.insert(key.table + "\u{0}" + key.key).inserted else { continue }
            let inTable = strings.filter { $0.table == key.table }.map(\.key)
            var notes = [Note("no tip uses this key in table \(key.table) any more; remove the entry, or rename the key back")]
            if let guess = Suggestion.closest(to: key.key, among: inTable) {
                notes.append(Note("did you mean '\(DiagnosticRenderer.quoted(guess))'?"))
            }
            out.append(.warning(.staleTranslation, "'\(DiagnosticRenderer.quoted(key.key))' is not a key of the catalog",
                                at: key.range, notes: notes))
        }
        return out.sortedForOutput()
    }

    /// W603 for `entry`'s variations: per device (or none), the plural forms CLDR gives its
    /// language that it lacks and those it has that the language never uses; device
    /// variations without `other`.
    static func formDiagnostics(_ entry: Translations.Entry, at text: SourceRange) -> [Diagnostic] {
        guard !entry.variations.isEmpty else { return [] }
        var out: [Diagnostic] = []
        let of = "the '\(entry.language)' translation of '\(DiagnosticRenderer.quoted(entry.key))'"
        var devices: [String?] = []
        for v in entry.variations where !devices.contains(v.device) { devices.append(v.device) }
        if devices.contains(where: { $0 != nil }), !devices.contains("other") {
            out.append(.warning(.variationForms, of + " varies by device without 'other'",
                                at: entry.range,
                                notes: [Note("a device not named (\(devices.compactMap { $0 }.joined(separator: ", ")) are) shows "
                                             + "an arbitrary variation; add 'other'", at: text)]))
        }
        let needed = PluralRules.forms(entry.language)
        for device in devices {
            let forms = entry.variations.filter { $0.device == device }
            let plurals = forms.compactMap(\.plural)
            guard !plurals.isEmpty else { continue }
            let within = device.map { " (device '\($0)')" } ?? ""
            let missing = needed.filter { !plurals.contains($0) }
            if !missing.isEmpty {
                let known = PluralRules.knows(entry.language) ? "'\(entry.language)' uses \(needed.joined(separator: ", "))"
                    : "every language has 'other'"
                out.append(.warning(.variationForms,
                                    of + "\(within) has no plural form " + missing.map { "'\($0)'" }.joined(separator: ", "),
                                    at: forms[0].range,
                                    notes: [Note("\(known) (CLDR); a count of that form shows 'other', or the default text", at: text)]))
            }
            if PluralRules.knows(entry.language) {
                for form in forms where form.plural.map({ !needed.contains($0) }) ?? false {
                    out.append(.warning(.variationForms,
                                        of + " has plural form '\(form.plural ?? "")'\(within), which '\(entry.language)' never uses",
                                        at: form.range,
                                        notes: [Note("'\(entry.language)' uses \(needed.joined(separator: ", ")) (CLDR); remove it", at: text)]))
                }
            }
        }
        return out
    }

    /// The printf-style specifiers in `text` (`%@`, `%d`, `%lld`, `%1$@`, ...; not `%%`), as
    /// written: Xcode's own strings use them, a tip's texts `\(name)` instead.
    static func formatSpecifiers(in text: String) -> [String] {
        let chars = Array(text.unicodeScalars)
        var out: [String] = []
        var i = 0
        while i < chars.count {
            guard chars[i] == "%" else { i += 1; continue }
            var j = i + 1
            if j < chars.count, chars[j] == "%" { i = j + 1; continue }
            while j < chars.count, ("0"..."9").contains(chars[j]) || chars[j] == "$" { j += 1 }
            while j < chars.count, chars[j] == "l" || chars[j] == "h" || chars[j] == "q" || chars[j] == "z" { j += 1 }
            if j < chars.count, "@diuxXfFeEgGsScCpo".unicodeScalars.contains(chars[j]) {
                out.append(String(String.UnicodeScalarView(chars[i...j])))
                i = j + 1
            } else {
                i += 1
            }
        }
        return out
    }

    /// `a` without one of each element of `b` (multisets), sorted and unique.
    static func difference(_ a: [String], _ b: [String]) -> [String] {
        var rest = b
        var out: [String] = []
        for x in a {
            if let i = rest.firstIndex(of: x) { rest.remove(at: i) } else { out.append(x) }
        }
        return Array(Set(out)).sorted()
    }

    /// Whether `key` fits a key pattern: its text pieces in order, each placeholder one or
    /// more characters. Matched left to right, backtracking over placeholders only.
    static func matches(_ key: String, _ pieces: [LocalizedString.Piece]) -> Bool {
        // No catalog key is this long; a hostile file's key must not cost quadratic time.
        guard key.utf8.count <= 4096 else { return false }
        let k = Array(key.unicodeScalars)
        // Positions reachable after each piece; a set keeps it polynomial.
        var positions: Set<Int> = [0]
        for piece in pieces {
            var next: Set<Int> = []
            switch piece {
            case .text(let t):
                let u = Array(t.unicodeScalars)
                for p in positions where p + u.count <= k.count && Array(k[p..<(p + u.count)]) == u { next.insert(p + u.count) }
            case .placeholder:
                for p in positions where p < k.count { next.formUnion((p + 1)...k.count) }
            }
            positions = next
            if positions.isEmpty { return false }
        }
        return positions.contains(k.count)
    }
}
