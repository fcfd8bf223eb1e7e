import Foundation
import Testing
import TipsCLI

/// `tipc playground`'s front door: the mistakes it stops at before serving (serving itself is
/// TipsPlaygroundTests' and scripts/check-playground.sh's).
@Suite struct PlaygroundCommandTests {
    @Test func helpNamesEveryOption() {
        let run = tipc("playground", "--help")
        #expect(run.status == 0)
        for option in ["--defs DIR", "--port N", "--open", "127.0.0.1", "tipc preview --serve"] {
            #expect(run.stdout.contains(option), "\(option)")
        }
    }

    static let mistakes: [(arguments: [String], status: Int32, says: String)] = [
        (["playground", "--port", "65536"], 2, "--port"),
        (["playground", "--port", "http"], 2, "--port"),
        (["playground", "Definitions"], 2, "name the catalog with --defs DIR"),
        (["playground", "--defs", "/nonexistent/tips-playground"], 2, "/nonexistent/tips-playground"),
        // `tipc preview --serve` is the same playground, with the same checks...
        (["preview", "--serve", "--port", "65536"], 2, "--port"),
        (["preview", "--serve", "--defs", "/nonexistent/tips-playground"], 2, "/nonexistent/tips-playground"),
        // ...and a page option beside it is refused, not ignored.
        (["preview", "--serve", "--width", "iphone"], 2, "'--serve' runs the playground, which takes --defs, --port and --open; '--width'"),
        (["preview", "--defs", "Definitions", "--serve", "--output=page.html"], 2, "'--output' renders a page"),
    ]

    @Test(arguments: mistakes.indices)
    func refuses(_ i: Int) {
        let c = Self.mistakes[i]
        var out = "", err = ""
        let status = Tipc.run(c.arguments, stdout: &out, stderr: &err)
        #expect(status == c.status)
        #expect(err.contains(c.says), "\(err)")
        #expect(out.isEmpty)
    }

    @Test func aCatalogWithErrorsIsExitOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tips-playground-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "tip Broken {\n    title \"x\"\n    rule missingParameter\n}\n".write(to: folder.appendingPathComponent("a.tips"), atomically: true, encoding: .utf8)
        let run = tipc("playground", "--defs", folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("has errors"), "\(run.stderr)")
    }
}
