import Foundation
import Testing
import TipsJournal
@testable import TipsRuntime

/// Semantics page, "State and persistence".
@Suite("Conformance: state and persistence")
struct PersistenceConformanceTests {
    static let catalog = """
    config { displayFrequency hourly }
    enum Mode { rich, plain }
    param mode: Mode = .rich
    param tags: Set<String> = []
    transient param composing: Bool = false
    event edited(mode: Mode, words: Int)
    event opened
    event ping
    tip A {
        title "A"
        rule count(edited where mode == .rich && words >= 10 within 7d) >= 2
        maxDisplayCount 2
    }
    tip B { title "B" rule tags.contains("x") invalidate when opened }
    tip C { title "C" rule composing maxDisplayDuration 3m }
    tip R(item: String) { id "R-\\(item)" title "R \\(item)" maxDisplayCount 1 }
    """

    /// Exercises every kind of record.
    static func scenario(_ f: Fixture) throws {
        try f.store.donate(dynamic: "edited", ["mode": .enumCase("rich"), "words": 12])
        try f.store.donate(dynamic: "edited", ["mode": .enumCase("rich"), "words": 30])
        try f.store.setParameter(dynamic: "tags", to: .stringSet(["x", "y"]))
        try f.store.setParameter(dynamic: "composing", to: true)
        try f.store.presentationBegan("A")
        f.clock.advance(minutes: 2)
        try f.store.presentationEnded("A")
        try f.store.presentationBegan(TipKey("R", arguments: ["item": "1"]))
        try f.store.presentationEnded(TipKey("R", arguments: ["item": "1"]))
        try f.store.donate(dynamic: "opened")
        try f.store.presentationBegan("C")
        f.clock.advance(minutes: 1)
        try f.store.presentationEnded("C")
        try f.store.setParameter(dynamic: "mode", to: .enumCase("plain"))
    }

    static let tips: [TipKey] = ["A", "B", "C", TipKey("R", arguments: ["item": "1"]), TipKey("R", arguments: ["item": "2"])]

    @Test("Persistence: every state change is appended as one record before the call returns")
    func recordPerChange() throws {
        let f = try Fixture(Self.catalog)
        var expected = 1
        func check(_ sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(try f.journalLines().count == expected, sourceLocation: sourceLocation)
        }
        try check()
        try f.store.donate(dynamic: "ping"); expected += 1; try check()
        try f.store.donate(dynamic: "opened"); expected += 2; try check()   // the donation and B's trigger
        try f.store.setParameter(dynamic: "tags", to: .stringSet(["x"])); expected += 1; try check()
        try f.store.presentationBegan("A"); expected += 1; try check()
        try f.store.presentationEnded("A"); expected += 1; try check()
        try f.store.invalidate("A", reason: .tipClosed); expected += 1; try check()
        try f.store.resetEligibility("A"); expected += 1; try check()
        try f.store.resetStore(); expected += 1; try check()
        _ = try f.store.status(of: "A"); try check()   // reads write nothing
    }

