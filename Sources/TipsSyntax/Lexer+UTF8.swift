import TipsSource

extension Lexer {
    /// Decodes the UTF-8 scalar starting at `i`, strictly: no overlong forms, no surrogates,
    /// nothing above U+10FFFF. Returns nil for an invalid or truncated sequence.
    static func decodeScalar(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let b0 = bytes[i]
        if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
        let length: Int
        var value: UInt32
        switch b0 {
        case 0xC2...0xDF: length = 2; value = UInt32(b0 & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(b0 & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(b0 & 0x07)
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        for k in 1..<length {
            let b = bytes[i + k]
            guard b & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(b & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// Reports every run of invalid UTF-8 between `start` and `end` (inside a comment).
    mutating func validateUTF8(_ start: Int, _ end: Int) {
        var i = start
        while i < end {
            if bytes[i] < 0x80 { i += 1; continue }
            if let (_, length) = Lexer.decodeScalar(bytes, at: i) { i += length; continue }
            let badStart = i
            while i < end, bytes[i] >= 0x80, Lexer.decodeScalar(bytes, at: i) == nil { i += 1 }
            reportInvalidUTF8(badStart, i)
        }
    }

    mutating func reportInvalidUTF8(_ start: Int, _ end: Int) {
        let shown = bytes[start..<min(end, start + 4)].map { "0x" + String($0, radix: 16, uppercase: true) }
        let more = end - start > 4 ? " ..." : ""
        report(.invalidUTF8, "invalid UTF-8 (\(end - start == 1 ? "byte" : "bytes") \(shown.joined(separator: " "))\(more))",
               start, end, notes: [Note("source files must be UTF-8 encoded")])
    }
}
