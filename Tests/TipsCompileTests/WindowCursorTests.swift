import Testing
import TipsBenchSupport
import TipsBytecode
import TipsCheck
import TipsReference
import TipsVM

/// The VM's window cursors (`WindowCursor`: each query's window boundaries kept from one
/// evaluation to the next) against the reference evaluator, which searches afresh every
/// time. One VM and one live state go through random histories — donations arriving (in
/// and out of windows, in the future, in bursts), time passing alone, the clock going back,
/// limits and maxAge evicting donations, compaction, the state rebuilt as a journal replay
/// rebuilds it, and evaluations of other states and instants in between (as `explain --at`
/// does) — and after every step every tip's rule and value must equal the reference's.
@Suite struct WindowCursorTests {
    static let hour: Int64 = 3_600_000
    static let day: Int64 = 86_400_000

    /// Several windows over the same events; `save` has a small limit, `buy` a limit and a
    /// maxAge, `open` the default limit of 1,000 (bursts make the cursors gallop far).
    static let source = """
        enum Kind { a, b, c }
        param n: Int = 0
        param at: Date?
        event save limit 8
        event buy(price: Double, kind: Kind) limit 6 maxAge 3d
        event open

        """ + tips.enumerated().map { i, tip in
            """
            tip T\(i) {
                title "t"
                rule \(tip.rule)
                action "a" {
                    title "a"
                    set \(tip.set)
                }
            }

            """
        }.joined()

    /// Each tip's rule and the value its action sets (compared as well).
    static let tips: [(rule: String, set: String)] = [
        ("count(save within 1h) >= 2", "n = count(save within 1h)"),
        ("count(save within 1d) >= 3", "n = count(save within 1d)"),
        ("count(save within 7d) >= 1 && count(save within 1h) == 0", "n = count(save within 7d)"),
        ("count(save) >= 4", "n = count(save)"),
        ("count(save within 500ms) >= 1", "at = last(save within 1d)"),
        ("count(buy within 2d) >= 2", "n = count(buy within 2d)"),
        ("count(buy within 5d) >= 1", "n = count(buy within 5d)"),
        ("count(buy where price > 2.0 within 1d) >= 2", "n = count(buy where price > 2.0 within 1d)"),
        ("largestGroup(buy by kind within 1d) >= 2", "at = first(buy within 2d)"),
        ("count(buy) >= 3", "n = count(buy)"),
        ("count(open within 30m) >= 5", "n = count(open within 30m)"),
        ("count(open within 1d) >= 50 && count(open within 1h) < 10", "n = count(open within 1d)"),
        ("count(open within 7d) >= 200", "n = count(open within 7d)"),
        ("count(open) >= 500", "at = first(open within 1h)"),
        ("count(open within 30d) >= 1", "at = last(open within 7d)"),
    ]

    static let windows: [Int64] = [500, 30 * 60_000, hour, day, 2 * day, 3 * day, 5 * day, 7 * day, 30 * day]

    /// A history under way: the reference state, the VM's live state and the VM.
    struct Run {
        var rng: SeededGenerator
        let model: CatalogModel
        let reference: ReferenceEvaluator
        let bundle: TipsBundle
        let vm: RuleVM
        var ref: ReferenceState
        var live: RuleState
        var log: [String] = []

        init(seed: UInt64, catalog: TestCatalog) throws {
            rng = SeededGenerator(seed: seed)
            model = catalog.model
            reference = ReferenceEvaluator(model: model)
            bundle = catalog.bundle
            vm = RuleVM(try Verifier.verify(bundle))
            ref = reference.initialState(now: BenchSupport.now)
            live = StateBridge.ruleState(ref, model: model, verified: vm.verified)
        }

        /// A donation of `event` at `t`, to both states.
        mutating func donate(_ event: Int, at t: Int64) {
            var payload: [String: ReferenceValue] = [:]
            if model.events[event].name == "buy" {
                if !rng.chance(10) { payload["price"] = .double(Double(rng.below(16)) / 4) }
                payload["kind"] = .enumCase(rng.below(3))
            }
            let d = ReferenceDonation(time: t, payload: payload)
            ref.donations[event].append(d)
            let slots = model.events[event].fields.map { f in
                d.payload[f.name].map { StateBridge.slot($0, in: &live) } ?? .nil
            }
            let accepted = live.donate(event: event, at: t, payload: slots)
            #expect(accepted)
        }

