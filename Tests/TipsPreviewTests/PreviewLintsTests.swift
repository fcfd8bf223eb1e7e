import Foundation
import Testing
import TipsPreview
import TipsSource

/// Browser measurements → diagnostics, without a browser: measurements written here for
/// the recipe catalog's cards, and the lints they must (and must not) give.
@Suite struct PreviewLintsTests {
    /// A measured box of one card's `role` in one setting.
    static func box(_ tip: String, _ role: String, locale: String = "en", width: String = "iPhone", size: String = "large",
                    presentation: String = "popover", scheme: String = "light", catalog: String? = nil,
                    across w: (Double, Double) = (300, 300), down h: (Double, Double) = (40, 40),
                    lineHeight: Double = 21.25) -> PreviewMeasurements.Measurement {
        .init(catalog: catalog ?? preview.name, tip: tip, locale: locale, width: width, size: size, scheme: scheme,
              presentation: presentation, role: role, clientWidth: w.1, scrollWidth: w.0, clientHeight: h.1,
              scrollHeight: h.0, lineHeight: lineHeight)
    }

    static let preview: CatalogPreview = try! PreviewFixture.recipePreview()

    struct Expected: Sendable {
        var code: String
        /// Part of the message.
        var message: String
        /// The file the diagnostic points at (its last path component) and the line.
        var file: String
        var line: Int
        /// Whether a note points at the `.tips` text.
        var noted = false
    }

    struct Row: Sendable, CustomStringConvertible {
        var name: String
        var measurements: [PreviewMeasurements.Measurement]
        var expected: [Expected]
        var description: String { name }
    }

    static let rows: [Row] = [
        Row(name: "a German action wider than its button, in both presentations",
            measurements: [box("SaveRecipeTip", "action:save", locale: "de", across: (267, 159)),
                           box("SaveRecipeTip", "action:save", locale: "de", presentation: "inline", across: (266, 159)),
                           box("SaveRecipeTip", "action:save", locale: "de", scheme: "dark", across: (267, 159))],
            expected: [Expected(code: "W500", message: "the title of action 'save' of tip 'SaveRecipeTip' is truncated in de at "
                                    + "iPhone width (popover and inline, large text): it needs 267 pt, its button has 159 pt",
                                file: "Localizable.xcstrings", line: 38, noted: true)]),
        Row(name: "within the tolerance: silent",
            measurements: [box("SaveRecipeTip", "action:save", locale: "de", across: (160, 159)),
                           box("SaveRecipeTip", "title", down: (43, 42.5))],
            expected: []),
        Row(name: "a title over its two lines, at the .tips text",
            measurements: [box("SaveRecipeTip", "title", down: (64, 42.5))],
            expected: [Expected(code: "W500", message: "the title of tip 'SaveRecipeTip' is truncated in en at iPhone width "
                                    + "(popover, large text): it takes 3 lines, 2 show", file: "recipes.tips", line: 10)]),
        Row(name: "no line budget at the accessibility size",
            measurements: [box("SaveRecipeTip", "title", size: "accessibility5", down: (400, 66), lineHeight: 66)],
            expected: []),
        Row(name: "a word too wide at the accessibility size; the card then stays silent",
            measurements: [box("SaveRecipeTip", "message", size: "accessibility5", across: (392, 329)),
                           box("SaveRecipeTip", "card", size: "accessibility5", across: (408, 361), lineHeight: 0)],
            expected: [Expected(code: "W501", message: "the message of tip 'SaveRecipeTip' is wider than its box in en at iPhone "
                                    + "width (popover, accessibility5 text): it needs 392 pt, its box has 329 pt",
                                file: "recipes.tips", line: 11)]),
        Row(name: "a card too wide with no text to blame",
            measurements: [box("TimerTip", "card", across: (380, 361), lineHeight: 0)],
            expected: [Expected(code: "W501", message: "the card of tip 'TimerTip' is wider than its box in en at iPhone width "
                                    + "(popover, large text): it needs 380 pt, the card is 361 pt", file: "recipes.tips", line: 25)]),
        Row(name: "an action at the accessibility size wraps, so only its width counts",
            measurements: [box("SaveRecipeTip", "action:later", size: "accessibility5", across: (300, 300), down: (132, 66))],
            expected: []),
        Row(name: "another catalog's measurements are not this one's",
            measurements: [box("SaveRecipeTip", "title", catalog: "Elsewhere", down: (64, 42.5))],
            expected: []),
    ]

