import Foundation
import Testing
import TipsJournal
@testable import TipsRuntime

/// When a held-out tip's exposure is recorded: at the first store call that finds it would
/// be available, whatever made it so (a donation, time ending a cooldown), and only once;
/// and how explain and conversions speak of the holdout (Docs/runtime.md, "Experiments").
@Suite struct HoldoutExposureTests {
    /// SearchTip as in `ExperimentTests` (install-5 is in its holdout), behind a daily
    /// cooldown that WelcomeTip's first presentation starts, and a rule on `opened`.
    static let source = """
    config { displayFrequency daily }
    event opened
    event searched
    tip WelcomeTip {
        title "Welcome"
    }
    tip SearchTip {
        title "Search your notes"
        rule count(opened) >= 1
        goal searched within 1d
        experiment copy {
            holdout 10%
            variant short 45% {
                title "Find any note"
            }
            variant long 45% {
                title "Find any note by a word"
            }
        }
    }
    """

    func exposures(_ f: Fixture) throws -> Int { try f.recordTypes().filter { $0 == "exposure" }.count }

    @Test func aDonationThatMakesItEligibleRecordsTheExposure() throws {
        let f = try Fixture(Self.source)
        try f.store.setInstallIdentifier("install-5")
        for _ in 0..<3 { #expect(try f.status("SearchTip") == .pending) }
        #expect(try exposures(f) == 0)
        try f.store.donate(dynamic: "opened")
        #expect(try exposures(f) == 1)
        for _ in 0..<3 { _ = try f.status("SearchTip") }
        try f.store.donate(dynamic: "opened")
        #expect(try exposures(f) == 1)
    }

    /// Only time moves between the two reads: the cooldown's end alone makes it due.
    @Test func timeEndingTheCooldownRecordsTheExposure() throws {
        let f = try Fixture(Self.source)
        try f.store.setInstallIdentifier("install-5")
        try f.store.presentationBegan("WelcomeTip")
        try f.store.presentationEnded("WelcomeTip")
        try f.store.donate(dynamic: "opened")
        #expect(try exposures(f) == 0)
        f.clock.advance(by: 23 * hour)
        _ = try f.status("WelcomeTip")
        #expect(try exposures(f) == 0)
        f.clock.advance(by: 2 * hour)
        _ = try f.status("WelcomeTip")
        #expect(try exposures(f) == 1)
    }

    @Test func aVariantInstallRecordsNoExposureUntilShown() throws {
        let f = try Fixture(Self.source)
        try f.store.setInstallIdentifier("install-0")
        try f.store.donate(dynamic: "opened")
        #expect(try f.status("SearchTip") == .available)
        #expect(try exposures(f) == 0)
    }

    /// A new identifier from the app moves the tip into the holdout: the next call exposes it.
    @Test func anIdentifierMovingTheTipIntoTheHoldoutExposesIt() throws {
        let f = try Fixture(Self.source)
        try f.store.setInstallIdentifier("install-0")
        try f.store.donate(dynamic: "opened")
        #expect(try exposures(f) == 0)
        try f.store.setInstallIdentifier("install-5")
        #expect(try exposures(f) == 1)
    }

    @Test func explainSaysTheHoldoutAndNotWhichInputsMustChange() throws {
        let f = try Fixture(Self.source)
        try f.store.setInstallIdentifier("install-5")
        try f.store.donate(dynamic: "opened")
        let text = try f.store.explanation(of: "SearchTip").text
        #expect(text.contains("next: never by time alone: in the holdout of experiment copy: this install is never shown it"))
        #expect(!text.contains("next: not by time alone"))
    }

    @Test func aHoldoutConversionCountsFromTheExposure() throws {
        let f = try Fixture(Self.source)
        try f.store.setInstallIdentifier("install-5")
        try f.store.donate(dynamic: "opened")
        f.clock.advance(by: hour)
        try f.store.donate(dynamic: "searched")
        let c = try #require(try f.store.conversion(of: "SearchTip"))
        #expect(c.isConverted && c.startsAtExposure)
        #expect(c.summary(at: f.clock.now()).hasSuffix("1h after the holdout exposure"))
        let json = String(decoding: try JSONEncoder().encode(c), as: UTF8.self)
        #expect(json.contains("\"startsAtExposure\":true"))
    }

    @Test func aShownTipsConversionCountsFromItsFirstPresentation() throws {
        let f = try Fixture(Self.source)
        try f.store.setInstallIdentifier("install-0")
        try f.store.donate(dynamic: "opened")
        try f.store.presentationBegan("SearchTip")
        f.clock.advance(by: hour)
        try f.store.donate(dynamic: "searched")
        let c = try #require(try f.store.conversion(of: "SearchTip"))
        #expect(c.isConverted && !c.startsAtExposure)
        #expect(c.summary(at: f.clock.now()).contains("1h after first shown"))
        let json = String(decoding: try JSONEncoder().encode(c), as: UTF8.self)
        #expect(!json.contains("startsAtExposure"))
    }

    @Test(arguments: [(true, "short (bucket 1509 of 10000)"),
                      (false, "short (bucket 1509 of 10000; no install identifier recorded yet (the app draws one at first launch): this is the empty identifier's side)")])
    func theReasonSaysWhenNoIdentifierExistsYet(known: Bool, reason: String) throws {
        var a = VariantAssignment(experiment: "copy", variant: "short", bucket: 1509, holdoutShare: 1000, source: .bucket)
        a.installKnown = known
        #expect(a.reason == reason)
        let json = String(decoding: try JSONEncoder().encode(a), as: UTF8.self)
        #expect(json.contains("\"installKnown\":false") == !known)
    }
}
