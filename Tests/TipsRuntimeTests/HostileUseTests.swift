import Dispatch
import Foundation
import Testing
@testable import TipsJournal
@testable import TipsRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile and unlucky use of a store's journal (issue 19): another process writing while
/// this one merges, the file deleted or replaced under a running app, two stores on one
/// journal, transient values, and where the store may wait for the disk (issue 17).
@Suite("Hostile use", .serialized)
struct HostileUseTests {
    static let catalog = """
    param on: Bool = false
    transient param editing: Bool = false
    event e
    tip T { title "T" rule on }
    tip U { title "U" rule count(e) >= 1 }
    """

    /// The donation lines in the journal file (a fresh read-only look).
    static func donationLines(_ url: URL) throws -> Int {
        try Journal.readEntries(at: url.path).entries.filter { if case .donate = $0.record { true } else { false } }.count
    }

    // MARK: - Merge while another process writes (issue 19, item 3)

    @Test("merging nothing while another journal handle donated appends nothing", arguments: [
        TipStore.Durability.asynchronous, .synced,
    ])
    func mergeOfNothingDuplicatesNothing(durability: TipStore.Durability) throws {
        let f = try Fixture(Self.catalog, durability: durability)
        try f.store.donate(dynamic: "e")
        try f.store.flush()
        // Another process (an app extension) donates through its own journal handle.
        let other = try Journal.open(at: f.journalURL.path)
        try other.append(contentsOf: (0..<500).map { .donate(event: "e", at: Int64(1_000 + $0), payload: [:]) })
        try other.close()
        try f.store.merge(records: [])
        try f.store.flush()
        #expect(try Self.donationLines(f.journalURL) == 501)
        // And merging the other's records themselves adds nothing either.
        try f.store.merge(records: f.store.exportRecords())
        try f.store.flush()
        #expect(try Self.donationLines(f.journalURL) == 501)
        // The store now sees the other process's donations.
        #expect(try f.store.report(of: "U").rules == [true])
    }

    @Test("merging while another journal handle donates 5,000 records at the same time duplicates none of them")
    func mergeDuringAnotherWritersDonations() throws {
        let f = try Fixture(Self.catalog, durability: .asynchronous)
        let path = f.journalURL.path
        let done = DispatchSemaphore(value: 0)
        let failure = Locked<String?>(nil)
        DispatchQueue.global().async {
            do {
                let other = try Journal.open(at: path)
                for i in 0..<100 {
                    try other.append(contentsOf: (0..<50).map { .donate(event: "e", at: Int64(10_000 + 50 * i + $0), payload: [:]) })
                }
                try other.close()
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
            done.signal()
        }
        var merges = 0
        while done.wait(timeout: .now()) == .timedOut {
            try f.store.merge(records: [])
            merges += 1
        }
        try f.store.merge(records: [])
        try f.store.flush()
        #expect(failure.withLock { $0 } == nil)
        #expect(merges > 0)
        #expect(try Self.donationLines(f.journalURL) == 5_000)
    }

    @Test("export and merge read the file the store opened, not what a retargeted link names later")
    func exportReadsTheStoresOwnFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tips-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = try compileBundle(Self.catalog)
        let a = dir.appendingPathComponent("a.jsonl").path, b = dir.appendingPathComponent("b.jsonl").path
        let link = dir.appendingPathComponent("link.jsonl")
        let other = try Journal.open(at: b)
        try other.append(contentsOf: (0..<7).map { .donate(event: "e", at: Int64($0), payload: [:]) })
        try other.close()
        #expect(symlink(a, link.path) == 0)
        let store = try TipStore(bundle: bytes, journalURL: link, clock: ManualClock())
        try store.setParameter(dynamic: "on", to: true)
        try store.flush()
        // Someone points the link elsewhere while the store runs.
        #expect(unlink(link.path) == 0)
        #expect(symlink(b, link.path) == 0)
        let exported = try store.exportRecords()
        #expect(exported.filter { if case .donate = $0 { true } else { false } }.isEmpty)
        #expect(exported.contains { if case .param("on", .bool(true), _) = $0 { true } else { false } })
        try store.close()
    }

