import Foundation
import Testing
@testable import TipsRuntime

@Suite("Concurrency")
struct ConcurrencyTests {
    static let catalog = """
    param n: Int = 0
    param flag: Bool = false
    event e(worker: Int)
    tip T { title "T" rule count(e) >= 100 && flag }
    tip U { title "U" rule count(e within 1h) >= 1 maxDisplayCount 1000 }
    group G { T, U }
    tip W(worker: Int) { id "W-\\(worker)" title "W" }
    """

    @Test("Concurrency: many tasks mutating and reading at once; no crash, consistent final state")
    func smoke() async throws {
        let f = try Fixture(Self.catalog, durability: .batched(maxRecords: 64, maxDelayMilliseconds: 50))
        let store = f.store
        let statuses = Recorder(try store.statusUpdates(of: "T"))
        let groups = Recorder(try store.currentTipUpdates(inGroup: "G"))
        let ui = FakeUI()
        let presenter = try TipPresenter(store: store, tip: "U", present: ui.present, dismiss: ui.dismiss)
        let workers = 8, perWorker = 150
        try await withThrowingTaskGroup(of: Void.self) { group in
            for w in 0..<workers {
                group.addTask {
                    for i in 0..<perWorker {
                        try store.donate(dynamic: "e", ["worker": .int(Int64(w))])
                        if i % 10 == 0 { try store.setParameter(dynamic: "flag", to: .bool(i % 20 == 0)) }
                        if i % 7 == 0 { _ = try store.status(of: "T"); _ = store.availableTips() }
                        if i % 25 == 0 {
                            let mine = TipKey("W", arguments: ["worker": .int(Int64(w))])
                            try store.presentationBegan(mine)
                            try store.presentationBegan("T")   // shared: concurrent begins are one presentation
                            try store.presentationEnded(mine)
                            try store.presentationEnded("T")
                        }
                    }
                }
            }
            group.addTask {
                for _ in 0..<50 { f.clock.advance(seconds: 1) }
            }
            try await group.waitForAll()
        }
        try store.setParameter(dynamic: "flag", to: true)
        #expect(try store.status(of: "T") == .available)
        for w in 0..<workers {
            #expect(try store.report(of: TipKey("W", arguments: ["worker": .int(Int64(w))])).displayCount == Int64(perWorker / 25))
        }
        let sharedCount = try store.report(of: "T").displayCount
        #expect(sharedCount >= Int64(perWorker / 25) && sharedCount <= Int64(workers * perWorker / 25))
        try store.flush()
        let donations = try f.journalLines().filter { $0.contains(#""t":"donate""#) }.count
        #expect(donations == workers * perWorker)
        // Observers never saw the same value twice in a row.
        let s = statuses.values, g = groups.values
        #expect(zip(s, s.dropFirst()).allSatisfy { $0 != $1 })
        #expect(zip(g, g.dropFirst()).allSatisfy { $0 != $1 })
        presenter.stop()
        // Replaying the journal gives the same state.
        let report = try store.report(of: "T")
        try f.reopen()
        #expect(try f.store.report(of: "T").displayCount == report.displayCount)
        #expect(try f.store.status(of: "T") == .available)
    }
}
