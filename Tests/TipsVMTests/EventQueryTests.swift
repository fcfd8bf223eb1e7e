import Testing
import TipsBenchSupport
import TipsBytecode
import TipsVM

/// Event queries: windows (inclusive edges, future donations), limits, filters, groups,
/// first/last, and the fused early-exit count.
struct EventQueryTests {
    static let day = Fixture.day
    static let now = 10 * Fixture.day

    /// Runs one query opcode on `save` donations at `times`.
    func saveQuery(_ op: Opcode, window: Int64?, times: [Int64], type: ValueType = .int, k: Int = 0) throws -> Slot {
        try Fixture.run(type, setup: { s in for t in times { s.donate(event: Fixture.save, at: t) } }) { b, p in
            let q = Int(b.query(Query(event: UInt32(Fixture.save), window: window)))
            switch op {
            case .countEvent: p.emit(.countEvent, bx: Fixture.save)
            case .countAtLeast: p.emit(.countAtLeast, a: k, k: q)
            default: p.emit(op, bx: q)
            }
        }
    }

    @Test func windowEdgesAreInclusiveAndFutureIsInNoWindow() throws {
        let w: Int64 = 1000
        let times = [Self.now - w - 1, Self.now - w, Self.now - 1, Self.now, Self.now + 1, Self.now + Self.day]
        #expect(try saveQuery(.countEvent, window: nil, times: times) == .int(6))
        #expect(try saveQuery(.countWithin, window: w, times: times) == .int(3))
        #expect(try saveQuery(.countWithin, window: 1, times: times) == .int(2))
        #expect(try saveQuery(.lastTime, window: nil, times: times, type: ValueType.date.optional) == .date(ms: Self.now + Self.day))
        #expect(try saveQuery(.lastTime, window: w, times: times, type: ValueType.date.optional) == .date(ms: Self.now))
        #expect(try saveQuery(.firstTime, window: w, times: times, type: ValueType.date.optional) == .date(ms: Self.now - w))
        #expect(try saveQuery(.firstTime, window: nil, times: [], type: ValueType.date.optional) == .nil)
        #expect(try saveQuery(.countAtLeast, window: w, times: times, type: .bool, k: 3) == .bool(true))
        #expect(try saveQuery(.countAtLeast, window: w, times: times, type: .bool, k: 4) == .bool(false))
        #expect(try saveQuery(.countAtLeast, window: nil, times: times, type: .bool, k: 6) == .bool(true))
        #expect(try saveQuery(.countAtLeast, window: nil, times: times, type: .bool, k: 0) == .bool(true))
    }

    @Test func limitKeepsTheMostRecent() throws {
        // buy keeps 5: of 8 donations at days 1...8 only days 4...8 are visible.
        let r = try Fixture.run(.int, setup: { s in for d in 1...8 { Fixture.buy(&s, at: Int64(d) * Self.day) } }) { _, p in
            p.emit(.countEvent, bx: Fixture.buy)
        }
        #expect(r == .int(5))
        let first = try Fixture.run(ValueType.date.optional, setup: { s in for d in 1...8 { Fixture.buy(&s, at: Int64(d) * Self.day) } }) { b, p in
            p.emit(.firstTime, bx: Int(b.query(Query(event: UInt32(Fixture.buy)))))
        }
        #expect(first == .date(ms: 4 * Self.day))
    }

    @Test func maxAgeHidesOldDonations() throws {
        let times = [Self.now - Self.day - 1, Self.now - Self.day, Self.now, Self.now + 5]
        let r = try Fixture.run(.int, setup: { s in for t in times { s.donate(event: Fixture.aged, at: t) } }) { _, p in
            p.emit(.countEvent, bx: Fixture.aged)
        }
        #expect(r == .int(3))
    }

    /// A filtered query on `buy`.
    func buyQuery(_ op: Opcode, _ terms: [(Int, Relation, Constant?)], window: Int64? = nil, group: Int? = nil, k: Int = 0,
                  type: ValueType = .int, setup: (inout RuleState) -> Void) throws -> Slot {
        try Fixture.run(type, setup: setup) { b, p in
            var list: [FilterTerm] = []
            for (field, relation, c) in terms {
                list.append(FilterTerm(field: UInt32(field), relation: relation, constant: c.map { b.constant($0) } ?? noIndex))
            }
            let f = terms.isEmpty ? noIndex : b.filter(Filter(terms: list))
            let q = Int(b.query(Query(event: UInt32(Fixture.buy), window: window, filter: f, groupField: group.map(UInt32.init) ?? noIndex)))
            if op == .countAtLeast { p.emit(op, a: k, k: q) } else if op == .countEvent { p.emit(op, bx: Fixture.buy) } else { p.emit(op, bx: q) }
        }
    }

    static func purchases(_ s: inout RuleState) {
        Fixture.buy(&s, at: now - 3, price: 5, kind: 0, item: "pen")
        Fixture.buy(&s, at: now - 2, price: 12, kind: 0, item: "book")
        Fixture.buy(&s, at: now - 1, price: 20, kind: 1, item: "bag", gift: true)
        Fixture.buy(&s, at: now, price: .nan, kind: 2, item: "box")
        // An older app version's donation: no payload fields at all.
        s.donate(event: Fixture.buy, at: now, payload: [.nil, .nil, .nil, .nil, .nil])
    }

