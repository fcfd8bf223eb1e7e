import Testing
import TipsCheck
import TipsSource

/// The checked model of small catalogs: indices, types, ids, effects.
struct ModelTests {
    static let catalog = """
        config {
            displayFrequency daily
            donationLimit 500
        }
        enum Category { books, music }
        param hasSeenList: Bool = true
        param ratio: Double = 2
        transient param lastCategory: Category? = .music
        event manualSave
        event itemViewed(category: Category, price: Double) limit 20 maxAge 30d
        tip ShortcutTip {
            title "Save Faster"
            message localized("shortcut.message", table: "Tips", default: "Press ⌘S")
            image "keyboard"
            rule hasSeenList
            rule count(manualSave within 7d) >= 3
            rule count(itemViewed where category == .books && 10 < price) > ratio
            action "learn" {
                title "Learn More"
                set ratio = 3
                donate itemViewed(price: 1, category: .music)
                invalidate reason tipClosed
            }
            invalidate when itemViewed where category == .music
            maxDisplayCount 3
            maxDisplayDuration 1m30s
            ignoresDisplayFrequency
        }
        tip NewItemTip(itemID: String, kind: Category) {
            id "NewItem-\\(itemID)"
            title "New \\(kind)"
        }
        tip OtherTip { title "Other" }
        group Onboarding ordered { ShortcutTip, OtherTip }
        """

    @Test("indices, types and defaults")
    func declarations() throws {
        let result = TestSupport.check(Self.catalog)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty,
                "\(result.diagnostics.map(\.message))")
        let m = result.model
        #expect(m.enums.map(\.name) == ["Category"])
        #expect(m.enums[0].cases == ["books", "music"])
        #expect(m.parameters.map(\.name) == ["hasSeenList", "ratio", "lastCategory"])
        #expect(m.parameters[0].defaultValue == .bool(true))
        #expect(m.parameters[1].type == .double && m.parameters[1].defaultValue == .double(2))
        #expect(m.parameters[2].type == .optional(.enumeration(0)))
        #expect(m.parameters[2].defaultValue == .enumCase(enumeration: 0, index: 1))
        #expect(m.parameters[2].isTransient)
        #expect(m.events.map(\.name) == ["manualSave", "itemViewed"])
        #expect(m.events[0].limit == 500 && m.events[0].maxAge == nil)
        #expect(m.events[1].limit == 20 && m.events[1].maxAge == 30 * 86_400_000)
        #expect(m.events[1].fields.map(\.type) == [.enumeration(0), .double])
        #expect(m.configuration.displayFrequency == .daily)
        #expect(m.configuration.displayFrequency.milliseconds == 86_400_000)
        #expect(m.configuration.donationLimit == 500)
    }

    @Test("tips: ids, text, rules, actions, options, groups")
    func tips() throws {
        let m = TestSupport.check(Self.catalog).model
        try #require(m.tips.count == 3)
        let tip = m.tips[0]
        #expect(tip.id.literalText == "ShortcutTip")
        #expect(tip.image == "keyboard")
        guard case .localized(let key, let table, let fallback, _)? = tip.message else {
            Issue.record("message is not localized")
            return
        }
        #expect(key.literalText == "shortcut.message" && table == "Tips" && fallback?.literalText == "Press ⌘S")
        #expect(tip.rules.count == 3)
        #expect(tip.rules[0].kind == .parameter(0))
        guard case .compare(.greaterEqual, .int, let lhs, let rhs) = tip.rules[1].kind,
              case .query(let q) = lhs.kind else {
            Issue.record("rule 2 shape: \(tip.rules[1].kind)")
            return
        }
        #expect(q.function == .count && q.event == 0 && q.window == 7 * 86_400_000 && q.filter.isEmpty)
        #expect(rhs.constantValue == .int(3))
        guard case .compare(.greater, .double, let l3, let r3) = tip.rules[2].kind,
              case .intToDouble(let inner) = l3.kind, case .query(let q3) = inner.kind else {
            Issue.record("rule 3 shape: \(tip.rules[2].kind)")
            return
        }
        #expect(r3.kind == .parameter(1))
        #expect(q3.event == 1)
        #expect(q3.filter.map(\.field) == [0, 1])
        #expect(q3.filter[0].value == .enumCase(enumeration: 0, index: 0))
        #expect(q3.filter[1].op == .greater && q3.filter[1].value == .double(10) && q3.filter[1].domain == .double)

        let action = try #require(tip.actions.first)
        #expect(action.id == "learn")
        #expect(action.effects.count == 3)
        guard case .set(parameter: 1, let value, _) = action.effects[0] else {
            Issue.record("set effect")
            return
        }
        #expect(value.constantValue == .double(3) && value.type == .double)
        guard case .donate(event: 1, let values, _) = action.effects[1] else {
            Issue.record("donate effect")
            return
        }
        #expect(values.map(\.constantValue) == [.enumCase(enumeration: 0, index: 1), .double(1)])
        guard case .invalidate(.tipClosed, _) = action.effects[2] else {
            Issue.record("invalidate effect")
            return
        }
        #expect(tip.invalidations.count == 1)
        #expect(tip.invalidations.first?.event == 1 && tip.invalidations.first?.reason == .actionPerformed)
        #expect(tip.options.maxDisplayCount == 3)
        #expect(tip.options.maxDisplayDuration == 90_000)
        #expect(tip.options.ignoresDisplayFrequency)
        #expect(tip.group == 0)

        let reusable = m.tips[1]
        #expect(reusable.isReusable)
        #expect(reusable.arguments.map(\.type) == [.string, .enumeration(0)])
        #expect(reusable.id.segments == [.text("NewItem-"), .argument(0)])
        #expect(reusable.title == .literal(Template(segments: [.text("New "), .argument(1)],
                                                     range: reusable.title.range)))
        #expect(m.groups.first?.members == [0, 2])
        #expect(m.groups.first?.priority == .ordered)
        #expect(m.tips[2].group == 0 && m.tips[1].group == nil)
    }

    @Test("ranges point at the source")
    func ranges() throws {
        var sources = SourceSet()
        let id = sources.add(path: "a.tips", text: Self.catalog)
        let m = Checker.check(sources).model
        let file = sources[id]
        let rule = try #require(m.tips.first?.rules.last)
        #expect(file.text(in: rule.range) == "count(itemViewed where category == .books && 10 < price) > ratio")
        #expect(file.text(in: m.tips[0].nameRange) == "ShortcutTip")
        #expect(file.location(of: m.tips[0].range.start).line == 11)
    }

    @Test("constant subexpressions are folded with the run-time semantics")
    func folding() throws {
        let m = TestSupport.check("""
            param n: Int = 9223372036854775807 + 1
            param d: Int = 7 / 0
            param e: Double = 1 + 0.5
            param w: Duration = 1h * 2 - 30m
            param s: Set<String> = ["b", "a", "b"]
            param t: Date = date("1970-01-02T00:00:00+01:00")
            """).model
        #expect(m.parameters.map(\.defaultValue) == [
            .int(Int64.min), .int(0), .double(1.5), .duration(5_400_000), .stringSet(["a", "b"]),
            .date(82_800_000),
        ])
    }
}

