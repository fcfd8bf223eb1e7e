import Foundation
import Testing
@testable import TipsJournal

@Suite struct CodecTests {
    @Test func crcMatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
        // Lengths around the 8-byte stride.
        let long = Array(repeating: UInt8(ascii: "a"), count: 1000)
        for n in [1, 7, 8, 9, 15, 16, 17, 1000] {
            var bitwise: UInt32 = 0xFFFF_FFFF
            for b in long.prefix(n) {
                bitwise ^= UInt32(b)
                for _ in 0..<8 { bitwise = (bitwise & 1) != 0 ? (bitwise >> 1) ^ 0xEDB8_8320 : bitwise >> 1 }
            }
            #expect(CRC32.checksum(Array(long.prefix(n))) == bitwise ^ 0xFFFF_FFFF)
        }
    }

    static let samples: [JournalRecord] = [
        .param(name: "isPro", value: .bool(true), at: 1),
        .param(name: "count", value: .int(Int64.min), at: -5),
        .param(name: "max", value: .int(Int64.max), at: Int64.max),
        .param(name: "ratio", value: .double(0.1), at: 2),
        .param(name: "tiny", value: .double(.leastNonzeroMagnitude), at: 2),
        .param(name: "big", value: .double(-1.7976931348623157e308), at: 2),
        .param(name: "zero", value: .double(-0.0), at: 2),
        .param(name: "s", value: .string("quote\" back\\ nl\n tab\t ctl\u{1} é ✓ 😀 /"), at: 3),
        .param(name: "d", value: .date(1_767_225_600_000), at: 3),
        .param(name: "tags", value: .set(["b", "a", "é", ""]), at: 3),
        .param(name: "empty", value: .set([]), at: 3),
        .param(name: "plan", value: .enumCase("pro"), at: 3),
        .param(name: "opt", value: .null, at: 3),
        .donate(event: "manualSave", at: 1_767_225_600_000,
                payload: ["kind": .enumCase("pro"), "price": .double(9.99), "ok": .bool(false), "ü": .string("x")]),
        .donate(event: "e", at: 0, payload: [:]),
        .displayBegan(tip: "NewItemTip-42", at: 10),
        .displayEnded(tip: "NewItemTip-42", at: 20),
        .invalidate(tip: "T", reason: "displayCountExceeded", at: 30),
        .resetEligibility(tip: "T", at: 40),
        .resetStore(at: 50),
        .tipSnapshot(tip: "T", state: TipState(displayCount: 3, displayMs: 1200, firstDisplayAt: 1,
                                               lastDisplayAt: 9, openSince: nil,
                                               invalidation: Invalidation(reason: "tipClosed", at: 11))),
        .tipSnapshot(tip: "U", state: TipState(displayCount: 1, openSince: 5)),
        .install(id: "3F2504E0-4F89-41D3-9A0C-0305E82C3301", at: 60),
        .exposure(tip: "SearchTip", experiment: "copy", variant: "holdout", at: 70),
        .snooze(tip: "TimerTip", until: 259_200_080, count: 2, at: 80),
    ]

    func line(_ r: JournalRecord, seq: UInt64 = 7) throws -> [UInt8] {
        var out: [UInt8] = []
        LineEncoder.appendLine(seq: seq, body: try LineEncoder.recordBody(r, path: "t"), to: &out)
        return out
    }

    func decode(_ bytes: [UInt8]) throws -> JournalEntry {
        try bytes.withUnsafeBytes { raw in
            try LineDecoder.decodeRecord(UnsafeRawBufferPointer(rebasing: raw[0..<(raw.count - 1)]))
        }
    }

    @Test(arguments: samples)
    func everyRecordRoundTrips(_ record: JournalRecord) throws {
        let bytes = try line(record)
        #expect(bytes.last == 0x0A)
        #expect(try decode(bytes) == JournalEntry(seq: 7, record: record))
        // Plain JSON for ordinary tools (jq): Foundation's parser accepts the line.
        let object = try JSONSerialization.jsonObject(with: Data(bytes.dropLast())) as? [String: Any]
        #expect(object?["seq"] as? Int == 7)
        #expect((object?["crc"] as? String)?.count == 8)
    }

    @Test func theLineFormatIsFixed() throws {
        let bytes = try line(.donate(event: "manualSave", at: 1_767_225_600_000,
                                     payload: ["price": .double(1), "kind": .enumCase("pro")]), seq: 12)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"seq":12,"t":"donate","at":1767225600000,"event":"manualSave","payload":{"kind":{"enum":"pro"},"price":{"double":1.0}},"crc":""#))
        #expect(text.hasSuffix("\"}\n"))
    }

    @Test func nonFiniteDoublesAreRejected() {
        for d in [Double.nan, .infinity, -.infinity] {
            #expect(throws: JournalError.self) {
                _ = try LineEncoder.recordBody(.param(name: "x", value: .double(d), at: 0), path: "p")
            }
        }
    }

    /// Rewrites a valid line's body and re-checksums it, so only the parser can reject it.
    func resealed(_ body: String) -> [UInt8] {
        var out = Array(body.utf8)
        let crc = CRC32.checksum(out)
        out.lit(",\"crc\":\"")
        out.hex8(crc)
        out.lit("\"}")
        return out
    }

    @Test(arguments: [
        #"{"seq":1,"t":"donate","at":1,"event":"e","payload":{"b":null,"a":null}"#,   // key order
        #"{"seq":1,"t":"donate","at":1,"event":"e","payload":{"a":null,"a":null}"#,   // duplicate
        #"{"seq":1,"t":"param","at":01,"name":"p","value":null"#,                    // leading zero
        #"{"seq":1,"t":"param","at":1,"name":"p","value":{"int":9223372036854775808}"#,
        #"{"seq":1,"t":"param","at":1,"name":"p","value":{"double":1e999}"#,
        #"{"seq":1,"t":"param","at":1,"name":"p","value":{"double":1.}"#,
        #"{"seq":1,"t":"param","at":1,"name":"p","value":{"set":["b","a"]}"#,
        #"{"seq":1,"t":"param","at":1,"name":"p","value":{"float":1}"#,
        #"{"seq":1,"t":"param","at":1,"name":"p\ud800","value":null"#,
        #"{"seq":1,"t":"param","at":1,"name":"p\q","value":null"#,
        #"{"seq":1,"t":"param", "at":1,"name":"p","value":null"#,                    // whitespace
        #"{"seq":1,"t":"param","at":1,"name":"p","value":null,"x":1"#,              // extra member
        #"{"seq":1,"t":"bogus","at":1"#,
        #"{"seq":-1,"t":"resetStore","at":1"#,
    ])
    func malformedLinesAreRejected(_ body: String) {
        let bytes = resealed(body)
        #expect(throws: LineError.self) {
            try bytes.withUnsafeBytes { try LineDecoder.decodeRecord($0) }
        }
    }

    @Test func escapesDecode() throws {
        let bytes = resealed(#"{"seq":1,"t":"param","at":1,"name":"\u00e9\ud83d\ude00\/\b\f","value":null"#)
        let e = try bytes.withUnsafeBytes { try LineDecoder.decodeRecord($0) }
        #expect(e.record == .param(name: "é😀/\u{8}\u{c}", value: .null, at: 1))
    }

    @Test func invalidUTF8IsRejected() {
        var body = Array(#"{"seq":1,"t":"param","at":1,"name":"#.utf8)
        body += [0x22, 0xC3, 0x28, 0x22]
        body += Array(#","value":null"#.utf8)
        let bytes = resealed(String(decoding: body, as: UTF8.self))
        // String(decoding:) repaired it; build the raw bytes by hand instead.
        var raw = body
        let crc = CRC32.checksum(raw)
        raw.lit(",\"crc\":\""); raw.hex8(crc); raw.lit("\"}")
        #expect(bytes != raw)
        #expect(throws: LineError.self) { try raw.withUnsafeBytes { try LineDecoder.decodeRecord($0) } }
    }

    @Test func aFlippedByteFailsTheChecksum() throws {
        let good = try line(.resetStore(at: 5))
        for i in 0..<(good.count - 1) {
            var bad = good
            bad[i] ^= 0x01
            #expect(throws: LineError.self) { try decode(bad) }
        }
    }

    /// The examples in Docs/journal.md, byte for byte.
    @Test func theDocumentedExamplesDecode() throws {
        let header = #"{"journal":"tips","version":1,"created":1767225600000,"crc":"89a68bf4"}"#
        let h = try Array(header.utf8).withUnsafeBytes { try LineDecoder.decodeHeader($0) }
        #expect(h.version == 1 && h.created == 1_767_225_600_000)
        let lines = [
            #"{"seq":12,"t":"donate","at":1767225600000,"event":"manualSave","payload":{"kind":{"enum":"pro"},"price":{"double":9.99}},"crc":"8e9c2ea7"}"#,
            #"{"seq":13,"t":"param","at":1767225600100,"name":"tags","value":{"set":["a","b"]},"crc":"61cf7754"}"#,
            #"{"seq":14,"t":"tip","tip":"SaveTip","displayCount":2,"displayMs":8000,"firstDisplayAt":1767225000000,"lastDisplayAt":1767225500000,"openSince":null,"invalidated":{"reason":"tipClosed","at":1767225600000},"crc":"ee71ed57"}"#,
            #"{"seq":15,"t":"exposure","at":1767225600000,"tip":"SearchTip","experiment":"copy","variant":"short","crc":"f5a43fe3"}"#,
        ]
        let expected: [JournalRecord] = [
            .donate(event: "manualSave", at: 1_767_225_600_000, payload: ["kind": .enumCase("pro"), "price": .double(9.99)]),
            .param(name: "tags", value: .set(["a", "b"]), at: 1_767_225_600_100),
            .tipSnapshot(tip: "SaveTip", state: TipState(displayCount: 2, displayMs: 8000, firstDisplayAt: 1_767_225_000_000,
                                                         lastDisplayAt: 1_767_225_500_000,
                                                         invalidation: Invalidation(reason: "tipClosed", at: 1_767_225_600_000))),
            .exposure(tip: "SearchTip", experiment: "copy", variant: "short", at: 1_767_225_600_000),
        ]
        for (line, record) in zip(lines, expected) {
            let e = try Array(line.utf8).withUnsafeBytes { try LineDecoder.decodeRecord($0) }
            #expect(e.record == record)
            // And we write exactly the documented spelling.
            #expect(try self.line(record, seq: e.seq) == Array((line + "\n").utf8))
        }
    }
}
