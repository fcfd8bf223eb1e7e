import Foundation
import Testing
import TipsBenchSupport
@testable import TipsJournal

/// The replay fast path (`ReplayDecoder`, `ReplayFold`) against the general decoder and
/// reducer: on every line, the fast decoder returns exactly the general decoder's record
/// or declines (and the line then gets the general decoder's verdict), so replay means
/// the same with and without it.
@Suite struct ReplayDecoderTests {
    /// A record as bytes (our encoder is canonical: sorted keys and set members, `-0.0`
    /// spelled apart from `0.0`), so two records compare equal only when they are the same
    /// to the bit, which `==` on doubles would not check.
    static func canonical(_ e: JournalEntry) -> [UInt8] {
        var out: [UInt8] = []
        // Decoders reject non-finite doubles, so encoding a decoded record cannot fail.
        guard let body = try? LineEncoder.recordBody(e.record, path: "t") else { return [] }
        LineEncoder.appendLine(seq: e.seq, body: body, to: &out)
        return out
    }

    /// How the lines of one check went.
    struct Tally {
        var fast = 0
        var general = 0
        var rejected = 0
        var disagreements: [String] = []
    }

    /// Runs each line (no newline) through `decoder` (one instance, so its caches see the
    /// lines in order) and through `LineDecoder`, and records every disagreement: the fast
    /// path returning a record the general decoder rejects or decodes differently.
    static func check(_ lines: [[UInt8]], _ decoder: inout ReplayDecoder) -> Tally {
        var tally = Tally()
        for line in lines {
            let general: JournalEntry? = line.withUnsafeBytes { try? LineDecoder.decodeRecord($0) }
            let fast = line.withUnsafeBytes { decoder.decode($0) }
            switch (fast, general) {
            case (nil, nil): tally.rejected += 1
            case (nil, _?): tally.general += 1
            case (let f?, nil):
                tally.disagreements.append("fast accepted what the general decoder rejects: \(text(line)) -> \(f)")
            case (let f?, let g?):
                tally.fast += 1
                if canonical(f) != canonical(g) || f != g {
                    tally.disagreements.append("different records for \(text(line)): \(f) vs \(g)")
                }
            }
        }
        return tally
    }

    static func check(_ lines: [[UInt8]]) -> Tally {
        var decoder = ReplayDecoder()
        return check(lines, &decoder)
    }

    static func text(_ line: [UInt8]) -> String { String(decoding: line, as: UTF8.self) }

    /// A written line without its newline.
    static func line(_ r: JournalRecord, seq: UInt64 = 7) -> [UInt8] {
        var out: [UInt8] = []
        guard let body = try? LineEncoder.recordBody(r, path: "t") else { return [] }
        LineEncoder.appendLine(seq: seq, body: body, to: &out)
        return Array(out.dropLast())
    }

    /// `body` (a line up to its crc member) with a correct crc, so only parsing can reject it.
    static func sealed(_ body: [UInt8]) -> [UInt8] {
        var out = body
        let crc = CRC32.checksum(body)
        out.lit(",\"crc\":\"")
        out.hex8(crc)
        out.lit("\"}")
        return out
    }

    static func sealed(_ body: String) -> [UInt8] { sealed(Array(body.utf8)) }

    /// A line's body: everything before `,"crc":`.
    static func body(_ line: [UInt8]) -> [UInt8] { Array(line.dropLast(JournalFormat.crcSuffixLength)) }

    // MARK: Records the writer writes

