/// The tip ids ``CatalogChecker/checkTipIDs()`` has accepted so far, indexed so that finding
/// the first one a new id can spell the same text as does not run the automata of every
/// earlier id (quadratic: most of `check.10k` before this index).
///
/// Every text an id spells starts with its literal prefix (the text before its first
/// argument) and ends with its literal suffix, so two ids whose prefixes (or suffixes) are
/// not one a prefix (suffix) of the other, compared scalar by scalar, cannot overlap: only
/// the remaining candidates are run through ``IDOverlap``, in the order they were accepted,
/// so the clash found is the one a scan of every earlier id would find. Two literal ids only
/// clash when they are the same text, found by a dictionary.
struct TipIDIndex {
    private struct Entry {
        var tip: Int
        /// `nil` for a literal id: most ids are literal and only ever compared by text, so
        /// their automaton is built in the rare case a template's affixes fit them.
        var automaton: IDOverlap?
        var pieces: [IDOverlap.Piece]
        var prefix: [Unicode.Scalar]
        var suffix: [Unicode.Scalar]
    }

    /// Ids with arguments, in the order accepted.
    private var templates: [Entry] = []
    /// Ids without arguments, in the order accepted, and their positions by first scalar
    /// (`nil` for the empty id).
    private var literals: [Entry] = []
    private var literalsByFirst: [Unicode.Scalar?: [Int]] = [:]
    /// The tip of each literal id, by its text (the first one accepted).
    private var literalsByText: [[Unicode.Scalar]: Int] = [:]

    /// The tip of the first accepted id that can spell the same text as `pieces`, if any.
    func firstClash(_ pieces: [IDOverlap.Piece]) -> Int? {
        let (prefix, suffix, isLiteral) = Self.affixes(pieces)
        var built: IDOverlap?
        func automaton() -> IDOverlap {
            if let built { return built }
            let made = IDOverlap(pieces)
            built = made
            return made
        }
        var best: Int?
        for entry in templates where Self.compatible(entry.prefix, prefix, suffixes: entry.suffix, suffix) {
            if (entry.automaton ?? IDOverlap(entry.pieces)).overlaps(automaton()) { best = entry.tip; break }
        }
        if isLiteral {
            // Two literal ids overlap when they are the same text.
            guard let same = literalsByText[prefix] else { return best }
            return min(best ?? same, same)
        }
        // A literal id spells one text: the new id's prefix and suffix must be its own.
        let candidates: [Int] = prefix.first.map { literalsByFirst[$0] ?? [] } ?? Array(literals.indices)
        for position in candidates {
            let entry = literals[position]
            if let best, entry.tip > best { break }
            guard Self.compatible(entry.prefix, prefix, suffixes: entry.suffix, suffix),
                  (entry.automaton ?? IDOverlap(entry.pieces)).overlaps(automaton()) else { continue }
            return entry.tip
        }
        return best
    }

    /// Accepts the id of `tip`.
    mutating func add(tip: Int, _ pieces: [IDOverlap.Piece]) {
        let (prefix, suffix, isLiteral) = Self.affixes(pieces)
        let entry = Entry(tip: tip, automaton: isLiteral ? nil : IDOverlap(pieces), pieces: pieces,
                          prefix: prefix, suffix: suffix)
        if isLiteral {
            literalsByFirst[prefix.first, default: []].append(literals.count)
            literals.append(entry)
            if literalsByText[prefix] == nil { literalsByText[prefix] = tip }
        } else {
            templates.append(entry)
        }
    }

    /// The literal text before the first argument and after the last one, and whether there
    /// is no argument at all (then both are the whole text).
    private static func affixes(_ pieces: [IDOverlap.Piece]) -> ([Unicode.Scalar], [Unicode.Scalar], Bool) {
        var prefix: [Unicode.Scalar] = []
        var suffix: [Unicode.Scalar] = []
        var sawArgument = false
        for piece in pieces {
            if case .text(let text) = piece {
                if !sawArgument { prefix += text.unicodeScalars }
                suffix += text.unicodeScalars
            } else {
                sawArgument = true
                suffix = []
            }
        }
        return (prefix, suffix, !sawArgument)
    }

    /// Whether the affixes of two ids leave room for a common text.
    private static func compatible(_ p1: [Unicode.Scalar], _ p2: [Unicode.Scalar],
                                   suffixes s1: [Unicode.Scalar], _ s2: [Unicode.Scalar]) -> Bool {
        let n = min(p1.count, p2.count)
        guard p1.prefix(n).elementsEqual(p2.prefix(n)) else { return false }
        let m = min(s1.count, s2.count)
        return s1.suffix(m).elementsEqual(s2.suffix(m))
    }
}
