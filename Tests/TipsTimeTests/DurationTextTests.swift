import Testing
import TipsTime

/// The one duration text: exact, largest unit first, weeks as days; and its parser.
struct DurationTextTests {
    static let day: Int64 = 86_400_000

    static let cases: [(Int64, String)] = [
        (0, "0s"), (1, "1ms"), (1500, "1s500ms"), (90_000, "1m30s"), (5_400_000, "1h30m"),
        (604_800_000, "7d"), (1_209_600_000, "14d"), (2_592_000_000, "30d"), (273_600_000, "3d4h"),
        (604_800_001, "7d1ms"), (-90_000, "-1m30s"),
    ]

    @Test(arguments: cases)
    func format(ms: Int64, text: String) {
        #expect(DurationText.format(ms) == text)
        // What is printed reads back as the same duration (negatives have no literal).
        if ms >= 0 { #expect(DurationText.parse(text) == ms) }
    }

    @Test func separatorsAndZero() {
        #expect(DurationText.format(63_000, separator: " ") == "1m 3s")
        #expect(DurationText.format(0, zero: "0ms") == "0ms")
        #expect(DurationText.components(5_400_001) == ["1h", "30m", "1ms"])
        #expect(DurationText.components(0).isEmpty)
    }

    @Test("every 64-bit value prints without trapping")
    func extremes() {
        #expect(DurationText.format(.min) == "-106751991167d7h12m55s808ms")
        #expect(DurationText.format(.max) == "106751991167d7h12m55s807ms")
        #expect(DurationText.parse(DurationText.format(.max)) == .max)
    }

    @Test(arguments: ["", "7", "d", "1d1w", "1h1h", "1x", "99999999999999999999w", "1D"])
    func parseRejects(text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    @Test func parseAccepts() {
        #expect(DurationText.parse("1w2d") == 9 * Self.day)
        #expect(DurationText.parse("1_000ms") == 1000)
    }
}

/// The named display frequencies, and a cooldown's text.
struct FrequencyNameTests {
    @Test func names() {
        #expect(FrequencyName.names == ["immediate", "hourly", "daily", "weekly", "monthly"])
        #expect(FrequencyName.milliseconds(named: "weekly") == 604_800_000)
        #expect(FrequencyName.milliseconds(named: "yearly") == nil)
        #expect(FrequencyName.text(0) == "immediate" && FrequencyName.text(2_592_000_000) == "monthly")
        #expect(FrequencyName.text(129_600_000) == "1d12h")
    }
}
