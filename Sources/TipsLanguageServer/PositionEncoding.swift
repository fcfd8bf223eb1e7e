import TipsSource
import TipsText

/// How LSP positions count characters within a line: UTF-16 code units (the protocol's
/// default, what every client supports) or UTF-8 bytes (when the client offers it).
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
}

/// An LSP position: 0-based line, and character offset in the negotiated encoding.
public struct LSPPosition: Sendable, Hashable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init(json: JSON) throws(RPCError) {
        line = try json.requiredInt("line")
        character = try json.requiredInt("character")
    }

    var json: JSON { .object(["line": .int(line), "character": .int(character)]) }

    public static func < (a: LSPPosition, b: LSPPosition) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

extension SourceFile {
    /// The byte offset of an LSP position, clamped into the file: a character past the end of
    /// its line means the line's end, a line past the last means the end of the file, and a
    /// position inside a multi-byte character snaps to that character's start.
    func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int32 {
        LSPText.offset(of: position, bytes: bytes, lineStarts: lineStarts, encoding: encoding)
    }
}

/// Positions over text that is not a `SourceFile` (an open document's ``DocumentText``).
enum LSPText {
    /// ``SourceFile/offset(of:encoding:)`` over any text and its line starts.
    static func offset(of position: LSPPosition, bytes: [UInt8], lineStarts: [Int32], encoding: PositionEncoding) -> Int32 {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return Int32(bytes.count) }
        let start = Int(lineStarts[position.line])
        var end = position.line + 1 < lineStarts.count ? Int(lineStarts[position.line + 1]) - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        var i = start
        var units = 0
        while i < end {
            let (length, width) = SourceFile.scalar(at: i, in: bytes, encoding: encoding)
            if units + width > position.character { break }
            units += width
            i += length
        }
        return Int32(i)
    }
}

extension SourceFile {
    /// The LSP position of a byte offset.
    func position(of offset: Int32, encoding: PositionEncoding) -> LSPPosition {
        let clamped = max(0, min(Int(offset), bytes.count))
        let line = lineIndex(of: Int32(clamped))
        var i = Int(lineStarts[line])
        var units = 0
        while i < clamped {
            let (length, width) = SourceFile.scalar(at: i, in: bytes, encoding: encoding)
            units += width
            i += length
        }
        return LSPPosition(line: line, character: units)
    }

    /// The LSP range of a source range.
    func lspRange(_ range: SourceRange, encoding: PositionEncoding) -> JSON {
        .object(["start": position(of: range.start, encoding: encoding).json,
                 "end": position(of: range.end, encoding: encoding).json])
    }

    /// The length in bytes of the UTF-8 sequence at `i`, and its width in the encoding.
    /// An invalid byte counts as one replacement character.
    static func scalar(at i: Int, in bytes: [UInt8], encoding: PositionEncoding) -> (Int, Int) {
        let b = bytes[i]
        var length = 1
        if b >= 0xF0 && b < 0xF8 { length = 4 } else if b >= 0xE0 { length = 3 } else if b >= 0xC0 { length = 2 }
        if b >= 0xF8 || (b >= 0x80 && b < 0xC0) { length = 1 }
        if length > 1 {
            if i + length > bytes.count || !bytes[(i + 1)..<(i + length)].allSatisfy({ $0 & 0xC0 == 0x80 }) {
                length = 1
                return (1, 1)
            }
        }
        switch encoding {
        case .utf8: return (length, length)
        case .utf16: return (length, length == 4 ? 2 : 1)
        }
    }
}
