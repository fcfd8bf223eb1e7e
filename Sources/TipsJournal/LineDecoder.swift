/// Why a line was rejected; becomes the reason in `JournalReport`.
struct LineError: Error {
    var reason: String
    /// Set when the line passed its checksum but names a record kind this build doesn't
    /// know: it is kept, not damage.
    var unknown: (seq: UInt64, record: JournalState.UnknownRecord)?
    init(_ reason: String) { self.reason = reason }
}

/// Strict reader for one journal line (without its newline).
///
/// The format has one spelling per record (fixed key order, no whitespace), so the reader
/// expects exactly that spelling instead of parsing general JSON: it is both the fastest
/// reader and the strictest. Anything else, including a wrong checksum, is a bad line.
enum LineDecoder {
    /// Verifies the `,"crc":"xxxxxxxx"}` suffix and returns the checksummed body before it.
    static func verifiedBody(_ line: UnsafeRawBufferPointer) throws(LineError) -> UnsafeRawBufferPointer {
        let n = line.count
        let k = JournalFormat.crcSuffixLength
        guard n > k else { throw LineError("line too short") }
        let prefix: StaticString = ",\"crc\":\""
        for j in 0..<8 where line[n - k + j] != prefix.utf8Start[j] {
            throw LineError("missing crc member")
        }
        guard line[n - 2] == UInt8(ascii: "\""), line[n - 1] == UInt8(ascii: "}") else {
            throw LineError("missing crc member")
        }
        var stored: UInt32 = 0
        for j in (n - 10)..<(n - 2) {
            let b = line[j]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b &- UInt8(ascii: "a") &+ 10
            default: throw LineError("crc is not 8 lowercase hex digits")
            }
            stored = stored << 4 | UInt32(digit)
        }
        let body = UnsafeRawBufferPointer(rebasing: line[0..<(n - k)])
        guard CRC32.checksum(body) == stored else { throw LineError("crc mismatch") }
        return body
    }

    /// The header's version and creation instant.
    ///
    /// The version is read before anything else is checked, so a newer journal is refused
    /// with "unsupported version" rather than "corrupted".
    static func decodeHeader(_ line: UnsafeRawBufferPointer) throws(LineError) -> (version: Int64, created: Int64) {
        var c = LineCursor(line)
        try c.expect("{\"journal\":\"tips\",\"version\":")
        let version = try c.int()
        guard version == JournalFormat.version else { return (version, 0) }
        let body = try verifiedBody(line)
        var h = LineCursor(body)
        try h.expect("{\"journal\":\"tips\",\"version\":")
        _ = try h.int()
        try h.expect(",\"created\":")
        let created = try h.int()
        try h.end()
        return (version, created)
    }

    /// One record line.
    static func decodeRecord(_ line: UnsafeRawBufferPointer) throws(LineError) -> JournalEntry {
        let body = try verifiedBody(line)
        var c = LineCursor(body)
        try c.expect("{\"seq\":")
        let seq = try c.uint()
        let afterSeq = c.i + 1
        try c.expect(",\"t\":\"")
        let type = try c.rawName()
        let record: JournalRecord
        if type.equals("donate") {
            try c.expect(",\"at\":"); let at = try c.int()
            try c.expect(",\"event\":"); let event = try c.string()
            try c.expect(",\"payload\":"); let payload = try c.payload()
            record = .donate(event: event, at: at, payload: payload)
        } else if type.equals("param") {
            try c.expect(",\"at\":"); let at = try c.int()
            try c.expect(",\"name\":"); let name = try c.string()
            try c.expect(",\"value\":"); let value = try c.value()
            record = .param(name: name, value: value, at: at)
        } else if type.equals("displayBegan") {
            try c.expect(",\"at\":"); let at = try c.int()
            try c.expect(",\"tip\":"); let tip = try c.string()
            record = .displayBegan(tip: tip, at: at)
        } else if type.equals("displayEnded") {
            try c.expect(",\"at\":"); let at = try c.int()
            try c.expect(",\"tip\":"); let tip = try c.string()
            record = .displayEnded(tip: tip, at: at)
        } else if type.equals("invalidate") {
            try c.expect(",\"at\":"); let at = try c.int()
            try c.expect(",\"tip\":"); let tip = try c.string()
            try c.expect(",\"reason\":"); let reason = try c.string()
            record = .invalidate(tip: tip, reason: reason, at: at)
        } else if type.equals("resetEligibility") {
            try c.expect(",\"at\":"); let at = try c.int()
            try c.expect(",\"tip\":"); let tip = try c.string()
            record = .resetEligibility(tip: tip, at: at)
        } else if type.equals("resetStore") {
            try c.expect(",\"at\":"); let at = try c.int()
            record = .resetStore(at: at)
        } else if type.equals("exposure") {
            try c.expect(",\"at\":"); let at = try c.int()
            try c.expect(",\"tip\":"); let tip = try c.string()
            try c.expect(",\"experiment\":"); let experiment = try c.string()
            try c.expect(",\"variant\":"); let variant = try c.string()
            record = .exposure(tip: tip, experiment: experiment, variant: variant, at: at)
        } else if type.equals("snooze") {
            try c.expect(",\"at\":"); let at = try c.int()
            try c.expect(",\"tip\":"); let tip = try c.string()
            try c.expect(",\"until\":"); let until = try c.int()
            try c.expect(",\"count\":"); let count = try c.int()
            guard count >= 1 else { throw LineError("snooze count must be at least 1") }
            record = .snooze(tip: tip, until: until, count: count, at: at)
        } else if type.equals("install") {
            try c.expect(",\"at\":"); let at = try c.int()
            try c.expect(",\"id\":"); let id = try c.string()
            record = .install(id: id, at: at)
        } else if type.equals("tip") {
            try c.expect(",\"tip\":"); let tip = try c.string()
            var s = TipState()
            try c.expect(",\"displayCount\":"); s.displayCount = try c.int()
            try c.expect(",\"displayMs\":"); s.displayMs = try c.int()
            try c.expect(",\"firstDisplayAt\":"); s.firstDisplayAt = try c.optionalInt()
            try c.expect(",\"lastDisplayAt\":"); s.lastDisplayAt = try c.optionalInt()
            try c.expect(",\"openSince\":"); s.openSince = try c.optionalInt()
            try c.expect(",\"invalidated\":")
            if try !c.null() {
                try c.expect("{\"reason\":"); let reason = try c.string()
                try c.expect(",\"at\":"); let at = try c.int()
                try c.expect("}")
                s.invalidation = Invalidation(reason: reason, at: at)
            }
            record = .tipSnapshot(tip: tip, state: s)
        } else {
            // A newer writer's record: keep its bytes (they passed the checksum) so that
            // compaction can carry it forward for the version that understands it.
            var error = LineError("unknown record type")
            if type.bytes.count > 0, c.i == body.count || body[c.i] == UInt8(ascii: ",") {
                let kind = String(decoding: type.bytes, as: UTF8.self)
                error.unknown = (seq, JournalState.UnknownRecord(kind: kind, body: Array(body[afterSeq...])))
            }
            throw error
        }
        try c.end()
        return JournalEntry(seq: seq, record: record)
    }
}

/// A record type name as raw bytes, compared without building a String.
struct RawName {
    var bytes: UnsafeRawBufferPointer

    @inline(__always)
    func equals(_ s: StaticString) -> Bool {
        guard bytes.count == s.utf8CodeUnitCount else { return false }
        for i in 0..<bytes.count where bytes[i] != s.utf8Start[i] { return false }
        return true
    }
}
