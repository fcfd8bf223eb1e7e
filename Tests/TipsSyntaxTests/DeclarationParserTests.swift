import Testing
import TipsSource
@testable import TipsSyntax

struct DeclarationParserTests {
    @Test(arguments: [
        ("config { displayFrequency daily donationLimit 500 donationMaxAge 90d }",
         "(config (displayFrequency daily) (donationLimit (int 500)) (donationMaxAge (duration 7776000000)))"),
        ("config { displayFrequency 36h }", "(config (displayFrequency (duration 129600000)))"),
        ("config { displayFrequency 1d * 2 }", "(config (displayFrequency (binary * (duration 86400000) (int 2))))"),
        ("config {}", "(config)"),
        ("enum Category { books, music, movies, }", "(enum Category books music movies)"),
        ("param hasSeenList: Bool = false", "(param hasSeenList Bool false)"),
        ("param name: String?", "(param name String?)"),
        ("transient param tags: Set<String> = [\"a\"]", "(transient-param tags Set<String> (set \"a\"))"),
        ("param tags: Set<String>? = nil", "(param tags Set<String>? nil)"),
        ("param tags: Set<String>= []", "(param tags Set<String> (set))"),
        ("param c: Category = .books", "(param c Category (case books))"),
        ("param d: Date = date(\"2026-01-01T00:00:00Z\")", "(param d Date (call date \"2026-01-01T00:00:00Z\"))"),
        ("event manualSave", "(event manualSave)"),
        ("let saves = 3", "(let saves (int 3))"),
        ("let window: Duration = 7d * 2", "(let window Duration (binary * (duration 604800000) (int 2)))"),
        ("param let: Bool = false", "(param let Bool false)"),
        ("event v(category: Category, price: Double,) limit 500 maxAge 30d",
         "(event v (field category Category) (field price Double) (limit (int 500)) (maxAge (duration 2592000000)))"),
        ("event e maxAge 1d", "(event e (maxAge (duration 86400000)))"),
        ("group Onboarding ordered { WelcomeTip, SearchTip, }", "(group Onboarding ordered WelcomeTip SearchTip)"),
        ("group G { A }", "(group G A)"),
        ("group G firstAvailable {}", "(group G firstAvailable)"),
        ("testing { showAll hideAll show A, B hide C }", "(testing showAll hideAll (show A B) (hide C))"),
        ("tip T { }", "(tip T)"),
        ("""
         tip NewItemTip(itemID: String, kind: Kind) {
             id "NewItemTip-\\(itemID)"
             title "New \\(kind)"
             message localized("tip.msg", table: "Tips", default: "Hi")
             image "star"
             rule count(v within 7d) >= 3
             invalidate when opened where id == 3 reason tipClosed
             invalidate when closed
             maxDisplayCount 3
             maxDisplayDuration 30s
             ignoresDisplayFrequency
             ignoresDisplayFrequency false
             action "open" {
                 title localized("open")
                 invalidate
                 invalidate reason tipClosed
                 set opened = true
                 donate v(category: .books, price: 2.5)
                 donate manualSave
                 donate e()
             }
         }
         """,
         "(tip NewItemTip (arg itemID String) (arg kind Kind) (id (string \"NewItemTip-\" \\(itemID))) "
         + "(title (string \"New \" \\(kind))) (message (localized \"tip.msg\" table \"Tips\" default \"Hi\")) "
         + "(image \"star\") (rule (binary >= (query count v within (duration 604800000)) (int 3))) "
         + "(invalidateWhen opened where (binary == (name id) (int 3)) reason tipClosed) (invalidateWhen closed) "
         + "(maxDisplayCount (int 3)) (maxDisplayDuration (duration 30000)) (ignoresDisplayFrequency true) "
         + "(ignoresDisplayFrequency false) (action \"open\" (title (localized \"open\")) (invalidate) "
         + "(invalidate tipClosed) (set opened true) (donate v (category (case books)) (price (double 2.5))) "
         + "(donate manualSave) (donate e)))"),
        ("tip T { title \"a\" rule a rule b }", "(tip T (title \"a\") (rule (name a)) (rule (name b)))"),
        // Contextual words are names outside their position.
        ("param title: Bool = true param rule: Int = 1 event count(within: Int)",
         "(param title Bool true) (param rule Int (int 1)) (event count (field within Int))"),
        ("tip rule { rule title && rule }", "(tip rule (rule (binary && (name title) (name rule))))"),
        // An item word starting a line is still a name where reading it so parses.
        ("tip T {\n rule a &&\n title\n}", "(tip T (rule (binary && (name a) (name title))))"),
        ("tip T {\n rule a &&\n rule == 3\n}", "(tip T (rule (binary && (name a) (binary == (name rule) (int 3)))))"),
    ])
    func declarations(source: String, expected: String) {
        let (result, file) = parse(source)
        #expect(SyntaxDump.file(result.tree) == expected)
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file) == [])
    }

    @Test func languageReferenceExampleParses() {
        let text = """
            // A complete, small catalog.
            config {
                displayFrequency daily
            }

            param hasSeenList: Bool = false
            event manualSave

            tip ShortcutTip {
                title "Save Faster"
                message "Press ⌘S to save without leaving the keyboard."
                image "keyboard"
                rule hasSeenList
                rule count(manualSave within 7d) >= 3
                maxDisplayCount 3
            }
            """
        let (result, file) = parse(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.tree.declarations.count == 4)
        #expect(result.tree.comments.map(\.text) == ["// A complete, small catalog."])
        guard case .tip(let tip)? = result.tree.declarations.last else {
            Issue.record("no tip")
            return
        }
        #expect(file.text(in: tip.range).hasPrefix("tip ShortcutTip {"))
        #expect(file.text(in: tip.range).hasSuffix("maxDisplayCount 3\n}"))
        #expect(tip.items.map { file.text(in: $0.range) } == [
            "title \"Save Faster\"", "message \"Press ⌘S to save without leaving the keyboard.\"",
            "image \"keyboard\"", "rule hasSeenList", "rule count(manualSave within 7d) >= 3", "maxDisplayCount 3",
        ])
    }

    @Test func declarationRangesCoverTheirText() {
        let text = "event e(a: Int) limit 5\ngroup G ordered { A }\nenum E { x }\ntransient param p: Int?"
        let (result, file) = parse(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.tree.declarations.map { file.text(in: $0.range) } == [
            "event e(a: Int) limit 5", "group G ordered { A }", "enum E { x }", "transient param p: Int?",
        ])
        guard case .group(let g) = result.tree.declarations[1] else { return }
        #expect(g.priorityRange.map { file.text(in: $0) } == "ordered")
    }
}
