import Testing
import TipsCheck
import TipsSource

/// One mistake, one diagnostic: errors do not cascade into the declarations that use them.
struct IsolationTests {
    @Test("uses of an error-typed parameter are silent")
    func unknownTypeIsReportedOnce() {
        let result = TestSupport.check("""
            param mode: Mode = .fast
            param other: Int = 1
            tip T {
                title "t"
                rule mode == .slow
                rule mode.count > 1 && other > 0
                action "a" {
                    title "a"
                    set mode = .fast
                }
            }
            """)
        #expect(result.diagnostics.map(\.code) == ["E203"], "\(result.diagnostics.map(\.message))")
    }

    @Test("a broken event payload field leaves queries on other fields working")
    func brokenField() {
        let result = TestSupport.check("""
            event viewed(kind: Kind, price: Double)
            tip T {
                title "t"
                rule count(viewed where kind == .a) > 0
                rule count(viewed where price > 2) > 0
            }
            """)
        #expect(result.diagnostics.map(\.code) == ["E203"])
        #expect(result.model.tips.first?.rules.last?.type == .bool)
    }

    @Test("syntax errors do not stop checking the rest of the file")
    func afterParseErrors() {
        let result = TestSupport.check("""
            param a: Int = = 3
            tip T {
                title "t"
                rule nope
            }
            """)
        #expect(result.diagnostics.contains { $0.code.hasPrefix("E1") })
        #expect(result.diagnostics.contains { $0.code == "E202" })
    }

    @Test("testing overrides, custom frequency and trigger filters reach the model")
    func overridesAndTriggers() throws {
        let result = TestSupport.check("""
            config { displayFrequency 36h }
            event closed(forever: Bool)
            tip A {
                title "a"
                invalidate when closed where !forever reason tipClosed
            }
            tip B { title "b" }
            testing {
                show B
                hide A
                hideAll
            }
            """)
        let m = result.model
        #expect(m.configuration.displayFrequency == .custom(36 * 3_600_000))
        #expect(m.testingOverrides.show == [1] && m.testingOverrides.hide == [0])
        #expect(m.testingOverrides.hideAll && !m.testingOverrides.showAll)
        let trigger = try #require(m.tips.first?.invalidations.first)
        #expect(trigger.reason == .tipClosed)
        #expect(trigger.filter == [FilterComparison(field: 0, op: .equal, domain: .bool, value: .bool(false),
                                                    range: trigger.filter[0].range)])
    }

    @Test("an empty catalog checks cleanly to the defaults")
    func empty() {
        let result = TestSupport.check("")
        // Only the warning that the file declares nothing (W170, issue 20 item 6).
        #expect(result.diagnostics.map(\.code) == ["W170"])
        #expect(result.model == CatalogModel())
    }
}

/// The tree-walking helpers on ``CheckedExpr``.
struct CheckedExprWalkTests {
    @Test("queries and parameter reads are found in evaluation order")
    func walk() throws {
        let m = TestSupport.check("""
            event a
            event b
            param n: Int = 1
            param f: Bool = false
            tip T {
                title "t"
                rule count(a) > n && (f || count(b within 1d) < n * 2)
            }
            """).model
        let rule = try #require(m.tips.first?.rules.first)
        #expect(rule.queries.map(\.event) == [0, 1])
        #expect(rule.parameterReads == [0, 1, 0])
        #expect(rule.children.count == 2)
    }
}
