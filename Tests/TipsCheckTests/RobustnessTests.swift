import Testing
import TipsCheck
import TipsSource

/// The checker must never trap, whatever the parser recovers from broken input.
struct RobustnessTests {
    @Test("every prefix of every input checks without trapping", arguments: ExpectationRunnerTests.catalogs())
    func truncatedInputs(_ catalog: String) {
        for (path, text) in ExpectationRunnerTests.files(of: catalog) {
            let bytes = Array(text.utf8)
            for end in stride(from: 0, through: bytes.count, by: 5) {
                var sources = SourceSet()
                sources.add(path: path, bytes: Array(bytes[..<end]))
                let result = Checker.check(sources)
                #expect(result.diagnostics == result.diagnostics.sortedForOutput().errorsFirst())
            }
        }
    }

    @Test("deleting one token-sized chunk anywhere checks without trapping")
    func mutatedInputs() {
        let text = Array(ModelTests.catalog.utf8)
        for start in stride(from: 0, to: text.count, by: 7) {
            var bytes = text
            bytes.removeSubrange(start..<min(text.count, start + 5))
            var sources = SourceSet()
            sources.add(path: "m.tips", bytes: bytes)
            _ = Checker.check(sources)
        }
    }
}
