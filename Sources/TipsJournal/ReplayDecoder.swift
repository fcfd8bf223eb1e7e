/// Replay's fast path for the line our writer writes most: a `donate` record whose event
/// name and payload keys are plain ASCII.
///
/// `LineDecoder` is the general decoder and stays the definition of what a line means; this
/// one only takes shortcuts that cannot change the answer, and returns nil for everything
/// else (any other record kind, an escape or non-ASCII byte in a name or key, keys out of
/// order, a bad checksum, any syntax error), so the caller decodes that line with
/// `LineDecoder` and gets the same record or the same rejection as without it.
///
/// The shortcuts, both about allocation and hashing rather than parsing:
/// - **Payload shapes.** Donations of one event almost always carry the same keys. The first
///   payload with a given key list builds a template dictionary (every key, exact capacity)
///   and remembers each key's index in it; later payloads with byte-identical keys copy the
///   template and store their values by index. A dictionary copy keeps its hash seed and
///   buckets, so no key is hashed and no key string is made again.
/// - **Interned names.** An event name whose bytes match a recent one reuses that `String`,
///   so the state's fold (`ReplayFold`) finds it equal without comparing characters.
///
/// Names and keys are kept as strings: nothing here depends on what they spell (a name or
/// a persistence key), only on the bytes being plain ASCII without escapes.
struct ReplayDecoder {
    /// False: always nil, so every line goes to `LineDecoder` (the benchmark's baseline).
    let enabled: Bool
    /// Payload shapes, oldest first.
    var shapes: [PayloadShape] = []
    /// Recent event names, and recent string values, oldest first.
    var names: [InternedName] = []
    var texts: [InternedName] = []
    /// The current payload's key ranges (in the line's body) and values, reused per line.
    var keys: [Range<Int>] = []
    var values: [JournalValue] = []

    /// More shapes than this (distinct payload key lists in one journal) take the general
    /// path for the ones not cached: a bounded linear search, never a growing one.
    static let maximumShapes = 32
    static let maximumNames = 16
    /// Longer strings are not interned (comparing them costs about what making them does).
    static let maximumInternedNameBytes = 64

    init(enabled: Bool = true) {
        self.enabled = enabled
        keys.reserveCapacity(8)
        values.reserveCapacity(8)
    }

    /// The record on `line` (without its newline) if it is the common case, else nil.
    mutating func decode(_ line: UnsafeRawBufferPointer) -> JournalEntry? {
        guard enabled else { return nil }
        do throws(LineError) {
            let body = try LineDecoder.verifiedBody(line)
            var c = LineCursor(body)
            try c.expect("{\"seq\":")
            let seq = try c.uint()
            // `LineDecoder` reads the type up to its quote and compares it: the same bytes.
            try c.expect(",\"t\":\"donate\",\"at\":")
            let at = try c.int()
            try c.expect(",\"event\":")
            guard let event = name(&c) else { return nil }
            try c.expect(",\"payload\":")
            guard let payload = try payload(&c) else { return nil }
            try c.end()
            return JournalEntry(seq: seq, record: .donate(event: event, at: at, payload: payload))
        } catch {
            return nil
        }
    }

    /// A quoted name of plain ASCII (no escape, no control byte), reusing a recent `String`
    /// with the same bytes; nil for anything else.
    private mutating func name(_ c: inout LineCursor) -> String? {
        guard let range = Self.plainString(&c) else { return nil }
        return Self.interned(UnsafeRawBufferPointer(rebasing: c.p[range]), in: &names)
    }

    /// A string value (an enum case, a string): plain ASCII ones are interned like names,
    /// anything else is read by the general `LineCursor.string()`.
    private mutating func text(_ c: inout LineCursor) throws(LineError) -> String {
        let start = c.i
        if let range = Self.plainString(&c) {
            return Self.interned(UnsafeRawBufferPointer(rebasing: c.p[range]), in: &texts)
        }
        c.i = start
        return try c.string()
    }

    /// The `String` of `bytes` (plain ASCII), from `table` when a recent one has them.
    @inline(__always)
    private static func interned(_ bytes: UnsafeRawBufferPointer, in table: inout [InternedName]) -> String {
        if bytes.count > maximumInternedNameBytes {
            return String(decoding: bytes, as: UTF8.self)
        }
        // Through the buffer, so looking does not retain each entry's storage. No
        // move-to-front: swapping entries costs more than the comparisons it saves.
        if let string = table.withUnsafeBufferPointer({ t in t.firstIndex { $0.matches(bytes) }.map { t[$0].string } }) {
            return string
        }
        let string = String(decoding: bytes, as: UTF8.self)
        if table.count == maximumNames { table.removeLast() }
        table.append(InternedName(bytes: Array(bytes), string: string))
        return string
    }

