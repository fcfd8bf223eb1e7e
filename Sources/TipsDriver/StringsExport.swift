import TipsCheck
import TipsSource
import TipsText

/// The localized texts of a catalog as the files translators and Xcode read (`tipc strings
/// export`): a String Catalog (`.xcstrings`, one per table) and XLIFF 1.2 (every table, one
/// target language). Output depends only on the texts: keys sorted by their bytes, no dates,
/// no tool versions, so the same catalog gives the same bytes.
public enum StringsExport {
    /// A text XML 1.0 cannot hold (a control character other than tab, LF and CR, U+FFFE, U+FFFF).
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
        /// The `localized(...)` text at fault.
        public var range: SourceRange
    }

    /// Whether `text` is a language code a file may name: letters, digits, `-` and `_`,
    /// starting with a letter, at most 35 characters (BCP 47's longest practical tags).
    public static func isLanguageCode(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.unicodeScalars.count <= 35,
              ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }

    /// A String Catalog's `stringUnit` of `value`.
    static func unit(_ value: String) -> JSON {
        .object([("state", .string("translated")), ("value", .string(value))])
    }

    /// `variations` as a String Catalog nests them: `device` (each holding a `stringUnit`, or
    /// `variations.plural`), or `plural`; in the order read.
    static func variationsJSON(_ variations: [Translations.Variation]) -> JSON {
        func plurals(_ forms: [Translations.Variation]) -> JSON {
            .object([("plural", .object(forms.compactMap { v in v.plural.map { ($0, .object([("stringUnit", unit(v.value))])) } }))])
        }
        guard variations.contains(where: { $0.device != nil }) else { return plurals(variations) }
        var devices: [String] = []
        for v in variations { if let d = v.device, !devices.contains(d) { devices.append(d) } }
        return .object([("device", .object(devices.map { device in
            let forms = variations.filter { $0.device == device }
            if forms.contains(where: { $0.plural != nil }) { return (device, .object([("variations", plurals(forms))])) }
            return (device, .object([("stringUnit", unit(forms[0].value))]))
        }))])
    }

    /// The tables the texts use, sorted.
    public static func tables(_ strings: [LocalizedString]) -> [String] {
        Array(Set(strings.map(\.table))).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The String Catalog of `table`: every text of it with its comment, marked `manual` (the
    /// keys come from the catalog, not from Swift source), the source language's value from
    /// `default:`, and the `translations` given (language → key → value) as `translated`.
    public static func xcstrings(_ strings: [LocalizedString], table: String, sourceLanguage: String,
                                 translations: Translations = Translations()) -> String {
        var entries: [(String, JSON)] = []
        for string in strings where string.table == table {
            var localizations: [(String, JSON)] = []
            var values: [String: String] = [:]
            if let value = string.value { values[sourceLanguage] = value }
            for (language, value) in translations.values(table: table, key: string.key) where language != sourceLanguage {
                values[language] = value
            }
            for language in values.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                // An imported entry's variations are written back as they were read, so an
                // export or an import never flattens a translator's plural or device forms.
                let variations = language == sourceLanguage ? []
                    : translations.entry(table: table, key: string.key, language: language)?.variations ?? []
                localizations.append((language, variations.isEmpty
                    ? .object([("stringUnit", unit(values[language] ?? ""))])
                    : .object([("variations", variationsJSON(variations))])))
            }
            var entry: [(String, JSON)] = [("comment", .string(string.comment)), ("extractionState", .string("manual"))]
            if !localizations.isEmpty { entry.append(("localizations", .object(localizations))) }
            entries.append((string.key, .object(entry)))
        }
        let document = JSON.object([
            ("sourceLanguage", .string(sourceLanguage)),
            ("strings", .object(entries)),
            ("version", .string("1.0")),
        ])
        return document.rendered(pretty: true) + "\n"
    }

    /// XLIFF 1.2 as Xcode exports it for `targetLanguage`: one `<file>` per table (named
    /// `Table.xcstrings`), one `<trans-unit>` per key with its `<source>`, a `<target>` where a
    /// translation is known (the source text itself when `targetLanguage` is the source
    /// language), and the comment as `<note>`.
    public static func xliff(_ strings: [LocalizedString], sourceLanguage: String, targetLanguage: String,
                             translations: Translations = Translations()) throws(Failure) -> String {
        for string in strings {
            let target = translations.values(table: string.table, key: string.key)[targetLanguage]
            for text in [string.table, string.key, string.value ?? "", target ?? ""] {
                if let bad = text.unicodeScalars.first(where: { !XMLText.isAllowed($0) }) {
                    throw Failure(message: "the text of key '\(DiagnosticRenderer.quoted(string.key))' holds U+"
                        + String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)
                        + ", which XML 1.0 cannot hold: XLIFF cannot carry it (the .xcstrings export can)",
                        range: string.uses.first?.range ?? SourceRange.point(FileID(0), 0))
                }
            }
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
            + " version=\"1.2\" xsi:schemaLocation=\"urn:oasis:names:tc:xliff:document:1.2"
            + " http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd\">\n"
        for table in tables(strings) {
            out += "  <file original=\"\(XMLText.attribute(table)).xcstrings\" source-language=\"\(XMLText.attribute(sourceLanguage))\""
                + " target-language=\"\(XMLText.attribute(targetLanguage))\" datatype=\"plaintext\">\n"
            out += "    <header>\n      <tool tool-id=\"tipc\" tool-name=\"tipc\"/>\n    </header>\n"
            out += "    <body>\n"
            for string in strings where string.table == table {
                let source = string.value ?? string.key
                out += "      <trans-unit id=\"\(XMLText.attribute(string.key))\" xml:space=\"preserve\">\n"
                out += "        <source>\(XMLText.content(source))</source>\n"
                let target = targetLanguage == sourceLanguage ? source
                    : translations.values(table: table, key: string.key)[targetLanguage]
                if let target {
                    out += "        <target state=\"translated\">\(XMLText.content(target))</target>\n"
                }
                out += "        <note>\(XMLText.content(string.comment))</note>\n"
                out += "      </trans-unit>\n"
            }
            out += "    </body>\n  </file>\n"
        }
        return out + "</xliff>\n"
    }
}

extension String {
    /// Left-padded with zeros to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
