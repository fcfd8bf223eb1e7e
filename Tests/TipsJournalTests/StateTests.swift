import Foundation
import Testing
import TipsBenchSupport
@testable import TipsJournal

@Suite struct StateTests {
    @Test func displaysCountPresentationsAndAccumulateTime() {
        let s = JournalState(records: [
            .displayBegan(tip: "A", at: 100),
            .displayBegan(tip: "A", at: 150),     // re-render: same presentation
            .displayEnded(tip: "A", at: 200),
            .displayEnded(tip: "A", at: 300),     // no open presentation: ignored
            .displayBegan(tip: "A", at: 1000),
            .displayEnded(tip: "A", at: 900),     // clock went back: adds nothing
            .displayBegan(tip: "B", at: 2000),
        ])
        #expect(s.tips["A"] == TipState(displayCount: 2, displayMs: 100, firstDisplayAt: 100, lastDisplayAt: 1000))
        #expect(s.tips["B"]?.openSince == 2000)
        #expect(s.latestFirstDisplayAt == 2000)
    }

    @Test func invalidationIsPermanentUntilReset() {
        var s = JournalState(records: [
            .displayBegan(tip: "A", at: 1), .displayEnded(tip: "A", at: 2),
            .invalidate(tip: "A", reason: "tipClosed", at: 3),
            .invalidate(tip: "A", reason: "actionPerformed", at: 4),
        ])
        #expect(s.tips["A"]?.invalidation == Invalidation(reason: "tipClosed", at: 3))
        s.apply(.resetEligibility(tip: "A", at: 5))
        #expect(s.tips["A"]?.invalidation == nil)
        #expect(s.tips["A"]?.displayCount == 1)      // counts survive the reset
        s.apply(.resetEligibility(tip: "never-seen", at: 6))
        #expect(s.tips["never-seen"] == nil)
    }

    @Test func donationsStaySortedByTimeAndResetStoreClears() {
        var s = JournalState(records: [
            .param(name: "p", value: .int(1), at: 1),
            .donate(event: "e", at: 30, payload: ["i": .int(0)]),
            .donate(event: "e", at: 10, payload: ["i": .int(1)]),
            .donate(event: "e", at: 30, payload: ["i": .int(2)]),
            .donate(event: "e", at: 20, payload: ["i": .int(3)]),
        ])
        #expect(s.donations["e"]?.map(\.at) == [10, 20, 30, 30])
        #expect(s.donations["e"]?.map { $0.payload["i"] } == [.int(1), .int(3), .int(0), .int(2)])
        s.apply(.resetStore(at: 40))
        // Everything is forgotten but the reset itself, which compaction writes first.
        var reset = JournalState()
        reset.storeResetAt = 40
        #expect(s == reset)
    }

    @Test func hugeValuesDontTrap() {
        let s = JournalState(records: [
            .displayBegan(tip: "A", at: Int64.min), .displayEnded(tip: "A", at: Int64.max),
            .displayBegan(tip: "A", at: 0), .displayEnded(tip: "A", at: Int64.max),
        ])
        #expect(s.tips["A"]?.displayMs == Int64.max)
    }

    /// The compaction property: the snapshot of a state replays to the same state.
    @Test(arguments: 0..<40)
    func snapshotReplaysToTheSameState(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        let records = (0..<Int.random(in: 0..<300, using: &rng)).map { _ in randomRecord(&rng) }
        let state = JournalState(records: records)
        let snapshot = CompactionPolicy.keepAll.snapshotRecords(of: state, now: 0)
        #expect(JournalState(records: snapshot) == state)
        #expect(snapshot.count <= records.count + state.tips.count)
    }

    @Test func compactionPolicyLimitsOnlyTheEventsItNames() {
        let records: [JournalRecord] = (0..<10).map { .donate(event: "e", at: Int64($0) * 100, payload: [:]) }
            + (0..<10).map { .donate(event: "f", at: Int64($0) * 100, payload: [:]) }
            + (0..<10).map { .donate(event: "g", at: Int64($0) * 100, payload: [:]) }
        let policy = CompactionPolicy { event in
            switch event {
            case "e": DonationLimit(maxCount: 3)
            case "f": DonationLimit(maxAgeMs: 250)
            default: nil
            }
        }
        let s = JournalState(records: policy.snapshotRecords(of: JournalState(records: records), now: 900))
        #expect(s.donations["e"]?.map(\.at) == [700, 800, 900])
        #expect(s.donations["f"]?.map(\.at) == [700, 800, 900])   // 900 - 250 = 650 <= t
        #expect(s.donations["g"]?.count == 10)
    }
}

@Suite struct CompactionTests {
    @Test(arguments: 0..<8)
    func compactingAFileKeepsTheState(seed: Int) throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        var rng = SeededGenerator(seed: UInt64(seed) &+ 1000)
        let records = (0..<200).map { _ in randomRecord(&rng) }
        let path = dir.file()
        var options = JournalOptions()
        options.autoCompactBytes = nil
        let j = try Journal.open(at: path, options: options)
        try j.append(contentsOf: records)
        let before = j.state
        let seqBefore = j.lastSequence
        try j.compact()
        #expect(j.state == before)
        try j.append(.param(name: "after", value: .bool(true), at: 1))
        try j.close()
        let reopened = try Journal.open(at: path)
        #expect(reopened.report.isClean)
        #expect(reopened.state == before.applying([.param(name: "after", value: .bool(true), at: 1)]))
        // Sequence numbers keep counting up through compaction.
        let seqs = try Journal.readEntries(at: path).entries.map(\.seq)
        #expect(seqs == Array((seqBefore + 1)...(seqBefore + UInt64(seqs.count))))
        // No temp file is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func statesOfUnknownIdsSurviveCompaction() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let j = try Journal.open(at: dir.file())
        try j.append(contentsOf: [
            .displayBegan(tip: "RemovedTip", at: 1), .displayEnded(tip: "RemovedTip", at: 5),
            .invalidate(tip: "RemovedTip", reason: "actionPerformed", at: 6),
            .param(name: "oldParam", value: .string("x"), at: 7),
            .donate(event: "oldEvent", at: 8, payload: ["legacy": .int(1)]),
        ])
        try j.compact()
        let s = try Journal.open(at: dir.file()).state
        #expect(s.tips["RemovedTip"]?.invalidation?.reason == "actionPerformed")
        #expect(s.params["oldParam"]?.value == .string("x"))
        #expect(s.donations["oldEvent"]?.first?.payload["legacy"] == .int(1))
    }

    @Test func compactionRunsAutomaticallyPastTheSize() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        var options = JournalOptions()
        options.autoCompactBytes = 4096
        let j = try Journal.open(at: dir.file(), options: options)
        for i in 0..<200 { try j.append(.param(name: "p\(i % 5)", value: .int(Int64(i)), at: Int64(i))) }
        #expect(j.fileSize < 4096)
        #expect(j.lastCompactionError == nil)
        #expect(j.state.params["p4"]?.value == .int(199))
        let reopened = try Journal.open(at: dir.file())
        #expect(reopened.state == j.state)
    }

    @Test func aFailedCompactionLeavesTheJournalIntact() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(.param(name: "p", value: .int(1), at: 1))
        try j.close()
        let before = readFile(path)
        var options = JournalOptions()
        options.io = JournalIO(write: JournalIO.system.write, fsync: { _ in 5 })   // EIO
        let k = try Journal.open(at: path, options: options)
        #expect(throws: JournalError.self) { try k.compact() }
        #expect(readFile(path) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }
}
