import Foundation
import Testing
@testable import TipsCLI
import TipsJournal
import TipsTestSupport
import TipsTime

@Suite struct JournalCommandTests {
    /// The records of the journal at `path`, read back as a new process would.
    func records(_ path: String) throws -> [JournalRecord] {
        try Journal.readEntries(at: path).entries.map(\.record)
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    static let t0: Int64 = 1_767_225_600_000   // 2026-01-01T00:00:00Z

    @Test func eachMutationPrintsOkAndIsThereOnReopen() throws {
        let dir = try TemporaryDirectory()
        let defs = try RuntimeCatalog.write(in: dir)
        let j = dir.path + "/state.jsonl"
        let runs: [([String], JournalRecord)] = [
            (["donate", "manualSave", "method=.menu"], .donate(event: "manualSave", at: Self.t0, payload: ["method": .enumCase("menu")])),
            (["donate", "manualSave", "method=shortcut", "--defs", defs],
             .donate(event: "manualSave", at: Self.t0, payload: ["method": .enumCase("shortcut")])),
            (["donate", "appOpened"], .donate(event: "appOpened", at: Self.t0, payload: [:])),
            (["donate", "viewed", "n=3", "x=2.5", "on=true", "who=\"Ann Lee\"", "when=2026-02-01T10:00:00+01:00"],
             .donate(event: "viewed", at: Self.t0, payload: ["n": .int(3), "x": .double(2.5), "on": .bool(true),
                                                             "who": .string("Ann Lee"), "when": .date(1_769_936_400_000)])),
            (["set", "hasKeyboard", "true", "--defs", defs], .param(name: "hasKeyboard", value: .bool(true), at: Self.t0)),
            (["set", "price", "3", "--defs", defs], .param(name: "price", value: .double(3), at: Self.t0)),
            (["set", "tags", "[work, \"to do\"]", "--defs", defs], .param(name: "tags", value: .set(["work", "to do"]), at: Self.t0)),
            (["set", "due", "nil", "--defs", defs], .param(name: "due", value: .null, at: Self.t0)),
            (["set", "due", "2026-03-01", "--defs", defs], .param(name: "due", value: .date(1_772_323_200_000), at: Self.t0)),
            (["set", "--", "delta", "-3"], .param(name: "delta", value: .int(-3), at: Self.t0)),
            (["display", "ListTip", "begin", "--defs", defs], .displayBegan(tip: "list-tip", at: Self.t0)),
            (["display", "list-tip", "end"], .displayEnded(tip: "list-tip", at: Self.t0)),
            (["display", "ItemTip-42", "begin", "--defs", defs], .displayBegan(tip: "ItemTip-42", at: Self.t0)),
            (["invalidate", "ShortcutTip", "tipClosed", "--defs", defs],
             .invalidate(tip: "ShortcutTip", reason: "tipClosed", at: Self.t0)),
            (["invalidate", "Gone", "actionPerformed"], .invalidate(tip: "Gone", reason: "actionPerformed", at: Self.t0)),
        ]
        var expected: [JournalRecord] = []
        for (args, record) in runs {
            let options = args.first == "set" && args.contains("--") ? ["--at", "2026-01-01T00:00:00Z"] + args
                : args + ["--at", "2026-01-01T00:00:00Z"]
            let run = tipc(["journal", j] + options)
            #expect(run.stdout == "ok\n", "\(args): \(run.stderr)")
            #expect(run.status == 0)
            expected.append(record)
            #expect(try records(j) == expected, "\(args)")
        }
    }

    @Test func withoutAtTheRecordIsDatedNow() throws {
        let dir = try TemporaryDirectory()
        let j = dir.path + "/state.jsonl"
        let before = JournalCommand.now()
        #expect(tipc("journal", j, "donate", "x").stdout == "ok\n")
        guard case .donate(_, let at, _)? = try records(j).first else { Issue.record("no donation"); return }
        #expect(at >= before && at <= JournalCommand.now())
    }

    @Test func badInputsWriteNothing() throws {
        let dir = try TemporaryDirectory()
        let defs = try RuntimeCatalog.write(in: dir)
        let j = dir.path + "/state.jsonl"
        #expect(tipc("journal", j, "donate", "seed").status == 0)
        let before = bytes(j)
        let cases: [([String], String)] = [
            (["donate", "manualSav", "method=menu", "--defs", defs], "unknown event 'manualSav'; did you mean 'manualSave'?"),
            (["donate", "manualSave", "--defs", defs], "event 'manualSave' needs field 'method: Method' (write method=VALUE)"),
            (["donate", "manualSave", "method=menu", "extra=1", "--defs", defs], "unknown field 'extra' of event 'manualSave'"),
            (["donate", "manualSave", "method=.fast", "--defs", defs], "'fast' is not a case of Method (cases: menu, shortcut)"),
            (["donate", "listOpened", "a=1", "--defs", defs], "event 'listOpened' has no payload"),
            (["donate", "e", "n"], "expected FIELD=VALUE, not 'n'"),
            (["donate", "e", "n=1", "n=2"], "field 'n' given twice"),
            (["donate", "e", "n=abc"], "cannot tell the type of 'abc'"),
            (["donate", "e", "n=99999999999999999999"], "integer '99999999999999999999' is out of range"),
            (["set", "hasKeyboard", "yes", "--defs", defs], "invalid value 'yes' for parameter 'hasKeyboard': expected Bool"),
            (["set", "price", "cheap", "--defs", defs], "invalid value 'cheap' for parameter 'price': expected Double"),
            (["set", "hasKeyboard", "nil", "--defs", defs], "parameter 'hasKeyboard' is Bool and cannot be nil"),
            (["set", "due", "tomorrow", "--defs", defs], "expected Date?"),
            (["set", "hasKeybord", "true", "--defs", defs], "unknown parameter 'hasKeybord'; did you mean 'hasKeyboard'?"),
            (["set", "isComposing", "true", "--defs", defs], "parameter 'isComposing' is transient"),
            (["set", "s", "\"unterminated"], "unterminated string"),
            (["set", "s", "[a,,b]"], "empty member"),
            (["invalidate", "ShortcutTip", "closed"], "unknown reason 'closed'; expected actionPerformed, displayCountExceeded, displayDurationExceeded, tipClosed"),
            (["invalidate", "ShortcutTp", "tipClosed", "--defs", defs], "unknown tip 'ShortcutTp'; did you mean 'ShortcutTip'?"),
            (["display", "ItemTip", "begin", "--defs", defs], "tip 'ItemTip' is reusable: give an instance id"),
            (["display", "ShortcutTip", "start"], "display needs TIP begin or TIP end"),
            (["set", "p"], "set needs PARAM VALUE"),
            (["donate", "e", "--at", "noon"], "invalid instant 'noon' for --at"),
            (["frobnicate"], "unknown action 'frobnicate'"),
            (["set", "p", "-3"], "write '--' before a value that starts with '-'"),
        ]
        for (args, message) in cases {
            let run = tipc(["journal", j] + args)
            #expect(run.status == 2, "\(args)")
            #expect(run.stdout == "", "\(args)")
            #expect(run.stderr.contains(message), "\(args): \(run.stderr)")
            #expect(bytes(j) == before, "\(args) wrote to the journal")
        }
        #expect(tipc("journal", dir.path + "/none.jsonl", "set", "p", "bad value").status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/none.jsonl"))
    }

    @Test func aFileThatIsNotAJournalIsLeftAlone() throws {
        let dir = try TemporaryDirectory()
        let notes = try dir.write("notes.txt", "my notes\n")
        let future = try dir.write("future.jsonl", "{\"journal\":\"tips\",\"version\":9,\"created\":0,\"crc\":\"00000000\"}\n")
        for path in [notes, future] {
            for args in [["donate", "e"], ["show"], ["verify"], ["compact"]] {
                let before = bytes(path)
                let run = tipc(["journal", path] + args)
                #expect(run.status == 1, "\(args)")
                #expect(run.stdout == "")
                #expect(run.stderr.hasPrefix("tipc: error: \(path): "), "\(run.stderr)")
                #expect(bytes(path) == before)
            }
        }
    }

    @Test func showListsEveryRecord() throws {
        let dir = try TemporaryDirectory()
        let j = dir.path + "/state.jsonl"
        for args in [["donate", "manualSave", "method=.menu", "price=9.99"], ["set", "tags", "[b, a]"],
                     ["display", "ShortcutTip", "begin"], ["invalidate", "ShortcutTip", "tipClosed"]] {
            #expect(tipc(["journal", j] + args + ["--at", "2026-01-01T09:30:00.250Z"]).stdout == "ok\n")
        }
        let run = tipc("journal", j, "show")
        #expect(run.status == 0)
        #expect(run.stdout == """
            SEQ  TIME                      RECORD
            1    2026-01-01T09:30:00.250Z  donate manualSave(method: .menu, price: 9.99)
            2    2026-01-01T09:30:00.250Z  param tags = ["a", "b"]
            3    2026-01-01T09:30:00.250Z  displayBegan ShortcutTip
            4    2026-01-01T09:30:00.250Z  invalidate ShortcutTip reason tipClosed
            4 records

            """)
        // After compaction the tip's state is one snapshot record without a time of its own.
        #expect(tipc("journal", j, "compact").status == 0)
        let compacted = tipc("journal", j, "show").stdout
        #expect(compacted.contains("-                         tip ShortcutTip: 1 display, 0ms in all, first 2026-01-01T09:30:00.250Z, last 2026-01-01T09:30:00.250Z, open since 2026-01-01T09:30:00.250Z, invalidated (tipClosed) at 2026-01-01T09:30:00.250Z"))
        #expect(tipc("journal", dir.path + "/none.jsonl", "show").stderr == "tipc: error: no such file or directory: \(dir.path)/none.jsonl\n")
    }

    @Test func verifyReportsLinesAndNeverWrites() throws {
        let dir = try TemporaryDirectory()
        let j = dir.path + "/state.jsonl"
        for i in 0..<4 { #expect(tipc("journal", j, "donate", "e", "n=\(i)").status == 0) }
        #expect(tipc("journal", j, "verify").stdout == "\(j): ok, 4 records\n")
        #expect(tipc("journal", j, "verify").status == 0)

        // Flip a byte in line 3 (the second record) and tear the last line.
        var text = try String(contentsOfFile: j, encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "\"n\":{\"int\":1}", with: "\"n\":{\"int\":7}")
        text = lines.joined(separator: "\n") + "\n" + "{\"seq\":5,\"t\":\"don"
        try text.write(toFile: j, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: j + ".lock")   // left by the donations
        let before = bytes(j)
        let run = tipc("journal", j, "verify")
        #expect(run.status == 1)
        #expect(run.stdout.contains("\(j):3: corrupted line (crc mismatch)"))
        #expect(run.stdout.contains("\(j):6: torn last line (no trailing newline): 17 bytes"))
        #expect(run.stdout.hasSuffix("\(j): 2 problems, 3 records readable\n"))
        #expect(bytes(j) == before)
        #expect(!FileManager.default.fileExists(atPath: j + ".lock"))

        let notJournal = try dir.write("x.jsonl", "{}\n")
        #expect(tipc("journal", notJournal, "verify").status == 1)
        #expect(tipc("journal", dir.path + "/none.jsonl", "verify").status == 2)
    }

    @Test func compactIsAtomicAndKeepsTheState() throws {
        let dir = try TemporaryDirectory()
        let defs = try RuntimeCatalog.write(in: dir)
        let j = dir.path + "/state.jsonl"
        for i in 0..<20 {
            #expect(tipc("journal", j, "set", "hasKeyboard", i % 2 == 0 ? "true" : "false", "--at", "2026-01-01T00:00:\(10 + i)Z").status == 0)
        }
        #expect(tipc("journal", j, "donate", "manualSave", "method=.menu", "--at", "2026-01-01T00:01:00Z").status == 0)
        let state = JournalState(records: try records(j))
        let run = tipc("journal", j, "compact", "--defs", defs)
        #expect(run.status == 0)
        let sizes = run.stdout.split(separator: " ")
        #expect(run.stdout.hasPrefix("compacted \(j): "))
        #expect(run.stdout.hasSuffix(" bytes, 21 → 2 records\n"))
        if sizes.count > 4, let a = Int(sizes[2]), let b = Int(sizes[4]) { #expect(b < a) } else { Issue.record(Comment(rawValue: run.stdout)) }
        #expect(JournalState(records: try records(j)) == state)
        #expect(tipc("journal", j, "verify").status == 0)
        #expect(tipc("journal", dir.path + "/none.jsonl", "compact").status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/none.jsonl"))
    }

    @Test func literalsInferTheirType() throws {
        #expect(try JournalLiteral.infer("true") == .bool(true))
        #expect(try JournalLiteral.infer("-12") == .int(-12))
        #expect(try JournalLiteral.infer("2.5") == .double(2.5))
        #expect(try JournalLiteral.infer("1e-3") == .double(0.001))
        #expect(try JournalLiteral.infer("2026-01-01T00:00:00Z") == .date(Self.t0))
        #expect(try JournalLiteral.infer("\"a \\\"b\\\"\\n\"") == .string("a \"b\"\n"))
        #expect(try JournalLiteral.infer(".pro") == .enumCase("pro"))
        #expect(try JournalLiteral.infer("[a, \"b, c\"]") == .set(["a", "b, c"]))
        #expect(try JournalLiteral.infer("[]") == .set([]))
        #expect(try JournalLiteral.infer("nil") == .null)
        #expect(throws: JournalLiteral.Failure.self) { try JournalLiteral.infer("nan") }
        #expect(throws: JournalLiteral.Failure.self) { try JournalLiteral.infer("1e999") }
        #expect(throws: JournalLiteral.Failure.self) { try JournalLiteral.infer("\"bad \\q\"") }
    }

    @Test func instantsRoundTrip() {
        for text in ["2026-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z", "2024-02-29T12:34:56.007Z", "0001-01-01T00:00:00Z"] {
            #expect(ISO8601.parse(text).map(ISO8601.display) == text)
        }
        #expect(ISO8601.parse("2026-01-01T01:00:00+01:00") == Self.t0)
        #expect(ISO8601.parse("2026-01-01") == Self.t0)
        #expect(ISO8601.parse("2026-02-30") == nil)
        #expect(ISO8601.display(Int64.max) == "@\(Int64.max)ms")
        #expect(DurationText.format(63_000, separator: " ", zero: "0ms") == "1m 3s" && DurationText.format(8 * 86_400_000, separator: " ", zero: "0ms") == "8d")
    }

    @Test func helpAndUsage() {
        #expect(tipc("journal", "--help").stdout.hasPrefix("usage: tipc journal FILE"))
        #expect(tipc("journal").status == 2)
        #expect(tipc("journal", "j.jsonl").stderr.contains("missing action after j.jsonl"))
        #expect(tipc("journal", "j.jsonl", "show", "extra").status == 2)
        #expect(tipc("help", "status").status == 0)
        #expect(tipc("--help").stdout.contains("journal"))
    }
}
