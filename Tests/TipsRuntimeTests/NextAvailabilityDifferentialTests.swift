import Foundation
import Testing
import TipsBenchSupport
@testable import TipsRuntime

/// `explain`'s "when does time alone make it available" search skips the candidate
/// instants at which nothing the status reads changed (`TimeInputs`). Held here to the
/// plain search, which evaluates the status at every candidate, over random journals:
/// donations past and future, payloads that match a filter or not, windows, maxAges,
/// limits, groups, a cooldown and a display in progress.
@Suite("Next availability: skipping versus every candidate")
struct NextAvailabilityDifferentialTests {
    static let catalog = """
        enum Kind { a, b, c }
        param launched: Date?
        event shared(kind: Kind, size: Int) limit 12
        event opened maxAge 3d
        event saved(words: Int) limit 30 maxAge 10d
        config { displayFrequency daily }

        tip Filtered {
            title "Filtered"
            rule count(shared where kind == .a within 2d) >= 2
        }
        tip FewMatches {
            title "Few"
            rule count(shared where kind == .b && size > 3 within 1d) == 1
        }
        tip Quiet {
            title "Quiet"
            rule count(saved where words >= 50 within 12h) == 0
            rule count(opened) >= 1
        }
        tip Groups {
            title "Groups"
            rule largestGroup(shared by kind within 3d) >= 3 || count(saved within 1d) >= 4
        }
        tip Latest {
            title "Latest"
            rule last(saved where words < 20) != nil && count(opened within 6h) < 2
        }
        tip Clock {
            title "Clock"
            rule now - first(opened) >= 2d
        }
        tip Launch {
            title "Launch"
            rule now >= launched ?? now
            rule count(saved) >= 3
        }
        tip Shown {
            title "Shown"
            rule count(opened within 1d) >= 1
            maxDisplayDuration 2m
        }
        tip Mixed {
            title "Mixed"
            rule count(shared where kind == .c && size >= 2 within 2d) >= 1
            rule now - last(opened) < 1d
        }
        group Pair firstAvailable { Filtered, FewMatches }
        """

    @Test("the same answer for every tip over random journals", arguments: 0..<24)
    func sameAnswer(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        let f = try Fixture(Self.catalog)
        let start = f.clock.now()
        let kinds: [TipValue] = [.enumCase("a"), .enumCase("b"), .enumCase("c")]
        // Donations over four days before the explained instant and two after it.
        for _ in 0..<Int.random(in: 5...60, using: &random) {
            let at = start + Int64.random(in: 0...(6 * day), using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                try f.store.donate(dynamic: "shared", ["kind": kinds.randomElement(using: &random)!, "size": .int(Int64.random(in: 0...6, using: &random))],
                                   at: at)
            case 1: try f.store.donate(dynamic: "opened", at: at)
            default: try f.store.donate(dynamic: "saved", ["words": .int(Int64.random(in: 0...100, using: &random))], at: at)
            }
        }
        if Bool.random(using: &random) {
            try f.store.setParameter(dynamic: "launched", to: .date(start + Int64.random(in: 0...(8 * day), using: &random)))
        }
        f.clock.advance(to: start + 4 * day + Int64.random(in: 0...day, using: &random))
        if Bool.random(using: &random) { try f.store.presentationBegan("Shown") }
        var differences: [String] = []
        var compared = 0
        try f.store.withEngine(writing: false) { e in
            for r in e.knownTips() {
                let s = e.status(r)
                let skipping = e.nextAvailability(r, status: s, rules: [], horizon: 30 * day)
                let every = e.nextAvailability(r, status: s, rules: [], horizon: 30 * day, skipUnchanged: false)
                compared += 1
                if skipping != every { differences.append("\(r.tip.name): \(skipping) versus \(every)") }
            }
        }
        #expect(compared == 9)
        #expect(differences.isEmpty, "seed \(seed): \(differences)")
    }

    @Test("the signature moves when a matching donation leaves a window, not for another one")
    func signature() throws {
        let f = try Fixture(Self.catalog)
        let t0 = f.clock.now()
        try f.store.donate(dynamic: "shared", ["kind": .enumCase("a"), "size": .int(1)], at: t0)
        try f.store.donate(dynamic: "shared", ["kind": .enumCase("c"), "size": .int(1)], at: t0 + hour)
        try f.store.donate(dynamic: "shared", ["kind": .enumCase("a"), "size": .int(1)], at: t0 + 2 * hour)
        let keys = try f.store.withEngine(writing: false) { e -> [[Int]] in
            guard let tip = e.catalog.bundle.tips.indices.first(where: { e.catalog.tipName($0) == "Filtered" }),
                  let inputs = e.vm.timeInputs(program: Int(e.catalog.bundle.tips[tip].rules[0]), in: e.rules) else { return [] }
            // Filtered: kind == .a within 2d. All three in range, then just after each left it.
            let instants = [t0 + 2 * hour, t0 + 2 * day + 1, t0 + hour + 2 * day + 1, t0 + 2 * hour + 2 * day + 1]
            return instants.map { e.vm.signature(inputs, in: e.rules, at: $0) }
        }
        try #require(keys.count == 4)
        #expect(keys[0] != keys[1], "the first .a left: the matching set changed")
        #expect(keys[1] == keys[2], "only the .c left: the matching set is the same, the candidate can be skipped")
        #expect(keys[2] != keys[3], "the second .a left")
    }

    @Test("rules that read now get no shortcut; the others of the same tip keep theirs")
    func inputs() throws {
        let f = try Fixture(Self.catalog)
        let found = try f.store.withEngine(writing: false) { e in
            ["Clock", "Launch", "Filtered", "Quiet"].map { name -> [Bool] in
                guard let tip = e.catalog.bundle.tips.indices.first(where: { e.catalog.tipName($0) == name }) else { return [] }
                return e.catalog.bundle.tips[tip].rules.map { e.vm.timeInputs(program: Int($0), in: e.rules) == nil }
            }
        }
        // Clock's rule and Launch's first read `now`: evaluated at every candidate.
        #expect(found == [[true], [true, false], [false], [false, false]])
    }
}
