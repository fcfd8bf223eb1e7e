import Foundation
import Testing
import TipsCLI

/// `tipc forecast` end to end: formats, the catalog found from the persona, --days,
/// --emit-scenario checked by `tipc test`, and every kind of wrong use.
@Suite struct ForecastCommandTests {
    final class Output: TextOutputStream {
        var text = ""
        func write(_ string: String) { text += string }
    }

    func tipc(_ args: [String]) -> (Int32, String, String) {
        var out = Output(), err = Output()
        let status = Tipc.run(args, stdout: &out, stderr: &err)
        return (status, out.text, err.text)
    }

    /// A temporary directory with `files`, removed afterwards.
    func withFiles(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tipc-forecast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("app/personas"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try body(dir.path)
    }

    let files = [
        "app/catalog.tips": "param on: Bool = false\nevent saved\ntip T {\n    title \"T\"\n    rule on\n}\ntip U {\n    title \"U\"\n    rule count(saved) >= 2\n}\n",
        "app/personas/p.persona": "persona \"saver\"\ndays 3\ndaily 09:00 donate saved\nday 2 12:00 set on = true\n",
    ]

    @Test func textFindsTheCatalogAboveThePersona() throws {
        try withFiles(files) { dir in
            let (status, out, err) = tipc(["forecast", dir + "/app/personas/p.persona"])
            #expect(status == 0, "\(err)")
            #expect(out.hasPrefix("forecast \"saver\": 3 days from 2026-01-01"))
            #expect(out.contains("Day 1 (2026-01-01)\n    T  waits (rule 1 is false: on = false, needs true)\n    U  waits (rule 1 is false: count(saved) = 1, needs >= 2; waits for event saved)\n"))
            #expect(out.contains("Day 2 (2026-01-02)\n  * T  shows\n  * U  shows\n"))
        }
    }

    @Test(arguments: ["json", "html"])
    func otherFormats(format: String) throws {
        try withFiles(files) { dir in
            let (status, out, _) = tipc(["forecast", "--format", format, "--defs", dir + "/app", dir + "/app/personas/p.persona"])
            #expect(status == 0)
            if format == "json" {
                #expect(out.contains("\"kind\": \"rule\"") && out.contains("\"changed\": true"))
            } else {
                #expect(out.hasPrefix("<!DOCTYPE html>") && out.contains("<tr id=\"day-3\">"))
            }
        }
    }

    @Test func daysReplacesThePersonasOwn() throws {
        try withFiles(files) { dir in
            let (status, out, _) = tipc(["forecast", "--days", "5", dir + "/app/personas/p.persona"])
            #expect(status == 0)
            #expect(out.contains("5 days from") && out.contains("Day 5 (2026-01-05)"))
        }
    }

    /// The emitted scenario passes `tipc test`, so the forecast agrees with the runtime.
    @Test func emittedScenarioPassesTipcTest() throws {
        try withFiles(files) { dir in
            let scenario = dir + "/app/forecast.scenario"
            let (status, out, _) = tipc(["forecast", "--emit-scenario", scenario, dir + "/app/personas/p.persona"])
            #expect(status == 0)
            #expect(out.contains("Day 3"))
            let text = try String(contentsOfFile: scenario, encoding: .utf8)
            #expect(text.contains("expect T available") && text.contains("expect U pending"))
            let (tested, testOut, _) = tipc(["test", scenario])
            #expect(tested == 0, "\(testOut)")
            #expect(testOut.hasSuffix("1 passed, 0 failed\n"))
        }
    }

    @Test func personaErrorsAreLocatedAndExitOne() throws {
        var broken = files
        broken["app/personas/p.persona"] = "persona \"x\"\ndaily 09:00 donate sved\n"
        try withFiles(broken) { dir in
            let (status, _, err) = tipc(["forecast", dir + "/app/personas/p.persona"])
            #expect(status == 1)
            // The run's error points at the persona's step, not at the scenario made from it.
            #expect(err.contains("p.persona:2:20: error: unknown event 'sved' [S210]"), "\(err)")
            #expect(!err.contains("forecast.scenario:"), "\(err)")
        }
    }

    /// An activity that runs past the next one's minute (donations spread over hours) is
    /// reported on the later activity's line, with the clock move the forecast made.
    @Test func clockGoingBackPointsAtThePersona() throws {
        var broken = files
        broken["app/personas/p.persona"] = "persona \"x\"\ndaily 09:00 donate saved x3 every 1h\ndaily 10:00 set on = true\n"
        try withFiles(broken) { dir in
            let (status, _, err) = tipc(["forecast", dir + "/app/personas/p.persona"])
            #expect(status == 1)
            #expect(err.contains("p.persona:3:13: error: cannot go back in time"), "\(err)")
            #expect(err.contains("note: the forecast moves the clock with 'at 2026-01-01T10:00:00Z' for this activity"), "\(err)")
        }
    }

    /// (arguments after the persona's directory is set up, what standard error must say).
    static let misuse: [([String], String)] = [
        (["--frmat", "json"], "unknown option '--frmat' for 'tipc forecast'; did you mean '--format'?"),
        (["--weeks", "2"], "unknown option '--weeks' for 'tipc forecast'; its options are --defs, --days, --format, --emit-scenario, --help"),
        (["--format", "pdf"], "invalid value 'pdf' for --format; expected text, json, html"),
        (["--days", "0"], "invalid value '0' for --days; expected a whole number from 1 to 366"),
        (["--days", "two"], "invalid value 'two' for --days"),
        ([], "missing PERSONA"),
        (["a.persona", "b.persona"], "one PERSONA at a time, got 2"),
        (["missing.persona"], "no such file: missing.persona"),
    ]

    @Test(arguments: misuse)
    func misuseIsAUsageError(args: [String], message: String) {
        let (status, out, err) = tipc(["forecast"] + args)
        #expect(status == 2)
        #expect(out.isEmpty)
        #expect(err.contains(message), "\(err)")
    }

    @Test func defsMustNameOneCatalog() throws {
        try withFiles(files) { dir in
            let (status, _, err) = tipc(["forecast", "--defs", dir + "/nowhere", dir + "/app/personas/p.persona"])
            #expect(status == 2)
            #expect(err.contains("nowhere"), "\(err)")
        }
    }
}