    // MARK: - The journal deleted or replaced while the app runs (item 8)

    @Test("a journal deleted while the store runs is written again: a dismissed tip stays dismissed", arguments: [
        TipStore.Durability.asynchronous, .synced,
    ])
    func deletedJournalIsWrittenAgain(durability: TipStore.Durability) throws {
        let f = try Fixture(Self.catalog, durability: durability)
        let restored = Locked<[JournalRestoration]>([])
        f.store.onJournalRestored = { r in restored.withLock { $0.append(r) } }
        try f.store.setParameter(dynamic: "on", to: true)
        try f.store.invalidate("T", reason: .tipClosed)
        try f.store.flush()
        try FileManager.default.removeItem(at: f.journalURL)
        try f.store.donate(dynamic: "e")
        try f.store.flush()
        try f.reopen()
        #expect(try f.status("T") == .invalidated(.tipClosed))
        #expect(try f.status("U") == .available)
        #expect(f.store.journalReport.isClean)
        #expect(try Self.waitFor { restored.withLock { $0.count } == 1 })
        let r = try #require(restored.withLock { $0.first })
        #expect(r.cause == .deleted)
        #expect(r.path == f.journalURL.path)
        #expect(r.description.contains("was deleted"))
    }

    @Test("a journal deleted after the last change is written again by flush() or close()", arguments: [false, true])
    func deletedJournalIsWrittenAgainAtClose(flushFirst: Bool) throws {
        let f = try Fixture(Self.catalog, durability: .asynchronous)
        try f.store.invalidate("T", reason: .tipClosed)
        try f.store.flush()
        try FileManager.default.removeItem(at: f.journalURL)
        if flushFirst {
            try f.store.flush()
            #expect(FileManager.default.fileExists(atPath: f.journalURL.path))
        }
        try f.reopen()
        #expect(try f.status("T") == .invalidated(.tipClosed))
    }

    @Test("a journal renamed away is written again at its path; the renamed file is left alone")
    func renamedAwayJournalIsWrittenAgain() throws {
        let f = try Fixture(Self.catalog, durability: .asynchronous)
        try f.store.invalidate("T", reason: .tipClosed)
        try f.store.flush()
        let aside = f.directory.appendingPathComponent("moved.jsonl")
        try FileManager.default.moveItem(at: f.journalURL, to: aside)
        let asideBytes = try Data(contentsOf: aside)
        try f.store.donate(dynamic: "e")
        try f.reopen()
        #expect(try f.status("T") == .invalidated(.tipClosed))
        #expect(try f.status("U") == .available)
        #expect(try Data(contentsOf: aside) == asideBytes)
    }

    @Test("a journal replaced by another journal keeps this store's state and takes the other's facts")
    func replacedJournalIsMerged() throws {
        let f = try Fixture(Self.catalog, durability: .asynchronous)
        let restored = Locked<[JournalRestoration]>([])
        f.store.onJournalRestored = { r in restored.withLock { $0.append(r) } }
        try f.store.invalidate("T", reason: .tipClosed)
        try f.store.flush()
        // An older copy of someone's journal is moved over the live one.
        let other = f.directory.appendingPathComponent("other.jsonl").path
        let j = try Journal.open(at: other)
        try j.append(.donate(event: "e", at: 5, payload: [:]))
        try j.close()
        #expect(rename(other, f.journalURL.path) == 0)
        try f.store.setParameter(dynamic: "on", to: true)
        try f.reopen()
        #expect(try f.status("T") == .invalidated(.tipClosed))
        #expect(try f.store.parameter(dynamic: "on") == true)
        #expect(try f.status("U") == .available)                // the replacement's donation
        #expect(try Self.waitFor { restored.withLock { $0.first?.cause } == .replacedByJournal })
    }

