import Foundation
import Testing
@testable import TipsRuntime

/// Semantics page, "Display accounting" and the reset rules.
@Suite("Conformance: display accounting")
struct DisplayConformanceTests {
    @Test("Display: one presentation is one display, however often its begin is reported")
    func onePresentationOneDisplay() throws {
        let f = try Fixture(#"tip T { title "T" }"#)
        try f.store.presentationBegan("T")
        try f.store.presentationBegan("T")
        try f.store.presentationBegan("T")
        #expect(try f.store.report(of: "T").displayCount == 1)
        #expect(try f.recordTypes() == ["displayBegan"])
        try f.store.presentationEnded("T")
        try f.store.presentationEnded("T")
        #expect(try f.recordTypes() == ["displayBegan", "displayEnded"])
    }

    static let counted = """
    param on: Bool = true
    tip T { title "T" rule on maxDisplayCount 2 }
    """

    @Test("MaxDisplayCount(n): the count increments when a presentation begins")
    func countIncrementsOnBegin() throws {
        let f = try Fixture(Self.counted)
        try f.store.presentationBegan("T")
        #expect(try f.store.report(of: "T").displayCount == 1)
        #expect(try f.store.report(of: "T").isDisplayed)
    }

    @Test("MaxDisplayCount(n): the n-th presentation runs to its end, then invalidated(displayCountExceeded)")
    func nthPresentationRunsToItsEnd() throws {
        let f = try Fixture(Self.counted)
        try f.store.presentationBegan("T")
        try f.store.presentationEnded("T")
        #expect(try f.status("T") == .available)
        try f.store.presentationBegan("T")
        f.clock.advance(hours: 5)
        #expect(try f.status("T") == .available)   // the 2nd presentation is still running
        try f.store.presentationEnded("T")
        #expect(try f.status("T") == .invalidated(.displayCountExceeded))
        #expect(try f.recordTypes().suffix(2) == ["displayEnded", "invalidate"])
    }

    static let timed = """
    tip T { title "T" maxDisplayDuration 5m }
    """

    @Test("MaxDisplayDuration(d): display time is cumulative across presentations and launches")
    func cumulativeAcrossLaunches() throws {
        let f = try Fixture(Self.timed)
        let t0 = f.clock.now()
        try f.store.presentationBegan("T")
        f.clock.advance(minutes: 2)
        try f.store.presentationEnded("T")
        try f.reopen()
        try f.store.presentationBegan("T")
        f.clock.advance(minutes: 2)
        try f.store.presentationEnded("T")
        #expect(try f.store.report(of: "T").displayMilliseconds == 4 * minute)
        #expect(try f.status("T") == .available)
        try f.reopen()
        try f.store.presentationBegan("T")
        let began = f.clock.now()
        f.clock.advance(to: began + minute - 1)
        #expect(try f.status("T") == .available)
        f.clock.advance(to: began + minute)
        #expect(try f.status("T") == .invalidated(.displayDurationExceeded))
        _ = t0
    }

    @Test("MaxDisplayDuration(d): while displayed, invalidated only once the current presentation has lasted 60 s")
    func sixtySecondMinimum() throws {
        let f = try Fixture(Self.timed)
        try f.store.presentationBegan("T")
        f.clock.advance(by: 4 * minute + 50 * second)
        try f.store.presentationEnded("T")
        try f.store.presentationBegan("T")
        let began = f.clock.now()
        f.clock.advance(by: 10 * second)      // cumulative 5m reached ...
        #expect(try f.status("T") == .available)
        f.clock.advance(to: began + 60 * second - 1)
        #expect(try f.status("T") == .available)
        f.clock.advance(to: began + 60 * second)   // ... and now 60 s into this presentation
        #expect(try f.status("T") == .invalidated(.displayDurationExceeded))
    }

    @Test("MaxDisplayDuration(d): a presentation ending with the cumulative time at or past d invalidates then")
    func endPastLimit() throws {
        let f = try Fixture(Self.timed)
        try f.store.presentationBegan("T")
        f.clock.advance(by: 4 * minute + 50 * second)
        try f.store.presentationEnded("T")
        try f.store.presentationBegan("T")
        f.clock.advance(by: 30 * second)
        #expect(try f.status("T") == .available)
        try f.store.presentationEnded("T")
        #expect(try f.status("T") == .invalidated(.displayDurationExceeded))
    }

    @Test("MaxDisplayDuration(d): exactly d at the end of a presentation invalidates")
    func endExactlyAtLimit() throws {
        let f = try Fixture(Self.timed)
        try f.store.presentationBegan("T")
        f.clock.advance(by: 5 * minute - 1)
        #expect(try f.status("T") == .available)
        try f.store.presentationEnded("T")
        #expect(try f.status("T") == .available)
        try f.store.presentationBegan("T")
        f.clock.advance(by: 1)
        try f.store.presentationEnded("T")
        #expect(try f.status("T") == .invalidated(.displayDurationExceeded))
    }

    @Test("MaxDisplayDuration(d): the limit reached while displayed is written to the journal with nobody asking")
    func durationRecordedByTimeAlone() throws {
        let f = try Fixture(Self.timed)
        try f.store.presentationBegan("T")
        let began = f.clock.now()
        f.clock.advance(hours: 1)
        #expect(try f.recordTypes() == ["displayBegan", "invalidate"])
        let line = try #require(try f.journalLines().last)
        #expect(line.contains(#""at":\#(began + 5 * minute),"tip":"T","reason":"displayDurationExceeded""#))
    }

    @Test("Display: a presentation a previous run left open is ended on open, crediting no time")
    func openPresentationEndedOnOpen() throws {
        let f = try Fixture(Self.counted)
        try f.store.presentationBegan("T")
        try f.store.presentationEnded("T")
        try f.store.presentationBegan("T")
        f.clock.advance(hours: 1)
        try f.reopen(killed: true)   // the app died while showing the tip
        #expect(try f.store.report(of: "T").isDisplayed == false)
        #expect(try f.store.report(of: "T").displayMilliseconds == 0)
        #expect(try f.status("T") == .invalidated(.displayCountExceeded))
    }

    @Test("Invalidation is permanent: later rule changes do not revive the tip")
    func invalidationPermanent() throws {
        let f = try Fixture(Self.counted)
        try f.store.invalidate("T", reason: .actionPerformed)
        try f.store.setParameter(dynamic: "on", to: false)
        try f.store.setParameter(dynamic: "on", to: true)
        f.clock.advance(days: 400)
        #expect(try f.status("T") == .invalidated(.actionPerformed))
        try f.store.invalidate("T", reason: .tipClosed)   // the first reason is kept
        try f.reopen()
        #expect(try f.status("T") == .invalidated(.actionPerformed))
    }

    @Test("resetEligibility: returns the tip to rule evaluation, keeping donations, parameters and display counts")
    func resetEligibilityKeeps() throws {
        let f = try Fixture("""
        param on: Bool = false
        event e
        tip T { title "T" rule on && count(e) >= 1 maxDisplayCount 1 }
        """)
        try f.store.setParameter(dynamic: "on", to: true)
        try f.store.donate(dynamic: "e")
        try f.store.presentationBegan("T")
        try f.store.presentationEnded("T")
        #expect(try f.status("T") == .invalidated(.displayCountExceeded))
        try f.store.resetEligibility("T")
        #expect(try f.status("T") == .available)
        #expect(try f.store.report(of: "T").displayCount == 1)
        #expect(try f.store.parameter(dynamic: "on") == true)
        try f.reopen()
        #expect(try f.status("T") == .available)
        #expect(try f.store.report(of: "T").displayCount == 1)
        try f.store.setParameter(dynamic: "on", to: false)
        #expect(try f.status("T") == .pending)
    }

    @Test("resetStore: clears everything (parameters, donations, display counts, invalidations, cooldown)")
    func resetStoreClears() throws {
        let f = try Fixture("""
        config { displayFrequency weekly }
        param on: Bool = false
        transient param t: Bool = false
        event e
        tip T { title "T" rule on && count(e) >= 1 }
        tip U { title "U" }
        """)
        try f.store.setParameter(dynamic: "on", to: true)
        try f.store.setParameter(dynamic: "t", to: true)
        try f.store.donate(dynamic: "e")
        try f.store.presentationBegan("T")
        try f.store.presentationEnded("T")
        try f.store.invalidate("T", reason: .tipClosed)
        #expect(try f.status("U") == .pending)   // cooldown
        try f.store.resetStore()
        #expect(try f.store.parameter(dynamic: "on") == false)
        #expect(try f.store.parameter(dynamic: "t") == false)
        #expect(try f.status("T") == .pending)
        #expect(try f.store.report(of: "T").displayCount == 0)
        #expect(try f.status("U") == .available)
        try f.reopen()
        #expect(try f.store.parameter(dynamic: "on") == false)
        #expect(try f.status("U") == .available)
        #expect(try f.recordTypes().last == "resetStore")
    }
}
