import Testing
@testable import TipsCheck

/// The byte-level sentence counter for ASCII copy must agree with the Character-level one.
@Suite struct SentenceCountPathTests {
    @Test("ASCII fast path equals the Character path on random ASCII copy")
    func asciiPathAgrees() {
        let pieces = [" ", ".", "!", "?", "a", "Bc", "\r\n", "\n", "\t", "e.g.", "2.50", "...", "\u{0B}", "x."]
        var state: UInt64 = 0x1234_5678
        var nonzero = 0
        for _ in 0..<5_000 {
            var text = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for k in 0..<Int(state >> 60) + 1 {
                let r = (state >> UInt64(k * 4 % 56)) & 0xFF
                text += pieces[Int(r) % pieces.count]
            }
            let fast = CopyLints.asciiSentenceCount(text)
            #expect(fast == CopyLints.characterSentenceCount(text), "\(text.debugDescription)")
            if (fast ?? 0) > 1 { nonzero += 1 }
        }
        #expect(nonzero > 100)
        // Anything beyond ASCII takes the Character path.
        #expect(CopyLints.asciiSentenceCount("Fin…") == nil)
        #expect(CopyLints.sentenceCount("Un. Deux… Trois") == 3)
    }
}
