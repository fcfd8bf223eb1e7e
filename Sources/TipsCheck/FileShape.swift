import TipsSource
import TipsSyntax

/// What the tips of other files may read from one file, for ``IncrementalChecker``: two
/// versions of a file with equal shapes give every tip outside it the same inputs, so an
/// edit that keeps the shape re-checks only the file's own tips.
///
/// A file of tips, groups and testing blocks only is shaped by their kinds and names (no
/// tip's check reads a group or a testing block; the passes that do run over the whole
/// catalog every time). A file with any other declaration (parameters, events, enumerations,
/// constants, configuration) is shaped by every token outside its tips, groups and testing
/// blocks, spelled exactly, with the flags the parser reads (line start, malformed), and by
/// those blocks' kinds and names in place: whitespace and comments may change (typing a
/// space or a comment before a declaration), nothing a parser or checker sees may. This is
/// deliberately stricter than a type signature: a parameter's default, a constant's value
/// or an event's limit also feed tip checks and lints, and any token that changes makes the
/// next run check everything.
struct FileShape: Sendable, Equatable {
    /// The kinds and names of a file of tips, groups and testing blocks.
    private var names: [String]
    /// For a file with other declarations: its tokens outside tips, groups and testing blocks
    /// (kind, flags, bytes), with those blocks' names in place; `nil` for a file of tips.
    private var tokens: [UInt8]?

    init(_ tree: FileSyntax, source: SourceFile) {
        names = []
        var blocks: [(range: SourceRange, name: String)] = []
        var declaresOthers = false
        for declaration in tree.declarations {
            let name: String
            switch declaration {
            case .tip(let tip): name = "tip " + tip.name.name
            case .group(let group): name = "group " + group.name.name
            case .testing: name = "testing"
            default:
                declaresOthers = true
                continue
            }
            names.append(name)
            blocks.append((declaration.range, name))
        }
        guard declaresOthers else { return }
        names = []
        tokens = Self.tokens(of: source, outside: blocks.sorted { $0.range.start < $1.range.start })
    }

    /// The file's tokens outside `blocks` (sorted, not overlapping), each block's name where
    /// it stands; each token's text is preceded by its length, so no two sequences spell alike.
    private static func tokens(of source: SourceFile, outside blocks: [(range: SourceRange, name: String)]) -> [UInt8] {
        var out: [UInt8] = []
        var next = 0
        func flushBlocks(before offset: Int32) {
            while next < blocks.count, blocks[next].range.end <= offset {
                out.append(0xFF)
                out.append(contentsOf: blocks[next].name.utf8)
                out.append(0xFF)
                next += 1
            }
        }
        for token in Lexer.tokenize(source).tokens {
            flushBlocks(before: token.range.start)
            if next < blocks.count, token.range.start >= blocks[next].range.start { continue }
            out.append(token.kind.rawValue)
            out.append((token.isAtLineStart ? 1 : 0) | (token.isMalformed ? 2 : 0) | (token.isMinimumMagnitude ? 4 : 0))
            let length = UInt32(token.range.length)
            out.append(contentsOf: [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
            out.append(contentsOf: source.bytes[Int(token.range.start)..<Int(token.range.end)])
        }
        flushBlocks(before: .max)
        return out
    }
}
