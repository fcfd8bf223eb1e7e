import Foundation
import Testing
import TipsBenchSupport
@testable import TipsRuntime

@Suite("Conformance: replay equivalence (seeded random histories)")
struct ReplayPropertyTests {
    static let catalog = """
    config { displayFrequency 2h }
    enum Mode { a, b, c }
    param flag: Bool = false
    param level: Int = 0
    param mode: Mode = .a
    param when: Date?
    param tags: Set<String> = []
    event hit(mode: Mode, n: Int, w: Double, s: String) limit 20 maxAge 3d
    event ping
    tip One { title "1" rule count(hit within 1h) >= 2 maxDisplayCount 2 }
    tip Two { title "2" rule flag || level > 3 invalidate when hit where mode == .b && n >= 5 maxDisplayDuration 3m }
    tip Three { title "3" rule now - last(ping) > 30m ignoresDisplayFrequency
        action "go" { title "Go" set level = level + 1 donate hit(mode: mode, n: level, w: 1.5, s: "x") }
        action "stop" { title "Stop" invalidate reason tipClosed } }
    tip Four { title "4" rule largestGroup(hit by s within 1d) >= 3 && tags.count <= 2 }
    tip Item(k: String) { id "item-\\(k)" title "I" rule mode != .c maxDisplayCount 1 invalidate when ping }
    group G ordered { One, Two }
    group H { Three, Four }
    """

    static let tips: [TipKey] = ["One", "Two", "Three", "Four", TipKey("Item", arguments: ["k": "p"]), TipKey("Item", arguments: ["k": "q"])]

    func snapshot(_ store: TipStore) throws -> [String] {
        var out = try Self.tips.map { "\(try store.report(of: $0))" }
        out += try ["flag", "level", "mode", "when", "tags"].map { "\(try store.parameter(dynamic: $0))" }
        out += try ["G", "H"].map { "\(String(describing: try store.currentTip(inGroup: TipGroupKey($0))))" }
        return out
    }

    @Test("Replay: reopening (and compacting) a random history gives the same state", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomHistory(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let f = try Fixture(Self.catalog)
        let modes = ["a", "b", "c"]
        for step in 0..<300 {
            let tip = Self.tips.randomElement(using: &rng)!
            switch Int.random(in: 0..<14, using: &rng) {
            case 0, 1:
                try f.store.donate(dynamic: "hit", ["mode": .enumCase(modes.randomElement(using: &rng)!), "n": .int(Int64.random(in: 0..<8, using: &rng)),
                                           "w": .double(Double(Int.random(in: -5..<5, using: &rng)) / 4), "s": .string(["x", "y", "z"].randomElement(using: &rng)!)],
                                   at: Bool.random(using: &rng) ? nil : f.clock.now() + Int64.random(in: -3_600_000..<600_000, using: &rng))
            case 2: try f.store.donate(dynamic: "ping")
            case 3: try f.store.setParameter(dynamic: "flag", to: .bool(Bool.random(using: &rng)))
            case 4: try f.store.setParameter(dynamic: "level", to: .int(Int64.random(in: 0..<6, using: &rng)))
            case 5: try f.store.setParameter(dynamic: "mode", to: .enumCase(modes.randomElement(using: &rng)!))
            case 6: try f.store.setParameter(dynamic: "tags", to: .stringSet(Set(["a", "b", "c"].filter { _ in Bool.random(using: &rng) })))
            case 7: try f.store.presentationBegan(tip)
            case 8: try f.store.presentationEnded(tip)
            case 9: f.clock.advance(by: Int64.random(in: 0..<(3 * hour), using: &rng))
            case 10: try f.store.perform(action: Bool.random(using: &rng) ? "go" : "stop", of: "Three")
            case 11: if Int.random(in: 0..<4, using: &rng) == 0 { try f.store.resetEligibility(tip) } else { try f.store.invalidate(tip, reason: .tipClosed) }
            case 12: try f.store.setParameter(dynamic: "when", to: Bool.random(using: &rng) ? .null : .date(f.clock.now()))
            default: if Int.random(in: 0..<20, using: &rng) == 0 { try f.store.resetStore() }
            }
            if step % 50 == 49 {
                // A presentation open at reopen is ended by the open; end them first.
                for t in Self.tips { try f.store.presentationEnded(t) }
                let before = try snapshot(f.store)
                try f.store.compact()
                #expect(try snapshot(f.store) == before, "seed \(seed) step \(step): compaction")
                try f.reopen()
                #expect(try snapshot(f.store) == before, "seed \(seed) step \(step): reopen")
            }
        }
    }
}

@Suite("Misuse")
struct MisuseTests {
    @Test("Misuse: random names, types and arguments throw clear errors and write nothing", arguments: [7, 8, 9] as [UInt64])
    func randomMisuse(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let f = try Fixture(ReplayPropertyTests.catalog)
        let values: [TipValue] = [true, 1, -7, 2.5, .double(-0.0), "", "x", .date(-1), .stringSet([]), .stringSet(["é", "\u{0}"]),
                                  .enumCase("a"), .enumCase("zz"), .null, .double(.infinity), .int(.min)]
        let names = ["flag", "level", "mode", "when", "tags", "hit", "ping", "One", "Item", "nope", "", "G", "s", "k"]
        var written = try f.journalLines().count
        for _ in 0..<400 {
            let name = names.randomElement(using: &rng)!
            let value = values.randomElement(using: &rng)!
            var payload: [String: TipValue] = [:]
            for field in ["mode", "n", "w", "s", "x"] where Bool.random(using: &rng) { payload[field] = values.randomElement(using: &rng)! }
            do {
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: try f.store.setParameter(dynamic: name, to: value)
                case 1: try f.store.donate(dynamic: name, payload)
                case 2: _ = try f.store.status(of: TipKey(name, arguments: payload))
                case 3: try f.store.perform(action: name, of: TipKey(name, arguments: payload))
                default: _ = try f.store.currentTip(inGroup: TipGroupKey(name))
                }
            } catch {
                #expect(!error.message.isEmpty && error.kind != .journal && error.kind != .closed)
                #expect(try f.journalLines().count == written, "a refused call wrote: \(error)")
            }
            written = try f.journalLines().count
        }
    }
}
