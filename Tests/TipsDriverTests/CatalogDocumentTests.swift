import Foundation
import Testing
import TipsCheck
import TipsDriver
import TipsSource
import TipsTestSupport

/// `tipc doc`'s document: rules worded from the checked model (table), copy and structure,
/// escaping in both renderings, and the notes-app catalog as goldens.
@Suite struct CatalogDocumentTests {
    static let declarations = """
        enum Mode { rich, plain }
        param hasSeenList: Bool = false
        param mode: Mode = .rich
        param count: Int = 0
        param tags: Set<String> = []
        param launch: Date = date("2026-03-02T09:00:00Z")
        param streak: Int?
        event manualSave
        event edited(mode: Mode, words: Int)
        event tagAdded(tag: String)

        """

    /// (a rule as written, how the document words it).
    static let rules: [(String, String)] = [
        ("hasSeenList", "hasSeenList is on"),
        ("!hasSeenList", "hasSeenList is off"),
        ("count(manualSave within 7d) >= 3", "at least 3 manualSave events in the last 7d"),
        ("3 <= count(manualSave within 1w)", "at least 3 manualSave events in the last 7d"),
        ("count(manualSave) == 0", "no manualSave events"),
        ("count(edited where mode == .rich && words >= 200 within 2w) > 1",
         "more than 1 edited events where mode is .rich and words is at least 200 in the last 14d"),
        ("largestGroup(tagAdded by tag within 30d) >= 3", "the most tagAdded events in the last 30d with one tag is at least 3"),
        ("mode != .plain", "mode is not .plain"),
        ("hasSeenList && count > 5", "hasSeenList is on, and count is more than 5"),
        ("hasSeenList || (count > 5 && !hasSeenList)", "either hasSeenList is on, or (count is more than 5, and hasSeenList is off)"),
        ("now >= launch", "from launch on"),
        ("now < date(\"2026-06-01T00:00:00Z\")", "before 2026-06-01T00:00:00Z"),
        ("tags.contains(\"work\")", "tags contains \"work\""),
        ("tags.isEmpty", "tags is empty"),
        ("streak ?? 0 >= 3", "streak (0 when not set) is at least 3"),
        ("count / 2 >= 10", "count divided by 2 is at least 10"),
        ("platform == macOS", "on macOS"),
    ]

    static func model(_ source: String) throws -> CatalogModel {
        var set = SourceSet()
        set.add(path: "c.tips", text: source)
        let checked = CheckedCatalog(set)
        #expect(checked.errors.isEmpty, "\(checked.errors.map(\.message))")
        return checked.model
    }

    @Test(arguments: rules)
    func rulesInPlainLanguage(rule: String, words: String) throws {
        let model = try Self.model(Self.declarations + "tip T {\n    title \"T\"\n    rule \(rule)\n}\n")
        let tip = try #require(model.tips.first)
        #expect(RuleWording(model: model, tip: tip).condition(try #require(tip.rules.first)) == words)
    }

    static let tip = """
        tip NewThing(itemID: String) {
            id "NewThing-\\(itemID)"
            title "New: \\(itemID)"
            message "Type **bold** <b>or</b> #tags\\nsecond line"
            image "sparkles"
            rule hasSeenList
            action "open" {
                title "Open"
                set mode = .plain
                invalidate
            }
            invalidate when tagAdded where tag == "x"
            maxDisplayCount 2
            maxDisplayDuration 1m
        }
        group G ordered { NewThing }
        """

    @Test func copyLimitsEndsAndGroups() throws {
        let doc = CatalogDocument(model: try Self.model(Self.declarations + Self.tip), title: "cat")
        let t = try #require(doc.tips.first)
        #expect(t.arguments == ["itemID: String"])
        #expect(t.title == "New: {itemID}")
        #expect(t.actions.map(\.does) == ["sets mode to .plain; ends the tip (the user did what it teaches)"])
        #expect(t.group == "G, 1 of 1 (ordered)")
        #expect(t.limits == ["Shown at most 2 times.", "On screen for at most 1m in all."])
        #expect(t.ends == ["When tagAdded happens where tag is \"x\" (the user did what it teaches).", "When the user presses \"Open\"."])
        // Markdown shows the copy as typed, HTML escapes it; neither runs anything.
        #expect(doc.markdown.contains("- **Message:** Type \\*\\*bold\\*\\* \\<b\\>or\\</b\\> \\#tags<br>second line\n"))
        #expect(doc.html.contains("<dd>Type **bold** &lt;b&gt;or&lt;/b&gt; #tags\nsecond line</dd>"))
        #expect(!doc.html.contains("<script") && !doc.html.contains("src="))
    }

