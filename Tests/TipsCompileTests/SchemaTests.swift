import Testing
import TipsBenchSupport
import TipsBytecode
import TipsCompile
import TipsReference
import TipsVM

/// Everything besides rules: schemas, texts, actions and effects, triggers, options, groups
/// and configuration land in the bundle as declared.
@Suite struct SchemaTests {
    static let source = """
        config {
            displayFrequency weekly
            donationLimit 50
            donationMaxAge 90d
        }
        enum Kind { small, large }
        param count: Int = 3
        param ratio: Double?
        transient param seen: Bool = true
        param labels: Set<String> = ["b", "a", "b"]
        param kind: Kind = .large
        param since: Date = date("2026-01-01T00:00:00Z")
        event open
        event save(size: Int, kind: Kind, note: String) limit 7
        event view maxAge 1d

        tip Welcome {
            title "Hello"
            message localized("welcome.message", table: "Tips", default: "Welcome!")
            image "hand.wave"
            rule seen
            rule count(open) >= 1
            action "go" {
                title localized("go.title")
                set count = count + 1
                set ratio = count / 2
                donate save(size: count * 2, kind: .small, note: "from tip")
                invalidate
            }
            invalidate when save where size > 3 && kind == .large reason tipClosed
            invalidate when view
            maxDisplayCount 2
            maxDisplayDuration 90s
            ignoresDisplayFrequency
        }

        tip Item(name: String, n: Int) {
            id "item-\\(name)"
            title "New \\(name) (\\(n))"
        }

        tip Other {
            title "Other"
        }

        group Onboarding ordered { Welcome, Other }
        """

    @Test func tablesMatchTheCatalog() throws {
        let catalog = try TestCatalog(Self.source)
        let b = catalog.bundle
        func s(_ i: UInt32) -> String { b.strings[Int(i)] }
        #expect(b.configuration == Configuration(displayFrequency: 604_800_000, donationLimit: 50, donationMaxAge: 7_776_000_000))
        #expect(b.enums.map { s($0.name) } == ["Kind"])
        #expect(b.enums[0].cases.map(s) == ["small", "large"])
        #expect(b.params.map { s($0.name) } == ["count", "ratio", "seen", "labels", "kind", "since"])
        #expect(b.params.map(\.type) == [.int, ValueType.double.optional, .bool, .stringSet, .enumeration(0), .date])
        #expect(b.params.map(\.isTransient) == [false, false, true, false, false, false])
        #expect(b.params.map { b.constants[Int($0.defaultValue)] }
                == [.int(3), .nil(.double), .bool(true), .set(0), .enumCase(0, 1), .date(ms: 1_767_225_600_000)])
        #expect(b.sets == [[b.strings.firstIndex(of: "a").map(UInt32.init)!, b.strings.firstIndex(of: "b").map(UInt32.init)!]])
        // Events carry the catalog defaults unless they set their own.
        #expect(b.events.map { s($0.name) } == ["open", "save", "view"])
        #expect(b.events.map(\.limit) == [50, 7, 50])
        #expect(b.events.map(\.maxAge) == [7_776_000_000, 7_776_000_000, 86_400_000])
        #expect(b.events[1].fields.map { s($0.name) } == ["size", "kind", "note"])
        #expect(b.events[1].fields.map(\.type) == [.int, .enumeration(0), .string])

