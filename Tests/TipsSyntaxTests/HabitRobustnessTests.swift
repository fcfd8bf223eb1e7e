import Testing
import TipsSource
@testable import TipsSyntax

/// The habit recognizers look ahead (an item's block, a macro's braces, a line that might be
/// a rule): on big hostile files they must stay linear and report one error per line.
@Suite struct HabitRobustnessTests {
    static func parse(_ text: String) -> ParseResult {
        var set = SourceSet()
        let id = set.add(path: "big.tips", text: text)
        return Parser.parse(set[id])
    }

    static let lines = 30_000

    @Test func manyMisplacedItemsInOneAction() {
        let body = String(repeating: "        rule x\n", count: Self.lines)
        let result = Self.parse("tip T {\n    title \"T\"\n    action \"a\" {\n        title \"A\"\n" + body + "    }\n}\n")
        #expect(result.diagnostics.count == Self.lines)
        #expect(result.diagnostics.allSatisfy { $0.code == "E124" })
    }

    @Test func manyUnclosedRuleMacros() {
        let result = Self.parse("tip T {\n    title \"T\"\n" + String(repeating: "    #Rule(Self.$x {\n", count: Self.lines) + "}\n")
        #expect(result.diagnostics.count == Self.lines)
        #expect(result.diagnostics.allSatisfy { $0.code == "E102" })
    }

    @Test func manyRulesWithoutTheirWord() {
        // Recovery skips to the next item word, so the lines after the first are skipped.
        let result = Self.parse("tip T {\n    title \"T\"\n" + String(repeating: "    hasSeenList && x\n", count: Self.lines) + "}\n")
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.notes.first?.message == "a rule starts with 'rule': 'rule hasSeenList && x'")
    }

    @Test func manyTipKitOptions() {
        let result = Self.parse("tip T {\n    title \"T\"\n" + String(repeating: "    MaxDisplayCount(3)\n", count: Self.lines) + "}\n")
        #expect(result.diagnostics.count == Self.lines)
        #expect(result.diagnostics.allSatisfy { $0.fixIts.first?.edits.first?.replacement == "maxDisplayCount 3" })
    }

    /// A TipKit spelling read whole leaves the next item alone.
    @Test(arguments: ["MaxDisplayCount(3)", "Tips.IgnoresDisplayFrequency(true)", "Action(id: \"a\", title: \"A\")"])
    func theItemAfterATipKitSpellingIsKept(_ spelling: String) {
        let result = Self.parse("tip T {\n    title \"T\"\n    \(spelling)\n    rule hasSeenList\n}\n")
        #expect(result.diagnostics.count == 1)
        guard case .tip(let tip)? = result.tree.declarations.first else { Issue.record("no tip"); return }
        #expect(tip.items.contains { if case .rule = $0 { true } else { false } })
    }
}
