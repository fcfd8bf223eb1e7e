/// Writes journal lines: fixed key order, no whitespace, integers in decimal, doubles in
/// Swift's shortest round-trip form, strings with the minimal JSON escapes.
///
/// A line is built in two steps because its sequence number is only known under the lock:
/// `recordBody` encodes everything after `{"seq":N,` when the record is appended, and
/// `appendLine` prefixes the number and appends the checksum at write time.
struct LineEncoder {
    /// Encodes the record's members after `seq`, e.g. `"t":"resetStore","at":5`.
    /// Throws for values JSON can't carry (NaN, infinities).
    static func recordBody(_ record: JournalRecord, path: String) throws(JournalError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96)
        switch record {
        case .param(let name, let value, let at):
            out.lit("\"t\":\"param\",\"at\":"); out.int(at)
            out.lit(",\"name\":"); out.string(name)
            out.lit(",\"value\":"); try out.value(value, path: path)
        case .donate(let event, let at, let payload):
            out.lit("\"t\":\"donate\",\"at\":"); out.int(at)
            out.lit(",\"event\":"); out.string(event)
            out.lit(",\"payload\":{")
            // Keys sorted by UTF-8 bytes: one encoding per payload, and the reader can
            // reject duplicate keys by requiring strictly ascending order.
            let keys = payload.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (i, key) in keys.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.string(key)
                out.append(UInt8(ascii: ":"))
                // The key came from the dictionary, so the lookup can't fail.
                try out.value(payload[key] ?? .null, path: path)
            }
            out.append(UInt8(ascii: "}"))
        case .displayBegan(let tip, let at):
            out.lit("\"t\":\"displayBegan\",\"at\":"); out.int(at)
            out.lit(",\"tip\":"); out.string(tip)
        case .displayEnded(let tip, let at):
            out.lit("\"t\":\"displayEnded\",\"at\":"); out.int(at)
            out.lit(",\"tip\":"); out.string(tip)
        case .invalidate(let tip, let reason, let at):
            out.lit("\"t\":\"invalidate\",\"at\":"); out.int(at)
            out.lit(",\"tip\":"); out.string(tip)
            out.lit(",\"reason\":"); out.string(reason)
        case .resetEligibility(let tip, let at):
            out.lit("\"t\":\"resetEligibility\",\"at\":"); out.int(at)
            out.lit(",\"tip\":"); out.string(tip)
        case .resetStore(let at):
            out.lit("\"t\":\"resetStore\",\"at\":"); out.int(at)
        case .install(let id, let at):
            out.lit("\"t\":\"install\",\"at\":"); out.int(at)
            out.lit(",\"id\":"); out.string(id)
        case .exposure(let tip, let experiment, let variant, let at):
            out.lit("\"t\":\"exposure\",\"at\":"); out.int(at)
            out.lit(",\"tip\":"); out.string(tip)
            out.lit(",\"experiment\":"); out.string(experiment)
            out.lit(",\"variant\":"); out.string(variant)
        case .snooze(let tip, let until, let count, let at):
            out.lit("\"t\":\"snooze\",\"at\":"); out.int(at)
            out.lit(",\"tip\":"); out.string(tip)
            out.lit(",\"until\":"); out.int(until)
            out.lit(",\"count\":"); out.int(count)
        case .tipSnapshot(let tip, let s):
            out.lit("\"t\":\"tip\",\"tip\":"); out.string(tip)
            out.lit(",\"displayCount\":"); out.int(s.displayCount)
            out.lit(",\"displayMs\":"); out.int(s.displayMs)
            out.lit(",\"firstDisplayAt\":"); out.optionalInt(s.firstDisplayAt)
            out.lit(",\"lastDisplayAt\":"); out.optionalInt(s.lastDisplayAt)
            out.lit(",\"openSince\":"); out.optionalInt(s.openSince)
            out.lit(",\"invalidated\":")
            if let inv = s.invalidation {
                out.lit("{\"reason\":"); out.string(inv.reason)
                out.lit(",\"at\":"); out.int(inv.at)
                out.append(UInt8(ascii: "}"))
            } else {
                out.lit("null")
            }
        }
        return out
    }

    /// Appends `{"seq":N,<body>,"crc":"xxxxxxxx"}\n` to `out`.
    static func appendLine(seq: UInt64, body: [UInt8], to out: inout [UInt8]) {
        let start = out.count
        out.lit("{\"seq\":")
        out.uint(seq)
        out.append(UInt8(ascii: ","))
        out.append(contentsOf: body)
        finishLine(from: start, in: &out)
    }

    /// The header line for a journal created at `created` (ms).
    static func headerLine(created: Int64) -> [UInt8] {
        var out: [UInt8] = []
        out.lit("{\"journal\":\"tips\",\"version\":")
        out.int(JournalFormat.version)
        out.lit(",\"created\":")
        out.int(created)
        finishLine(from: 0, in: &out)
        return out
    }

    /// Checksums `out[start...]` and appends the crc member, closing brace and newline.
    private static func finishLine(from start: Int, in out: inout [UInt8]) {
        let crc = out.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        out.lit(",\"crc\":\"")
        out.hex8(crc)
        out.lit("\"}\n")
    }
}