    @Test(arguments: rows) func lints(_ row: Row) {
        let result = PreviewLints.lint(PreviewMeasurements(row.measurements), Self.preview)
        #expect(result.unmatched.isEmpty)
        #expect(result.diagnostics.count == row.expected.count, "\(result.diagnostics.map(\.message))")
        for (d, e) in zip(result.diagnostics, row.expected) {
            #expect(d.code == e.code && d.severity == .warning)
            #expect(d.message.contains(e.message), "\(d.message)")
            let file = Self.preview.sources[d.range.file]
            #expect(file.path.hasSuffix("/" + e.file))
            #expect(file.location(of: d.range.start).line == e.line)
            #expect((d.notes.first?.range.map { Self.preview.sources[$0.file].path.hasSuffix("recipes.tips") } ?? false) == e.noted)
        }
    }

    /// A measurement of a card or a text the preview does not have: named back, not linted.
    @Test func unmatchedMeasurements() {
        let result = PreviewLints.lint(PreviewMeasurements([
            Self.box("NoSuchTip", "title"),
            Self.box("SaveRecipeTip", "action:nope", across: (500, 100)),
            Self.box("SaveRecipeTip", "title", locale: "fr"),
        ]), Self.preview)
        #expect(result.diagnostics.isEmpty)
        #expect(result.unmatched == ["tip 'NoSuchTip' (en, iPhone, large, popover): title",
                                     "tip 'SaveRecipeTip' (en, iPhone, large, popover): action:nope",
                                     "tip 'SaveRecipeTip' (fr, iPhone, large, popover): title"])
    }

    /// The measurement file as the browser script writes it, and what is wrong with broken ones.
    @Test(arguments: [
        ("[", "not JSON"),
        ("{}", "expected an object with a 'measurements' array"),
        (#"{"measurements": [{"catalog": "c"}]}"#, "measurement 1: 'tip' must be a string"),
        (#"{"measurements": [{"catalog": "c", "tip": "t", "locale": "en", "width": "iPhone", "size": "large", "scheme": "light", "presentation": "popover", "role": "title", "clientWidth": 1, "scrollWidth": -2, "clientHeight": 1, "scrollHeight": 1, "lineHeight": 1}]}"#,
         "measurement 1: 'scrollWidth' must be a number, 0 or more"),
    ]) func brokenFiles(_ text: String, _ message: String) {
        #expect(throws: PreviewMeasurements.Failure.self) { try PreviewMeasurements.parse(Array(text.utf8)) }
        do throws(PreviewMeasurements.Failure) {
            _ = try PreviewMeasurements.parse(Array(text.utf8))
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test func readsWhatTheScriptWrites() throws {
        let text = #"{"measurements": [{"catalog": "c", "tip": "t", "locale": "de", "width": "iPad", "size": "accessibility5", "scheme": "dark", "presentation": "inline", "role": "action:go", "clientWidth": 159, "scrollWidth": 267.5, "clientHeight": 21, "scrollHeight": 21, "lineHeight": 21.25}]}"#
        let m = try PreviewMeasurements.parse(Array(text.utf8)).measurements
        #expect(m == [.init(catalog: "c", tip: "t", locale: "de", width: "iPad", size: "accessibility5", scheme: "dark",
                            presentation: "inline", role: "action:go", clientWidth: 159, scrollWidth: 267.5, clientHeight: 21,
                            scrollHeight: 21, lineHeight: 21.25)])
    }
}
