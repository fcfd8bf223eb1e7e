import Testing
import TipsBenchSupport
import TipsBytecode
import TipsCheck
import TipsCompile
import TipsReference
import TipsSource
import TipsVM

/// The design notes' evaluation rules, pinned: each rule has a known value that the
/// reference evaluator and the VM (fused and unfused) must both produce.
@Suite struct SemanticsTests {
    static let now: Int64 = 1_788_220_800_000
    static let day: Int64 = 86_400_000

    static let prelude = """
        param x: Double = 0.0
        param nan: Double = 0.0
        param n: Int = 0
        param on: Int?
        param s: String = ""
        param composed: String = ""
        event save limit 3
        event ping maxAge 2d
        event buy(price: Double, qty: Int, item: String)

        """

    /// The state every case runs in: `nan` holds NaN, `composed` holds U+00E9, `n` Int.min;
    /// save donated 5 times (limit 3), ping at the 2-day edge and in the future.
    static func state(_ r: ReferenceEvaluator) -> ReferenceState {
        var s = r.initialState(now: now)
        s.parameters[1] = .double(.nan)
        s.parameters[2] = .int(.min)
        s.parameters[4] = .string("e\u{301}")
        s.parameters[5] = .string("\u{E9}")
        s.donations[0] = [now - 5 * day, now - 4 * day, now - day, now - 1, now + day].map { ReferenceDonation(time: $0) }
        s.donations[1] = [now - 2 * day - 1, now - 2 * day, now, now + 1].map { ReferenceDonation(time: $0) }
        s.donations[2] = [
            ReferenceDonation(time: now - day, payload: ["price": .double(.nan), "qty": .int(2), "item": .string("pen")]),
            ReferenceDonation(time: now - day, payload: ["price": .double(3), "qty": .int(5), "item": .string("pen")]),
            ReferenceDonation(time: now - 7 * day, payload: ["price": .double(-0.0), "qty": .int(3), "item": .string("bag")]),
            ReferenceDonation(time: now - 7 * day - 1, payload: ["price": .double(0), "item": .string("box")]),
            ReferenceDonation(time: now + 1, payload: ["price": .double(1), "qty": .int(3), "item": .string("box")]),
        ]
        return s
    }

    static let cases: [(String, Bool)] = [
        // NaN: every comparison is false, != included; nil rules as in Swift.
        ("nan != nan", false), ("nan != 1.0", false), ("nan == nan", false), ("!(nan < 1.0) && !(nan >= 1.0)", true),
        ("x != 1.0", true), ("(0.0 / 0.0) == 0.0", true),
        // min/max as the checker defines them: max(a, b) = b > a ? b : a.
        ("max(nan, 1.0) != max(nan, 1.0)", false), ("max(1.0, nan) == 1.0", true), ("min(nan, 1.0) == 1.0", false),
        // Int wraps; division and remainder by zero give 0; Int.min / -1 = Int.min, % -1 = 0.
        ("n / -1 == n", true), ("n % -1 == 0", true), ("n - 1 == 9223372036854775807", true), ("7 / (n - n) == 0", true),
        ("7 % (n - n) == 0", true), ("-n == n", true), ("x / 0.0 == 0.0 && 1.5 % x == 0.0", true),
        // nil: arithmetic propagates, == and != as in Swift, orderings false.
        ("on == nil", true), ("on + 1 == nil", true), ("on != 5", true), ("!(on < 5) && !(on >= 5)", true),
        ("(on ?? 3) == 3", true), ("on == 0", false),
        // Strings compare by UTF-8 bytes: a decomposed é is not the composed one.
        ("s == composed", false), ("s != composed", true), ("s.count == 2 && composed.count == 1", true),
        ("s < composed", true), ("composed.hasPrefix(\"\\u{E9}\")", true), ("s.hasPrefix(\"e\")", true),
        // Windows include both ends; future donations only count in totals; limits apply first.
        ("count(save) == 3", true), ("count(save within 1d) == 2", true), ("count(save within 10d) == 2", true),
        ("count(ping within 2d) == 2", true), ("count(ping) == 3", true), ("count(ping within 2d) >= 3", false),
        ("last(save) == now + 1d", true), ("first(save within 1d) == now - 1d", true),
        ("first(ping) == now - 2d", true),
        // Filters: a missing field fails, NaN fails (!= included), Int fields meet Double constants.
        ("count(buy where qty >= 0) == 4", true), ("count(buy where price != 3.0) == 3", true),
        ("count(buy where qty > 2.5) == 3", true), ("count(buy where price == 0.0 within 7d) == 1", true),
        ("largestGroup(buy by item) == 2", true), ("smallestGroup(buy by item within 7d) == 1", true),
        ("largestGroup(buy by price) == 2", true), ("count(buy within 7d) >= 3", true), ("count(buy within 7d) >= 4", false),
    ]