/// Whole rules as dumps: the shape a back end receives.
struct RuleDumpTests {
    static let prelude = """
        enum Category { books, music }
        event manualSave
        event viewed(category: Category, price: Double)
        param n: Int = 0
        param optN: Int?
        param x: Double = 1.5

        """

    @Test("rule shapes", arguments: [
        ("count(manualSave within 7d) >= 3", "(>= (count manualSave within:604800000ms) 3)"),
        ("count(viewed where 10 < price && category == .books) > x",
         "(> (double (count viewed where:[price > 10.0, category == Category.books])) x)"),
        ("optN ?? 0 > n", "(> (?? optN 0) n)"),
        ("n * 2 + 1 > 2 * 3", "(> (addInt (multiplyInt n 2) 1) 6)"),
        ("now - last(manualSave) > 1h", "(> (subtractDates now (last manualSave)) 3600000ms)"),
        ("true && n > 1", "(> n 1)"),
        ("largestGroup(viewed by category within 1d) > 2", "(> (largestGroup viewed by:category within:86400000ms) 2)"),
        ("-n < x", "(< (double (neg.int n)) x)"),
    ])
    func shape(_ rule: String, _ expected: String) throws {
        let result = TestSupport.check(Self.prelude + "tip T {\n title \"t\"\n rule \(rule)\n}\n")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map(\.message))")
        let expr = try #require(result.model.tips.first?.rules.first)
        #expect(result.model.dump(expr) == expected)
    }
}
