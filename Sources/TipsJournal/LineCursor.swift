/// A position in one line's bytes, with the strict JSON pieces the record reader needs.
struct LineCursor {
    let p: UnsafeRawBufferPointer
    var i = 0

    init(_ p: UnsafeRawBufferPointer) { self.p = p }

    /// Consumes exactly `s` or fails.
    @inline(__always)
    mutating func expect(_ s: StaticString) throws(LineError) {
        guard !skip(s) else { return }
        let n = s.utf8CodeUnitCount
        guard p.count - i >= n else { throw LineError("unexpected end of line") }
        let base = s.utf8Start
        for j in 0..<n where p[i + j] != base[j] {
            throw LineError("unexpected byte at column \(i + j + 1)")
        }
        throw LineError("unexpected byte at column \(i + 1)")
    }

    /// Consumes `s` if the bytes at the cursor are exactly `s`; otherwise moves nothing.
    /// Every record line is mostly such fixed text (keys, punctuation), so it is compared
    /// eight bytes at a time.
    @inline(__always)
    mutating func skip(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard p.count - i >= n else { return false }
        let text = UnsafeRawBufferPointer(start: s.utf8Start, count: n)
        let here = UnsafeRawBufferPointer(rebasing: p[i..<(i + n)])
        var j = 0
        while j + 8 <= n {
            if text.loadUnaligned(fromByteOffset: j, as: UInt64.self) != here.loadUnaligned(fromByteOffset: j, as: UInt64.self) {
                return false
            }
            j += 8
        }
        while j < n {
            if text[j] != here[j] { return false }
            j += 1
        }
        i += n
        return true
    }

    /// The body must be used up exactly.
    mutating func end() throws(LineError) {
        guard i == p.count else { throw LineError("unexpected byte at column \(i + 1)") }
    }

    /// Consumes `null` if present.
    mutating func null() throws(LineError) -> Bool {
        if i < p.count, p[i] == UInt8(ascii: "n") {
            try expect("null")
            return true
        }
        return false
    }

    /// A non-negative JSON integer that fits UInt64.
    mutating func uint() throws(LineError) -> UInt64 {
        let m = try magnitude()
        return m
    }

    /// A JSON integer that fits Int64.
    mutating func int() throws(LineError) -> Int64 {
        var negative = false
        if i < p.count, p[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        let m = try magnitude()
        if negative {
            guard m <= UInt64(Int64.max) + 1 else { throw LineError("integer out of range") }
            return m == UInt64(Int64.max) + 1 ? Int64.min : -Int64(m)
        }
        guard m <= UInt64(Int64.max) else { throw LineError("integer out of range") }
        return Int64(m)
    }

    mutating func optionalInt() throws(LineError) -> Int64? {
        if try null() { return nil }
        return try int()
    }

    /// Digits without sign: `0` or `[1-9][0-9]*`, no overflow.
    private mutating func magnitude() throws(LineError) -> UInt64 {
        guard i < p.count, isDigit(p[i]) else { throw LineError("expected a number at column \(i + 1)") }
        if p[i] == UInt8(ascii: "0") {
            i += 1
            if i < p.count, isDigit(p[i]) { throw LineError("leading zero at column \(i)") }
            return 0
        }
        // Nineteen digits are below 10^19 < 2^64: no overflow check until then.
        var v: UInt64 = 0
        let fast = min(p.count, i + 19)
        while i < fast, isDigit(p[i]) {
            v = v &* 10 &+ UInt64(p[i] &- UInt8(ascii: "0"))
            i += 1
        }
        while i < p.count, isDigit(p[i]) {
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(UInt64(p[i] &- UInt8(ascii: "0")))
            if o1 || o2 { throw LineError("integer out of range") }
            v = a
            i += 1
        }
        return v
    }

    @inline(__always)
    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// A JSON number (any form), as a finite Double, correctly rounded.
    mutating func double() throws(LineError) -> Double {
        let start = i
        var negative = false
        if i < p.count, p[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        guard i < p.count, isDigit(p[i]) else { throw LineError("expected a number at column \(i + 1)") }
        // Collect up to 19 significant digits for the fast path as we validate the syntax.
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        if p[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            while i < p.count, isDigit(p[i]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(p[i] &- 48); digits += 1 } else { scale += 1 }
                i += 1
            }
        }
        if i < p.count, p[i] == UInt8(ascii: ".") {
            i += 1
            guard i < p.count, isDigit(p[i]) else { throw LineError("bad fraction at column \(i + 1)") }
            while i < p.count, isDigit(p[i]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(p[i] &- 48)
                    if mantissa != 0 { digits += 1 }
                    scale -= 1
                }
                i += 1
            }
        }
        var exponent = 0
        var exact = true
        if i < p.count, p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            if i < p.count, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
                expNegative = p[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < p.count, isDigit(p[i]) else { throw LineError("bad exponent at column \(i + 1)") }
            while i < p.count, isDigit(p[i]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(p[i] &- 48) } else { exact = false }
                i += 1
            }
            if expNegative { exponent = -exponent }
        }
        // Clinger's fast path: an integer below 2^53 times or divided by an exactly
        // representable power of ten is one correctly rounded IEEE operation.
        let power = exponent + scale
        if exact, digits < 19, mantissa < (1 << 53), power >= -22, power <= 22 {
            let m = Double(mantissa)
            let d = power >= 0 ? m * Self.powersOfTen[power] : m / Self.powersOfTen[-power]
            return negative ? -d : d
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
        guard let d = Double(text), d.isFinite else { throw LineError("number out of range") }
        return d
    }

