import Foundation
import Testing
import TipsCheck
import TipsDriver
import TipsSource
import TipsTestSupport

/// `tipc strings`: the export of localized texts (String Catalog, XLIFF), the XLIFF reader
/// and the translation check, called directly on the Definitions catalogs and small inline ones.
@Suite struct StringsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static func catalog(_ name: String) throws -> CheckedCatalog {
        let loaded = CatalogLoader.load([root + "/Definitions/" + name])
        let checked = CheckedCatalog(try #require(loaded.catalogs.first))
        #expect(checked.errors.isEmpty)
        return checked
    }

    static func inline(_ text: String) -> CheckedCatalog {
        var sources = SourceSet()
        sources.add(path: "app.tips", text: text)
        return CheckedCatalog(sources)
    }

    static let small = """
        param seen: Bool = false
        tip Save(name: String) {
            title localized("save.title", default: "Save \\(name)")
            message localized("save.message", table: "Notes", default: "Keep \\(name) for later.")
            rule seen
            action "later" { title localized("common.later", default: "Later") }
        }
        tip Other {
            title "Plain"
            message localized("save.message", table: "Notes", default: "Keep it for later.")
            rule seen
        }
        """

    /// One entry per table and key, uses merged, comments with tips, roles and budgets.
    @Test func collectsEveryLocalizedText() {
        let strings = LocalizedString.collect(Self.inline(Self.small).model)
        #expect(strings.map { "\($0.table)/\($0.key)" } == ["Localizable/common.later", "Localizable/save.title", "Notes/save.message"])
        #expect(strings[1].value == "Save \\(name)")
        #expect(strings[1].comment == "Tip Save, title. Keep \\(name) as written. At most 40 characters.")
        #expect(strings[2].uses.map(\.tip) == ["Save", "Other"])
        #expect(strings[2].comment == "Tip Save, message; Tip Other, message. Keep \\(name) as written. At most 160 characters.")
        #expect(strings[0].comment == "Tip Save, action \"later\" title. No length budget.")
    }

    @Test(arguments: [
        ("Save \\(name) now", ["name"], 9),
        ("\\(a)\\(b)", ["a", "b"], 0),
        ("unclosed \\(name", [], 15),
        ("back\\\\slash", [], 11),
    ] as [(String, [String], Int)])
    func placeholdersAndVisibleLength(_ text: String, _ names: [String], _ length: Int) {
        #expect(LocalizedString.placeholders(in: text) == names)
        #expect(LocalizedString.visibleLength(text) == length)
    }

    /// The notes-app catalog's export, byte for byte: every table's String Catalog and the
    /// German XLIFF; exporting twice gives the same bytes.
    @Test func notesAppGoldens() throws {
        let checked = try Self.catalog("notes-app")
        let strings = LocalizedString.collect(checked.model)
        let tables = StringsExport.tables(strings)
        #expect(tables == ["Localizable", "Sharing", "Templates", "Tips"])
        for table in tables {
            let text = StringsExport.xcstrings(strings, table: table, sourceLanguage: "en")
            #expect(text == StringsExport.xcstrings(LocalizedString.collect(try Self.catalog("notes-app").model), table: table, sourceLanguage: "en"))
            expectGolden(text, "strings/notes-app/\(table).xcstrings")
        }
        expectGolden(try StringsExport.xliff(strings, sourceLanguage: "en", targetLanguage: "de"), "strings/notes-app/de.xliff")
    }

    /// Export to XLIFF, translate, read back: the values come back exactly, whatever they
    /// hold (markup characters, quotes, CR, non-ASCII).
    @Test func xliffRoundTrip() throws {
        let strings = LocalizedString.collect(Self.inline(Self.small).model)
        var translations = Translations()
        let values = ["common.later": "Später & <bald> \"ok\"", "save.title": "\\(name)\r\nsichern"]
        for (key, value) in values {
            translations.add(Translations.Entry(table: "Localizable", key: key, language: "de", value: value, range: .point(FileID(0), 0)))
        }
        let xliff = try StringsExport.xliff(strings, sourceLanguage: "en", targetLanguage: "de", translations: translations)
        var set = SourceSet()
        let id = set.add(path: "de.xliff", text: xliff)
        let read = try XLIFFReader.read(set[id])
        #expect(read.values(table: "Localizable", key: "common.later") == ["de": values["common.later"]!])
        #expect(read.values(table: "Localizable", key: "save.title") == ["de": values["save.title"]!])
        #expect(read.keys.map(\.key) == ["common.later", "save.title", "save.message"])
        #expect(read.sourceLanguages == ["en"])
    }

