import Foundation
import Testing
import TipsJournal
@testable import TipsRuntime

/// What a TipKit user expects around the store's life: closing, resetting while a tip is
/// on screen, in-memory stores, where the journal lives, and dates for the manual clock.
@Suite("Store lifecycle")
struct StoreLifecycleTests {
    static let catalog = """
    param on: Bool = true
    event e
    tip T { title "T" rule on maxDisplayCount 1 }
    tip U { title "U" rule on maxDisplayDuration 10m }
    tip V { title "V" rule count(e) >= 1 }
    """

    @Test("close() ends open presentations at now: time credited, limits applied, records written; later calls throw")
    func closeEndsPresentations() throws {
        let f = try Fixture(Self.catalog)
        try f.store.presentationBegan("T")
        try f.store.presentationBegan("U")
        f.clock.advance(minutes: 3)
        try f.store.close()
        try f.store.close()                                         // again: nothing to do
        #expect(throws: TipStoreError(.closed, "the store is closed")) { try f.store.status(of: "T") }
        #expect(try f.recordTypes().suffix(3) == ["displayEnded", "invalidate", "displayEnded"])
        let reopened = try TipStore(bundle: f.bytes, journalURL: f.journalURL, clock: f.clock, durability: .synced)
        let t = try reopened.report(of: "T"), u = try reopened.report(of: "U")
        #expect(t.isDisplayed == false && t.displayMilliseconds == 3 * minute)
        #expect(try reopened.status(of: "T") == .invalidated(.displayCountExceeded))
        #expect(u.isDisplayed == false && u.displayMilliseconds == 3 * minute)
        #expect(try reopened.status(of: "U") == .available)        // 3 of its 10 minutes used
        try reopened.close()
    }

    @Test("close(): a status stream sees the limit the ending reached, then ends; presenters aren't called")
    func closeTellsStreamsLast() async throws {
        let f = try Fixture(Self.catalog)
        let recorder = Recorder(try f.store.statusUpdates(of: "T"))
        let calls = Locked(0)
        _ = try f.store.observe("T") { _ in calls.withLock { $0 += 1 } }
        try f.store.presentationBegan("T")
        try f.store.close()
        #expect(await recorder.waitFor(2) == [.available, .invalidated(.displayCountExceeded)])
        #expect(calls.withLock { $0 } == 1)                         // the first value only
    }

    @Test("resetStore() while a tip is on screen: the presentation goes on as one display counted from the reset")
    func resetWhileOnScreen() throws {
        let f = try Fixture(Self.catalog)
        try f.store.presentationBegan("U")
        f.clock.advance(minutes: 4)
        try f.store.resetStore()
        var u = try f.store.report(of: "U")
        #expect(u.isDisplayed && u.displayCount == 1 && u.displayMilliseconds == 0)
        f.clock.advance(minutes: 2)
        u = try f.store.report(of: "U")
        #expect(u.displayMilliseconds == 2 * minute)
        try f.store.presentationEnded("U")
        u = try f.store.report(of: "U")
        #expect(!u.isDisplayed && u.displayCount == 1 && u.displayMilliseconds == 2 * minute)
        #expect(try f.status("U") == .available)
        // The same after a relaunch: the journal says what memory said.
        try f.reopen()
        u = try f.store.report(of: "U")
        #expect(!u.isDisplayed && u.displayCount == 1 && u.displayMilliseconds == 2 * minute)
        // A tip not on screen is simply reset.
        #expect(try f.store.report(of: "T").displayCount == 0)
    }

    @Test("an in-memory store writes no file and behaves as a file store does")
    func inMemory() throws {
        let bytes = try compileBundle(Self.catalog)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tips-mem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock1 = ManualClock(), clock2 = ManualClock()
        let memory = try TipStore(bundle: bytes, clock: clock1)
        let file = try TipStore(bundle: bytes, journalURL: directory.appendingPathComponent("s.jsonl"), clock: clock2,
                                durability: .synced)
        #expect(memory.isInMemory && memory.journalPath.isEmpty && !file.isInMemory)
        func script(_ s: TipStore, _ c: ManualClock) throws -> [TipReport] {
            try s.donate(dynamic: "e")
            try s.presentationBegan("T")
            c.advance(minutes: 1)
            try s.presentationEnded("T")
            try s.setParameter(dynamic: "on", to: false)
            try s.setParameter(dynamic: "on", to: true)
            try s.presentationBegan("U")
            c.advance(minutes: 11)
            try s.invalidate("V", reason: .actionPerformed)
            try s.flush()
            try s.compact()
            return s.reports()
        }
        #expect(try script(memory, clock1) == script(file, clock2))
        try memory.close()
        #expect(throws: TipStoreError(.closed, "the store is closed")) { try memory.donate(dynamic: "e") }
        try file.close()
    }