    /// The bytes between the quotes of a plain ASCII string at the cursor (consumed), or
    /// nil (cursor unspecified) when it is not one.
    @inline(__always)
    static func plainString(_ c: inout LineCursor) -> Range<Int>? {
        let p = c.p
        guard c.i < p.count, p[c.i] == UInt8(ascii: "\"") else { return nil }
        let start = c.i + 1
        var i = start
        while i < p.count {
            let b = p[i]
            if b == UInt8(ascii: "\"") {
                c.i = i + 1
                return start..<i
            }
            if b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { return nil }
            i += 1
        }
        return nil
    }

    /// A payload object whose keys are plain ASCII, or nil. Values are read by the general
    /// `LineCursor.value()`, so every value type and spelling means what it means there.
    private mutating func payload(_ c: inout LineCursor) throws(LineError) -> [String: JournalValue]? {
        try c.expect("{")
        if c.i < c.p.count, c.p[c.i] == UInt8(ascii: "}") {
            c.i += 1
            return [:]
        }
        // The scratch arrays are overwritten, not emptied: emptying costs more than a line.
        var count = 0
        while true {
            guard let key = Self.plainString(&c) else { return nil }
            try c.expect(":")
            let value = try value(&c)
            if count < keys.count {
                keys[count] = key
                values[count] = value
            } else {
                keys.append(key)
                values.append(value)
            }
            count += 1
            if c.i < c.p.count, c.p[c.i] == UInt8(ascii: ",") {
                c.i += 1
                continue
            }
            try c.expect("}")
            break
        }
        let body = c.p
        let found = keys.withUnsafeBufferPointer { keys in
            let keys = UnsafeBufferPointer(rebasing: keys[0..<count])
            return shapes.withUnsafeBufferPointer { $0.firstIndex { $0.matches(keys, in: body) } }
        }
        if let k = found {
            return values.withUnsafeBufferPointer { values in
                shapes.withUnsafeBufferPointer { $0[k].filled(with: UnsafeBufferPointer(rebasing: values[0..<count])) }
            }
        }
        let made = keys.withUnsafeBufferPointer { PayloadShape(keys: UnsafeBufferPointer(rebasing: $0[0..<count]), in: body) }
        guard let shape = made else { return nil }  // keys out of order
        if shapes.count == Self.maximumShapes { shapes.removeLast() }
        shapes.append(shape)
        return values.withUnsafeBufferPointer { shape.filled(with: UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }
}

extension ReplayDecoder {
    /// A typed value, choosing the type by the bytes after `{"` instead of comparing the
    /// tag with each type name in turn; anything else (`null`, sets, a tag that is no
    /// type) is left to the general `LineCursor.value()` from the same position.
    @inline(__always)
    mutating func value(_ c: inout LineCursor) throws(LineError) -> JournalValue {
        let p = c.p
        let start = c.i
        if p.count - start >= 4, p[start] == UInt8(ascii: "{"), p[start + 1] == UInt8(ascii: "\"") {
            let v: JournalValue?
            switch (p[start + 2], p[start + 3]) {
            case (UInt8(ascii: "i"), UInt8(ascii: "n")): v = c.skip("{\"int\":") ? .int(try c.int()) : nil
            case (UInt8(ascii: "d"), UInt8(ascii: "o")): v = c.skip("{\"double\":") ? .double(try c.double()) : nil
            case (UInt8(ascii: "d"), UInt8(ascii: "a")): v = c.skip("{\"date\":") ? .date(try c.int()) : nil
            case (UInt8(ascii: "e"), UInt8(ascii: "n")): v = c.skip("{\"enum\":") ? .enumCase(try text(&c)) : nil
            case (UInt8(ascii: "s"), UInt8(ascii: "t")): v = c.skip("{\"string\":") ? .string(try text(&c)) : nil
            case (UInt8(ascii: "b"), UInt8(ascii: "o")):
                if c.skip("{\"bool\":true") { v = .bool(true) } else if c.skip("{\"bool\":false") { v = .bool(false) } else { v = nil }
            default: v = nil
            }
            if let v {
                try c.expect("}")
                return v
            }
            c.i = start
        }
        return try c.value()
    }
}

/// A recent event name: its bytes and the `String` made from them.
struct InternedName {
    var bytes: [UInt8]
    var string: String

    @inline(__always)
    func matches(_ other: UnsafeRawBufferPointer) -> Bool {
        bytes.withUnsafeBytes { RawBytes.equal($0, other) }
    }
}

/// Byte comparisons for the short names and keys of a line.
enum RawBytes {
    /// True when `a` and `b` hold the same bytes.
    @inline(__always)
    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let n = a.count
        guard n == b.count else { return false }
        var i = 0
        while i + 8 <= n {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                return false
            }
            i += 8
        }
        while i < n {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }

    /// True when `a` sorts strictly before `b`, byte by byte (a prefix sorts first): the
    /// order of `String.utf8.lexicographicallyPrecedes`, which `LineDecoder` requires.
    static func precedes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let n = min(a.count, b.count)
        for i in 0..<n where a[i] != b[i] { return a[i] < b[i] }
        return a.count < b.count
    }
}