    @Test(arguments: cases)
    func rule(_ rule: String, _ expected: Bool) throws {
        for fuse in [true, false] {
            let catalog = try TestCatalog(Self.prelude + "tip T {\n    title \"t\"\n    rule \(rule)\n}\n",
                                          options: CompileOptions(fuse: fuse))
            let reference = ReferenceEvaluator(model: catalog.model)
            let state = Self.state(reference)
            #expect(reference.evaluateRule(tip: 0, rule: 0, in: state) == expected, "reference: \(rule)")
            let verified = try Verifier.verify(catalog.bundle)
            let vmState = StateBridge.ruleState(state, model: catalog.model, verified: verified)
            #expect(RuleVM(verified).evaluateRule(Int(catalog.bundle.tips[0].rules[0]), in: vmState) == expected,
                    "VM (fuse \(fuse)): \(rule)")
        }
    }

    @Test func referenceSortsDonationsByTimeKeepingOrderOfEqualInstants() throws {
        let catalog = try TestCatalog("event e(v: Int) limit 2\ntip T {\n    title \"t\"\n    rule count(e where v == 1) == 1\n}\n")
        let reference = ReferenceEvaluator(model: catalog.model)
        var state = reference.initialState(now: Self.now)
        // Out of time order; the two at `now` tie, and the limit keeps the later donated one.
        state.donations[0] = [
            ReferenceDonation(time: Self.now, payload: ["v": .int(1)]),
            ReferenceDonation(time: Self.now - 5, payload: ["v": .int(3)]),
            ReferenceDonation(time: Self.now, payload: ["v": .int(2)]),
        ]
        #expect(reference.visibleDonations(event: 0, in: state).map { $0.payload["v"] } == [.int(1), .int(2)])
        #expect(reference.rulesHold(tip: 0, in: state))
        let verified = try Verifier.verify(catalog.bundle)
        let vmState = StateBridge.ruleState(state, model: catalog.model, verified: verified)
        #expect(RuleVM(verified).rulesHold(tip: 0, in: vmState))
    }

    @Test func constantsFoldLikeTheyRun() throws {
        // The checker folds constant rules; the same operations on parameters run on the VM.
        let catalog = try TestCatalog(Self.prelude + """
            param a: Double = 0.0
            param zero: Double = -0.0
            tip T {
                title "t"
                action "go" {
                    title "Go"
                    set x = max(a, zero)
                    set n = n / -1
                }
            }
            """)
        let reference = ReferenceEvaluator(model: catalog.model)
        let state = Self.state(reference)
        let verified = try Verifier.verify(catalog.bundle)
        let vm = RuleVM(verified)
        let vmState = StateBridge.ruleState(state, model: catalog.model, verified: verified)
        for (i, effect) in catalog.model.tips[0].actions[0].effects.enumerated() {
            guard case .set(let p, let expr, _) = effect,
                  case .set(_, let program) = catalog.bundle.tips[0].actions[0].effects[i] else { continue }
            let want = reference.evaluate(expr, in: state)
            let got = StateBridge.value(vm.evaluate(Int(program), in: vmState), type: catalog.model.parameters[p].type,
                                        in: vmState)
            #expect(want.isIdentical(to: got), "\(want) vs \(got)")
        }
        // max(0.0, -0.0) is the first argument: -0.0 > 0.0 is false.
        #expect(ReferenceEvaluator.builtinForTesting(.maxDouble, [.double(0), .double(-0.0)]).isIdentical(to: .double(0)))
    }
}
