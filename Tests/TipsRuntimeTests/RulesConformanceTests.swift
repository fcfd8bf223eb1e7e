import Foundation
import Testing
import TipsCompile
import TipsSource
@testable import TipsRuntime

/// Semantics page, "Rules": conjunction, boolean logic, event queries, windows, limits.
@Suite("Conformance: rules")
struct RulesConformanceTests {
    @Test("Rules: a tip's rules are ANDed")
    func rulesAreANDed() throws {
        let f = try Fixture("""
        param a: Bool = false
        param b: Bool = false
        tip T { title "T" rule a rule b }
        """)
        #expect(try f.status("T") == .pending)
        try f.store.setParameter(dynamic: "a", to: true)
        #expect(try f.status("T") == .pending)
        try f.store.setParameter(dynamic: "b", to: true)
        #expect(try f.status("T") == .available)
        try f.store.setParameter(dynamic: "a", to: false)
        #expect(try f.status("T") == .pending)
    }

    @Test("Rules: a tip with no rules is rule-eligible at once")
    func noRules() throws {
        let f = try Fixture(#"tip T { title "T" }"#)
        #expect(try f.status("T") == .available)
        #expect(try f.store.shouldDisplay("T"))
    }

    @Test("Rules: full boolean logic over several parameters and events in one rule")
    func booleanLogic() throws {
        let f = try Fixture("""
        enum Plan { free, pro }
        param plan: Plan = .free
        param tags: Set<String> = []
        param title: String = ""
        event tagAdded
        tip T {
            title "T"
            rule plan != .free && (tags.count >= 2 || count(tagAdded within 30d) >= 3) && !title.contains("x")
        }
        """)
        try f.store.setParameter(dynamic: "plan", to: .enumCase("pro"))
        #expect(try f.status("T") == .pending)
        for _ in 0..<3 { try f.store.donate(dynamic: "tagAdded") }
        #expect(try f.status("T") == .available)
        try f.store.setParameter(dynamic: "title", to: "xyz")
        #expect(try f.status("T") == .pending)
        try f.store.setParameter(dynamic: "title", to: "abc")
        f.clock.advance(days: 31)
        #expect(try f.status("T") == .pending)
        try f.store.setParameter(dynamic: "tags", to: .stringSet(["a", "b"]))
        #expect(try f.status("T") == .available)
    }

    @Test("Queries: total count, filtered count, largest and smallest groups, first and last")
    func queries() throws {
        let f = try Fixture("""
        enum Cat { book, toy }
        event added(cat: Cat, qty: Int, price: Double)
        tip Total { title "a" rule count(added) >= 4 }
        tip Filtered { title "b" rule count(added where cat == .toy && qty >= 2 && price < 10.0) >= 2 }
        tip Largest { title "c" rule largestGroup(added by cat) >= 3 }
        tip Smallest { title "d" rule smallestGroup(added by cat where qty > 0) >= 2 }
        tip Recent { title "e" rule now - last(added) > 3d }
        tip Old { title "f" rule now - first(added) >= 7d }
        tip Never { title "g" rule last(added where price > 100.0) == nil }
        """)
        func add(_ cat: String, _ qty: Int64, _ price: Double) throws {
            try f.store.donate(dynamic: "added", ["cat": .enumCase(cat), "qty": .int(qty), "price": .double(price)])
        }
        try add("toy", 2, 5.0)
        try add("toy", 1, 5.0)
        try add("book", 3, 20.0)
        #expect(try f.status("Total") == .pending)
        #expect(try f.status("Filtered") == .pending)
        #expect(try f.status("Smallest") == .pending)
        try add("toy", 5, 9.99)
        #expect(try f.status("Total") == .available)
        #expect(try f.status("Filtered") == .available)
        #expect(try f.status("Largest") == .available)
        #expect(try f.status("Smallest") == .pending)
        try add("book", 1, 1.0)
        #expect(try f.status("Smallest") == .available)
        #expect(try f.status("Never") == .available)
        try add("book", 1, 150.0)
        #expect(try f.status("Never") == .pending)
        #expect(try f.status("Recent") == .pending)
        f.clock.advance(by: 3 * day)
        #expect(try f.status("Recent") == .pending)
        f.clock.advance(by: 1)
        #expect(try f.status("Recent") == .available)
        #expect(try f.status("Old") == .pending)
        f.clock.advance(by: 4 * day - 1)
        #expect(try f.status("Old") == .available)
    }

    static let window = """
    event e
    tip T { title "T" rule count(e within 1h) >= 1 }
    tip Total { title "Total" rule count(e) >= 1 }
    """

    @Test("Windows: rolling, both ends inclusive (now - W <= t <= now)")
    func windowEdges() throws {
        let f = try Fixture(Self.window)
        let t = f.clock.now()
        try f.store.donate(dynamic: "e")
        #expect(try f.status("T") == .available)  // t == now: upper end
        f.clock.advance(to: t + hour)
        #expect(try f.status("T") == .available)  // now - W == t: lower end
        f.clock.advance(to: t + hour + 1)
        #expect(try f.status("T") == .pending)
    }

    @Test("Windows: donations after now count in the total but are in no window")
    func futureDonations() throws {
        let f = try Fixture(Self.window)
        let t = f.clock.now()
        try f.store.donate(dynamic: "e", at: t + 10 * minute)
        #expect(try f.status("Total") == .available)
        #expect(try f.status("T") == .pending)
        f.clock.advance(to: t + 10 * minute - 1)
        #expect(try f.status("T") == .pending)
        f.clock.advance(to: t + 10 * minute)
        #expect(try f.status("T") == .available)
    }

    @Test("Windows: a clock moved back leaves earlier donations in the future, counted only in totals")
    func clockMovedBack() throws {
        let f = try Fixture(Self.window)
        let t = f.clock.now()
        try f.store.donate(dynamic: "e")
        f.clock.set(to: t - minute)
        #expect(try f.status("T") == .pending)
        #expect(try f.status("Total") == .available)
    }

    @Test("Limits: only the most recent 1000 donations are queried by default")
    func defaultLimit() throws {
        let f = try Fixture("""
        event e
        tip All { title "a" rule count(e) >= 1000 }
        tip Oldest { title "c" rule first(e) == date("2026-01-01T00:00:00Z") }
        """, durability: .batched(maxRecords: 5000, maxDelayMilliseconds: 60_000))
        let t = f.clock.now()
        for i in 0..<1001 { try f.store.donate(dynamic: "e", at: t + Int64(i)) }
        f.clock.advance(by: 2000)
        #expect(try f.status("All") == .available)
        // The first donation (at t) is the 1001st most recent: no longer queried.
        #expect(try f.status("Oldest") == .pending)
        try f.store.flush()
        try f.reopen()
        #expect(try f.status("All") == .available)
        #expect(try f.status("Oldest") == .pending)
        #expect(try f.store.report(of: "All").rules == [true])
    }

    @Test("Limits: an event's own limit keeps only its most recent N")
    func eventLimit() throws {
        let f = try Fixture("""
        event e(x: Int) limit 3
        tip T { title "T" rule count(e where x == 1) >= 1 }
        """)
        try f.store.donate(dynamic: "e", ["x": 1])
        #expect(try f.status("T") == .available)
        for _ in 0..<3 { try f.store.donate(dynamic: "e", ["x": 2]) }
        #expect(try f.status("T") == .pending)
    }

    @Test("Limits: an event's maxAge hides older donations, and time alone expires them")
    func eventMaxAge() async throws {
        let f = try Fixture("""
        event e maxAge 2d
        tip T { title "T" rule count(e) >= 1 }
        """)
        let updates = Recorder(try f.store.statusUpdates(of: "T"))
        try f.store.donate(dynamic: "e")
        f.clock.advance(by: 2 * day)
        #expect(try f.status("T") == .available)
        f.clock.advance(by: 1)
        #expect(try f.status("T") == .pending)
        let seen = await updates.waitFor(3)
        #expect(seen == [.pending, .available, .pending])
    }

    @Test("Limits: compaction keeps no donations beyond the limit or maxAge, and keeps unknown events")
    func compactionLimits() throws {
        let f = try Fixture("""
        event e limit 2
        event old maxAge 1d
        tip T { title "T" rule count(e) >= 2 }
        """)
        for _ in 0..<5 { try f.store.donate(dynamic: "e") }
        try f.store.donate(dynamic: "old")
        f.clock.advance(by: 2 * day)
        try f.store.donate(dynamic: "old")
        try f.store.compact()
        let donates = try f.journalLines().filter { $0.contains(#""t":"donate""#) }
        #expect(donates.filter { $0.contains(#""event":"e""#) }.count == 2)
        #expect(donates.filter { $0.contains(#""event":"old""#) }.count == 1)
        #expect(try f.status("T") == .available)
    }

    @Test("Evaluation is total: division by zero, overflow and missing payload fields have defined results")
    func totalEvaluation() throws {
        let f = try Fixture("""
        param n: Int = 0
        param big: Int = 9223372036854775807
        event e(x: Int)
        tip Div { title "a" rule 10 / n == 0 && 10 % n == 0 }
        tip Wrap { title "b" rule big + 1 < 0 }
        """)
        #expect(try f.status("Div") == .available)
        #expect(try f.status("Wrap") == .available)
    }
}

/// Window edges for several window lengths and unit mixes.
@Suite("Conformance: window edges")
struct WindowEdgeTests {
    static let windows: [(String, Int64)] = [
        ("10m", 10 * minute), ("1h30m", 90 * minute), ("1d", day), ("7d", 7 * day), ("2w", 14 * day), ("1s500ms", 1500),
    ]

    @Test("Windows: within W includes now - W and now, excludes now - W - 1ms", arguments: windows)
    func edges(window: String, length: Int64) async throws {
        let f = try Fixture("""
        event e
        tip T { title "T" rule count(e within \(window)) >= 1 }
        """)
        let r = Recorder(try f.store.statusUpdates(of: "T"))
        let t = f.clock.now()
        try f.store.donate(dynamic: "e")
        f.clock.advance(to: t + length)
        #expect(try f.status("T") == .available)
        f.clock.advance(to: t + length + 1)
        #expect(try f.status("T") == .pending)
        #expect(await r.waitFor(3) == [.pending, .available, .pending])
    }
}

@Suite("Conformance: checker-enforced rules")
struct CheckerRuleTests {
    @Test("Groups: a tip belongs to at most one group; month is not a window unit (both rejected at compile time)")
    func rejected() {
        for source in [
            #"tip A { title "A" } group G { A } group H { A }"#,
            #"event e tip A { title "A" rule count(e within 1mo) >= 1 }"#,
        ] {
            var sources = SourceSet()
            sources.add(path: "bad.tips", text: source)
            #expect(Compiler.compile(sources: sources).bytes == nil, "\(source)")
        }
    }
}
