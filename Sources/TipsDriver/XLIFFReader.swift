import TipsCheck
import TipsSource

/// Reads the translations of an XLIFF 1.2 file (what Xcode exports and translators return):
/// each `<file>` is a table (its `original`, `Sharing.xcstrings` or `en.lproj/Sharing.strings`,
/// names it), each `<trans-unit id>` a key, its `<target>` the text in the file's
/// `target-language`.
public enum XLIFFReader {
    /// The translations of `file` (its id is where diagnostics point), or E600 saying where
    /// and why it does not read.
    public static func read(_ file: SourceFile) throws(UnreadableTranslationFile) -> Translations {
        do throws(XMLReader.Failure) {
            return try read(XMLReader.parse(file.bytes), file)
        } catch {
            throw UnreadableTranslationFile(.error(.unreadableTranslations, error.message, at: range(file, error.offset),
                                                   notes: [Note("the file is not read as XLIFF; fix it or export it again")]))
        }
    }

    static func range(_ file: SourceFile, _ offset: Int) -> SourceRange {
        let o = Int32(clamping: min(max(offset, 0), file.bytes.count))
        return SourceRange(file: file.id, start: o, end: o)
    }

    private static func read(_ root: XMLReader.Element, _ file: SourceFile) throws(XMLReader.Failure) -> Translations {
        guard root.localName == "xliff" else {
            throw XMLReader.Failure(message: "the root element is <\(root.name)>, not <xliff>", offset: root.offset)
        }
        if let version = root.attribute("version"), version != "1.2" {
            throw XMLReader.Failure(message: "XLIFF version \(version) is not read; expected 1.2 (what Xcode exports)",
                                    offset: root.offset)
        }
        var translations = Translations()
        let files = root.elements("file")
        guard !files.isEmpty else { throw XMLReader.Failure(message: "<xliff> has no <file> element", offset: root.offset) }
        for element in files {
            guard let original = element.attribute("original"), let table = tableName(original) else {
                throw XMLReader.Failure(message: "<file> needs an 'original' attribute naming its table (\"Localizable.xcstrings\")",
                                        offset: element.offset)
            }
            guard let target = element.attribute("target-language"), !target.isEmpty else {
                throw XMLReader.Failure(message: "<file original=\"\(original)\"> has no 'target-language'", offset: element.offset)
            }
            if let source = element.attribute("source-language") { translations.add(sourceLanguage: source) }
            // Units sit in <body>, possibly inside <group>s; walked without recursion.
            var pending = element.elements("body")
            while let container = pending.popLast() {
                pending += container.elements("group").reversed()
                for unit in container.elements("trans-unit") {
                    guard let id = unit.attribute("id") else {
                        throw XMLReader.Failure(message: "<trans-unit> needs an 'id' attribute (the key)", offset: unit.offset)
                    }
                    translations.add(Translations.Key(table: table, key: id, range: range(file, unit.offset)))
                    if let t = unit.elements("target").first {
                        let value = t.text
                        // An empty target is what an exported, untranslated unit has.
                        if !value.isEmpty {
                            translations.add(Translations.Entry(table: table, key: id, language: target, value: value,
                                                                range: range(file, t.offset)))
                        }
                    }
                }
            }
        }
        return translations
    }

    /// `Sharing` of `App/Sharing.xcstrings`, `de.lproj/Sharing.strings` or `Sharing`.
    static func tableName(_ original: String) -> String? {
        let base = original.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? original
        let name: Substring
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { name = base[..<dot] } else { name = Substring(base) }
        return name.isEmpty ? nil : String(name)
    }
}
