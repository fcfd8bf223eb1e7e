import Foundation
import Testing
import TipsBenchSupport
import TipsSource
import TipsSyntax
@testable import TipsCheck

/// Lints run on whatever tree the parser recovers from broken input: they must never trap.
@Suite struct LintRobustnessTests {
    @Test(arguments: LintInputTests.inputNames)
    func truncatedAndMutatedInputs(_ name: String) throws {
        let bytes = try Array(Data(contentsOf: LintInputTests.inputs.appendingPathComponent(name)))
        var generator = SeededGenerator(seed: UInt64(bytes.count))
        var checked = 0
        for end in stride(from: 0, through: bytes.count, by: 23) {
            lint(Array(bytes[..<end]))
            checked += 1
        }
        let noise = Array("{}()[],.:=!<>\"\\ \n0123456789dxrule tip event".utf8)
        for _ in 0..<80 where !bytes.isEmpty {
            var mutated = bytes
            for _ in 0..<3 {
                let i = Int(generator.next() % UInt64(mutated.count))
                mutated[i] = noise[Int(generator.next() % UInt64(noise.count))]
            }
            lint(mutated)
            checked += 1
        }
        #expect(checked > 80)
    }

    private func lint(_ bytes: [UInt8]) {
        var sources = SourceSet()
        let id = sources.add(path: "fuzz.tips", bytes: bytes)
        let diagnostics = Linter.lint([Parser.parse(sources[id]).tree], sources: sources)
        for d in diagnostics {
            #expect(d.range.start >= 0 && Int(d.range.end) <= bytes.count)
        }
    }
}