    @Test("Persistence: replay on open reconstructs everything (reopen equivalence)")
    func reopenEquivalence() throws {
        let f = try Fixture(Self.catalog)
        try Self.scenario(f)
        let before = try Self.tips.map { try f.store.report(of: $0) }
        let params = try ["mode", "tags"].map { try f.store.parameter(dynamic: $0) }
        try f.reopen()
        let after = try Self.tips.map { try f.store.report(of: $0) }
        #expect(try ["mode", "tags"].map { try f.store.parameter(dynamic: $0) } == params)
        // Only the transient parameter differs (C's rule reads it).
        for (b, a) in zip(before, after) where b.tip != "C" { #expect(a == b) }
        #expect(after[2].status == .pending && after[2].displayMilliseconds == minute)
        #expect(before[3].status == .invalidated(.displayCountExceeded))
        #expect(before[1].status == .invalidated(.actionPerformed))
    }

    @Test("Persistence: the journal is JSON lines with a versioned header and integer-millisecond instants")
    func journalFormat() throws {
        let f = try Fixture(Self.catalog)
        try Self.scenario(f)
        let lines = try f.journalLines()
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["journal"] as? String == "tips" && header["version"] as? Int == 1)
        for line in lines.dropFirst() {
            let obj = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let at = obj["at"] { #expect(at is Int) }
        }
    }

    @Test("Persistence: a torn last line is repaired on open; every acknowledged change survives")
    func tornTail() throws {
        let f = try Fixture(Self.catalog)
        try Self.scenario(f)
        let before = try Self.tips.map { try f.store.report(of: $0) }
        try f.store.close()
        let handle = try FileHandle(forWritingTo: f.journalURL)
        handle.seekToEndOfFile()
        handle.write(Data(#"{"seq":99,"t":"donate","at":17672"#.utf8))
        try handle.close()
        let store = try TipStore(bundle: f.bytes, journalURL: f.journalURL, clock: f.clock)
        #expect(store.journalReport.repairs.count == 1)
        for (tip, b) in zip(Self.tips, before) where tip != "C" { #expect(try store.report(of: tip) == b) }
    }

    @Test("Persistence: a corrupted line in the middle is reported and skipped; every other line is kept")
    func corruptedMiddle() throws {
        let f = try Fixture(Self.catalog)
        try f.store.donate(dynamic: "ping")
        try f.store.setParameter(dynamic: "tags", to: .stringSet(["x"]))
        try f.store.setParameter(dynamic: "mode", to: .enumCase("plain"))
        try f.store.close()
        var lines = try f.journalLines()
        lines[2] = lines[2].replacingOccurrences(of: "\"x\"", with: "\"z\"")   // crc no longer matches
        try (lines.joined(separator: "\n") + "\n").write(to: f.journalURL, atomically: true, encoding: .utf8)
        let store = try TipStore(bundle: f.bytes, journalURL: f.journalURL, clock: f.clock)
        #expect(store.journalReport.corruptedLines.count == 1)
        #expect(try store.parameter(dynamic: "tags") == .stringSet([]))
        #expect(try store.parameter(dynamic: "mode") == .enumCase("plain"))
    }

    @Test("Persistence: state for ids not in the bundle is kept, through compaction, and comes back with the tip")
    func unknownIDsKept() throws {
        let f = try Fixture(Self.catalog)
        try Self.scenario(f)
        let before = try f.store.report(of: "A")
        let smaller = try compileBundle("""
        event other
        tip Z { title "Z" }
        """)
        try f.reopen(bundle: smaller)
        try f.store.donate(dynamic: "other")
        try f.store.compact()
        try f.reopen()
        let after = try f.store.report(of: "A")
        #expect(after == before)
        #expect(try f.store.parameter(dynamic: "tags") == .stringSet(["x", "y"]))
    }

    @Test("Persistence: batched durability acknowledges on flush (a crash loses only the queue)")
    func batched() throws {
        let f = try Fixture(Self.catalog, durability: .batched(maxRecords: 100, maxDelayMilliseconds: 60_000))
        try f.store.donate(dynamic: "opened")
        try f.store.setParameter(dynamic: "tags", to: .stringSet(["x"]))
        #expect(try f.journalLines().count == 1)      // queued, not yet written
        #expect(try f.store.status(of: "B") == .invalidated(.actionPerformed))   // seen at once
        try f.store.flush()
        #expect(try f.journalLines().count == 4)
    }

    @Test("Persistence: an invalid bundle is refused with the verifier's reason; a missing file is reported")
    func invalidBundle() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tips-bad-\(UUID().uuidString)")
        #expect(throws: TipStoreError.self) { try TipStore(bundle: [1, 2, 3], journalURL: dir.appendingPathComponent("s.jsonl")) }
        do {
            _ = try TipStore(bundle: [0x54, 0x49, 0x50, 0x42], journalURL: dir.appendingPathComponent("s.jsonl"))
        } catch {
            #expect(error.kind == .invalidBundle)
            #expect(error.message.hasPrefix("invalid bundle: "))
        }
        do {
            _ = try TipStore(bundleURL: dir.appendingPathComponent("none.tipsb"), journalURL: dir.appendingPathComponent("s.jsonl"))
        } catch {
            #expect(error.kind == .unreadableBundle)
        }
    }

    @Test("Persistence: a bundle file opens by URL")
    func bundleFile() throws {
        let f = try Fixture(Self.catalog)
        let url = f.directory.appendingPathComponent("Tips.tipsb")
        try Data(f.bytes).write(to: url)
        let store = try TipStore(bundleURL: url, journalURL: f.directory.appendingPathComponent("other.jsonl"), clock: f.clock)
        #expect(store.tipNames == ["A", "B", "C", "R"])
        #expect(store.groupNames.isEmpty && store.eventNames == ["edited", "opened", "ping"])
        #expect(store.parameterNames == ["mode", "tags", "composing"])
    }

    @Test("Persistence: a closed store refuses calls")
    func closed() throws {
        let f = try Fixture(Self.catalog)
        try f.store.close()
        #expect(throws: TipStoreError(.closed, "the store is closed")) { try f.store.donate(dynamic: "opened") }
        // Journal housekeeping too: closed, not a journal failure.
        #expect(throws: TipStoreError(.closed, "the store is closed")) { try f.store.refresh() }
        #expect(throws: TipStoreError(.closed, "the store is closed")) { try f.store.compact() }
        #expect(throws: TipStoreError(.closed, "the store is closed")) { _ = try f.store.exportRecords() }
        #expect(throws: TipStoreError(.closed, "the store is closed")) { try f.store.merge(records: []) }
        try f.store.flush()                                // nothing to wait for
    }
}

@Suite("Journal failures")
struct JournalFailureTests {
    @Test("Persistence: a change the journal refuses throws and changes nothing; the next one works")
    func refusedChange() throws {
        let failing = Locked(false)
        let io = JournalIO(write: { fd, bytes in failing.withLock { $0 } ? -28 : JournalIO.system.write(fd, bytes) },
                           fsync: { fd in JournalIO.system.fsync(fd) })
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tips-fail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = try compileBundle("""
        param on: Bool = false
        tip T { title "T" rule on }
        """)
        let store = try TipStore(bundle: bytes, journalURL: dir.appendingPathComponent("s.jsonl"), clock: ManualClock(),
                                 overrides: .none, durability: .synced, io: io)
        failing.withLock { $0 = true }
        do {
            try store.setParameter(dynamic: "on", to: true)
            Issue.record("expected a journal error")
        } catch {
            #expect(error.kind == .journal)
            #expect(error.message.contains("No space left on device"))
        }
        #expect(try store.parameter(dynamic: "on") == false)
        #expect(try store.status(of: "T") == .pending)
        failing.withLock { $0 = false }
        try store.setParameter(dynamic: "on", to: true)
        #expect(try store.status(of: "T") == .available)
    }
}

@Suite("Two processes")
struct SharedJournalTests {
    @Test("Persistence: two processes on one journal (an app and its extension) see each other's changes")
    func sharedJournal() throws {
        let f = try Fixture("""
        param on: Bool = false
        event e
        tip T { title "T" rule on && count(e) >= 2 }
        """)
        // The extension's process, through its own journal handle (one store per journal
        // per process: a second store here would be refused).
        let other = try Journal.open(at: f.journalURL.path)
        try other.append(.donate(event: "e", at: f.clock.now(), payload: [:]))
        try other.append(.param(name: "on", value: .bool(true), at: f.clock.now()))
        #expect(try f.status("T") == .pending)          // not read yet
        try f.store.refresh()
        #expect(try f.store.parameter(dynamic: "on") == true)
        try other.append(.donate(event: "e", at: f.clock.now(), payload: [:]))
        try f.store.donate(dynamic: "e")                          // its append catches up first
        #expect(try f.store.report(of: "T").rules == [true])
        #expect(try f.status("T") == .available)
        try other.close()
    }
}
