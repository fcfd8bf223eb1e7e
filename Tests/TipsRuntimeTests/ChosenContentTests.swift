import Testing
import TipsBytecode
@testable import TipsRuntime

/// Several `message` (and `image`) lines: content(of:) shows the first whose condition holds
/// on the store's platform and in the current state, and the explanation says which and why.
@Suite("Chosen content")
struct ChosenContentTests {
    static let source = """
    param isPro: Bool = false
    tip SyncTip {
        title "Sync Your Recipes"
        message "Press ⌘S to sync." when platform == macOS
        message "Pull down to sync." when platform == iOS || platform == iPadOS
        message "Sync starts on its own."
        image "laptopcomputer" when platform == macOS
        image asset "Phone"
    }
    tip ProTip {
        title "Go Further"
        message "Thanks for going Pro." when isPro
        message "Pro syncs every device." when platform != watchOS
    }
    tip IngredientTip(ingredient: String, symbol: String) {
        id "IngredientTip-\\(ingredient)"
        title "About \\(ingredient)"
        message "Tap to swap \\(ingredient)." when platform == macOS
        message "Swipe to swap \\(ingredient)."
        image "\\(symbol)"
    }
    """

    static func shown(_ f: Fixture, _ tip: TipKey) throws -> (message: String?, image: String?, kind: TipImageKind) {
        let c = try f.store.content(of: tip)
        return (c.message?.fallbackText, c.image, c.imageKind)
    }

    @Test(arguments: [
        (TipPlatform.macOS, "Press ⌘S to sync.", "laptopcomputer", TipImageKind.symbol),
        (.iOS, "Pull down to sync.", "Phone", .asset),
        (.iPadOS, "Pull down to sync.", "Phone", .asset),
        (.watchOS, "Sync starts on its own.", "Phone", .asset),
        (.visionOS, "Sync starts on its own.", "Phone", .asset),
    ] as [(TipPlatform, String, String, TipImageKind)])
    func platformChooses(platform: TipPlatform, message: String, image: String, kind: TipImageKind) throws {
        let f = try Fixture(Self.source)
        f.store.setPlatform(platform)
        let s = try Self.shown(f, TipKey("SyncTip"))
        #expect(s.message == message)
        #expect(s.image == image)
        #expect(s.kind == kind)
    }

    @Test func stateChoosesAtTheTimeAsked() throws {
        let f = try Fixture(Self.source)
        f.store.setPlatform(.iOS)
        #expect(try Self.shown(f, TipKey("ProTip")).message == "Pro syncs every device.")
        try f.store.setParameter(dynamic: "isPro", to: true)
        #expect(try Self.shown(f, TipKey("ProTip")).message == "Thanks for going Pro.")
        try f.store.setParameter(dynamic: "isPro", to: false)
        f.store.setPlatform(.watchOS)
        // No fallback and no condition holds: no message, as with one conditional message.
        #expect(try Self.shown(f, TipKey("ProTip")).message == nil)
    }

    @Test func imageTemplatesAreFilledPerInstance() throws {
        let f = try Fixture(Self.source)
        f.store.setPlatform(.iOS)
        let carrot = try Self.shown(f, TipKey("IngredientTip", arguments: ["ingredient": "carrot", "symbol": "carrot.fill"]))
        let fish = try Self.shown(f, TipKey("IngredientTip", arguments: ["ingredient": "fish", "symbol": "fish"]))
        #expect(carrot.image == "carrot.fill" && carrot.kind == .symbol)
        #expect(fish.image == "fish")
        #expect(carrot.message == "Swipe to swap carrot.")
        f.store.setPlatform(.macOS)
        #expect(try Self.shown(f, TipKey("IngredientTip", arguments: ["ingredient": "fish", "symbol": "fish"])).message
            == "Tap to swap fish.")
    }

    @Test func explanationSaysWhichAndWhy() throws {
        let f = try Fixture(Self.source)
        f.store.setPlatform(.iOS)
        let e = try f.store.explanation(of: TipKey("SyncTip"))
        #expect(e.conditionalContent.map(\.item) == ["message", "image"])
        #expect(e.text.contains("  message: shown (message 2 of 3: for iOS, iPadOS; the platform is iOS; message 1 does not hold)"),
                "\(e.text)")
        #expect(e.text.contains("  image: shown (image 2 of 2: the fallback: no condition before it holds)"), "\(e.text)")
        f.store.setPlatform(.watchOS)
        let none = try f.store.explanation(of: TipKey("ProTip"))
        #expect(none.text.contains("  message: hidden (none of the 2 messages' conditions holds; the platform is watchOS)"),
                "\(none.text)")
        try f.store.setParameter(dynamic: "isPro", to: true)
        let pro = try f.store.explanation(of: TipKey("ProTip"))
        #expect(pro.text.contains("  message: shown (message 1 of 2: its condition on the state holds)"), "\(pro.text)")
    }

    @Test func aVariantReplacesAllMessages() throws {
        let f = try Fixture("""
            tip V {
                title "V"
                message "mac" when platform == macOS
                message "other"
                experiment copy {
                    variant short 50% {
                        message "Short."
                    }
                    variant brief 50% {
                        message "Short."
                    }
                }
            }
            """)
        for platform in [TipPlatform.macOS, .iOS] {
            f.store.setPlatform(platform)
            #expect(try f.store.content(of: TipKey("V")).message?.fallbackText == "Short.")
        }
        let e = try f.store.explanation(of: TipKey("V"))
        #expect(e.text.contains("  message: shown (variant short's message replaces all 2)")
                || e.text.contains("  message: shown (variant brief's message replaces all 2)"), "\(e.text)")
    }

    @Test func onlyChoosingBundlesUseTheNewVersion() throws {
        #expect(try compileBundle("tip T { title \"T\" message \"m\" when platform == macOS image \"star\" }")[4] == 5)
        #expect(try compileBundle("tip T { title \"T\" message \"m\" image \"star\" when platform == macOS }")[4] == 13)
        #expect(try compileBundle("tip T { title \"T\" message \"a\" when platform == macOS message \"b\" }")[4] == 13)
        #expect(try compileBundle("tip T(s: String) { id \"T-\\(s)\" title \"T\" image \"\\(s)\" }")[4] == 13)
    }
}