extension Array where Element == UInt8 {
    /// Appends a literal's bytes.
    @inline(__always)
    package mutating func lit(_ s: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    package mutating func uint(_ v: UInt64) {
        var digits = 1
        var x = v
        while x >= 10 { x /= 10; digits += 1 }
        let start = count
        append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var y = v
        withUnsafeMutableBufferPointer { p in
            var i = start + digits - 1
            repeat {
                p[i] = UInt8(ascii: "0") &+ UInt8(y % 10)
                y /= 10
                i -= 1
            } while y > 0
        }
    }

    package mutating func int(_ v: Int64) {
        if v < 0 {
            append(UInt8(ascii: "-"))
            uint(v.magnitude)
        } else {
            uint(UInt64(v))
        }
    }

    mutating func optionalInt(_ v: Int64?) {
        if let v { int(v) } else { lit("null") }
    }

    mutating func hex8(_ v: UInt32) {
        let digits: StaticString = "0123456789abcdef"
        for shift in stride(from: 28, through: 0, by: -4) {
            append(digits.utf8Start[Int((v >> UInt32(shift)) & 0xF)])
        }
    }

    /// A JSON string (the app side's one JSON string writer: the journal's lines and the
    /// runtime's effectiveness events): `"` and `\` escaped, control characters as \n, \t, \r or \u00XX,
    /// everything else (including non-ASCII) as raw UTF-8.
    package mutating func string(_ s: String) {
        append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            for b in bytes {
                switch b {
                case UInt8(ascii: "\""): lit("\\\"")
                case UInt8(ascii: "\\"): lit("\\\\")
                case 0x0A: lit("\\n")
                case 0x0D: lit("\\r")
                case 0x09: lit("\\t")
                case 0..<0x20:
                    lit("\\u00")
                    let digits: StaticString = "0123456789abcdef"
                    append(digits.utf8Start[Int(b >> 4)])
                    append(digits.utf8Start[Int(b & 0xF)])
                default: append(b)
                }
            }
        }
        append(UInt8(ascii: "\""))
    }

    mutating func value(_ v: JournalValue, path: String) throws(JournalError) {
        switch v {
        case .bool(let b): lit(b ? "{\"bool\":true}" : "{\"bool\":false}")
        case .int(let i): lit("{\"int\":"); int(i); append(UInt8(ascii: "}"))
        case .double(let d):
            guard d.isFinite else {
                throw JournalError(.invalidValue, path: path, operation: "append",
                                   detail: "\(d) is not a finite double")
            }
            // `description` is the shortest round-trip form, independent of locale, and
            // always valid JSON for finite values ("1.0", "1e-05", "-0.0").
            lit("{\"double\":"); append(contentsOf: d.description.utf8); append(UInt8(ascii: "}"))
        case .string(let s): lit("{\"string\":"); string(s); append(UInt8(ascii: "}"))
        case .date(let ms): lit("{\"date\":"); int(ms); append(UInt8(ascii: "}"))
        case .set(let members):
            lit("{\"set\":[")
            let sorted = members.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (i, m) in sorted.enumerated() {
                if i > 0 { append(UInt8(ascii: ",")) }
                string(m)
            }
            lit("]}")
        case .enumCase(let name): lit("{\"enum\":"); string(name); append(UInt8(ascii: "}"))
        case .null: lit("null")
        }
    }
}