        let welcome = b.tips[0]
        #expect(s(welcome.name) == "Welcome")
        #expect(welcome.id == Template([.literal(welcome.name)]))
        #expect(welcome.title == .plain(Template([.literal(b.stringIndex("Hello"))])))
        #expect(welcome.message == .localized(key: Template([.literal(b.stringIndex("welcome.message"))]),
                                              table: b.stringIndex("Tips"),
                                              fallback: Template([.literal(b.stringIndex("Welcome!"))])))
        #expect(s(welcome.image) == "hand.wave")
        #expect(welcome.rules.count == 2)
        #expect(welcome.options == TipOptions(maxDisplayCount: 2, maxDisplayDuration: 90_000, ignoresDisplayFrequency: true))
        #expect(welcome.triggers.count == 2)
        #expect(welcome.triggers[0].event == 1 && welcome.triggers[0].reason == .tipClosed)
        let filter = b.filters[Int(welcome.triggers[0].filter)]
        #expect(filter.terms.map(\.relation) == [.gt, .eq])
        #expect(filter.terms.map { b.constants[Int($0.constant)] } == [.int(3), .enumCase(0, 1)])
        #expect(welcome.triggers[1] == TriggerSchema(event: 2, filter: noIndex, reason: .actionPerformed))

        let action = try #require(welcome.actions.first)
        #expect(s(action.id) == "go")
        #expect(action.title == .localized(key: Template([.literal(b.stringIndex("go.title"))]), table: noIndex, fallback: nil))
        #expect(action.effects.count == 4)
        guard case .set(0, let setCount) = action.effects[0], case .set(1, let setRatio) = action.effects[1],
              case .donate(1, let fields) = action.effects[2], case .invalidate(.actionPerformed) = action.effects[3] else {
            Issue.record("effects: \(action.effects)")
            return
        }
        #expect(b.programs[Int(setCount)].resultType == .int)
        #expect(b.programs[Int(setRatio)].resultType == ValueType.double.optional)
        #expect(fields.map { b.programs[Int($0)].resultType } == [.int, .enumeration(0), .string])

        let item = b.tips[1]
        #expect(item.arguments.map { s($0.name) } == ["name", "n"])
        #expect(item.arguments.map(\.type) == [.string, .int])
        #expect(item.id == Template([.literal(b.stringIndex("item-")), .argument(0)]))
        #expect(item.title == .plain(Template([.literal(b.stringIndex("New ")), .argument(0), .literal(b.stringIndex(" (")),
                                               .argument(1), .literal(b.stringIndex(")"))])))
        #expect(b.groups == [GroupSchema(name: b.stringIndex("Onboarding"), priority: .ordered, members: [0, 2])])
        _ = try Verifier.verify(b)
    }

    /// `set` and `donate` programs compute what the reference computes from the model.
    @Test func effectProgramsAgreeWithReference() throws {
        let catalog = try TestCatalog(Self.source)
        let reference = ReferenceEvaluator(model: catalog.model)
        var state = reference.initialState(now: 1_788_220_800_000)
        state.parameters[0] = .int(.max)
        let verified = try Verifier.verify(catalog.bundle)
        let vm = RuleVM(verified)
        let vmState = StateBridge.ruleState(state, model: catalog.model, verified: verified)
        let modelEffects = catalog.model.tips[0].actions[0].effects
        let effects = catalog.bundle.tips[0].actions[0].effects
        for (m, e) in zip(modelEffects, effects) {
            switch (m, e) {
            case (.set(let p, let expr, _), .set(_, let program)):
                let got = StateBridge.value(vm.evaluate(Int(program), in: vmState), type: catalog.model.parameters[p].type,
                                            in: vmState)
                #expect(got.isIdentical(to: reference.evaluate(expr, in: state)))
            case (.donate(let event, let values, _), .donate(_, let programs)):
                for (i, (expr, program)) in zip(values, programs).enumerated() {
                    let type = catalog.model.events[event].fields[i].type
                    let got = StateBridge.value(vm.evaluate(Int(program), in: vmState), type: type, in: vmState)
                    #expect(got.isIdentical(to: reference.evaluate(expr, in: state)))
                }
            default: break
            }
        }
        // count * 2 wraps: Int.max * 2 == -2.
        guard case .donate(_, let programs) = effects[2] else { return }
        #expect(vm.evaluate(Int(programs[0]), in: vmState) == .int(-2))
    }
}

extension TipsBundle {
    /// The string-table index of `s` (a test helper; traps when absent).
    func stringIndex(_ s: String) -> UInt32 { UInt32(strings.firstIndex(of: s)!) }
}

/// Int literals where a Double is expected reach the bundle as Double constants (the
/// verifier wants exact types), and optional parameters take non-optional values.
@Suite struct ExactConstantTests {
    @Test func intLiteralsForDoubles() throws {
        let catalog = try TestCatalog("""
            param whole: Double = 2
            param maybe: Double? = 3
            event buy(price: Double)
            tip T {
                title "t"
                rule whole > 1 && count(buy where price > 2) >= 1
                action "a" {
                    title "a"
                    set whole = 3
                    set maybe = 4
                    donate buy(price: 5)
                }
            }
            """)
        let b = catalog.bundle
        #expect(b.params.map { b.constants[Int($0.defaultValue)] } == [.double(2), .double(3)])
        #expect(b.filters[0].terms.map { b.constants[Int($0.constant)] } == [.double(2)])
        let verified = try Verifier.verify(b)
        let state = RuleState(verified)
        let vm = RuleVM(verified)
        for effect in b.tips[0].actions[0].effects {
            switch effect {
            case .set(let p, let program):
                #expect(vm.evaluate(Int(program), in: state) == .double(p == 0 ? 3 : 4))
            case .donate(_, let fields):
                #expect(vm.evaluate(Int(fields[0]), in: state) == .double(5))
            case .invalidate, .snooze: break
            }
        }
    }
}
