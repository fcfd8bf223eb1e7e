import Foundation
import Testing
import TipsSource
import TipsSyntax
@testable import TipsCheck

/// Lints run on whatever tree the parser recovers from broken input: they must never trap.
@Suite struct LintRobustnessTests {
    @Test(arguments: LintInputTests.inputNames)
    func truncatedAndMutatedInputs(_ name: String) throws {
        let bytes = try Array(Data(contentsOf: LintInputTests.inputs.appendingPathComponent(name)))
        var generator = LintRandom(seed: UInt64(bytes.count))
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

/// A small deterministic generator, so a failure reproduces.
struct LintRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