    /// 1e0 ... 1e22: every one exactly representable as a Double.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The bytes of a record type name up to the closing quote (no escapes allowed).
    mutating func rawName() throws(LineError) -> RawName {
        let start = i
        while i < p.count, p[i] != UInt8(ascii: "\"") {
            guard p[i] != UInt8(ascii: "\\"), p[i] >= 0x20 else { throw LineError("bad record type") }
            i += 1
        }
        guard i < p.count else { throw LineError("unterminated record type") }
        let name = RawName(bytes: UnsafeRawBufferPointer(rebasing: p[start..<i]))
        i += 1
        return name
    }

    /// A JSON string. Plain ASCII without escapes (the usual case) takes a fast path.
    mutating func string() throws(LineError) -> String {
        guard i < p.count, p[i] == UInt8(ascii: "\"") else { throw LineError("expected a string at column \(i + 1)") }
        i += 1
        let start = i
        while i < p.count {
            let b = p[i]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeRawBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
            i += 1
        }
        return try slowString(from: start)
    }

    /// Escapes, non-ASCII bytes (validated as UTF-8) and errors.
    private mutating func slowString(from start: Int) throws(LineError) -> String {
        var bytes = [UInt8](UnsafeRawBufferPointer(rebasing: p[start..<i]))
        while true {
            guard i < p.count else { throw LineError("unterminated string") }
            let b = p[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                guard Self.isValidUTF8(bytes) else { throw LineError("invalid UTF-8 in string") }
                return String(decoding: bytes, as: UTF8.self)
            case 0..<0x20:
                throw LineError("control character in string at column \(i)")
            case UInt8(ascii: "\\"):
                guard i < p.count else { throw LineError("unterminated escape") }
                let e = p[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): bytes.append(0x22)
                case UInt8(ascii: "\\"): bytes.append(0x5C)
                case UInt8(ascii: "/"): bytes.append(0x2F)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = UInt32(try hex4())
                    if (0xD800...0xDBFF).contains(scalar) {
                        try expect("\\u")
                        let low = UInt32(try hex4())
                        guard (0xDC00...0xDFFF).contains(low) else { throw LineError("unpaired surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw LineError("unpaired surrogate")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw LineError("bad \\u escape") }
                    if let encoded = UTF8.encode(u) { bytes.append(contentsOf: encoded) }
                default:
                    throw LineError("bad escape at column \(i)")
                }
            default:
                bytes.append(b)
            }
        }
    }

    private mutating func hex4() throws(LineError) -> UInt16 {
        guard p.count - i >= 4 else { throw LineError("bad \\u escape") }
        var v: UInt16 = 0
        for _ in 0..<4 {
            let b = p[i]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b &- UInt8(ascii: "A") &+ 10
            default: throw LineError("bad \\u escape")
            }
            v = v << 4 | UInt16(d)
            i += 1
        }
        return v
    }

    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var codec = UTF8()
        var it = bytes.makeIterator()
        while true {
            switch codec.decode(&it) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// A typed value: `null` or a one-member object naming the type.
    mutating func value() throws(LineError) -> JournalValue {
        if try null() { return .null }
        try expect("{\"")
        let tag = try rawName()
        try expect(":")
        let v: JournalValue
        if tag.equals("string") {
            v = .string(try string())
        } else if tag.equals("int") {
            v = .int(try int())
        } else if tag.equals("bool") {
            if i < p.count, p[i] == UInt8(ascii: "t") { try expect("true"); v = .bool(true) } else { try expect("false"); v = .bool(false) }
        } else if tag.equals("double") {
            v = .double(try double())
        } else if tag.equals("enum") {
            v = .enumCase(try string())
        } else if tag.equals("date") {
            v = .date(try int())
        } else if tag.equals("set") {
            try expect("[")
            var members = Set<String>()
            var previous: String?
            if i < p.count, p[i] == UInt8(ascii: "]") {
                i += 1
            } else {
                while true {
                    let m = try string()
                    // Strictly ascending: the writer sorts, so duplicates or disorder mean damage.
                    if let previous, !previous.utf8.lexicographicallyPrecedes(m.utf8) {
                        throw LineError("set members not in ascending order")
                    }
                    members.insert(m)
                    previous = m
                    if i < p.count, p[i] == UInt8(ascii: ",") { i += 1; continue }
                    try expect("]")
                    break
                }
            }
            v = .set(members)
        } else {
            throw LineError("unknown value type")
        }
        try expect("}")
        return v
    }

    /// A donation payload: an object of typed values, keys strictly ascending.
    mutating func payload() throws(LineError) -> [String: JournalValue] {
        try expect("{")
        if i < p.count, p[i] == UInt8(ascii: "}") { i += 1; return [:] }
        // One allocation for typical payloads instead of growing 1 → 2 → 4.
        var result = [String: JournalValue](minimumCapacity: 4)
        var previous: String?
        while true {
            let key = try string()
            if let previous, !previous.utf8.lexicographicallyPrecedes(key.utf8) {
                throw LineError("payload keys not in ascending order")
            }
            try expect(":")
            result[key] = try value()
            previous = key
            if i < p.count, p[i] == UInt8(ascii: ",") { i += 1; continue }
            try expect("}")
            return result
        }
    }
}