        /// An instant around now: on a window edge, one ms either side of it, now, the past
        /// or the future.
        mutating func instant() -> Int64 {
            let w = rng.pick(WindowCursorTests.windows)
            let now = ref.now
            switch rng.below(7) {
            case 0: return now - w
            case 1: return now - w - 1
            case 2: return now - w + 1
            case 3: return now
            case 4: return now + 1 + Int64(rng.below(3)) * WindowCursorTests.day
            default: return now - Int64(rng.below(8 * 86_400)) * 1000
            }
        }

        mutating func setNow(_ t: Int64) {
            ref.now = t
            live.now = t
        }

        /// One random step; returns its description.
        mutating func step() -> String {
            let event = rng.below(3)
            switch rng.below(12) {
            case 0, 1, 2:
                let t = instant()
                donate(event, at: t)
                return "donate \(model.events[event].name) at now\(t - ref.now)"
            case 3:
                // A burst: many donations of `open` over the last week (long gallops), up
                // to a little past its limit of 1,000 (the reference re-sorts them all on
                // every query, so more would only slow the test).
                let n = min(10 + rng.below(120), max(1, 1100 - ref.donations[2].count))
                for _ in 0..<n { donate(2, at: ref.now - Int64(rng.below(7 * 86_400)) * 1000) }
                return "burst of \(n) opens"
            case 4, 5:
                // Time passing alone, often exactly onto (or just past) a window edge of a
                // recent donation, so windows age out with no donation arriving.
                let w = rng.pick(WindowCursorTests.windows)
                let d = rng.chance(50) ? w + Int64(rng.below(3)) - 1 : Int64(1 + rng.below(Int(w)))
                setNow(ref.now + d)
                return "forward \(d) ms"
            case 6:
                let w = rng.pick(WindowCursorTests.windows)
                let d = rng.chance(50) ? w : Int64(1 + rng.below(Int(w)))
                setNow(ref.now - d)
                return "back \(d) ms"
            case 7:
                // The instant of a random donation (or one ms around it): boundaries land on
                // equal instants.
                let e = rng.below(3)
                guard let d = ref.donations[e].randomElement(using: &rng) else { return "no-op" }
                let t = d.time + rng.pick(WindowCursorTests.windows) * Int64(rng.below(2)) + Int64(rng.below(3)) - 1
                setNow(t)
                return "now at \(model.events[e].name) donation \(t - d.time) ms later"
            case 8:
                // Compaction drops what no query can see at now or later; the reference
                // drops the same oldest donations (time order, equal instants in donation
                // order) so both keep agreeing, whatever the clock does afterwards.
                let before = (0..<3).map { live.donations.count(event: $0) }
                live.compact(now: ref.now)
                for e in 0..<3 {
                    let dropped = before[e] - live.donations.count(event: e)
                    ref.donations[e] = Array(ref.donations[e].enumerated()
                        .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                        .map(\.element).dropFirst(dropped))
                }
                return "compact (dropped \(zip(before, (0..<3).map { live.donations.count(event: $0) }).map { $0 - $1 }))"
            case 9:
                // The state rebuilt from scratch, as a journal replay (or a reload) does; the
                // VM and its cursors carry on.
                live = StateBridge.ruleState(ref, model: model, verified: vm.verified)
                return "replay"
            case 10:
                // Another state and another instant through the same VM in between (as
                // `explain --at` probes a copy at future instants).
                var probe = live
                probe.now = ref.now + Int64(rng.below(10)) * WindowCursorTests.day
                for t in model.tips.indices { _ = vm.rulesHold(tip: t, in: probe) }
                var empty = StateBridge.ruleState(reference.initialState(now: ref.now), model: model, verified: vm.verified)
                empty.now = ref.now - WindowCursorTests.hour
                for t in model.tips.indices { _ = vm.rulesHold(tip: t, in: empty) }
                return "probe other states"
            default:
                setNow(ref.now + Int64(rng.below(3)) * WindowCursorTests.day - WindowCursorTests.day)
                return "jump a day or so"
            }
        }

