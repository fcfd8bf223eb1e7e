import Dispatch
import Foundation
import Testing
import TipsJournal
@testable import TipsRuntime

/// The background writer: calls return before the disk, `flush()` waits for it, failures
/// surface, order is kept, and `close()` leaves nothing behind.
@Suite("Background durability")
struct BackgroundDurabilityTests {
    static let catalog = """
    param on: Bool = false
    param level: Int = 0
    event e(n: Int) limit 5000
    tip T { title "T" rule on && count(e) >= 2 }
    """

    /// A store over a fresh journal whose writes (`write`) or fsyncs can be made to fail.
    struct Failing {
        let writeFails = Locked(false)
        let syncFails = Locked(false)
        let directory: URL
        let bytes: [UInt8]

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("tips-bg-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            bytes = try compileBundle(BackgroundDurabilityTests.catalog)
        }

        var url: URL { directory.appendingPathComponent("s.jsonl") }

        func open(_ durability: TipStore.Durability = .asynchronous) throws -> TipStore {
            let w = writeFails, s = syncFails
            let io = JournalIO(write: { fd, b in w.withLock { $0 } ? -28 : JournalIO.system.write(fd, b) },
                               fsync: { fd in s.withLock { $0 } ? 5 : JournalIO.system.fsync(fd) })
            return try TipStore(bundle: bytes, journalURL: url, clock: ManualClock(), overrides: .none, durability: durability, io: io)
        }

        /// The records now in the file, as a fresh synced reader sees them.
        func records() throws -> JournalState { try Journal.open(at: url.path, locking: .processes).state }
    }

    @Test("asynchronous is the default; a call applies at once and is durable after flush()")
    func durableAfterFlush() throws {
        let f = try Failing()
        let store = try TipStore(bundle: f.bytes, journalURL: f.url, clock: ManualClock())
        for n in 0..<50 { try store.donate(dynamic: "e", ["n": .int(Int64(n))]) }
        try store.setParameter(dynamic: "on", to: true)
        #expect(try store.status(of: "T") == .available)           // applied in memory at once
        try store.flush()
        #expect(store.pendingJournalRecords == 0)
        let state = try f.records()
        #expect(state.donations["e"]?.map(\.payload["n"]) == (0..<50).map { JournalValue.int(Int64($0)) })
        #expect(state.params["on"]?.value == .bool(true))
        // A launch that reads the file as it is after flush (no close: as if the process died
        // now) sees everything. It opens a copy: one store per journal per process.
        let copy = f.directory.appendingPathComponent("copy.jsonl")
        try FileManager.default.copyItem(at: f.url, to: copy)
        let reopened = try TipStore(bundle: f.bytes, journalURL: copy, clock: ManualClock(), durability: .synced)
        #expect(try reopened.status(of: "T") == .available)
        #expect(try reopened.parameter(dynamic: "on") == true)
        try reopened.close()
        try store.close()
    }

    @Test("flushed() waits without blocking a thread")
    func asyncFlush() async throws {
        let f = try Failing()
        let store = try f.open(.batched(maxRecords: 1000, maxDelayMilliseconds: 60_000))
        try store.donate(dynamic: "e", ["n": 1])
        #expect(store.pendingJournalRecords == 1)                // the batch waits for its timer
        try await store.flushed()
        #expect(store.pendingJournalRecords == 0)
        #expect(try f.records().donations["e"]?.count == 1)
        try store.close()
    }

    @Test("batched: a full batch starts a group commit without flush()")
    func fullBatchCommits() throws {
        let f = try Failing()
        let store = try f.open(.batched(maxRecords: 3, maxDelayMilliseconds: 60_000))
        for n in 0..<3 { try store.donate(dynamic: "e", ["n": .int(Int64(n))]) }
        var waited = 0
        while store.pendingJournalRecords > 0 && waited < 400 {
            usleep(5_000)
            waited += 1
        }
        #expect(store.pendingJournalRecords == 0)
        #expect(try f.records().donations["e"]?.count == 3)
        try store.close()
    }

    @Test("extreme batch settings are clamped, not trapped on", arguments: [(Int.max, Int.max), (Int.min, Int.min), (0, -1)])
    func extremeBatches(maxRecords: Int, maxDelay: Int) throws {
        let f = try Failing()
        let store = try f.open(.batched(maxRecords: maxRecords, maxDelayMilliseconds: maxDelay))
        try store.donate(dynamic: "e", ["n": 1])
        try store.flush()
        #expect(try f.records().donations["e"]?.count == 1)
        try store.close()
    }

