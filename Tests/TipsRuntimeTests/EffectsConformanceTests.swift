import Foundation
import Testing
@testable import TipsRuntime

/// Declared effects (actions, `invalidate when`) and resolved texts.
@Suite("Conformance: effects and texts")
struct EffectsConformanceTests {
    static let catalog = """
    enum Mode { rich, markdown }
    param mode: Mode = .rich
    param saves: Int = 0
    param lastExport: Date?
    event exported(format: String, pages: Int, mode: Mode)
    event shortcut(name: String)
    event sized(mb: Double, big: Bool)
    tip Markdown {
        title "Markdown"
        rule mode == .rich
        action "switch" {
            title "Switch"
            set mode = .markdown
            set saves = saves + 2
            set lastExport = now
            donate exported(format: "md", pages: saves * 10, mode: mode)
            invalidate
        }
        action "later" { title "Later" invalidate reason tipClosed }
        action "noop" { title "Nothing" }
    }
    tip Save {
        title "Save"
        invalidate when shortcut where name == "save"
    }
    tip Export {
        title "Export"
        invalidate when exported where format == "md" && pages >= 20 reason tipClosed
    }
    tip Big {
        title "Big"
        invalidate when sized where mb > 9 && !big
    }
    tip Item(id: String) {
        id "Item-\\(id)"
        title "Item \\(id)"
        invalidate when shortcut where name == "item"
    }
    """

    @Test("Actions: effects run in order, each seeing the previous: set (expression), donate (payload expressions), invalidate")
    func actionEffects() throws {
        let f = try Fixture(Self.catalog)
        let now = f.clock.now()
        try f.store.perform(action: "switch", of: "Markdown")
        #expect(try f.store.parameter(dynamic: "mode") == .enumCase("markdown"))
        #expect(try f.store.parameter(dynamic: "saves") == 2)
        #expect(try f.store.parameter(dynamic: "lastExport") == .date(now))
        #expect(try f.status("Markdown") == .invalidated(.actionPerformed))
        // The donation's payload was computed after the sets: pages = 2 * 10 → Export's trigger fired.
        #expect(try f.status("Export") == .invalidated(.tipClosed))
        #expect(try f.recordTypes() == ["param", "param", "param", "donate", "invalidate", "invalidate"])
        let donate = try #require(try f.journalLines().first { $0.contains(#""t":"donate""#) })
        #expect(donate.contains(#""payload":{"format":{"string":"md"},"mode":{"enum":"markdown"},"pages":{"int":20}}"#))
    }

    @Test("Actions: invalidate reason, an action without effects, and unknown actions")
    func actionVariants() throws {
        let f = try Fixture(Self.catalog)
        try f.store.perform(action: "noop", of: "Markdown")
        #expect(try f.recordTypes().isEmpty)
        try f.store.perform(action: "later", of: "Markdown")
        #expect(try f.status("Markdown") == .invalidated(.tipClosed))
        #expect(throws: TipStoreError(.unknownAction, "tip 'Markdown' has no action 'x' (actions: 'switch', 'later', 'noop')")) {
            try f.store.perform(action: "x", of: "Markdown")
        }
    }

    @Test("Triggers: invalidate when E fires on every donation of E, by the app or by an action")
    func triggerFires() throws {
        let f = try Fixture(Self.catalog)
        try f.store.donate(dynamic: "shortcut", ["name": "other"])
        #expect(try f.status("Save") == .available)
        try f.store.donate(dynamic: "shortcut", ["name": "save"])
        #expect(try f.status("Save") == .invalidated(.actionPerformed))
    }

    /// Payloads for `exported` and whether Export's filter (format == "md" && pages >= 20) matches.
    static let filterRows: [(String, Int64, Bool)] = [
        ("md", 20, true), ("md", 19, false), ("pdf", 50, false), ("mdx", 20, false), ("", 20, false),
    ]

    @Test("Triggers: the where filter decides (string equality, Int bounds inclusive)", arguments: filterRows)
    func triggerFilter(format: String, pages: Int64, fires: Bool) throws {
        let f = try Fixture(Self.catalog)
        try f.store.donate(dynamic: "exported", ["format": .string(format), "pages": .int(pages), "mode": .enumCase("rich")])
        #expect(try f.status("Export") == (fires ? .invalidated(.tipClosed) : .available))
    }

    @Test("Triggers: Double fields and bare Bool negation in filters")
    func triggerDoubleAndBool() throws {
        let f = try Fixture(Self.catalog)
        try f.store.donate(dynamic: "sized", ["mb": 9.0, "big": false])
        #expect(try f.status("Big") == .available)
        try f.store.donate(dynamic: "sized", ["mb": 9.5, "big": true])
        #expect(try f.status("Big") == .available)
        try f.store.donate(dynamic: "sized", ["mb": 10, "big": false])   // Int literal promoted
        #expect(try f.status("Big") == .invalidated(.actionPerformed))
    }

    @Test("Triggers: on a reusable tip, every instance the store knows is invalidated")
    func triggerReusable() throws {
        let f = try Fixture(Self.catalog)
        let a = TipKey("Item", arguments: ["id": "a"]), b = TipKey("Item", arguments: ["id": "b"])
        #expect(try f.status(a) == .available)
        try f.store.presentationBegan(b)
        try f.store.presentationEnded(b)
        try f.reopen()
        #expect(try f.status(a) == .available)   // addressed again in this run
        try f.store.donate(dynamic: "shortcut", ["name": "item"])
        #expect(try f.status(a) == .invalidated(.actionPerformed))
        #expect(try f.status(b) == .invalidated(.actionPerformed))   // known from the journal
    }

    @Test("Texts: templates filled from arguments; localized texts give key, table and fallback")
    func texts() throws {
        let f = try Fixture("""
        tip T(name: String, n: Int) {
            id "T-\\(n)"
            title localized("tip.\\(n).title", table: "Tips", default: "Hello \\(name)")
            message localized("tip.message")
            image "star"
            action "open" { title "Open \\(name)" }
        }
        tip P { title "Plain ✍️\\u{1F389}" message "Line\\nTwo" }
        """)
        let c = try f.store.content(of: TipKey("T", arguments: ["name": "Ann", "n": 7]))
        #expect(c.id == "T-7")
        #expect(c.title == .localized(key: "tip.7.title", table: "Tips", fallback: "Hello Ann"))
        #expect(c.message == .localized(key: "tip.message", table: nil, fallback: nil))
        #expect(c.message?.fallbackText == "tip.message")
        #expect(c.title.resolved { key, table in key == "tip.7.title" && table == "Tips" ? "Hallo Ann" : nil } == "Hallo Ann")
        #expect(c.title.resolved { _, _ in nil } == "Hello Ann")
        #expect(c.image == "star")
        #expect(c.actions == [TipActionContent(id: "open", title: .plain("Open Ann"))])
        let p = try f.store.content(of: "P")
        #expect(p.title.fallbackText == "Plain ✍️🎉")
        #expect(p.message?.fallbackText == "Line\nTwo")
        #expect(p.image == nil && p.actions.isEmpty)
    }
}
