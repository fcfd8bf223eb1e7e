import Testing
import TipsBytecode
@testable import TipsRuntime

/// `message ... when` and `action "id" when`: content(of:) shows an item only while its
/// condition holds on the store's platform and in the current state (Docs/runtime.md).
@Suite("Conditional content")
struct ConditionalContentTests {
    static let source = """
    param isPro: Bool = false
    event opened
    tip T {
        title "Search"
        message "Press ⌘K" when platform == macOS
        action "upgrade" when !isPro && platform != watchOS { title "Upgrade" }
        action "again" when count(opened) >= 2 { title "Again" }
        action "close" { title "Close" invalidate reason tipClosed }
    }
    tip R(kind: String) {
        id "r-\\(kind)"
        title "R \\(kind)"
        message "for \\(kind)" when platform == iOS || platform == iPadOS
        action "go" when isPro { title "Go" }
    }
    """

    func shown(_ f: Fixture, _ tip: TipKey = TipKey("T")) throws -> (message: String?, actions: [String]) {
        let c = try f.store.content(of: tip)
        return (c.message?.fallbackText, c.actions.map(\.id))
    }

    @Test(arguments: [
        (TipPlatform.macOS, "Press ⌘K", ["upgrade", "close"]),
        (.iOS, nil, ["upgrade", "close"]),
        (.watchOS, nil, ["close"]),
        (.visionOS, nil, ["upgrade", "close"]),
    ] as [(TipPlatform, String?, [String])])
    func platformDecides(platform: TipPlatform, message: String?, actions: [String]) throws {
        let f = try Fixture(Self.source)
        f.store.setPlatform(platform)
        #expect(f.store.platform == platform)
        let s = try shown(f)
        #expect(s.message == message)
        #expect(s.actions == actions)
    }

    @Test func stateDecidesAtTheTimeAsked() throws {
        let f = try Fixture(Self.source)
        f.store.setPlatform(.macOS)
        #expect(try shown(f).actions == ["upgrade", "close"])
        try f.store.setParameter(dynamic: "isPro", to: true)
        try f.store.donate(dynamic: "opened")
        #expect(try shown(f).actions == ["close"])
        try f.store.donate(dynamic: "opened")
        #expect(try shown(f).actions == ["again", "close"])
    }

    @Test func reusableTipsFillTheirTemplates() throws {
        let f = try Fixture(Self.source)
        let r = TipKey("R", arguments: ["kind": "photo"])
        f.store.setPlatform(.iPadOS)
        #expect(try shown(f, r).message == "for photo")
        #expect(try shown(f, r).actions == [])
        try f.store.setParameter(dynamic: "isPro", to: true)
        #expect(try shown(f, r).actions == ["go"])
        f.store.setPlatform(.tvOS)
        #expect(try shown(f, r).message == nil)
    }

    @Test func aHiddenActionCannotBePerformed() throws {
        let f = try Fixture(Self.source)
        f.store.setPlatform(.watchOS)
        #expect {
            try f.store.perform(action: "upgrade", of: TipKey("T"))
        } throws: { error in
            (error as? TipStoreError)?.message
                == "tip 'T' does not offer action 'upgrade' now: its 'when' condition is false on watchOS in the current state"
        }
        try f.store.perform(action: "close", of: TipKey("T"))
    }

    @Test func explanationSaysWhatIsShownAndWhy() throws {
        let f = try Fixture(Self.source)
        f.store.setPlatform(.iOS)
        let e = try f.store.explanation(of: TipKey("T"))
        #expect(e.conditionalContent.map(\.item) == ["message", "action \"upgrade\"", "action \"again\""])
        #expect(e.conditionalContent.map(\.shown) == [false, true, false])
        #expect(e.text.contains("  message: hidden (for macOS; the platform is iOS)"))
        #expect(e.text.contains("  action \"upgrade\": shown (for iOS, iPadOS, macOS, tvOS, visionOS; the platform is iOS; "
                                + "its condition on the state holds)"))
        #expect(e.text.contains("  action \"again\": hidden (its condition on the state is false)"))
        // A tip without conditions explains as before.
        let plain = try Fixture("tip P { title \"P\" message \"m\" }")
        #expect(try plain.store.explanation(of: TipKey("P")).conditionalContent.isEmpty)
    }

    @Test func theDefaultPlatformIsTheBuildsOwn() throws {
        let f = try Fixture(Self.source)
        #expect(f.store.platform == TipPlatform.current)
        #if os(Linux)
        #expect(TipPlatform.current == .iOS)
        #endif
    }

    @Test func bundlesWithoutConditionsKeepTheirVersion() throws {
        let plain = try compileBundle("tip T { title \"T\" message \"m\" action \"a\" { title \"A\" } }")
        #expect(plain[4] == 2)
        #expect(try compileBundle(Self.source)[4] == 5)
    }
}