    @Test func filters() throws {
        #expect(try buyQuery(.countWhere, [(Fixture.price, .gt, .double(10))], setup: Self.purchases) == .int(2))
        #expect(try buyQuery(.countWhere, [(Fixture.price, .gt, .double(10)), (Fixture.kind, .eq, .enumCase(0, 0))], setup: Self.purchases) == .int(1))
        #expect(try buyQuery(.countWhere, [(Fixture.gift, .isTrue, nil)], setup: Self.purchases) == .int(1))
        #expect(try buyQuery(.countWhere, [(Fixture.gift, .isFalse, nil)], setup: Self.purchases) == .int(3))
        // Missing fields fail even `!=`; so does NaN.
        #expect(try buyQuery(.countWhere, [(Fixture.kind, .ne, .enumCase(0, 1))], setup: Self.purchases) == .int(3))
        #expect(try buyQuery(.countWhere, [(Fixture.price, .ne, .double(5))], setup: Self.purchases) == .int(2))
        #expect(try buyQuery(.countWhere, [(Fixture.price, .le, .double(1000))], setup: Self.purchases) == .int(3))
        // An Int field against a Double constant is promoted: qty is 1 in every full donation.
        #expect(try buyQuery(.countWhere, [(Fixture.qty, .lt, .double(1.5))], setup: Self.purchases) == .int(4))
        #expect(try buyQuery(.countWhere, [(Fixture.qty, .gt, .double(0.5)), (Fixture.qty, .le, .double(1))], setup: Self.purchases) == .int(4))
    }

    @Test func stringFilterTerms() throws {
        let setup: (inout RuleState) -> Void = Self.purchases
        let r = try Fixture.run(.int, setup: setup) { b, p in
            let book = b.stringConstant("book")
            let f = b.filter(Filter(terms: [FilterTerm(field: UInt32(Fixture.item), relation: .lt, constant: book)]))
            p.emit(.countWhere, bx: Int(b.query(Query(event: UInt32(Fixture.buy), filter: f))))
        }
        #expect(r == .int(1))  // only "bag" sorts before "book" ("box" > "book" at the third byte)
    }

    @Test func groups() throws {
        #expect(try buyQuery(.largestGroup, [], group: Fixture.kind, setup: Self.purchases) == .int(2))
        #expect(try buyQuery(.smallestGroup, [], group: Fixture.kind, setup: Self.purchases) == .int(1))
        #expect(try buyQuery(.largestGroup, [(Fixture.price, .gt, .double(100))], group: Fixture.kind, setup: Self.purchases) == .int(0))
        #expect(try buyQuery(.largestGroup, [], group: Fixture.item, setup: Self.purchases) == .int(1))
        let nans: (inout RuleState) -> Void = { s in
            for i in 0..<5 { Fixture.buy(&s, at: Self.now - Int64(i), price: i < 3 ? .nan : (i == 3 ? 0.0 : -0.0)) }
        }
        #expect(try buyQuery(.largestGroup, [], group: Fixture.price, setup: nans) == .int(3))
        #expect(try buyQuery(.smallestGroup, [], group: Fixture.price, setup: nans) == .int(2))
        #expect(try buyQuery(.largestGroup, [], window: 1, group: Fixture.kind, setup: Self.purchases) == .int(1))
    }

    @Test func filteredFirstAndLast() throws {
        let first = try buyQuery(.firstTime, [(Fixture.price, .ge, .double(12))], type: ValueType.date.optional, setup: Self.purchases)
        #expect(first == .date(ms: Self.now - 2))
        let last = try buyQuery(.lastTime, [(Fixture.kind, .eq, .enumCase(0, 0))], type: ValueType.date.optional, setup: Self.purchases)
        #expect(last == .date(ms: Self.now - 2))
        let none = try buyQuery(.lastTime, [(Fixture.qty, .gt, .int(5))], type: ValueType.date.optional, setup: Self.purchases)
        #expect(none == .nil)
    }

    /// Fused `countAtLeast` gives the same answer as `count >= k` over seeded random
    /// donations, windows, filters and thresholds.
    @Test func fusedCountMatchesUnfused() throws {
        var rng = SeededGenerator(seed: 42)
        for round in 0..<60 {
            let n = Int(rng.next() % 40)
            let times = (0..<n).map { _ in Self.now - Int64(rng.next() % UInt64(3 * Self.day)) + Int64(rng.next() % 1000) }
            let prices = (0..<n).map { _ in Double(rng.next() % 30) }
            let window: Int64? = round % 3 == 0 ? nil : Int64(1 + rng.next() % UInt64(2 * Self.day))
            let filtered = round % 2 == 0
            let k = Int(rng.next() % 12)
            let setup: (inout RuleState) -> Void = { s in
                for i in 0..<n { Fixture.buy(&s, at: times[i], price: prices[i]) }
            }
            let terms: [(Int, Relation, Constant?)] = filtered ? [(Fixture.price, .ge, .double(10))] : []
            let count = try buyQuery(filtered ? .countWhere : (window == nil ? .countEvent : .countWithin), terms, window: window, setup: setup)
            let fused = try buyQuery(.countAtLeast, terms, window: window, k: k, type: .bool, setup: setup)
            #expect(fused == .bool(count.intValue >= Int64(k)), "round \(round)")
        }
    }
}