    /// Donations of every shape the fast path has to get right, and some it must decline.
    static let donations: [JournalRecord] = {
        var r: [JournalRecord] = [
            .donate(event: "manualSave", at: 1_767_225_600_000,
                    payload: ["kind": .enumCase("pro"), "n": .int(1), "price": .double(9.99)]),
            .donate(event: "manualSave", at: 1_767_225_600_001,
                    payload: ["kind": .enumCase("free"), "n": .int(-2), "price": .double(-0.0)]),
            .donate(event: "e", at: 0, payload: [:]),
            .donate(event: "", at: -1, payload: ["": .null]),
            .donate(event: "values", at: Int64.min, payload: [
                "b": .bool(true), "c": .bool(false), "d": .date(Int64.max), "i": .int(Int64.min),
                "j": .int(Int64.max), "n": .null, "s": .string("plain"), "t": .set(["a", "b", "é", ""]),
                "u": .set([]), "x": .double(1e-05), "y": .double(.leastNonzeroMagnitude),
                "z": .double(-1.7976931348623157e308),
            ]),
            .donate(event: "escapes", at: 1, payload: ["s": .string("quote\" back\\ nl\n tab\t ctl\u{1} / é ✓ 😀")]),
            .donate(event: "enums", at: 2, payload: ["e": .enumCase("naïve"), "f": .enumCase("a\"b")]),
            // Names and keys the fast path declines: escapes, controls, non-ASCII.
            .donate(event: "a\"b", at: 3, payload: [:]),
            .donate(event: "tab\there", at: 3, payload: ["k": .int(1)]),
            .donate(event: "événement", at: 4, payload: ["k": .int(1)]),
            .donate(event: "save", at: 5, payload: ["ü": .int(1), "u": .int(2)]),
            .donate(event: "save", at: 5, payload: ["k\u{7f}": .int(1)]),
            // Long names and many keys.
            .donate(event: String(repeating: "long", count: 40), at: 6, payload: ["k": .int(1)]),
            .donate(event: "many", at: 7, payload: Dictionary(uniqueKeysWithValues: (0..<40).map { ("key\($0)", JournalValue.int(Int64($0))) })),
            // Keys that share prefixes with each other and with other shapes.
            .donate(event: "save", at: 8, payload: ["a": .int(1), "ab": .int(2)]),
            .donate(event: "save", at: 8, payload: ["a": .int(1), "b": .int(2)]),
            .donate(event: "save", at: 8, payload: ["ab": .int(1), "b": .int(2)]),
            .donate(event: "save", at: 8, payload: ["a": .int(1), "abc": .int(2)]),
            .donate(event: "save", at: 8, payload: ["a": .int(1)]),
            .donate(event: "sav", at: 8, payload: ["a": .int(1)]),
            .donate(event: "saves", at: 8, payload: ["a": .int(1)]),
        ]
        // More shapes and names than the caches hold, twice over, so entries are evicted
        // and looked up again.
        for round in 0..<2 {
            for k in 0..<(ReplayDecoder.maximumShapes + 5) {
                r.append(.donate(event: "event\(k % (ReplayDecoder.maximumNames + 3))", at: Int64(round * 100 + k),
                                 payload: ["k\(k)": .int(Int64(k)), "same": .enumCase("v\(k % 3)")]))
            }
        }
        return r
    }()

