import Testing
import TipsCheck
import TipsSource

/// A catalog spans files: names are visible everywhere and declared once.
struct MultiFileTests {
    @Test("names declared in one file are used in another, in either order")
    func crossFileNames() {
        let result = TestSupport.check([
            ("tips.tips", "tip A {\n title \"a\"\n rule count(saved) > 1 && seen\n}\ngroup G { A }\n"),
            ("state.tips", "event saved\nparam seen: Bool = false\n"),
        ])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty,
                "\(result.diagnostics.map(\.message))")
        #expect(result.model.events.map(\.name) == ["saved"])
        #expect(result.model.tips.first?.group == 0)
    }

    @Test("a duplicate across files is reported at the second, with a note at the first")
    func duplicateAcrossFiles() throws {
        var sources = SourceSet()
        let a = sources.add(path: "a.tips", text: "event saved\n")
        let b = sources.add(path: "b.tips", text: "\nparam saved: Bool = false\n")
        let result = Checker.check(sources)
        let d = try #require(result.diagnostics.first { $0.code == "E200" })
        #expect(d.range.file == b)
        #expect(sources[b].location(of: d.range.start).line == 2)
        #expect(d.notes.first?.range?.file == a)
        #expect(d.message == "'saved' is already declared")
        #expect(result.model.events.count == 1 && result.model.parameters.isEmpty)
    }

    @Test("a tip in two groups in different files points at the first group")
    func twoGroups() throws {
        var sources = SourceSet()
        let a = sources.add(path: "a.tips", text: "tip T { title \"t\" }\ngroup G1 { T }\n")
        _ = sources.add(path: "b.tips", text: "group G2 { T }\n")
        let result = Checker.check(sources)
        let d = try #require(result.diagnostics.first { $0.code == "E406" })
        #expect(d.notes.first?.range?.file == a)
        #expect(d.message.contains("G1"))
    }

    @Test("diagnostics come back sorted by file and position")
    func sorted() {
        let result = TestSupport.check([
            ("a.tips", "tip A { rule nope1 }\n"),
            ("b.tips", "tip B { rule nope2 }\n"),
        ])
        #expect(result.diagnostics == result.diagnostics.sortedForOutput())
        #expect(result.diagnostics.filter { $0.code == "E202" }.count == 2)
    }
}
