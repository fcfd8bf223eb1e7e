import Foundation
import Testing
import TipsCLI

/// `tipc gen swift` as the plugin runs it.
@Suite struct GenCommandTests {
    func tipc(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var out = ""
        var err = ""
        let status = Tipc.run(arguments, stdout: &out, stderr: &err)
        return (status, out, err)
    }

    @Test func writesSwiftToStandardOutputWithoutO() throws {
        let r = tipc(["gen", "swift", inputsDirectory + "/everything"])
        #expect(r.status == 0)
        #expect(r.stdout == (try generateSwift(inputsDirectory + "/everything")))
        // Warnings of the catalog go to standard error, never into the Swift.
        #expect(r.stderr.contains("warning:"))
    }

    @Test func errorsGoToStandardErrorAndNothingIsWritten() throws {
        let directory = try temporaryCatalog(["a.tips": "tip A {\n    title \"A\"\n    rule isLogedIn\n}\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/Out.swift"
        let r = tipc(["gen", "swift", directory + "/a.tips", "-o", output])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains(directory + "/a.tips:3:10: error: "), "\(r.stderr)")
        #expect(r.stderr.contains("tipc: error: \(output) not written: the catalog has errors"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// An unchanged result leaves the file alone (its date too), so the build that runs
    /// the plugin has nothing to recompile; a changed catalog rewrites it.
    @Test func rewritesOutputOnlyWhenItChanges() throws {
        let directory = try temporaryCatalog(["a.tips": "tip A {\n    title \"A\"\n    rule true\n}\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/Out.swift"
        #expect(tipc(["gen", "swift", directory, "-o", output]).status == 0)
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: output)
        #expect(tipc(["gen", "swift", directory, "-o", output]).status == 0)
        func modified() throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        }
        #expect(try modified() == old)
        try "tip A {\n    title \"B\"\n    rule true\n}\n".write(toFile: directory + "/a.tips", atomically: false, encoding: .utf8)
        #expect(tipc(["gen", "swift", directory, "-o", output]).status == 0)
        #expect(try modified() != old)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("/// B\n"))
    }

    @Test(arguments: [
        (["gen"], "tipc: error: missing language: 'tipc gen swift ...'"),
        (["gen", "kotlin"], "tipc: error: unknown language 'kotlin'; expected swift"),
        (["gen", "swift", "--access", "open"], "tipc: error: invalid value 'open' for --access"),
        (["gen", "swift", "Definitions"], "catalogs found; tipc gen swift writes one catalog's API"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        var args = arguments
        if args.last == "Definitions" { args[args.count - 1] = packageRoot + "/Definitions" }
        let r = tipc(args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test func namesClashingInSwiftFailWithExitOne() throws {
        let directory = try temporaryCatalog(["a.tips": "tip A { title \"A\" rule true }\n",
                                              "b.tips": "tip a { title \"B\" rule true }\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let r = tipc(["gen", "swift", directory, "-o", directory + "/Out.swift"])
        #expect(r.status == 1)
        #expect(r.stderr.contains(directory + "/b.tips:1:5: error: tip a would have the Swift name 'a', as tip A has [E800]"),
                "\(r.stderr)")
        #expect(r.stderr.contains(directory + "/a.tips:1:5: note: tip A is declared here"), "\(r.stderr)")
        #expect(r.stderr.contains("tipc: error: \(directory)/Out.swift not written: names clash in Swift"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/Out.swift"))
    }

    @Test func anUnusableTypeNameIsAUsageError() {
        let r = tipc(["gen", "swift", "--type-name", "Tips", inputsDirectory + "/everything"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("tipc: error: type name 'Tips' would clash with a type or module an app imports"))
    }
}
