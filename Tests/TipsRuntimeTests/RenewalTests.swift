import Foundation
import Testing
import TipsJournal
@testable import TipsRuntime

/// `resetEligibility after D` (issue 20 item 2, seasonal tips): D after an invalidation the
/// store writes a `resetEligibility` record dated at the due instant and the tip is back
/// under its rules; observers hear it; explain says when; it repeats season after season,
/// survives a relaunch, and applies to each instance of a reusable tip.
@Suite("Renewals")
struct RenewalTests {
    static let catalog = """
    param inSeason: Bool = true
    tip Seasonal {
        title "Holiday recipes"
        rule inSeason
        resetEligibility after 30d
    }
    tip Plain {
        title "Plain"
    }
    tip Item(itemID: String) {
        id "Item-\\(itemID)"
        title "Item"
        resetEligibility after 1d
    }
    """

    @Test("D after its invalidation the tip returns to its rules, and the journal holds a resetEligibility dated then")
    func returnsAfterTheInterval() throws {
        let f = try Fixture(Self.catalog)
        let t0 = f.clock.now()
        try f.store.invalidate("Seasonal", reason: .tipClosed)
        try f.store.invalidate("Plain", reason: .tipClosed)
        f.clock.advance(by: 30 * day - 1)
        #expect(try f.status("Seasonal") == .invalidated(.tipClosed))
        f.clock.advance(by: 1)
        #expect(try f.status("Seasonal") == .available)
        // A tip without the clause stays invalidated.
        f.clock.advance(by: 400 * day)
        #expect(try f.status("Plain") == .invalidated(.tipClosed))
        #expect(try f.recordTypes() == ["invalidate", "invalidate", "resetEligibility"])
        let last = try #require(try f.journalLines().last)
        #expect(last.contains("\"at\":\(t0 + 30 * day)"), "\(last)")
    }

    @Test("The record is dated at the due instant whenever the app next looks, so a late look writes the same journal")
    func aLateLookWritesTheSameRecord() throws {
        let early = try Fixture(Self.catalog)
        let late = try Fixture(Self.catalog)
        for f in [early, late] { try f.store.invalidate("Seasonal", reason: .actionPerformed) }
        early.clock.advance(by: 30 * day)
        _ = try early.status("Seasonal")
        late.clock.advance(by: 200 * day)
        _ = try late.status("Seasonal")
        #expect(try early.journalLines().dropFirst() == late.journalLines().dropFirst())
    }

    @Test("Back under its rules: a rule that does not hold keeps it pending; the next invalidation starts the next season")
    func seasonAfterSeason() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "inSeason", to: false)
        try f.store.invalidate("Seasonal", reason: .tipClosed)
        f.clock.advance(by: 30 * day)
        #expect(try f.status("Seasonal") == .pending)
        try f.store.setParameter(dynamic: "inSeason", to: true)
        #expect(try f.status("Seasonal") == .available)
        try f.store.presentationBegan("Seasonal")
        try f.store.presentationEnded("Seasonal")
        try f.store.invalidate("Seasonal", reason: .tipClosed)
        f.clock.advance(by: 30 * day - 1)
        #expect(try f.status("Seasonal") == .invalidated(.tipClosed))
        f.clock.advance(by: 1)
        #expect(try f.status("Seasonal") == .available)
        #expect(try f.recordTypes().filter { $0 == "resetEligibility" }.count == 2)
    }

    @Test("A relaunch before the instant keeps the invalidation; after it, the record is written once")
    func relaunch() throws {
        let f = try Fixture(Self.catalog)
        try f.store.invalidate("Seasonal", reason: .tipClosed)
        f.clock.advance(by: 10 * day)
        _ = try f.reopen()
        #expect(try f.status("Seasonal") == .invalidated(.tipClosed))
        f.clock.advance(by: 25 * day)
        _ = try f.reopen()
        #expect(try f.status("Seasonal") == .available)
        _ = try f.reopen()
        #expect(try f.status("Seasonal") == .available)
        #expect(try f.recordTypes().filter { $0 == "resetEligibility" }.count == 1)
    }

    @Test("Each instance of a reusable tip renews on its own")
    func instances() throws {
        let f = try Fixture(Self.catalog)
        let a = TipKey("Item", arguments: ["itemID": "a"])
        let b = TipKey("Item", arguments: ["itemID": "b"])
        try f.store.invalidate(a, reason: .tipClosed)
        f.clock.advance(by: 12 * hour)
        try f.store.invalidate(b, reason: .tipClosed)
        f.clock.advance(by: 12 * hour)
        #expect(try f.status(a) == .available)
        #expect(try f.status(b) == .invalidated(.tipClosed))
        f.clock.advance(by: 12 * hour)
        #expect(try f.status(b) == .available)
    }

    @Test("Explain gives the renewal and, while invalidated, the instant the rules let it show again")
    func explain() throws {
        let f = try Fixture(Self.catalog)
        let t0 = f.clock.now()
        let before = try f.store.explanation(of: "Seasonal")
        #expect(before.renewal == .init(after: 30 * day, returnsAt: nil))
        #expect(before.text.contains("renewal: resetEligibility after 30d; counts from an invalidation"), "\(before.text)")
        try f.store.invalidate("Seasonal", reason: .tipClosed)
        let x = try f.store.explanation(of: "Seasonal")
        let at = ExplanationFormat.date(t0 + 30 * day)
        #expect(x.text.contains("renewal: resetEligibility after 30d; returns to its rules at \(at)"), "\(x.text)")
        #expect(x.next == .at(t0 + 30 * day))
        // The search looked ahead on a copy: the journal holds no reset yet.
        #expect(try f.recordTypes() == ["invalidate"])
        #expect(try f.store.explanation(of: "Plain").renewal == nil)
        // Past the horizon the answer says when it returns.
        let short = try f.store.explanation(of: "Seasonal", horizonDays: 7)
        guard case .blocked(let why) = short.next else { Issue.record("\(short.next)"); return }
        #expect(why.contains("its renewal returns it to its rules at \(at), past the horizon"), "\(why)")
    }

    @Test("A scheduled observer hears the tip come back at the renewal")
    func observerWakes() async throws {
        let f = try Fixture(Self.catalog)
        try f.store.invalidate("Seasonal", reason: .tipClosed)
        let recorder = Recorder(try f.store.statusUpdates(of: "Seasonal"))
        try await Task.sleep(nanoseconds: 50_000_000)
        f.clock.advance(by: 30 * day)
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(recorder.values.last == .available, "\(recorder.values)")
    }

    @Test("A device that renewed merges with one that has not looked since the invalidation: the tip is back on both")
    func merge() {
        let invalidated: [JournalRecord] = [.invalidate(tip: "Seasonal", reason: "tipClosed", at: 1_000)]
        let renewed = invalidated + [.resetEligibility(tip: "Seasonal", at: 1_000 + 30 * day)]
        let ab = JournalMerge(records: invalidated).merging(JournalMerge(records: renewed))
        let ba = JournalMerge(records: renewed).merging(JournalMerge(records: invalidated))
        #expect(ab == ba)
        #expect(ab.state.tips["Seasonal"]?.invalidation == nil)
        // Both devices write the same record for the same invalidation: it merges to one.
        #expect(JournalMerge(records: renewed).merging(JournalMerge(records: renewed)).records.filter {
            if case .resetEligibility = $0 { true } else { false }
        }.count == 1)
    }
}
