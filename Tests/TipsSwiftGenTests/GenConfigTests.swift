import Foundation
import Testing
import TipsCLI

/// `tipc gen swift --config tips-gen.json`, the per-target options the plugin passes.
@Suite struct GenConfigTests {
    func tipc(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var out = ""
        var err = ""
        let status = Tipc.run(arguments, stdout: &out, stderr: &err)
        return (status, out, err)
    }

    static let catalog = ["a.tips": "tip A {\n    title \"A\"\n    rule true\n}\n"]

    func generate(config: String, flags: [String] = []) throws -> (status: Int32, stdout: String, stderr: String, path: String) {
        let directory = try temporaryCatalog(Self.catalog)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tips-gen.json"
        try config.write(toFile: path, atomically: false, encoding: .utf8)
        let r = tipc(["gen", "swift", "--config", path] + flags + [directory + "/a.tips"])
        return (r.status, r.stdout, r.stderr, path)
    }

    @Test func publicAccessAndTypeNameFromTheConfig() throws {
        let r = try generate(config: #"{"access": "public", "typeName": "NotesTips"}"#)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("public enum NotesTips {"))
        #expect(!r.stdout.contains("internal "))
    }

    @Test func flagsWinOverTheConfig() throws {
        let r = try generate(config: #"{"access": "public", "typeName": "NotesTips"}"#, flags: ["--access", "internal", "--type-name", "MyTips"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("internal enum MyTips {"))
    }

    @Test func anEmptyConfigKeepsTheDefaults() throws {
        let r = try generate(config: "{}")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("internal enum AppTips {"))
    }

    @Test(arguments: [
        (#"{"acess": "public"}"#, "unknown key 'acess'; valid keys: access, typeName; did you mean 'access'?"),
        (#"{"access": "publik"}"#, "invalid access 'publik'; expected internal, public; did you mean 'public'?"),
        (#"{"access": true}"#, "'access' must be a string"),
        (#"{"typeName": 3}"#, "'typeName' must be a string"),
        (#"["public"]"#, #"expected an object such as {"access": "public"}"#),
        (#"{"access": "public""#, "not valid JSON: "),
    ])
    func badConfigsAreUsageErrorsNamingTheFile(_ config: String, _ message: String) throws {
        let r = try generate(config: config)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("tipc: error: \(r.path): \(message)"), "\(r.stderr)")
    }

    @Test func aMissingConfigIsAUsageError() throws {
        let r = tipc(["gen", "swift", "--config", "/nonexistent/tips-gen.json", inputsDirectory + "/everything"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("no such file or directory: /nonexistent/tips-gen.json"), "\(r.stderr)")
    }
}