    @Test("a failed fsync surfaces through flush(), the error property and the hook; a retry writes each record once",
          arguments: [false, true])
    func failureSurfaces(failWrite: Bool) async throws {
        let f = try Failing()
        let store = try f.open()
        let heard = Locked<[TipStoreError]>([])
        store.onJournalWriteError = { e in heard.withLock { $0.append(e) } }
        (failWrite ? f.writeFails : f.syncFails).withLock { $0 = true }
        try store.donate(dynamic: "e", ["n": 1])                            // returns: the writer fails later
        try store.setParameter(dynamic: "on", to: true)
        #expect(try store.parameter(dynamic: "on") == true)                 // applied in memory regardless
        #expect(throws: TipStoreError.self) { try store.flush() }
        do {
            try store.flush()
            Issue.record("flush should fail while the disk does")
        } catch {
            #expect(error.kind == .journal)
            #expect(error.message.contains(failWrite ? "write" : "fsync"))
        }
        await #expect(throws: TipStoreError.self) { try await store.flushed() }
        #expect(store.journalWriteError?.kind == .journal)
        #expect(store.pendingJournalRecords == 2)
        for _ in 0..<400 where heard.withLock({ $0.isEmpty }) { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(heard.withLock { !$0.isEmpty && $0.allSatisfy { $0.kind == .journal } })
        (failWrite ? f.writeFails : f.syncFails).withLock { $0 = false }
        try store.flush()
        #expect(store.journalWriteError == nil && store.pendingJournalRecords == 0)
        let state = try f.records()
        // An fsync failure may leave the bytes written; the journal cut them off, so the
        // retry's lines are the only ones.
        #expect(state.donations["e"]?.count == 1)
        #expect(state.params["on"]?.value == .bool(true))
        try store.close()
    }

    @Test("close() waits for the writer and throws its failure")
    func closeFlushes() throws {
        let f = try Failing()
        let store = try f.open(.batched(maxRecords: 1000, maxDelayMilliseconds: 60_000))
        for n in 0..<10 { try store.donate(dynamic: "e", ["n": .int(Int64(n))]) }
        try store.close()
        #expect(try f.records().donations["e"]?.count == 10)

        let g = try Failing()
        let failing = try g.open(.batched(maxRecords: 1000, maxDelayMilliseconds: 60_000))
        try failing.donate(dynamic: "e", ["n": 1])
        g.syncFails.withLock { $0 = true }
        #expect(throws: TipStoreError.self) { try failing.close() }
        #expect(throws: TipStoreError(.closed, "the store is closed")) { try failing.donate(dynamic: "e", ["n": 2]) }
    }

    @Test("setting a parameter to its current value writes nothing (once it was set explicitly) and tells no observer",
          arguments: [TipStore.Durability.synced, .asynchronous])
    func unchangedParameter(durability: TipStore.Durability) throws {
        let f = try Fixture(Self.catalog, durability: durability)
        let calls = Locked(0)
        _ = try f.store.observe("T") { _ in calls.withLock { $0 += 1 } }
        // The first explicit set of the default is written (a sync merge must see the choice);
        // setting it again is not.
        try f.store.setParameter(dynamic: "level", to: 0)
        try f.store.setParameter(dynamic: "on", to: false)
        try f.store.setParameter(dynamic: "level", to: 0)
        try f.store.setParameter(dynamic: "on", to: false)
        try f.store.flush()
        #expect(try f.recordTypes() == ["param", "param"])
        try f.store.setParameter(dynamic: "on", to: true)
        try f.store.setParameter(dynamic: "on", to: true)
        try f.store.setParameter(dynamic: "level", to: 3)
        try f.store.setParameter(dynamic: "level", to: 3)
        try f.store.flush()
        #expect(try f.recordTypes() == ["param", "param", "param", "param"])
        #expect(calls.withLock { $0 } == 1)                         // the first value only: T stays pending
    }

    @Test("an in-memory store feeds observers as a file store does: each new status once")
    func inMemoryObservers() throws {
        let store = try TipStore(bundle: try compileBundle(Self.catalog), clock: ManualClock())
        let values = Locked<[TipStatus]>([])
        _ = try store.observe("T") { v in if case .status(let s) = v { values.withLock { $0.append(s) } } }
        try store.setParameter(dynamic: "on", to: false)
        try store.setParameter(dynamic: "on", to: true)
        try store.setParameter(dynamic: "on", to: true)
        try store.donate(dynamic: "e", ["n": 1])
        try store.donate(dynamic: "e", ["n": 2])
        try store.setParameter(dynamic: "on", to: true)
        #expect(values.withLock { $0 } == [.pending, .available])
    }

    @Test("many threads at once: the journal holds every record, in the order memory applied them")
    func orderAcrossThreads() throws {
        let f = try Failing()
        let store = try f.open()
        let threads = 8, each = 200
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for i in 0..<each {
                try? store.donate(dynamic: "e", ["n": .int(Int64(t * 10_000 + i))])
                if i % 50 == 0 { try? store.setParameter(dynamic: "level", to: .int(Int64(t * 10_000 + i))) }
            }
        }
        try store.flush()
        let memory = store.engine.withLock { $0.state }
        let file = try f.records()
        #expect(file.donations["e"]?.count == threads * each)
        #expect(file.donations["e"] == memory.donations["e"])     // same order
        #expect(file.params["level"]?.value == memory.params["level"]?.value)
        // Each thread's own calls stay in its order.
        let ns = (file.donations["e"] ?? []).compactMap { d -> Int64? in if case .int(let n)? = d.payload["n"] { n } else { nil } }
        for t in 0..<threads {
            let mine = ns.filter { $0 / 10_000 == Int64(t) }
            #expect(mine == mine.sorted() && mine.count == each)
        }
        try store.close()
    }
}
