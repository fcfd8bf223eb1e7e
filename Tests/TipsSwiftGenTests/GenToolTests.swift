import Foundation
import Testing
import TipsCLI
import TipsGen

/// `tips-gen`, the plugin's generator: `tipc gen` alone, so it must say exactly what
/// `tipc gen` says, under its own name.
@Suite struct GenToolTests {
    func run(_ arguments: [String], tool: Bool) -> (status: Int32, stdout: String, stderr: String) {
        var out = ""
        var err = ""
        let status = tool ? GenTool.run(arguments, stdout: &out, stderr: &err)
                          : Tipc.run(["gen"] + arguments, stdout: &out, stderr: &err)
        return (status, out, err)
    }

    /// Every catalog of Definitions/ and the everything input: the same Swift, byte for byte.
    @Test(arguments: ["notes-app", "photo-app", "shop-app", "fitness-app"])
    func generatesWhatTipcGenerates(_ name: String) throws {
        let path = packageRoot + "/Definitions/" + name
        let tool = run(["swift", path], tool: true)
        let tipc = run(["swift", path], tool: false)
        #expect(tool.status == 0)
        #expect(!tool.stdout.isEmpty)
        #expect(tool.stdout == tipc.stdout)
    }

    @Test func errorsNameTheTool() throws {
        let directory = try temporaryCatalog(["a.tips": "tip A {\n    title \"A\"\n    rule isLogedIn\n}\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/Out.swift"
        let r = run(["swift", directory + "/a.tips", "-o", output], tool: true)
        #expect(r.status == 1)
        #expect(r.stderr.contains(directory + "/a.tips:3:10: error: "), "\(r.stderr)")
        #expect(r.stderr.contains("tips-gen: error: \(output) not written: the catalog has errors"), "\(r.stderr)")
        #expect(!r.stderr.contains("tipc: error"))
        #expect(!FileManager.default.fileExists(atPath: output))
        let usage = run(["kotlin"], tool: true)
        #expect(usage.status == 2)
        #expect(usage.stderr.hasPrefix("tips-gen: error: unknown language 'kotlin'; expected swift\n"), "\(usage.stderr)")
    }
}
