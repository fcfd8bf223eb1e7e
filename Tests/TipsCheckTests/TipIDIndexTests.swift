import Testing
@testable import TipsCheck

/// `TipIDIndex` finds the same first clash as running the new id's automaton against every
/// accepted id in order (what `checkTipIDs` did before the index), on random ids over a
/// small alphabet so that clashes, prefixes and suffixes are frequent.
@Suite struct TipIDIndexTests {
    static func randomPieces(_ random: inout UInt64) -> [IDOverlap.Piece] {
        func next(_ n: Int) -> Int {
            random &+= 0x9E37_79B9_7F4A_7C15
            var z = random
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
        var pieces: [IDOverlap.Piece] = []
        for _ in 0..<(1 + next(3)) {
            switch next(12) {
            case 0: pieces.append(.anyText)
            case 1: pieces.append(.integer)
            case 2: pieces.append(.oneOf(["a", "ab", "true"]))
            default:
                let text = String((0..<(1 + next(3))).map { _ in ["a", "b", "-", "1", "é"][next(5)] }.joined())
                // Adjacent text merges, as in a checked template.
                if case .text(let t)? = pieces.last { pieces[pieces.count - 1] = .text(t + text) } else { pieces.append(.text(text)) }
            }
        }
        // An id of arguments alone spells nearly everything: keep them rare.
        if !pieces.contains(where: { if case .text = $0 { true } else { false } }), next(4) != 0 {
            pieces.insert(.text("b"), at: 0)
        }
        return pieces
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func sameFirstClashAsAScan(seed: UInt64) {
        var random = seed
        var index = TipIDIndex()
        var scanned: [(tip: Int, automaton: IDOverlap)] = []
        var clashes = 0
        for tip in 0..<120 {
            let pieces = Self.randomPieces(&random)
            let automaton = IDOverlap(pieces)
            let expected = scanned.first { $0.automaton.overlaps(automaton) }?.tip
            let found = index.firstClash(pieces)
            #expect(found == expected, "tip \(tip): \(pieces)")
            if expected == nil {
                scanned.append((tip, automaton))
                index.add(tip: tip, pieces)
            } else {
                clashes += 1
            }
        }
        // Both outcomes happen often enough to mean something.
        #expect(clashes > 10 && scanned.count > 5, "\(clashes) clashes, \(scanned.count) accepted")
    }
}
