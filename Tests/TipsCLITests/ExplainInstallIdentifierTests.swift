import Foundation
import Testing
import TipsTestSupport
@testable import TipsCLI

/// `--install-id` on `tipc explain` and `tipc status`: experiments bucket the identifier
/// given; without it the journal's, and a journal without one is explained on the empty
/// identifier's side, the same at every run (the tools never draw an identifier).
/// Buckets computed with the python in `ExperimentTests` (salt `SearchTip.copy`): install-5
/// 454 (holdout), install-0 1509 (short), the empty identifier 4005 (short).
struct ExplainInstallIdentifierTests {
    static let catalog = """
        event searched
        tip SearchTip {
            title "Search your notes"
            rule count(searched) == 0
            experiment copy {
                holdout 10%
                variant short 45% {
                    title "Find any note"
                }
                variant long 45% {
                    title "Find any note by a word"
                }
            }
        }
        """

    func run(_ command: String, _ extra: [String], journal: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let dir = try TemporaryDirectory()
        try dir.write("defs/main.tips", Self.catalog)
        if let journal { try dir.write("journal.jsonl", journal) }
        let args = [command] + (command == "explain" ? ["SearchTip"] : []) + ["--defs", dir.path + "/defs",
                    "--journal", dir.path + "/journal.jsonl", "--at", "2026-01-01T12:00:00Z"] + extra
        let r = tipc(args)
        // Runs are compared: the temporary directory's name is not part of the answer.
        return (r.status, r.stdout.replacingOccurrences(of: dir.path, with: "DIR"), r.stderr)
    }

    @Test(arguments: [
        (["--install-id", "install-5"], "experiment copy: holdout: never shown (bucket 454 of 10000 < 1000; exposure recorded)"),
        (["--install-id", "install-0"], "experiment copy: short (bucket 1509 of 10000)"),
        ([], "experiment copy: short (bucket 4005 of 10000; no install identifier recorded yet (the app draws one at first launch): this is the empty identifier's side)"),
    ])
    func explainBucketsTheIdentifierGiven(_ extra: [String], _ line: String) throws {
        let r = try run("explain", extra)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(line), "\(r.stdout)")
    }

    /// The same answer twice: nothing random is drawn for a journal without an identifier.
    @Test func explainWithoutAnIdentifierIsTheSameAtEveryRun() throws {
        let a = try run("explain", ["--format", "json"]), b = try run("explain", ["--format", "json"])
        #expect(a.status == 0 && a.stdout == b.stdout)
        #expect(a.stdout.contains("\"installKnown\" : false"), "\(a.stdout)")
    }

    @Test(arguments: [(["--install-id", "install-5"], "pending"), (["--install-id", "install-0"], "available")])
    func statusBucketsTheIdentifierGiven(_ extra: [String], _ status: String) throws {
        let r = try run("status", extra + ["--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"status\": \"\(status)\""), "\(r.stdout)")
    }

    @Test(arguments: [
        ("", "empty value for --install-id"),
        ("a\u{1B}[2Jb", "value for --install-id contains a control character"),
        (String(repeating: "x", count: 300), "value for --install-id is 300 bytes; expected at most 256"),
    ])
    func aBadIdentifierIsAUsageError(_ id: String, _ message: String) throws {
        for command in ["explain", "status"] {
            let r = try run(command, ["--install-id", id])
            #expect(r.status == 2)
            #expect(r.stderr.contains(message), "\(r.stderr)")
        }
    }
}
