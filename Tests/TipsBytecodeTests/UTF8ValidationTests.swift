import Testing
import TipsBenchSupport
@testable import TipsBytecode

/// The bundle reader's own UTF-8 check (it cannot use `String(validating:as:)`, which is
/// iOS 18 / macOS 15): well-formed input is accepted unchanged, everything else refused.
struct UTF8ValidationTests {
    /// Cases from the Unicode Standard's definition of well-formed UTF-8 (Table 3-7) and
    /// Markus Kuhn's UTF-8 decoder stress test: boundaries, overlong forms, surrogates,
    /// values past U+10FFFF, lone and truncated continuation bytes.
    static let cases: [(bytes: [UInt8], valid: Bool, what: String)] = [
        ([], true, "empty"),
        ([0x41, 0x00, 0x7F], true, "ASCII with NUL and DEL"),
        ([0xC2, 0x80], true, "U+0080, first two-byte"),
        ([0xDF, 0xBF], true, "U+07FF, last two-byte"),
        ([0xE0, 0xA0, 0x80], true, "U+0800, first three-byte"),
        ([0xED, 0x9F, 0xBF], true, "U+D7FF, last before the surrogates"),
        ([0xEE, 0x80, 0x80], true, "U+E000, first after the surrogates"),
        ([0xEF, 0xBF, 0xBD], true, "U+FFFD itself"),
        ([0xEF, 0xBF, 0xBF], true, "U+FFFF"),
        ([0xF0, 0x90, 0x80, 0x80], true, "U+10000, first four-byte"),
        ([0xF4, 0x8F, 0xBF, 0xBF], true, "U+10FFFF, last code point"),
        ([0xE2, 0x80, 0xA8], true, "U+2028 LINE SEPARATOR"),
        ([0x80], false, "lone continuation byte"),
        ([0xBF], false, "lone last continuation byte"),
        ([0xC0, 0x80], false, "overlong NUL"),
        ([0xC1, 0xBF], false, "overlong U+007F"),
        ([0xE0, 0x80, 0xAF], false, "overlong '/' in three bytes"),
        ([0xE0, 0x9F, 0xBF], false, "overlong U+07FF"),
        ([0xF0, 0x8F, 0xBF, 0xBF], false, "overlong U+FFFF"),
        ([0xED, 0xA0, 0x80], false, "U+D800, a surrogate"),
        ([0xED, 0xBF, 0xBF], false, "U+DFFF, a surrogate"),
        ([0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80], false, "a surrogate pair in CESU-8"),
        ([0xF4, 0x90, 0x80, 0x80], false, "U+110000, past the last code point"),
        ([0xF5, 0x80, 0x80, 0x80], false, "lead byte F5"),
        ([0xFE], false, "byte FE"),
        ([0xFF], false, "byte FF"),
        ([0xC2], false, "two-byte sequence cut"),
        ([0xE2, 0x82], false, "three-byte sequence cut"),
        ([0xF0, 0x9F, 0x98], false, "four-byte sequence cut"),
        ([0x41, 0xE2, 0x82, 0x41], false, "cut sequence followed by ASCII"),
        ([0xC2, 0xC2, 0x80], false, "lead byte where a continuation belongs"),
    ]

    @Test("validUTF8 agrees with the standard's table", arguments: 0..<cases.count)
    func table(_ i: Int) {
        let c = Self.cases[i]
        let s = BundleReader.validUTF8(c.bytes[...])
        #expect((s != nil) == c.valid, "\(c.what)")
        if let s { #expect(Array(s.utf8) == c.bytes, "\(c.what)") }
    }

    @Test("validUTF8 agrees with the standard library's validating decoder on random bytes")
    func differential() {
        // The oracle exists only from iOS 18 / macOS 15 on Apple platforms (always on Linux).
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        var rng = SeededGenerator(seed: 0x00F8_0A11D)
        // Bytes biased towards UTF-8 structure: leads, continuations and ASCII.
        let alphabet: [UInt8] = [0x41, 0x00, 0x7F, 0x80, 0x8F, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED,
                                 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var disagreements: [[UInt8]] = []
        for _ in 0..<20_000 {
            let n = Int.random(in: 0...6, using: &rng)
            let bytes = (0..<n).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }
            let ours = BundleReader.validUTF8(bytes[...])
            let theirs = String(validating: bytes, as: UTF8.self)
            if ours != theirs { disagreements.append(bytes) }
        }
        #expect(disagreements.isEmpty, "first: \(disagreements.prefix(3))")
    }
}
