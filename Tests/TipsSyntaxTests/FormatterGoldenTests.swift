import Foundation
import Testing
import TipsSource
import TipsSyntax

/// Input/expected pairs under `Golden/fmt`. Run with `TIPS_UPDATE_GOLDEN=1` to rewrite the
/// expected files after an intended change of layout, then review the diff.
@Suite struct FormatterGoldenTests {
    @Test func thereAreEnoughGoldenPairs() {
        #expect(FormatterHarness.goldenNames.count >= 10)
    }

    @Test(arguments: FormatterHarness.goldenNames)
    func matchesExpected(_ name: String) throws {
        let input = try FormatterHarness.read(FormatterHarness.inputURL(name))
        let output = try FormatterHarness.format(input)
        let expectedURL = FormatterHarness.expectedURL(name)
        if FormatterHarness.updatingGolden {
            try Data(output.utf8).write(to: expectedURL)
            return
        }
        let expected = try FormatterHarness.read(expectedURL)
        #expect(output == expected, "\(name): run with TIPS_UPDATE_GOLDEN=1 to update")
    }

    /// Idempotence, comment preservation, meaning preservation and tidiness of every input.
    @Test(arguments: FormatterHarness.goldenNames)
    func inputKeepsItsProperties(_ name: String) throws {
        try FormatterHarness.checkProperties(of: FormatterHarness.read(FormatterHarness.inputURL(name)))
    }

    /// An expected file is already canonical.
    @Test(arguments: FormatterHarness.goldenNames)
    func expectedIsAFixedPoint(_ name: String) throws {
        let expected = try FormatterHarness.read(FormatterHarness.expectedURL(name))
        #expect(try FormatterHarness.format(expected) == expected)
    }
}