    @Test func everyRecordTheWriterWritesDecodesTheSame() {
        var rng = SeededGenerator(seed: 12)
        var records = CodecTests.samples + Self.donations
        for _ in 0..<3_000 { records.append(randomRecord(&rng)) }
        let lines = records.enumerated().map { Self.line($0.element, seq: UInt64($0.offset + 1)) }
        let tally = Self.check(lines)
        #expect(tally.disagreements.isEmpty, "\(tally.disagreements.prefix(5))")
        #expect(tally.rejected == 0)
        // The fast path took every donation whose event and keys are plain ASCII, and
        // nothing else.
        let plain = records.filter {
            guard case .donate(let event, _, let payload) = $0 else { return false }
            return ([event] + payload.keys).allSatisfy { $0.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != 0x22 && $0 != 0x5C } }
        }
        #expect(tally.fast == plain.count)
        #expect(tally.fast + tally.general == records.count)
    }

    @Test func theSameLinesDecodeTheSameWhateverCameBefore() {
        // Caches warmed by other lines, in another order, must not change an answer.
        let lines = Self.donations.enumerated().map { Self.line($0.element, seq: UInt64($0.offset + 1)) }
        var decoder = ReplayDecoder()
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<5 {
            let tally = Self.check(lines.shuffled(using: &rng), &decoder)
            #expect(tally.disagreements.isEmpty, "\(tally.disagreements.prefix(5))")
            #expect(tally.fast > Self.donations.count / 2)
        }
    }

    // MARK: Lines no writer writes

    /// Bodies (resealed) that differ from a plain donate line in one way the general
    /// decoder accepts or rejects: each must get the same answer from both paths.
    static let variants: [String] = [
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"kind":{"enum":"pro"},"n":{"int":1}}"#,
        // Whitespace anywhere.
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"kind": {"enum":"pro"},"n":{"int":1}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{ "kind":{"enum":"pro"},"n":{"int":1}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"kind":{"enum":"pro"},"n":{"int":1} }"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save" ,"payload":{"kind":{"enum":"pro"},"n":{"int":1}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"kind":{"enum" :"pro"},"n":{"int":1}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"kind":{"enum":"pro"},"n":{"int": 1}}"#,
        #" {"seq":1,"t":"donate","at":1,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{}}"#,
        // Escapes in names, keys and values.
        #"{"seq":1,"t":"donate","at":1,"event":"s\u0061ve","payload":{}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"\u006bind":{"enum":"pro"},"n":{"int":1}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"kind":{"enum":"pr\u006f"},"n":{"int":1}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"kind":{"string":"a\/b\"c\\d\n"}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"kind":{"string":"\ud83d\ude00"}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"kind":{"string":"\ud83d"}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"kind":{"string":"\q"}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"sa\ve","payload":{}"#,
        #"{"seq":1,"t":"\u0064onate","at":1,"event":"save","payload":{}"#,
        // Unicode, raw.
        #"{"seq":1,"t":"donate","at":1,"event":"sävé","payload":{"ключ":{"enum":"✓"}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"k":{"enum":"😀"},"é":{"int":1}}"#,
        // Key order and duplicates.
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"n":{"int":1},"kind":{"enum":"pro"}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"kind":{"enum":"pro"},"kind":{"enum":"pro"}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"a":null,"A":null}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"A":null,"a":null}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"a":null,"a ":null}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"ab":null,"a":null}"#,
        #"{"seq":1,"t":"donate","event":"save","at":1,"payload":{}"#,
        #"{"t":"donate","seq":1,"at":1,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","event":"save","payload":{}"#,
        // Numbers: big, negative zero, exponents, leading zeros, signs.
        #"{"seq":18446744073709551615,"t":"donate","at":9223372036854775807,"event":"save","payload":{}"#,
        #"{"seq":18446744073709551616,"t":"donate","at":1,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"donate","at":-9223372036854775808,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"donate","at":-9223372036854775809,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"donate","at":9223372036854775808,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"donate","at":99999999999999999999999,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"donate","at":-0,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"donate","at":01,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"donate","at":+1,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"donate","at":1.0,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"donate","at":1e3,"event":"save","payload":{}"#,
        #"{"seq":-1,"t":"donate","at":1,"event":"save","payload":{}"#,
        #"{"seq":01,"t":"donate","at":1,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"int":-0}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"int":9223372036854775808}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"int":1e2}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":-0.0}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":-0}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":0}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":1E5}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":1e+5}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":1.5e-3}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":0.1e1}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":123456789012345678901234567890}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":2.2250738585072011e-308}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":4.9e-324}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":1e-400}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":1e400}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":.5}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":5.}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":01.5}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":1e}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"double":NaN}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"date":-1}}"#,
        // Value objects that are not quite typed values.
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"int":1,"y":2}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"bool":tru}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"bool":True}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"bool":false}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"set":["a","a"]}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"set":["b","a"]}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"set":[]}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"integer":1}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"in":1}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"doubles":1}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"enum":1}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{"string":null}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":{}}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":1}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":"s"}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":nul}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{"x":null,}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{,}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":null"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":[]"#,
        #"{"seq":1,"t":"donate","at":1,"event":null,"payload":{}"#,
        #"{"seq":1,"t":"donate","at":1,"event":save,"payload":{}"#,
        // Record kinds and members.
        #"{"seq":1,"t":"donated","at":1,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"Donate","at":1,"event":"save","payload":{}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{},"x":1"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save"}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save","payload":{}}"#,
        #"{"seq":1,"t":"donate","at":1,"event":"save""#,
        #"{"seq":1,"t":"resetStore","at":1"#,
        #"{"seq":1,"t":"param","at":1,"name":"p","value":{"int":1}"#,
        #"{"seq":1,"t":"someday","at":1,"whatever":[1,2]"#,
        "",
        "{",
    ]

    @Test func unusualLinesGetTheGeneralDecodersAnswer() {
        let lines = Self.variants.map { Self.sealed($0) }
        // Fresh, and again with caches that learned the usual shapes and names first.
        let fresh = Self.check(lines)
        #expect(fresh.disagreements.isEmpty, "\(fresh.disagreements.prefix(5))")
        var warm = ReplayDecoder()
        let usual = (0..<10).map {
            Self.line(.donate(event: "save", at: Int64($0), payload: ["kind": .enumCase("pro"), "n": .int(1), "x": .int(2)]))
        } + (0..<10).map {
            Self.line(.donate(event: "save", at: Int64($0), payload: ["kind": .enumCase("pro"), "n": .int(1)]))
        } + (0..<10).map { Self.line(.donate(event: "save", at: Int64($0), payload: ["x": .double(1)])) }
        let warmed = Self.check(usual + lines + usual, &warm)
        #expect(warmed.disagreements.isEmpty, "\(warmed.disagreements.prefix(5))")
        // Both kinds of answer occur, so the comparison means something.
        #expect(fresh.fast > 10 && fresh.rejected > 30 && fresh.general > 5)
    }

    @Test func truncatedLinesAndBadChecksumsAreRejectedByBoth() {
        let good = Self.line(.donate(event: "manualSave", at: 1_767_225_600_000,
                                     payload: ["kind": .enumCase("pro"), "n": .int(12), "price": .double(9.99)]))
        var lines: [[UInt8]] = []
        for cut in 0..<good.count {
            lines.append(Array(good[0..<cut]))                        // torn, crc as it falls
            if cut < good.count - JournalFormat.crcSuffixLength {
                lines.append(Self.sealed(Array(good[0..<cut])))       // torn body, crc made to match
            }
        }
        // A wrong crc, and one in upper case.
        var wrong = good
        wrong[wrong.count - 3] = wrong[wrong.count - 3] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        lines.append(wrong)
        lines.append(Array(String(decoding: good, as: UTF8.self).uppercased().utf8))
        // Every single-bit flip.
        for i in 0..<good.count {
            for bit in 0..<8 {
                var flipped = good
                flipped[i] ^= UInt8(1 << bit)
                lines.append(flipped)
            }
        }
        var decoder = ReplayDecoder()
        _ = Self.check([good], &decoder)
        let tally = Self.check(lines, &decoder)
        #expect(tally.disagreements.isEmpty, "\(tally.disagreements.prefix(5))")
        #expect(tally.fast == 0)
        #expect(tally.rejected > 1_000)
    }

    @Test func randomlyMutatedLinesGetTheSameAnswer() {
        var rng = SeededGenerator(seed: 2026)
        // Bytes that matter to JSON, and some that don't, and non-ASCII.
        let alphabet = Array(#"{}[]":,\ -+.eE0123456789abfnrtuxyzkp"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xA9, 0xFF, 0x0A]
        let seeds = (Self.donations.prefix(21) + [
            .donate(event: "manualSave", at: 1_767_225_600_000, payload: ["kind": .enumCase("pro"), "n": .int(5), "price": .double(0.25)]),
            .donate(event: "save", at: 1, payload: ["b": .bool(true), "d": .date(-5), "s": .string("x"), "t": .set(["a"])]),
        ]).map { Self.body(Self.line($0)) }
        var decoder = ReplayDecoder()
        var total = Tally()
        for _ in 0..<20_000 {
            var body = seeds.randomElement(using: &rng)!
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let i = Int.random(in: 0...body.count, using: &rng)
                let b = alphabet.randomElement(using: &rng)!
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where i < body.count: body[i] = b
                case 1: body.insert(b, at: i)
                default: if i < body.count { body.remove(at: i) }
                }
            }
            // Mostly resealed, so the parser sees the damage; sometimes not.
            let line = Int.random(in: 0..<10, using: &rng) == 0 ? body + Array(#","crc":"00000000"}"#.utf8) : Self.sealed(body)
            let t = Self.check([line], &decoder)
            total.fast += t.fast
            total.general += t.general
            total.rejected += t.rejected
            total.disagreements += t.disagreements
        }
        #expect(total.disagreements.isEmpty, "\(total.disagreements.prefix(5))")
        #expect(total.fast > 1_000 && total.rejected > 1_000)
    }

    // MARK: Folding into the state

    @Test func theFoldBuildsTheSameStateAsTheReducer() {
        var rng = SeededGenerator(seed: 77)
        for round in 0..<40 {
            var records: [JournalRecord] = []
            for _ in 0..<Int.random(in: 0..<300, using: &rng) {
                // Runs of one event, events interleaved, times going back, new events late.
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<6:
                    let event = ["save", "open", "buy", "e\(Int.random(in: 0..<20, using: &rng))"].randomElement(using: &rng)!
                    for _ in 0..<Int.random(in: 1...5, using: &rng) {
                        records.append(.donate(event: event, at: Int64.random(in: 0...50, using: &rng),
                                               payload: ["n": .int(Int64.random(in: 0...3, using: &rng))]))
                    }
                default:
                    records.append(randomRecord(&rng))
                }
            }
            var reducer = JournalState()
            var unsorted = Set<String>()
            for r in records { reducer.applyDeferringSort(r, unsorted: &unsorted) }
            reducer.finishDeferredSorts(unsorted)
            var fold = ReplayFold(JournalState())
            for r in records { fold.apply(r) }
            let same = fold.finish() == reducer
            #expect(same, "round \(round)")
            // Folding onto an existing state (catch-up) too.
            let half = records.count / 2
            var first = ReplayFold(JournalState())
            for r in records[..<half] { first.apply(r) }
            var second = ReplayFold(first.finish())
            for r in records[half...] { second.apply(r) }
            let sameInParts = second.finish() == reducer
            #expect(sameInParts, "round \(round), in two parts")
        }
    }

    // MARK: Whole journals

    @Test func openingWithAndWithoutTheFastPathGivesTheSameJournal() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        var rng = SeededGenerator(seed: 5)
        for round in 0..<6 {
            let path = dir.file("j\(round).jsonl")
            var records = (0..<400).map { _ in randomRecord(&rng) }
            records += Self.donations
            let j = try Journal.open(at: path, locking: .none)
            try j.append(contentsOf: records)
            try j.close()
            // Damage: flipped bytes in the middle, a line of an unknown kind, a torn tail.
            var bytes = readFile(path)
            let starts = lineStarts(bytes)
            for _ in 0..<3 {
                let i = Int.random(in: starts[1]..<bytes.count - 1, using: &rng)
                if bytes[i] != 0x0A { bytes[i] ^= 0x04 }
            }
            bytes += Self.sealed(#"{"seq":100000,"t":"someday","at":1"#) + [0x0A]
            bytes += Self.sealed(#"{"seq":100001,"t":"donate","at":5,"event":"save","payload":{}"#) + [0x0A]
            if round % 2 == 0 { bytes += Array(Self.line(records[0], seq: 100_002).prefix(40)) }
            var opened: [(JournalState, JournalReport)] = []
            for fast in [true, false] {
                writeFile(path, bytes)
                var options = JournalOptions()
                options.fastReplay = fast
                options.readChunkBytes = 1 << Int.random(in: 8...16, using: &rng)
                let journal = try Journal.open(at: path, locking: .none, options: options)
                opened.append((journal.state, journal.report))
                try journal.close()
            }
            let sameState = opened[0].0 == opened[1].0
            let sameReport = opened[0].1 == opened[1].1
            #expect(sameState, "round \(round)")
            #expect(sameReport, "round \(round)")
            #expect(!opened[0].1.corruptedLines.isEmpty || !opened[0].1.repairs.isEmpty, "round \(round)")
        }
    }
}