    @Test func budgetsPrioritiesAndTogether() throws {
        let source = """
            config {
                displayBudget 1 per day
                displayBudget 3 per launch
            }
            tip WelcomeTip {
                title "Welcome"
                ignoresDisplayBudget
            }
            tip ScanTip {
                title "Scan"
                priority 10
            }
            tip LaterTip {
                title "Later"
                priority -5
            }
            group Onboarding ordered together { WelcomeTip, ScanTip }
            """
        let doc = CatalogDocument(model: try Self.model(source), title: "cat")
        #expect(doc.settings.contains("At most 1 tip a day (exempt: WelcomeTip); every display counts, first or repeat."))
        #expect(doc.settings.contains("At most 3 tips a launch (exempt: WelcomeTip); every display counts, first or repeat."))
        #expect(doc.tips[0].limits == ["Never held back by the display budget, and its displays use none of it."])
        #expect(doc.tips[1].limits == ["Priority 10: takes the day's budget before lower-priority tips."])
        #expect(doc.tips[2].limits == ["Priority -5: leaves the day's budget to higher-priority tips first."])
        #expect(doc.groups.first?.picks.contains("; Onboarding flows as one unit: once one member has shown") == true)
        // Without a budget the options do nothing (W134), and the document says nothing of them.
        let plain = CatalogDocument(model: try Self.model("tip T {\n title \"T\"\n priority 3\n ignoresDisplayBudget\n}\n"),
                                    title: "cat")
        #expect(plain.tips[0].limits.isEmpty)
        #expect(!plain.settings.contains { $0.hasPrefix("At most") })
    }

    @Test func aRenewalIsALimitInWords() throws {
        let doc = CatalogDocument(model: try Self.model("tip T {\n title \"T\"\n resetEligibility after 8w\n}\n"), title: "cat")
        #expect(doc.tips[0].limits == ["Comes back 56d after it ends (closed, its action taken or its limits reached), "
                                       + "under its rules (resetEligibility after 56d)."])
    }

    @Test func changesAreListed() throws {
        var doc = CatalogDocument(model: try Self.model(Self.declarations + Self.tip), title: "cat", changes: [])
        #expect(doc.markdown.contains("## Changes\n\nNo changes"))
        doc.changes = nil
        #expect(!doc.markdown.contains("## Changes"))
    }

    /// The notes-app catalog's document, both renderings: a change in wording shows in review.
    @Test func notesAppGoldens() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        guard case .success(let sources) = CatalogLoader.loadSingle(root.appendingPathComponent("Definitions/notes-app").path) else {
            Issue.record("cannot load Definitions/notes-app")
            return
        }
        let checked = CheckedCatalog(sources)
        #expect(checked.errors.isEmpty)
        let doc = CatalogDocument(model: checked.model, title: "Definitions/notes-app")
        #expect(doc.tips.count == checked.model.tips.count)
        expectGolden(doc.markdown, "doc/notes-app.md")
        expectGolden(doc.html, "doc/notes-app.html")
    }

    /// A tip that chooses: every alternative, with its condition in words, the fallback last.
    @Test func chosenMessagesAndImagesAreListed() throws {
        let source = """
            param isPro: Bool = false
            tip SyncTip(symbol: String) {
                id "SyncTip-\\(symbol)"
                title "Sync"
                message "Press ⌘S." when platform == macOS
                message "Pro syncs at once." when isPro
                message "Pull down."
                image asset "MacHero" when platform == macOS
                image "\\(symbol)"
            }
            """
        let doc = CatalogDocument(model: try Self.model(source), title: "cat")
        #expect(doc.tips[0].message == "Press ⌘S. (on macOS); Pro syncs at once. (when isPro is on); otherwise Pull down.",
                "\(doc.tips[0].message ?? "nil")")
        #expect(doc.tips[0].image == "asset MacHero (on macOS); otherwise \\(symbol)", "\(doc.tips[0].image ?? "nil")")
    }
}
