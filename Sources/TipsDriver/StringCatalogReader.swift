import TipsCheck
import TipsSource
import TipsText

/// Reads the translations of a String Catalog (`TABLE.xcstrings`, Xcode's JSON): the table
/// is the file's name, each member of `strings` a key, and each `localizations` member's
/// `stringUnit.value` its text in that language. Variations (plural, device) are not read:
/// tip texts have none.
public enum StringCatalogReader {
    /// The translations of `file`, or E600 saying where and why it does not read.
    public static func read(_ file: SourceFile) throws(UnreadableTranslationFile) -> Translations {
        func fail(_ message: String, at offset: Int) -> UnreadableTranslationFile {
            UnreadableTranslationFile(.error(.unreadableTranslations, message, at: XLIFFReader.range(file, offset),
                                             notes: [Note("the file is not read as a String Catalog; fix it or export it again")]))
        }
        let json: JSON
        do throws(JSON.ParseError) {
            json = try JSON.parse(file.bytes)
        } catch {
            throw fail("malformed JSON: \(error.reason)", at: error.offset)
        }
        guard case .object = json else { throw fail("a String Catalog is a JSON object, not \(kind(json))", at: 0) }
        guard let sourceLanguage = json["sourceLanguage"]?.string else {
            throw fail("'sourceLanguage' must be a string naming the language of the source texts", at: 0)
        }
        guard let strings = json["strings"]?.members else {
            throw fail("'strings' must be an object of keys", at: 0)
        }
        let table = XLIFFReader.tableName(file.path) ?? LocalizedString.defaultTable
        var translations = Translations()
        translations.add(sourceLanguage: sourceLanguage)
        var locator = Locator(bytes: file.bytes)
        for (key, entry) in strings {
            let keyOffset = locator.member(key)
            guard case .object = entry else {
                throw fail("the entry of '\(DiagnosticRenderer.quoted(key))' must be an object, not \(kind(entry))", at: keyOffset)
            }
            translations.add(Translations.Key(table: table, key: key, range: XLIFFReader.range(file, keyOffset)))
            guard let localizations = entry["localizations"] else { continue }
            guard let languages = localizations.members else {
                throw fail("'localizations' of '\(DiagnosticRenderer.quoted(key))' must be an object, not \(kind(localizations))", at: keyOffset)
            }
            for (language, localization) in languages {
                let offset = locator.member(language)
                guard let unit = localization["stringUnit"] else { continue }
                guard let value = unit["value"]?.string else {
                    throw fail("'stringUnit' of '\(DiagnosticRenderer.quoted(key))' [\(DiagnosticRenderer.quoted(language))] needs a string 'value'",
                               at: offset)
                }
                translations.add(Translations.Entry(table: table, key: key, language: language, value: value,
                                                    range: XLIFFReader.range(file, offset)))
            }
        }
        return translations
    }

    static func kind(_ json: JSON) -> String {
        switch json {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Finds where members are written, for diagnostics: the next `"name"` followed by `:`
    /// after the last one found. The parsed value has no positions; Xcode writes keys as
    /// plain JSON strings, so searching for the same spelling finds them. Once a name is not
    /// found (written with other escapes), the rest point at the last place found, so a
    /// hostile file cannot make the search quadratic.
    struct Locator {
        let bytes: [UInt8]
        var position = 0
        var lost = false

        mutating func member(_ name: String) -> Int {
            guard !lost else { return position }
            var encoded = ""
            JSON.writeString(name, into: &encoded)
            let needle = Array(encoded.utf8)
            var i = position
            while i + needle.count <= bytes.count {
                if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle {
                    var j = i + needle.count
                    while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
                    if j < bytes.count, bytes[j] == UInt8(ascii: ":") {
                        position = i + needle.count
                        return i
                    }
                }
                i += 1
            }
            lost = true
            return max(0, position - 1)
        }
    }
}
