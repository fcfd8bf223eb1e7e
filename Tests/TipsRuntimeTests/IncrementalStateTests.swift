import Foundation
import Testing
import TipsBenchSupport
@testable import TipsRuntime

/// What the engine keeps incrementally (to make a call cost what it changes) must always
/// equal what recomputing from scratch gives, over random histories of every operation.
@Suite("Incremental engine state equals recomputation")
struct IncrementalStateTests {
    /// One random step of `ReplayPropertyTests`' catalog's operations.
    static func randomStep(_ f: Fixture, _ rng: inout SeededGenerator) throws {
        let tip = ReplayPropertyTests.tips.randomElement(using: &rng)!
        let modes = ["a", "b", "c"]
        switch Int.random(in: 0..<14, using: &rng) {
        case 0, 1:
            try f.store.donate(dynamic: "hit", ["mode": .enumCase(modes.randomElement(using: &rng)!), "n": .int(Int64.random(in: 0..<8, using: &rng)),
                                       "w": .double(1), "s": .string(["x", "y", "z"].randomElement(using: &rng)!)],
                               at: Bool.random(using: &rng) ? nil : f.clock.now() + Int64.random(in: -3_600_000..<600_000, using: &rng))
        case 2: try f.store.donate(dynamic: "ping")
        case 3: try f.store.setParameter(dynamic: "flag", to: .bool(Bool.random(using: &rng)))
        case 4: try f.store.setParameter(dynamic: "level", to: .int(Int64.random(in: 0..<6, using: &rng)))
        case 5: try f.store.setParameter(dynamic: "mode", to: .enumCase(modes.randomElement(using: &rng)!))
        case 6: try f.store.setParameter(dynamic: "tags", to: .stringSet(Set(["a", "b", "c"].filter { _ in Bool.random(using: &rng) })))
        case 7, 8: try f.store.presentationBegan(tip)
        case 9: try f.store.presentationEnded(tip)
        case 10: f.clock.advance(by: Int64.random(in: 0..<(3 * hour), using: &rng))
        case 11: if Int.random(in: 0..<4, using: &rng) == 0 { try f.store.resetEligibility(tip) } else { try f.store.invalidate(tip, reason: .tipClosed) }
        case 12: try f.store.perform(action: Bool.random(using: &rng) ? "go" : "stop", of: "Three")
        default: if Int.random(in: 0..<25, using: &rng) == 0 { try f.store.resetStore() }
        }
    }

    @Test("The cooldown's start (latest first display) is kept in step with the journal state", arguments: [11, 12, 13] as [UInt64])
    func cooldownStart(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let f = try Fixture(ReplayPropertyTests.catalog, durability: .asynchronous)
        var moved = 0
        for step in 0..<400 {
            try Self.randomStep(f, &rng)
            let (cached, recomputed) = f.store.engine.withLock { ($0.latestFirstDisplayAt, $0.state.latestFirstDisplayAt) }
            #expect(cached == recomputed, "seed \(seed) step \(step)")
            if cached != nil { moved += 1 }
        }
        // The history must have displayed something, or the check above proved nothing.
        #expect(moved > 0)
    }
}

extension IncrementalStateTests {
    /// The observers of every tip and group of `ReplayPropertyTests.catalog` (streams kept
    /// alive, never read: only the engine's record of what each was last told matters).
    static func observeEverything(_ f: Fixture) throws -> [Any] {
        var streams: [Any] = []
        for t in ReplayPropertyTests.tips { streams.append(try f.store.statusUpdates(of: t)) }
        for g in ["G", "H"] { streams.append(try f.store.currentTipUpdates(inGroup: TipGroupKey(g))) }
        return streams
    }

    @Test("Observers re-evaluated by dependency end every call up to date, and the wake-up equals a full recomputation",
          arguments: [21, 22, 23, 24] as [UInt64])
    func dependencyDrivenNotification(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let f = try Fixture(ReplayPropertyTests.catalog, durability: .asynchronous)
        let streams = try Self.observeEverything(f)
        var timeOnly = 0
        for step in 0..<500 {
            // Sometimes only time passes, and a read (or the wake-up) must notice it alone.
            if Int.random(in: 0..<5, using: &rng) == 0 {
                f.clock.advance(by: Int64.random(in: 0..<(2 * hour), using: &rng))
                _ = try f.status("One")
                timeOnly += 1
            } else {
                try Self.randomStep(f, &rng)
            }
            let (stale, planned, full) = f.store.engine.withLock { e -> ([String], Int64?, Int64?) in
                let stale = e.observers.values.filter { $0.last != e.value(of: $0.target) }.map { "\($0.target)" }
                return (stale, e.wakeAt, e.nextBreakpoint())
            }
            #expect(stale.isEmpty, "seed \(seed) step \(step): observers not told: \(stale)")
            #expect(planned == full, "seed \(seed) step \(step): wake-up \(String(describing: planned)), recomputed \(String(describing: full))")
        }
        #expect(timeOnly > 50)
        withExtendedLifetime(streams) {}
    }
}
