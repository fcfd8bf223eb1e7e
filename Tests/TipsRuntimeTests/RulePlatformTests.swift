import Testing
@testable import TipsRuntime

/// `rule platform == macOS` (issue 20 item 1): a tip's eligibility follows the store's
/// platform, which the app (or a test) may change; observers and explanations follow.
@Suite("Rules that test the platform")
struct RulePlatformTests {
    static let source = """
    event opened
    tip MacTip {
        title "Menu bar"
        rule platform == macOS
    }
    tip TouchTip {
        title "Swipe"
        rule platform == iOS || platform == iPadOS || count(opened) >= 2
    }
    """

    @Test(arguments: [
        (TipPlatform.macOS, TipStatus.available, TipStatus.pending),
        (.iOS, .pending, .available),
        (.iPadOS, .pending, .available),
        (.watchOS, .pending, .pending),
    ] as [(TipPlatform, TipStatus, TipStatus)])
    func eligibilityFollowsThePlatform(_ platform: TipPlatform, _ mac: TipStatus, _ touch: TipStatus) throws {
        let f = try Fixture(Self.source)
        f.store.setPlatform(platform)
        #expect(try f.status(TipKey("MacTip")) == mac)
        #expect(try f.status(TipKey("TouchTip")) == touch)
    }

    @Test func changingThePlatformChangesTheStatusAtOnce() throws {
        let f = try Fixture(Self.source)
        f.store.setPlatform(.iOS)
        #expect(try f.status(TipKey("MacTip")) == .pending)
        f.store.setPlatform(.macOS)
        #expect(try f.status(TipKey("MacTip")) == .available)
        try f.store.donate(dynamic: "opened")
        try f.store.donate(dynamic: "opened")
        #expect(try f.status(TipKey("TouchTip")) == .available)
    }

    @Test func theExplanationShowsThePlatformTest() throws {
        let f = try Fixture(Self.source)
        f.store.setPlatform(.tvOS)
        let text = try f.store.explanation(of: TipKey("MacTip")).text
        #expect(text.contains("platform == macOS"), "\(text)")
        #expect(text.contains("pending"), "\(text)")
        f.store.setPlatform(.macOS)
        let now = try f.store.explanation(of: TipKey("MacTip")).text
        #expect(now.contains("available"), "\(now)")
    }
}
