import Foundation
import Testing
import TipsCLI

/// `tipc test` end to end on temporary directories.
struct TestCommandTests {
    final class Output: TextOutputStream {
        var text = ""
        func write(_ string: String) { text += string }
    }

    /// A temporary catalog directory with `files`, removed afterwards.
    func withCatalog(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tipc-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("app/scenarios"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try body(dir.path)
    }

    func tipc(_ args: [String]) -> (Int32, String, String) {
        var out = Output(), err = Output()
        let status = Tipc.run(args, stdout: &out, stderr: &err)
        return (status, out.text, err.text)
    }

    let files = [
        "app/catalog.tips": "param on: Bool = false\ntip T {\n    title \"T\"\n    rule on\n}\n",
        "app/scenarios/t.scenario": "scenario \"on\"\nset on = true\nexpect T available\n",
        "app/bad.scenario": "scenario \"off\"\nexpect T available\n",
    ]

    @Test func runsEveryScenarioFileAgainstItsCatalog() throws {
        try withCatalog(files) { dir in
            let (status, out, _) = tipc(["test", dir])
            #expect(status == 1)
            #expect(out.contains("/app/bad.scenario:2:10: error: expected T to be available, but it is pending [S200]"))
            #expect(out.hasSuffix("tested 2 scenarios in 2 files: 1 passed, 1 failed\n"))
            let (ok, okOut, _) = tipc(["test", dir + "/app/scenarios/t.scenario"])
            #expect(ok == 0)
            #expect(okOut == "tested 1 scenarios in 1 files: 1 passed, 0 failed\n")
        }
    }

    @Test func formatsAndUsage() throws {
        try withCatalog(files) { dir in
            let (status, json, _) = tipc(["test", "--format", "json", dir])
            #expect(status == 1)
            #expect(json.contains("\"code\": \"S200\""))
            #expect(json.contains("\"scenarios\": 2"))
            let (_, github, _) = tipc(["test", "--format=github", dir])
            #expect(github.contains("::error file="))
            #expect(tipc(["test", "--format", "xml", dir]).0 == 2)
            #expect(tipc(["test", dir + "/missing"]).0 == 2)
            #expect(tipc(["test", "--scenario", "nope", dir]).0 == 2)
            let (timelineStatus, _, err) = tipc(["test", "--timeline", dir + "/t.svg", dir])
            #expect(timelineStatus == 2)
            #expect(err.contains("--timeline draws one scenario, but 2 ran"))
        }
    }

    @Test func writesATimeline() throws {
        try withCatalog(files) { dir in
            let (status, _, _) = tipc(["test", "--timeline", dir + "/t.svg", "--scenario", "on", dir])
            #expect(status == 0)
            let svg = try String(contentsOfFile: dir + "/t.svg", encoding: .utf8)
            #expect(svg.hasPrefix("<svg "))
            #expect(svg.contains(">on</text>"))
        }
    }
}