    @Test("ManualClock(start: Date) reads that date in milliseconds; huge dates clamp instead of trapping")
    func manualClockDate() {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_767_225_600.25))
        #expect(clock.now() == 1_767_225_600_250)
        clock.advance(to: Date(timeIntervalSince1970: 1_767_225_660))
        #expect(clock.now() == 1_767_225_660_000)
        #expect(clock.date == Date(timeIntervalSince1970: 1_767_225_660))
        #expect(ManualClock(start: Date(timeIntervalSince1970: 1e300)).now() == .max)
        #expect(ManualClock(start: Date(timeIntervalSince1970: -1e300)).now() == .min)
        #expect(ManualClock().now() == 1_767_225_600_000)         // the ms initializer stays
    }

    @Test("the data home is $XDG_DATA_HOME when absolute, else ~/.local/share", arguments: [
        (["XDG_DATA_HOME": "/data/x"], "/data/x"),
        (["XDG_DATA_HOME": "relative/x"], "/home/ann/.local/share"),
        ([:], "/home/ann/.local/share"),
    ])
    func dataHome(environment: [String: String], expected: String) {
        let url = TipStore.dataHome(environment: environment, home: URL(fileURLWithPath: "/home/ann", isDirectory: true))
        #expect(url.path == expected)
    }

    @Test("journal locations create their folder and refuse names that aren't plain file names")
    func journalLocation() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tips-loc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let url = try TipStore.journalURL(in: base.appendingPathComponent("a/b", isDirectory: true), fileName: "tips.jsonl")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue && url.lastPathComponent == "tips.jsonl")
        let store = try TipStore(bundle: try compileBundle(Self.catalog), journalURL: url, clock: ManualClock())
        try store.donate(dynamic: "e")
        try store.close()
        #expect(FileManager.default.fileExists(atPath: url.path))
        for bad in ["", "a/b.jsonl", "..", "."] {
            #expect(throws: TipStoreError.self) { try TipStore.journalURL(in: base, fileName: bad) }
        }
        // A folder that can't be created (a file is in the way) is an error, not a crash.
        let blocker = base.appendingPathComponent("file")
        try Data().write(to: blocker)
        #expect(throws: TipStoreError.self) { try TipStore.journalURL(in: blocker.appendingPathComponent("x"), fileName: "t.jsonl") }
        #if !canImport(Darwin)
        #expect(throws: TipStoreError.self) { try TipStore.sharedJournalURL(appGroup: "group.example") }
        #endif
    }
}

@Suite("Group explanations")
struct GroupExplanationTests {
    @Test("an ordered-group member held back by an earlier member is never 'available now', nor available at an instant")
    func orderedMemberNotAvailableNow() throws {
        let f = try Fixture("""
        event e
        tip C { title "C" maxDisplayCount 1 }
        tip D { title "D" }
        tip E { title "E" rule count(e within 1d) >= 1 && now - last(e) > 1h }
        group Steps ordered { C, D, E }
        """)
        try f.store.donate(dynamic: "e")
        let d = try f.store.explanation(of: "D")
        #expect(d.status == .available)                            // its own rules hold
        #expect(d.next == .blocked("held back by its group 'Steps': 'C' is earlier in the ordered group and not invalidated"))
        #expect(!d.text.contains("available now"))
        let e = try f.store.explanation(of: "E")                   // its rules hold in an hour
        guard case .blocked = e.next else { Issue.record("expected blocked, got \(e.next)"); return }
        // Once C is invalidated, D is current and available now.
        try f.store.presentationBegan("C")
        try f.store.presentationEnded("C")
        #expect(try f.store.explanation(of: "C").next != .now)
        #expect(try f.store.explanation(of: "D").next == .now)
        #expect(try f.store.explanation(of: "D").text.contains("available now"))
    }
}
