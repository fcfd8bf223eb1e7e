import Testing
import TipsCheck
import TipsDriver
import TipsSource

/// String Catalog variations (`variations.device`, `variations.plural`, device then plural):
/// what the reader makes of each shape, what it refuses (E600 naming the key and language),
/// what `tipc strings check` finds in each variant, what is shown per device and count, and
/// the CLDR plural rules behind both.
@Suite struct StringCatalogVariationTests {
    static let small = """
        param seen: Bool = false
        tip Saved(count: Int) {
            id "saved-\\(count)"
            title localized("saved.title", default: "\\(count) notes saved")
            rule seen
        }
        tip Sync {
            title localized("sync.title", default: "Sync Your Notes")
            rule seen
        }
        """

    static func checked() -> CheckedCatalog {
        var sources = SourceSet()
        sources.add(path: "app.tips", text: small)
        return CheckedCatalog(sources)
    }

    /// A String Catalog with `localization` as the `language` localization of `key`.
    static func catalog(key: String = "saved.title", language: String = "de", _ localization: String) -> String {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "\(key)" : {
              "localizations" : {
                "\(language)" : \(localization)
              }
            }
          },
          "version" : "1.0"
        }
        """
    }

    static func read(_ text: String) -> TranslationFiles {
        TranslationFiles([("Localizable.xcstrings", Array(text.utf8))], for: checked(), sourceLanguage: "en")
    }

    static func unit(_ value: String) -> String { "{ \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(value)\" } }" }

    struct Shape: Sendable, CustomStringConvertible {
        var name: String
        var localization: String
        /// `device/plural=value` per variation, in file order (`-` for none).
        var variations: [String]
        /// ``Translations/Entry/value``: what shows when no device or count decides.
        var value: String
        var description: String { name }
    }

    static let shapes: [Shape] = [
        Shape(name: "a plain stringUnit", localization: unit("Notizen"), variations: [], value: "Notizen"),
        Shape(name: "plural", localization: """
            { "variations" : { "plural" : { "one" : \(unit("Eine Notiz gesichert")), "other" : \(unit("\\\\(count) Notizen gesichert")) } } }
            """, variations: ["-/one=Eine Notiz gesichert", "-/other=\\(count) Notizen gesichert"], value: "\\(count) Notizen gesichert"),
        Shape(name: "device", localization: """
            { "variations" : { "device" : { "iphone" : \(unit("Tippe")), "mac" : \(unit("Klicke")), "other" : \(unit("Wähle")) } } }
            """, variations: ["iphone/-=Tippe", "mac/-=Klicke", "other/-=Wähle"], value: "Wähle"),
        Shape(name: "device then plural", localization: """
            { "variations" : { "device" : {
                "ipad" : { "variations" : { "plural" : { "one" : \(unit("iPad: eine")), "other" : \(unit("iPad: viele")) } } },
                "other" : \(unit("Notizen")) } } }
            """, variations: ["ipad/one=iPad: eine", "ipad/other=iPad: viele", "other/-=Notizen"], value: "Notizen"),
        Shape(name: "a device without other shows its first", localization: """
            { "variations" : { "device" : { "mac" : \(unit("Klicke")) } } }
            """, variations: ["mac/-=Klicke"], value: "Klicke"),
    ]

    @Test(arguments: shapes) func readsEachShape(_ shape: Shape) throws {
        let read = Self.read(Self.catalog(shape.localization))
        #expect(read.diagnostics.filter { $0.code == "E600" }.isEmpty, "\(read.diagnostics.map(\.message))")
        let entry = try #require(read.translations.entry(table: "Localizable", key: "saved.title", language: "de"))
        #expect(entry.variations.map { "\($0.device ?? "-")/\($0.plural ?? "-")=\($0.value)" } == shape.variations)
        #expect(entry.value == shape.value)
        #expect(read.translations.values(table: "Localizable", key: "saved.title") == ["de": shape.value])
    }

    /// Shapes Xcode does not write: E600 in the file, naming key, language and variation.
    @Test(arguments: [
        ("\"Notizen\"", "the localization 'saved.title' [de] must be an object, not a string"),
        ("{ \"variations\" : [] }", "'variations' of 'saved.title' [de] must be an object, not an array"),
        ("{ \"variations\" : {} }", "'variations' of 'saved.title' [de] must hold one of 'device' or 'plural', and holds nothing"),
        ("{ \"variations\" : { \"gender\" : {} } }", "'variations' of 'saved.title' [de] must hold one of 'device' or 'plural', not 'gender'"),
        ("{ \"variations\" : { \"plural\" : {} } }", "'plural' variations of 'saved.title' [de] must be an object with at least one form"),
        ("{ \"variations\" : { \"plural\" : { \"few2\" : \(StringCatalogVariationTests.unit("x")) } } }",
         "unknown plural category 'few2' in 'saved.title' [de]; Xcode's are zero, one, two, few, many, other; did you mean 'few'?"),
        ("{ \"variations\" : { \"device\" : { \"iphne\" : \(StringCatalogVariationTests.unit("x")) } } }",
         "unknown device name 'iphne' in 'saved.title' [de]; Xcode's are iphone, ipod, ipad, mac, appletv, applewatch, applevision, other; did you mean 'iphone'?"),
        ("{ \"variations\" : { \"plural\" : { \"one\" : 3 } } }", "the plural 'one' of 'saved.title' [de] must be an object, not a number"),
        ("{ \"variations\" : { \"plural\" : { \"one\" : {} } } }", "the plural 'one' of 'saved.title' [de] needs a 'stringUnit'"),
        ("{ \"variations\" : { \"plural\" : { \"one\" : { \"stringUnit\" : { \"value\" : null } } } } }",
         "'stringUnit' of the plural 'one' of 'saved.title' [de] needs a string 'value'"),
        ("{ \"variations\" : { \"device\" : { \"mac\" : {} } } }",
         "the device 'mac' of 'saved.title' [de] needs a 'stringUnit' or plural 'variations'"),
        // Plural inside a device, never device inside a plural or a device.
        ("{ \"variations\" : { \"device\" : { \"mac\" : { \"variations\" : { \"device\" : { \"other\" : \(StringCatalogVariationTests.unit("x")) } } } } } }",
         "'variations' of 'saved.title' [de] device 'mac' must hold one of 'plural' (inside a device), not 'device'"),
        ("{ \"variations\" : { \"plural\" : { \"other\" : { \"variations\" : { \"device\" : {} } } } } }",
         "the plural 'other' of 'saved.title' [de] needs a 'stringUnit'"),
    ] as [(String, String)])
    func malformedVariationIsE600(_ localization: String, _ message: String) {
        let text = Self.catalog(localization)
        let read = Self.read(text)
        let e600 = read.diagnostics.filter { $0.code == "E600" }
        #expect(e600.map(\.message) == [message])
        if let d = e600.first {
            #expect(read.sources[d.range.file].path == "Localizable.xcstrings")
            #expect(Int(d.range.start) <= text.utf8.count)
            // Inside the localization (line 6 or later), not at the file's start.
            #expect(read.sources[d.range.file].location(of: d.range.start).line >= 6)
        }
    }

    /// Each variation is checked as a translation of its own: a missing plural form (W603) and a
    /// renamed placeholder (E601) at their variation, a `%@` that nothing fills (E601), and a
    /// `one` form may drop the count.
    @Test func checkReportsEachVariation() {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "saved.title" : {
                  "localizations" : {
                    "ru" : { "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "Одна заметка сохранена" } },
                      "few" : { "stringUnit" : { "state" : "translated", "value" : "\\\\(cuont) заметки сохранены" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "\\\\(count) заметок сохранено" } }
                    } } }
                  }
                },
                "sync.title" : {
                  "localizations" : {
                    "ru" : { "variations" : { "device" : {
                      "mac" : { "stringUnit" : { "state" : "translated", "value" : "Синхронизируйте %@" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "Синхронизируйте заметки" } }
                    } } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let read = Self.read(text)
        let rendered = read.diagnostics.map { d -> String in
            let file = read.sources[d.range.file]
            return "\(file.path):\(file.location(of: d.range.start).line) \(d.code) \(d.message)"
        }
        #expect(rendered == [
            "Localizable.xcstrings:7 W603 the 'ru' translation of 'saved.title' has no plural form 'many'",
            "Localizable.xcstrings:8 E601 the 'ru' translation of 'saved.title' (plural 'few') drops \\(count) and adds \\(cuont)",
            "Localizable.xcstrings:16 E601 the 'ru' translation of 'sync.title' (device 'mac') adds %@",
        ])
        #expect(read.diagnostics.first?.notes.first?.message == "'ru' uses one, few, many, other (CLDR); a count of that form shows 'other', or the default text")
    }

    /// A plural form the language never has, and device variations without `other`.
    @Test func unusedFormsAndNoOtherDevice() {
        let plural = Self.catalog(language: "ja", """
            { "variations" : { "plural" : { "one" : \(Self.unit("1件")), "other" : \(Self.unit("\\\\(count)件")) } } }
            """)
        #expect(Self.read(plural).diagnostics.filter { $0.code == "W603" }.map(\.message)
            == ["the 'ja' translation of 'saved.title' has plural form 'one', which 'ja' never uses"])
        let device = Self.catalog(key: "sync.title", """
            { "variations" : { "device" : { "mac" : \(Self.unit("Klicke")) } } }
            """)
        #expect(Self.read(device).diagnostics.filter { $0.code == "W603" }.map(\.message) == ["the 'de' translation of 'sync.title' varies by device without 'other'"])
    }

    /// What shows: the platform's device, else `other`; the count's form, else `other`.
    @Test(arguments: [
        ("iPadOS", nil, "iPad: viele"), ("iPadOS", "one", "iPad: eine"), ("iPadOS", "few", "iPad: viele"),
        ("iOS", "one", "Notizen"), ("macOS", nil, "Notizen"), ("unknown", nil, "Notizen"),
    ] as [(String, String?, String)])
    func showsTheDeviceAndForm(_ platform: String, _ plural: String?, _ shown: String) throws {
        let read = Self.read(Self.catalog(Self.shapes[3].localization))
        let entry = try #require(read.translations.entry(table: "Localizable", key: "saved.title", language: "de"))
        #expect(entry.text(device: Translations.Variation.device(platform: platform), plural: plural) == shown)
    }

    @Test func platformsNameXcodesDevices() {
        let names = ["iOS", "iPadOS", "macOS", "tvOS", "watchOS", "visionOS"].map { Translations.Variation.device(platform: $0) }
        #expect(names == ["iphone", "ipad", "mac", "appletv", "applewatch", "applevision"])
    }

    /// Export (and so import, which writes through it) keeps every variation as read.
    @Test func exportKeepsVariations() throws {
        for shape in Self.shapes.dropFirst() {
            let first = Self.read(Self.catalog(shape.localization))
            let strings = LocalizedString.collect(Self.checked().model)
            let text = StringsExport.xcstrings(strings, table: "Localizable", sourceLanguage: "en", translations: first.translations)
            let again = Self.read(text)
            let a = try #require(first.translations.entry(table: "Localizable", key: "saved.title", language: "de"))
            let b = try #require(again.translations.entry(table: "Localizable", key: "saved.title", language: "de"))
            #expect(a.variations.map { [$0.device, $0.plural, $0.value] } == b.variations.map { [$0.device, $0.plural, $0.value] }, "\(shape)")
            #expect(a.value == b.value)
        }
    }

    /// CLDR 44's cardinal rules, checked against the examples its chart publishes
    /// (unicode.org/cldr/charts/44/supplemental/language_plural_rules.html).
    @Test(arguments: [
        ("en", [0: "other", 1: "one", 2: "other", 11: "other", 21: "other"]),
        ("de", [1: "one", 2: "other", 0: "other"]),
        ("fr", [0: "one", 1: "one", 2: "other", 1_000_000: "many", 2_000_000: "many", 1_000_001: "other"]),
        ("es", [0: "other", 1: "one", 1_000_000: "many"]),
        ("pt-BR", [0: "one", 1: "one", 2: "other"]),
        ("ru", [1: "one", 21: "one", 101: "one", 2: "few", 24: "few", 5: "many", 11: "many", 12: "many", 112: "many", 0: "many"]),
        ("uk", [1: "one", 3: "few", 14: "many"]),
        ("pl", [1: "one", 2: "few", 22: "few", 12: "many", 5: "many", 21: "many", 0: "many"]),
        ("cs", [1: "one", 2: "few", 4: "few", 5: "other", 0: "other"]),
        ("ar", [0: "zero", 1: "one", 2: "two", 3: "few", 10: "few", 103: "few", 11: "many", 99: "many", 111: "many",
                100: "other", 102: "other"]),
        ("he", [1: "one", 2: "two", 3: "other", 10: "other", 20: "other", 0: "other"]),
        ("fa", [0: "one", 1: "one", 2: "other"]),
        ("ja", [0: "other", 1: "other", 2: "other"]),
        ("zh-Hans", [1: "other"]),
        ("xx", [1: "other"]),
    ] as [(String, [Int: String])])
    func cldrPluralCategories(_ language: String, _ cases: [Int: String]) {
        for (n, category) in cases {
            #expect(PluralRules.category(of: n, language: language) == category, "\(language) \(n)")
            #expect(PluralRules.forms(language).contains(category), "\(language) has \(category)")
        }
    }

    @Test func cldrFormsPerLanguage() {
        #expect(PluralRules.forms("en") == ["one", "other"])
        #expect(PluralRules.forms("ar_EG") == ["zero", "one", "two", "few", "many", "other"])
        #expect(PluralRules.forms("he") == ["one", "two", "other"])
        #expect(PluralRules.forms("ru") == ["one", "few", "many", "other"])
        #expect(PluralRules.forms("ja") == ["other"])
        #expect(PluralRules.forms("tlh") == ["other"])
    }
}
