import TipsBytecode

/// Where the donations that pass each filtered query's filter lie in one state: per query,
/// how many match before each row of its event, and the matching rows in order. With it
/// a filtered count, `first` or `last` over any range costs O(1) instead of a scan of the
/// range: for a search that evaluates the same rules at many instants over donations that
/// do not change (explain's "when", `RuleMemo` in TipsRuntime), where a scan per instant
/// made it quadratic in the donations.
///
/// Made by `RuleVM.matchIndex(programs:in:)` for the filtered queries those programs read
/// (a query it does not cover is scanned as usual). Valid only for the state it was made
/// from and the argument values bound when it was made: which donations match depends on
/// both.
package final class MatchIndex {
    /// One per query of the bundle (`before` nil for the queries it does not cover).
    let tables: UnsafeMutableBufferPointer<MatchTable>
    /// The state it was made for, checked on use: its layout and donation count.
    let layout: UInt64
    let donationCount: Int

    init(queries: Int, layout: UInt64, donationCount: Int) {
        tables = .allocate(capacity: max(1, queries))
        tables.initialize(repeating: MatchTable(before: nil, positions: nil))
        self.layout = layout
        self.donationCount = donationCount
    }

    deinit {
        for t in tables {
            t.before?.deallocate()
            t.positions?.deallocate()
        }
        tables.deallocate()
    }

    /// Whether `state` looks like the state it was made for (same bundle, same number of
    /// donations).
    func fits(_ state: RuleState) -> Bool {
        state.layout == layout && state.donations.timestamps.count == donationCount
    }
}

/// One query's matching donations (see `MatchIndex`).
struct MatchTable {
    /// Matching donations before each row of the query's event (rows + 1 entries).
    var before: UnsafeMutablePointer<Int>?
    /// The absolute indices of the matching donations, ascending.
    var positions: UnsafeMutablePointer<Int>?
}

extension RuleVM {
    /// The matching donations of every filtered query that programs `programs` read, over
    /// `state`'s donations and the argument values bound now (one pass over each query's
    /// event).
    package func matchIndex(programs: [Int], in state: RuleState) -> MatchIndex {
        precondition(state.layout == layout, "RuleState was made for a different bundle")
        let b = verified.bundle
        let index = MatchIndex(queries: b.queries.count, layout: layout, donationCount: state.donations.timestamps.count)
        var queries = Set<Int>()
        for p in programs where b.programs.indices.contains(p) { queries.formUnion(b.programs[p].reads(in: b).queries) }
        withFrame(state) { frame in
            for q in queries.sorted() {
                let fq = frame.queries[q]
                guard fq.termStart != fq.termEnd else { continue }
                let start = frame.eventStarts[fq.event], end = frame.eventStarts[fq.event &+ 1]
                let before = UnsafeMutablePointer<Int>.allocate(capacity: end - start + 1)
                frame.countMatchesBefore(fq, into: before)
                let positions = UnsafeMutablePointer<Int>.allocate(capacity: max(1, before[end - start]))
                var k = 0
                for i in start..<end where before[i - start + 1] != before[i - start] {
                    positions[k] = i
                    k += 1
                }
                index.tables[q] = MatchTable(before: before, positions: positions)
            }
        }
        return index
    }
}
