extension JSON {
    /// Why some bytes are not JSON, and where.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Byte offset of the problem.
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// Parses one JSON document (RFC 8259) from UTF-8 bytes; nothing but whitespace may follow.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected data after the JSON value") }
        return value
    }

    /// Parses a JSON document from text.
    public static func parse(_ text: String) throws(ParseError) -> JSON {
        try parse(Array(text.utf8))
    }
}

/// A recursive-descent reader over bytes; depth is capped so hostile nesting cannot overflow the stack.
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    static let maximumDepth = 256

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ reason: String) -> JSON.ParseError { JSON.ParseError(offset: index, reason: reason) }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(JSON.ParseError) -> JSON {
        guard depth < Self.maximumDepth else { throw error("JSON nested too deeply") }
        guard index < bytes.count else { throw error("unexpected end of JSON") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character")
        }
    }

    mutating func literal(_ word: String) throws(JSON.ParseError) {
        for b in word.utf8 {
            guard index < bytes.count, bytes[index] == b else { throw error("invalid literal") }
            index += 1
        }
    }

    mutating func object(depth: Int) throws(JSON.ParseError) -> JSON {
        index += 1
        var members: [(String, JSON)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        // Keys seen, once the object is too large for a linear scan per member to be cheap.
        var keys: Set<String>?
        var repeated = false
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            let v = try value(depth: depth + 1)
            if keys == nil, members.count == 16 { keys = Set(members.map(\.0)) }
            if keys != nil {
                if !keys!.insert(key).inserted { repeated = true }
            } else if !repeated, members.contains(where: { $0.0 == key }) {
                repeated = true
            }
            members.append((key, v))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of JSON") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(repeated ? Self.lastOfEachKey(members) : members)
            }
            throw error("expected ',' or '}'")
        }
    }

    /// A repeated key: the last one wins, as in most parsers, in the place of its last
    /// occurrence. One pass from the end, so an object of n members costs O(n).
    static func lastOfEachKey(_ members: [(String, JSON)]) -> [(String, JSON)] {
        var seen: Set<String> = []
        var kept: [(String, JSON)] = []
        for member in members.reversed() where seen.insert(member.0).inserted { kept.append(member) }
        return kept.reversed()
    }

    mutating func array(depth: Int) throws(JSON.ParseError) -> JSON {
        index += 1
        var elements: [JSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of JSON") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw error("expected ',' or ']'")
        }
    }

    mutating func number() throws(JSON.ParseError) -> JSON {
        let start = index
        func digits() -> Int {
            let s = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - s
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        guard digits() > 0 else { throw error("invalid number") }
        if bytes[intStart] == UInt8(ascii: "0"), index - intStart > 1 { throw error("leading zero in number") }
        var integral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            integral = false
            guard digits() > 0 else { throw error("invalid number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            integral = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("invalid number") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        // An integer keeps every digit when it fits; a larger one becomes a Double, as in
        // most parsers, rather than an error.
        if integral, let i = Int(text) { return .int(i) }
        guard let n = Double(text), n.isFinite else { throw error("number out of range") }
        return .double(n)
    }

    mutating func hex4() throws(JSON.ParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            v = v * 16 + d
            index += 1
        }
        return v
    }

    mutating func string() throws(JSON.ParseError) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") { index += 1; break }
            if b < 0x20 { throw error("control character in string") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw error("unterminated string") }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one; alone it is replaced.
                    if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            scalar = 0xFFFD
                        }
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00..<0xE000).contains(scalar) {
                    scalar = 0xFFFD
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
            default: throw error("invalid escape in string")
            }
        }
        // Invalid UTF-8 inside a string is repaired rather than rejected: text is still usable.
        return String(decoding: out, as: UTF8.self)
    }
}