        /// Every tip's rule and set value on the VM against the reference; failures.
        func compare() -> [String] {
            var failures: [String] = []
            for (t, tip) in model.tips.enumerated() {
                let want = reference.rulesHold(tip: t, in: ref)
                let got = vm.rulesHold(tip: t, in: live)
                if want != got { failures.append("\(tip.name) rule: VM \(got), reference \(want)") }
                guard case .set(let p, let expr, _)? = tip.actions.first?.effects.first,
                      case .set(_, let program)? = bundle.tips[t].actions.first?.effects.first else { continue }
                let wantValue = reference.evaluate(expr, in: ref)
                let gotValue = StateBridge.value(vm.evaluate(Int(program), in: live), type: model.parameters[p].type, in: live)
                if !wantValue.isIdentical(to: gotValue) {
                    failures.append("\(tip.name) value: VM \(gotValue), reference \(wantValue)")
                }
            }
            return failures
        }
    }

    static func catalog() throws -> TestCatalog { try TestCatalog(source) }

    @Test("Random donations and clock moves: VM equals the reference after every step",
          arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomHistory(seed: UInt64) throws {
        var run = try Run(seed: seed &* 0x51ED_2026, catalog: try Self.catalog())
        var steps = 0
        for i in 0..<200 {
            let what = run.step()
            run.log.append(what)
            let failures = run.compare()
            steps += 1
            if !failures.isEmpty {
                let recent = run.log.suffix(6).joined(separator: " | ")
                Issue.record(Comment(rawValue: "seed \(seed), step \(i) (\(what)): \(failures.prefix(4).joined(separator: "; "))\n"
                                               + "last steps: \(recent)"))
                return
            }
        }
        #expect(steps == 200)
    }

    /// Windows ageing out by time alone: donations an hour apart, then the clock moves a
    /// millisecond at a time across each one's edge; no donation arrives meanwhile.
    @Test func windowsAgeOutByTimeAlone() throws {
        var run = try Run(seed: 99, catalog: try Self.catalog())
        for k in 0..<4 { run.donate(0, at: BenchSupport.now - Int64(k) * Self.hour) }
        #expect(run.compare().isEmpty)
        let edges = (0..<4).map { BenchSupport.now - Int64($0) * Self.hour + Self.day }
        var seen = 0
        for edge in edges.reversed() {
            for t in [edge - 1, edge, edge + 1] {
                run.setNow(t)
                let failures = run.compare()
                #expect(failures.isEmpty, "at edge+\(t - edge): \(failures)")
                seen += 1
            }
        }
        // The 1d window held all four before the first edge and none after the last.
        run.setNow(edges[3] - 1)
        #expect(run.vm.rulesHold(tip: 1, in: run.live))
        run.setNow(edges[0] + 1)
        #expect(!run.vm.rulesHold(tip: 1, in: run.live))
        #expect(seen == 12)
    }

    /// The clock going back re-admits donations that had aged out, and drops future ones.
    @Test func clockGoingBack() throws {
        var run = try Run(seed: 7, catalog: try Self.catalog())
        for k in 0..<3 { run.donate(0, at: BenchSupport.now + Int64(k) * 1000) }
        run.setNow(BenchSupport.now + 2000)
        #expect(run.vm.rulesHold(tip: 1, in: run.live))
        for t in [BenchSupport.now + 10 * Self.day, BenchSupport.now + 1500, BenchSupport.now + 999, BenchSupport.now,
                  BenchSupport.now - 1, BenchSupport.now + 2 * Self.day] {
            run.setNow(t)
            let failures = run.compare()
            #expect(failures.isEmpty, "at now\(t - BenchSupport.now): \(failures)")
        }
    }

    /// More donations than the limit: the oldest leave the visible range as new ones arrive.
    @Test func limitEvictsOldDonations() throws {
        var run = try Run(seed: 3, catalog: try Self.catalog())
        for k in 0..<30 {
            run.donate(0, at: BenchSupport.now - Int64(30 - k) * 60_000)
            let failures = run.compare()
            #expect(failures.isEmpty, "after \(k + 1) donations: \(failures)")
        }
        // limit 8: at most 8 counted, however many fall inside the day.
        guard case .set(_, let program)? = run.bundle.tips[1].actions.first?.effects.first else {
            Issue.record("no set effect"); return
        }
        #expect(run.vm.evaluate(Int(program), in: run.live).intValue == 8)
    }
}
