import Testing
import TipsBenchSupport
@testable import TipsJournal

/// The merge laws over seeded random journals, and the per-kind rules of Docs/sync.md.
@Suite struct JournalMergeTests {
    /// A device's journal: few names and a narrow time range, so journals collide on
    /// names and instants, with every record kind (snapshots and resets included).
    static func journal(_ g: inout SeededGenerator) -> [JournalRecord] {
        let tips = ["A", "B", "C"]
        var records: [JournalRecord] = []
        var clock = Int64.random(in: 0..<20, using: &g)
        for _ in 0..<Int.random(in: 0..<24, using: &g) {
            clock += Int64.random(in: -2..<6, using: &g)  // clocks may go back a little
            let tip = tips.randomElement(using: &g) ?? "A"
            switch Int.random(in: 0..<100, using: &g) {
            case 0..<18:
                let value: JournalValue = [.bool(true), .bool(false), .int(1), .int(2), .string("x"),
                                           .set(["a", "b"]), .enumCase("pro"), .null].randomElement(using: &g) ?? .null
                records.append(.param(name: ["p", "q"].randomElement(using: &g) ?? "p", value: value, at: clock))
            case 18..<40:
                records.append(.donate(event: ["save", "open"].randomElement(using: &g) ?? "save", at: clock,
                                       payload: Bool.random(using: &g) ? [:] : ["n": .int(Int64.random(in: 0..<3, using: &g))]))
            case 40..<58: records.append(.displayBegan(tip: tip, at: clock))
            case 58..<74: records.append(.displayEnded(tip: tip, at: clock))
            case 74..<84:
                records.append(.invalidate(tip: tip, reason: ["tipClosed", "actionPerformed"].randomElement(using: &g) ?? "tipClosed",
                                           at: clock))
            case 84..<90: records.append(.resetEligibility(tip: tip, at: clock))
            case 90..<94: records.append(.resetStore(at: clock))
            case 94..<97:
                records.append(.exposure(tip: tip, experiment: "x", variant: ["a", "b", "holdout"].randomElement(using: &g) ?? "a",
                                         at: clock))
            case 97: records.append(.install(id: ["i1", "i2"].randomElement(using: &g) ?? "i1", at: clock))
            default:
                let count = Int64.random(in: 0..<4, using: &g)
                records.append(.tipSnapshot(tip: tip, state: TipState(
                    displayCount: count, displayMs: count * 7, firstDisplayAt: count > 0 ? clock - 5 : nil,
                    lastDisplayAt: count > 0 ? clock : nil,
                    invalidation: Bool.random(using: &g) ? Invalidation(reason: "tipClosed", at: clock) : nil)))
            }
        }
        return records
    }

    static let seeds: [UInt64] = Array(1...300)

    @Test(arguments: seeds) func commutative(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        let a = JournalMerge(records: Self.journal(&g))
        let b = JournalMerge(records: Self.journal(&g))
        #expect(a.merging(b) == b.merging(a))
        #expect(a.merging(b).records == b.merging(a).records)
    }

    @Test(arguments: seeds) func associative(seed: UInt64) {
        var g = SeededGenerator(seed: seed &* 31)
        let a = JournalMerge(records: Self.journal(&g))
        let b = JournalMerge(records: Self.journal(&g))
        let c = JournalMerge(records: Self.journal(&g))
        #expect(a.merging(b).merging(c) == a.merging(b.merging(c)))
        #expect(a.merging(b).merging(c).state == a.merging(b.merging(c)).state)
    }

    @Test(arguments: seeds) func idempotent(seed: UInt64) {
        var g = SeededGenerator(seed: seed &* 7919)
        let a = JournalMerge(records: Self.journal(&g))
        let b = JournalMerge(records: Self.journal(&g))
        #expect(a.merging(a) == a)
        let ab = a.merging(b)
        #expect(ab.merging(b) == ab)
        #expect(ab.merging(a) == ab)
        #expect(a.merging(JournalMerge()) == a)
    }

    /// A merged journal read back gives the same facts, so merging files (`tipc journal
    /// merge`) obeys the same laws as merging in memory.
    @Test(arguments: seeds) func recordsReadBackToTheSameFacts(seed: UInt64) {
        var g = SeededGenerator(seed: seed &* 104_729)
        let ab = JournalMerge(records: Self.journal(&g)).merging(JournalMerge(records: Self.journal(&g)))
        #expect(JournalMerge(records: ab.records) == ab)
        #expect(JournalMerge(records: ab.records).records == ab.records)
    }

    /// Invalidation wins: an invalidation no reset on either side clears stays in force.
    @Test(arguments: seeds) func dismissalSurvives(seed: UInt64) {
        var g = SeededGenerator(seed: seed &* 15_485_863)
        let other = Self.journal(&g)
        let dismissed: [JournalRecord] = [.displayBegan(tip: "A", at: 1000), .displayEnded(tip: "A", at: 1001),
                                          .invalidate(tip: "A", reason: "tipClosed", at: 1001)]
        let merged = JournalMerge(records: dismissed).merging(JournalMerge(records: other))
        // Other's resets all lie before 1000 (its clock stays far below), so none clears it.
        #expect(merged.state.tips["A"]?.invalidation != nil)
    }

