import Testing
import TipsTime

/// The shared instant parser and printer; each caller's own grammar and out-of-range
/// printing are pinned down in that caller's tests.
struct ISO8601Tests {
    @Test("seconds are required unless the caller allows minutes only")
    func secondsOptional() {
        #expect(ISO8601.parse("2024-02-29T12:30Z") == nil)
        #expect(ISO8601.parse("2024-02-29T12:30Z", secondsOptional: true) == 1_709_209_800_000)
        #expect(ISO8601.parse("2024-02-29T12:30.250Z", secondsOptional: true) == nil)
        #expect(ISO8601.parse("2024-02-29T12:30:00.250Z") == 1_709_209_800_250)
    }

    @Test("printing any 64-bit instant never traps")
    func formatting() {
        #expect(ISO8601.format(0) == "1970-01-01T00:00:00Z")
        #expect(ISO8601.format(-1) == "1969-12-31T23:59:59.999Z")
        #expect(ISO8601.format(ISO8601.fourDigitYears.lowerBound) == "0000-01-01T00:00:00Z")
        #expect(ISO8601.format(ISO8601.fourDigitYears.upperBound) == "9999-12-31T23:59:59.999Z")
        #expect(!ISO8601.format(.min).isEmpty && !ISO8601.format(.max).isEmpty)
    }
}
