import Testing
@testable import TipsRuntime

/// What `explain`'s search for the next available instant costs over a long journal, as
/// work (donations the VM's filtered queries look at one by one), not time: every
/// donation of a filtered window matching, so each candidate instant changes what the
/// rule counts (issue 19: 32,000 such donations took 35 s, one window scan per candidate).
@Suite("Explanation cost: the search is linear in the donations")
struct ExplanationCostTests {
    static let catalog = """
        enum Kind { a, b }
        event shared(kind: Kind) limit 100000

        tip Counted {
            title "Counted"
            rule count(shared where kind == .a within 30d) >= 50000
        }
        tip WithClock {
            title "WithClock"
            rule count(shared where kind == .a within 30d) >= 50000 || now - first(shared) > 900d
        }
        tip Latest {
            title "Latest"
            rule now - last(shared where kind == .b) < 900d && count(shared within 1d) >= 100000
        }
        """

    /// `donations` donations of `shared`, all `.a` but the first (`.b`), spread over the 30
    /// days before the explained instant; per tip, the search's answer and the donations
    /// it scanned.
    func search(donations: Int, everyCandidate: Bool = false) throws -> [String: (NextAvailability, Int)] {
        let clock = ManualClock()
        let store = try TipStore(bundle: try compileBundle(Self.catalog), clock: clock)
        let start = clock.now()
        let span = 30 * day
        for i in 0..<donations {
            try store.donate(dynamic: "shared", ["kind": .enumCase(i == 0 ? "b" : "a")], at: start + span * Int64(i) / Int64(donations))
        }
        clock.advance(to: start + span)
        return try store.withEngine(writing: false) { e in
            var out: [String: (NextAvailability, Int)] = [:]
            for r in e.knownTips() {
                let status = e.status(r)
                let before = e.vm.donationsScanned
                let next = e.nextAvailability(r, status: status, rules: [], horizon: 400 * day,
                                              skipUnchanged: !everyCandidate)
                out[r.tip.name] = (next, e.vm.donationsScanned - before)
            }
            return out
        }
    }

    @Test("the donations scanned grow linearly with the donations (a scan per candidate was quadratic)")
    func linear() throws {
        let small = try search(donations: 500), large = try search(donations: 4000)
        // WithClock and Latest read `now`, so they are evaluated at every candidate; Latest's
        // one `.b` is the oldest donation: found by a scan back from the newest unless the
        // search knows where the matches are.
        for name in ["Counted", "WithClock", "Latest"] {
            let s = try #require(small[name]), l = try #require(large[name])
            // A few passes over the journal at most (building what the search looks up);
            // one scan of the window per candidate is about donations / 2 per donation.
            #expect(s.1 <= 4 * 500, "\(name): \(s.1) donations scanned for 500")
            #expect(l.1 <= 4 * 4000, "\(name): \(l.1) donations scanned for 4,000")
        }
    }

    @Test("the same answers as evaluating the full status at every candidate")
    func sameAnswers() throws {
        let memo = try search(donations: 300), every = try search(donations: 300, everyCandidate: true)
        #expect(memo.count == 3)
        for (name, (next, _)) in memo { #expect(every[name]?.0 == next, "\(name)") }
    }
}
