import TipsCheck
import TipsSource
import TipsText

/// Reads the translations of a String Catalog (`TABLE.xcstrings`, Xcode's JSON): the table
/// is the file's name, each member of `strings` a key, and each `localizations` member's
/// `stringUnit.value` its text in that language, or its `variations`: by `device` (`iphone`,
/// `ipad`, `mac`, ..., `other`), by `plural` (`zero` ... `other`), or by device and within one
/// by plural, each ending in a `stringUnit` (``Translations/Variation``). A shape Xcode does
/// not write is E600 naming the key, the language and the variation.
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
                let place = "'\(DiagnosticRenderer.quoted(key))' [\(DiagnosticRenderer.quoted(language))]"
                guard case .object = localization else {
                    throw fail("the localization \(place) must be an object, not \(kind(localization))", at: offset)
                }
                var value: String?
                if let unit = localization["stringUnit"] {
                    guard let text = unit["value"]?.string else {
                        throw fail("'stringUnit' of \(place) needs a string 'value'", at: offset)
                    }
                    value = text
                }
                var variations: [Translations.Variation] = []
                if let variants = localization["variations"] {
                    variations = try readVariations(variants, device: nil, place: place, at: offset, &locator, file, fail)
                }
                guard let shown = value ?? Self.defaultValue(variations) else { continue }
                translations.add(Translations.Entry(table: table, key: key, language: language, value: shown,
                                                    range: XLIFFReader.range(file, offset), variations: variations))
            }
        }
        return translations
    }

    /// The variations of one localization (`device` given: those nested in that device's).
    private static func readVariations(_ json: JSON, device: String?, place: String, at offset: Int, _ locator: inout Locator,
                                       _ file: SourceFile, _ fail: (String, Int) -> UnreadableTranslationFile)
        throws(UnreadableTranslationFile) -> [Translations.Variation] {
        let here = device.map { "\(place) device '\(DiagnosticRenderer.quoted($0))'" } ?? place
        guard let kinds = json.members else {
            throw fail("'variations' of \(here) must be an object, not \(kind(json))", offset)
        }
        guard kinds.count == 1, let (by, forms) = kinds.first, by == "plural" || (by == "device" && device == nil) else {
            let found = kinds.map { "'" + DiagnosticRenderer.quoted($0.0) + "'" }.joined(separator: ", ")
            throw fail("'variations' of \(here) must hold one of " + (device == nil ? "'device' or 'plural'" : "'plural' (inside a device)")
                       + (found.isEmpty ? ", and holds nothing" : ", not \(found)"), offset)
        }
        let byOffset = locator.member(by)
        guard let members = forms.members, !members.isEmpty else {
            throw fail("'\(by)' variations of \(here) must be an object with at least one form", byOffset)
        }
        let valid = by == "plural" ? PluralRules.categories : Translations.Variation.devices
        var out: [Translations.Variation] = []
        for (name, variant) in members {
            let nameOffset = locator.member(name)
            let what = "\(by) '\(DiagnosticRenderer.quoted(name))' of \(here)"
            guard valid.contains(name) else {
                var message = "unknown \(by) \(by == "plural" ? "category" : "name") '\(DiagnosticRenderer.quoted(name))' in \(here); "
                    + "Xcode's are \(valid.joined(separator: ", "))"
                if let guess = Suggestion.closest(to: name, among: valid) { message += "; did you mean '\(guess)'?" }
                throw fail(message, nameOffset)
            }
            guard case .object = variant else { throw fail("the \(what) must be an object, not \(kind(variant))", nameOffset) }
            if by == "device", let nested = variant["variations"] {
                out += try readVariations(nested, device: name, place: place, at: nameOffset, &locator, file, fail)
                continue
            }
            guard let unit = variant["stringUnit"] else {
                throw fail("the \(what) needs a 'stringUnit'" + (by == "device" ? " or plural 'variations'" : ""), nameOffset)
            }
            guard let text = unit["value"]?.string else { throw fail("'stringUnit' of the \(what) needs a string 'value'", nameOffset) }
            out.append(Translations.Variation(device: by == "device" ? name : device, plural: by == "plural" ? name : nil,
                                              value: text, range: XLIFFReader.range(file, nameOffset)))
        }
        return out
    }

    /// What an entry of only variations shows when no device or count decides: device
    /// `other`'s (or the only device's), plural `other`'s.
    static func defaultValue(_ variations: [Translations.Variation]) -> String? {
        guard let first = variations.first else { return nil }
        let entry = Translations.Entry(table: "", key: "", language: "", value: first.value, range: first.range, variations: variations)
        return entry.text(device: "other", plural: "other")
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