    @Test("a journal replaced by a file that is no journal: that file is moved aside, the state written again")
    func replacedByAnotherFileIsMovedAside() throws {
        let f = try Fixture(Self.catalog, durability: .synced)
        try f.store.invalidate("T", reason: .tipClosed)
        let other = f.directory.appendingPathComponent("notes.txt").path
        _ = FileManager.default.createFile(atPath: other, contents: Data("my notes\n".utf8))
        #expect(rename(other, f.journalURL.path) == 0)
        try f.store.donate(dynamic: "e")
        try f.reopen()
        #expect(try f.status("T") == .invalidated(.tipClosed))
        let names = try FileManager.default.contentsOfDirectory(atPath: f.directory.path)
        let aside = try #require(names.first { $0.hasPrefix("state.jsonl.replaced-") })
        #expect(try String(contentsOf: f.directory.appendingPathComponent(aside), encoding: .utf8) == "my notes\n")
    }

    // MARK: - One store per journal per process (item 9)

    @Test("a second store on a journal already open in this process is refused, by any path to it")
    func secondStoreIsRefused() throws {
        let f = try Fixture(Self.catalog, durability: .asynchronous)
        let link = f.directory.appendingPathComponent("link.jsonl")
        #expect(symlink(f.journalURL.path, link.path) == 0)
        for url in [f.journalURL, link, f.directory.appendingPathComponent("./state.jsonl")] {
            #expect {
                _ = try TipStore(bundle: f.bytes, journalURL: url, clock: f.clock)
            } throws: { error in
                guard let e = error as? TipStoreError else { return false }
                return e.kind == .journalInUse && e.message.contains("already open") && e.message.contains(f.journalURL.lastPathComponent)
            }
        }
        // Once the first one is closed, the journal can be opened again.
        try f.store.close()
        let again = try TipStore(bundle: f.bytes, journalURL: link, clock: f.clock)
        try again.close()
    }

    @Test("a store dropped without close() frees its journal for the next one")
    func droppedStoreFreesItsJournal() throws {
        let f = try Fixture(Self.catalog, durability: .asynchronous)
        try f.store.close()
        do {
            let first = try TipStore(bundle: f.bytes, journalURL: f.journalURL, clock: f.clock)
            try first.donate(dynamic: "e")
        }
        let second = try TipStore(bundle: f.bytes, journalURL: f.journalURL, clock: f.clock)
        #expect(try second.status(of: "U") == .available)
        try second.close()
    }

    @Test("a journal in a folder that does not exist: the error names the folder")
    func missingFolderIsNamed() throws {
        let bytes = try compileBundle(Self.catalog)
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tips-nofolder-\(UUID().uuidString)")
        let url = base.appendingPathComponent("deeper/tips.jsonl")
        #expect {
            _ = try TipStore(bundle: bytes, journalURL: url, clock: ManualClock())
        } throws: { error in
            guard let e = error as? TipStoreError else { return false }
            return e.kind == .journal && !e.message.contains(".lock") && e.message.contains("folder '\(base.path)' does not exist")
        }
    }

    // MARK: - Transient parameters (item 10)

    @Test("a transient parameter is never written to the journal, in any mode", arguments: [
        TipStore.Durability.asynchronous, .synced,
    ])
    func transientParametersAreNotWritten(durability: TipStore.Durability) throws {
        let f = try Fixture(Self.catalog, durability: durability)
        let recorder = try f.store.statusUpdates(of: "T")
        _ = recorder
        try f.store.setParameter(dynamic: "editing", to: true)
        try f.store.setParameter(dynamic: "on", to: true)
        #expect(try f.store.parameter(dynamic: "editing") == true)
        try f.store.flush()
        let names = try Journal.readEntries(at: f.journalURL.path).entries.compactMap { e -> String? in
            if case .param(let name, _, _) = e.record { return name } else { return nil }
        }
        #expect(names == ["on"])
        try f.reopen()
        #expect(try f.store.parameter(dynamic: "editing") == false)
    }

    // MARK: - Where the store waits for the disk (issue 17)

    /// A store whose journal fsyncs wait at a gate the test opens.
    final class SlowDisk: @unchecked Sendable {
        let gate = DispatchSemaphore(value: 0)
        let blocked = Locked(false)
        let syncs = Locked(0)
        let entered = DispatchSemaphore(value: 0)

        var io: JournalIO {
            JournalIO(write: JournalIO.system.write, fsync: { [self] fd in
                syncs.withLock { $0 += 1 }
                if blocked.withLock({ $0 }) {
                    entered.signal()
                    gate.wait()
                }
                return JournalIO.system.fsync(fd)
            })
        }

        func release() {
            blocked.withLock { $0 = false }
            for _ in 0..<64 { gate.signal() }
        }
    }

    /// Runs `body` on another thread and says whether it finished within `seconds`.
    static func finishes(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { body(); done.signal() }
        return done.wait(timeout: .now() + seconds) == .success
    }

    static func waitFor(_ condition: () -> Bool) throws -> Bool {
        for _ in 0..<400 {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return condition()
    }

    @Test("donate, setParameter and status never wait for an fsync, even while export, merge, refresh or compact do",
          arguments: ["export", "merge", "refresh", "compact"])
    func mutationsDoNotWaitForTheDisk(call: String) throws {
        let f = try Fixture(Self.catalog, durability: .asynchronous)
        try f.store.close()
        let disk = SlowDisk()
        let store = try TipStore(bundle: f.bytes, journalURL: f.journalURL, clock: f.clock, overrides: .none,
                                 durability: .asynchronous, io: disk.io)
        defer { disk.release(); try? store.close() }
        disk.blocked.withLock { $0 = true }
        try store.donate(dynamic: "e")                                   // its group commit now waits in fsync
        #expect(disk.entered.wait(timeout: .now() + 5) == .success)
        let waiting = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            switch call {
            case "export": _ = try? store.exportRecords()
            case "merge": try? store.merge(records: [.donate(event: "e", at: 3, payload: [:])])
            case "refresh": try? store.refresh()
            default: try? store.compact()
            }
            waiting.signal()
        }
        Thread.sleep(forTimeInterval: 0.05)                     // let it reach its wait
        #expect(Self.finishes(within: 2) {
            try? store.donate(dynamic: "e")
            try? store.setParameter(dynamic: "on", to: true)
            _ = try? store.status(of: "T")
        }, "a store call waited for the fsync behind '\(call)'")
        disk.release()
        #expect(waiting.wait(timeout: .now() + 10) == .success)
        try store.flush()
        #expect(try store.status(of: "T") == .available)
    }

    @Test("opening a store on a new journal does not wait for an fsync")
    func openingDoesNotSync() throws {
        let f = try Fixture(Self.catalog, durability: .asynchronous)
        try f.store.close()
        try FileManager.default.removeItem(at: f.journalURL)
        let disk = SlowDisk()
        let store = try TipStore(bundle: f.bytes, journalURL: f.journalURL, clock: f.clock, overrides: .none,
                                 durability: .asynchronous, io: disk.io)
        #expect(disk.syncs.withLock { $0 } == 0)
        try store.donate(dynamic: "e")
        try store.flush()
        // The first group commit makes the new file and its directory entry durable.
        #expect(disk.syncs.withLock { $0 } == 2)
        try store.close()
    }

    /// True when some process or open file holds `path`'s flock.
    static func isLocked(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return true
    }

    @Test("no file lock is held while the store is idle, after flush() or after close()", arguments: [
        TipStore.Durability.asynchronous, .batched(maxRecords: 100, maxDelayMilliseconds: 60_000), .synced,
    ])
    func noLockWhileIdle(durability: TipStore.Durability) throws {
        let f = try Fixture(Self.catalog, durability: durability)
        let lock = f.journalURL.path + ".lock"
        #expect(!Self.isLocked(lock))
        try f.store.donate(dynamic: "e")
        try f.store.setParameter(dynamic: "on", to: true)
        // Batched: the records wait in memory for the delay; nothing is locked meanwhile.
        // Asynchronous: the writer is at work until it has written them (on a loaded
        // machine that can take longer than any fixed pause), then it lets go.
        Thread.sleep(forTimeInterval: 0.05)
        if durability == .asynchronous {
            var waited = 0
            while Self.isLocked(lock), waited < 500 {
                Thread.sleep(forTimeInterval: 0.01)
                waited += 1
            }
        }
        #expect(!Self.isLocked(lock))
        try f.store.flush()
        #expect(!Self.isLocked(lock))
        try f.store.close()
        #expect(!Self.isLocked(lock))
    }
}