    @Test func parametersLastWriterWinsWithATieBreak() {
        let a = JournalMerge(records: [.param(name: "p", value: .int(1), at: 10)])
        let b = JournalMerge(records: [.param(name: "p", value: .int(2), at: 5)])
        #expect(a.merging(b).state.params["p"]?.value == .int(1))
        let tie = JournalMerge(records: [.param(name: "p", value: .int(7), at: 10)])
        #expect(a.merging(tie).state.params["p"]?.value == tie.merging(a).state.params["p"]?.value)
    }

    @Test func donationsAreASet() {
        let shared: JournalRecord = .donate(event: "save", at: 5, payload: ["n": .int(1)])
        let a = JournalMerge(records: [shared, .donate(event: "save", at: 6, payload: [:])])
        let b = JournalMerge(records: [shared, .donate(event: "save", at: 7, payload: [:])])
        #expect(a.merging(b).state.donations["save"]?.map(\.at) == [5, 6, 7])
    }

    @Test func countersTakeTheLargest() {
        let a = JournalMerge(records: [.displayBegan(tip: "T", at: 1), .displayEnded(tip: "T", at: 4),
                                       .displayBegan(tip: "T", at: 10), .displayEnded(tip: "T", at: 11)])
        let b = JournalMerge(records: [.displayBegan(tip: "T", at: 20), .displayEnded(tip: "T", at: 30)])
        let t = a.merging(b).state.tips["T"]
        #expect(t?.displayCount == 2)
        #expect(t?.displayMs == 10)
        #expect(t?.firstDisplayAt == 1)
        #expect(t?.lastDisplayAt == 20)
        #expect(t?.openSince == nil)
    }

    @Test func eligibilityResetClearsOlderInvalidationsOnly() {
        let a = JournalMerge(records: [.invalidate(tip: "T", reason: "tipClosed", at: 5)])
        let reset = JournalMerge(records: [.resetEligibility(tip: "T", at: 8)])
        #expect(a.merging(reset).state.tips["T"]?.invalidation == nil)
        let later = JournalMerge(records: [.invalidate(tip: "T", reason: "actionPerformed", at: 9)])
        #expect(a.merging(reset).merging(later).state.tips["T"]?.invalidation == Invalidation(reason: "actionPerformed", at: 9))
        // A tie goes to the invalidation.
        let tie = JournalMerge(records: [.invalidate(tip: "T", reason: "tipClosed", at: 8)])
        #expect(reset.merging(tie).state.tips["T"]?.invalidation?.at == 8)
    }

    @Test func storeResetForgetsWhatCameBefore() {
        let a = JournalMerge(records: [.param(name: "p", value: .bool(true), at: 5), .donate(event: "e", at: 5, payload: [:]),
                                       .displayBegan(tip: "T", at: 5), .displayEnded(tip: "T", at: 6),
                                       .invalidate(tip: "T", reason: "tipClosed", at: 6)])
        let b = JournalMerge(records: [.resetStore(at: 10), .donate(event: "e", at: 12, payload: [:])])
        let s = a.merging(b).state
        #expect(s.params.isEmpty)
        #expect(s.donations["e"]?.map(\.at) == [12])
        #expect(s.tips.isEmpty)
    }

    /// An open presentation is the showing process's business: not merged.
    @Test func openPresentationsAreNotFacts() {
        let a = JournalMerge(records: [.displayBegan(tip: "T", at: 5)])
        #expect(a.state.tips["T"]?.openSince == nil)
        #expect(a.state.tips["T"]?.displayCount == 1)
    }

    /// The transport form: a journal file's bytes that decode to the same records.
    @Test(arguments: Array(seeds.prefix(50))) func transportRoundTrip(seed: UInt64) throws {
        var g = SeededGenerator(seed: seed &* 2_654_435_761)
        let records = JournalMerge(records: Self.journal(&g)).merging(JournalMerge(records: Self.journal(&g))).records
        let bytes = try JournalMerge.encode(records)
        #expect(try JournalMerge.decode(bytes) == records)
    }

    @Test func transportRefusesDamage() throws {
        var bytes = try JournalMerge.encode([.donate(event: "e", at: 1, payload: [:]), .param(name: "p", value: .int(1), at: 2)])
        #expect(throws: JournalError.self) { try JournalMerge.decode(Array(bytes.dropLast())) }
        bytes[bytes.count - 5] ^= 0x01  // a flipped bit fails the line's CRC
        #expect(throws: JournalError.self) { try JournalMerge.decode(bytes) }
        #expect(throws: JournalError.self) { try JournalMerge.decode(Array("hello\n".utf8)) }
        #expect(throws: JournalError.self) { try JournalMerge.decode([]) }
        #expect(try JournalMerge.decode(JournalMerge.encode([])).isEmpty)
    }
}