    /// A text XML cannot hold is an export error, not a broken file.
    @Test func xliffRefusesWhatXMLCannotHold() {
        let checked = Self.inline("param seen: Bool = false\ntip T { title localized(\"k\", default: \"a\\u{1}b\")\n rule seen }\n")
        #expect(checked.errors.isEmpty)
        #expect(throws: StringsExport.Failure.self) {
            try StringsExport.xliff(LocalizedString.collect(checked.model), sourceLanguage: "en", targetLanguage: "de")
        }
    }

    static func check(_ checked: CheckedCatalog, xliff: String) -> TranslationFiles {
        TranslationFiles([("de.xliff", Array(xliff.utf8))], for: checked, sourceLanguage: "en")
    }

    static func xliff(_ units: String, original: String = "Localizable.xcstrings") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="\(original)" source-language="en" target-language="de" datatype="plaintext">
            <body>
        \(units)
            </body>
          </file>
        </xliff>
        """
    }

    /// Each finding with its code, where it points, and nothing else.
    @Test func checkReportsEachKind() {
        let checked = Self.inline(Self.small)
        let units = """
              <trans-unit id="save.title"><source>Save \\(name)</source><target>\\(nmae) sichern</target></trans-unit>
              <trans-unit id="common.later"><source>Later</source><target>Später, wenn gerade nichts anderes zu tun ist, wirklich!</target></trans-unit>
              <trans-unit id="gone.title"><source>Old</source><target>Alt</target></trans-unit>
            """
        let read = Self.check(checked, xliff: Self.xliff(units))
        let rendered = read.diagnostics.map { d -> String in
            let file = read.sources[d.range.file]
            let at = file.location(of: d.range.start)
            return "\(file.path):\(at.line) \(d.code)"
        }
        // Localizable's action title has no budget; save.message (table Notes) has no 'de'.
        #expect(rendered == ["app.tips:4 W600", "de.xliff:5 E601", "de.xliff:7 W602"])
        #expect(read.diagnostics[1].message == "the 'de' translation of 'save.title' drops \\(name) and adds \\(nmae)")
    }

    @Test func overBudgetAndTemplatedKeys() throws {
        let checked = try Self.catalog("shop-app")
        let long = String(repeating: "Preise ", count: 30)
        let units = """
              <trans-unit id="tip.deal.produce.message"><source>x</source><target>\(long)</target></trans-unit>
            """
        let read = Self.check(checked, xliff: Self.xliff(units, original: "Deals.xcstrings"))
        // The entry fits the pattern "tip.deal.\(category).message": not stale, and over 160.
        #expect(read.diagnostics.filter { $0.code != "W600" }.map(\.code) == ["W601"])
    }

    /// Hostile XML: each is E600 at a position inside the file, never a crash.
    @Test(arguments: [
        "", "<", "<xliff", "<xliff><file></xliff>", "<xliff version=\"2.0\"/>", "<notxliff/>",
        "<!DOCTYPE x [<!ENTITY a \"aaaa\">]><xliff/>", "<xliff a=\"1\" a=\"2\"/>", "<xliff>&bogus;</xliff>",
        "<xliff>&#0;</xliff>", "<xliff>\u{1}</xliff>", "<xliff/><extra/>", "text<xliff/>",
        String(repeating: "<a>", count: 10_000), "<xliff><file original=\"T\"><body><trans-unit/></body></file></xliff>",
        "<xliff><!-- never closed", "<xliff><![CDATA[ never closed",
    ])
    func hostileXLIFFIsE600(_ text: String) {
        let read = Self.check(Self.inline(Self.small), xliff: text)
        let e600 = read.diagnostics.filter { $0.code == "E600" }
        #expect(e600.count == 1, "\(read.diagnostics.map(\.message))")
        if let d = e600.first {
            #expect(read.sources[d.range.file].path == "de.xliff")
            #expect(Int(d.range.start) <= text.utf8.count)
        }
    }

    @Test func invalidUTF8IsE600() {
        var bytes = Array("<xliff>".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("</xliff>".utf8)
        let read = TranslationFiles([("de.xliff", bytes)], for: Self.inline(Self.small), sourceLanguage: "en")
        #expect(read.diagnostics.map(\.message) == ["invalid UTF-8"])
        #expect(read.diagnostics.first?.range.start == 7)
    }

    /// Hostile String Catalogs: each is E600 inside the file, never a crash.
    @Test(arguments: [
        "", "{", "[]", "{\"sourceLanguage\": 1, \"strings\": {}}", "{\"sourceLanguage\": \"en\"}",
        "{\"sourceLanguage\": \"en\", \"strings\": []}", "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": 1}}",
        "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {\"localizations\": []}}}",
        "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {\"localizations\": {\"de\": {\"stringUnit\": {\"value\": 3}}}}}}",
        String(repeating: "[", count: 100_000),
    ])
    func hostileStringCatalogIsE600(_ text: String) {
        let read = TranslationFiles([("Localizable.xcstrings", Array(text.utf8))], for: Self.inline(Self.small), sourceLanguage: "en")
        let e600 = read.diagnostics.filter { $0.code == "E600" }
        #expect(e600.count == 1, "\(read.diagnostics.map(\.message))")
        if let d = e600.first { #expect(Int(d.range.start) <= text.utf8.count) }
    }

    /// An entry's findings point at its language in the file.
    @Test func stringCatalogFindingsPointAtTheEntry() {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "save.title" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "\\\\(nmae) sichern" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let read = TranslationFiles([("Localizable.xcstrings", Array(text.utf8))], for: Self.inline(Self.small), sourceLanguage: "en")
        let e601 = read.diagnostics.filter { $0.code == "E601" }
        #expect(e601.count == 1)
        if let d = e601.first { #expect(read.sources[d.range.file].location(of: d.range.start).line == 6) }
    }
}
