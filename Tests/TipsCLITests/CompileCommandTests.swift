import Foundation
import Testing
import TipsBytecode
import TipsTestSupport

/// `tipc compile`: the same loading, diagnostics and exit statuses as `tipc check`, one
/// catalog only, nothing written on errors, atomic replacement.
@Suite struct CompileCommandTests {
    @Test func compilesACleanCatalogToAVerifiedBundle() throws {
        let dir = try TemporaryDirectory()
        let source = try dir.write("app/main.tips", FrontEnd.cleanCatalog)
        let out = dir.path + "/app.tipsb"
        let run = tipc("compile", source, "-o", out)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "checked 1 files: 1 tips, 1 events, 1 parameters, 0 groups; 0 errors, 0 warnings")
        #expect(lines.last?.hasPrefix("wrote \(out): 1 tips, 2 programs, ") == true)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        let verified = try BundleLoader.load(bytes)
        #expect(verified.bundle.tips.count == 1)
        #expect(verified.bundle.strings.contains("ShortcutTip"))
    }

    @Test func sameInputGivesSameBytes() throws {
        let dir = try TemporaryDirectory()
        let source = try dir.write("main.tips", FrontEnd.cleanCatalog)
        #expect(tipc("compile", source, "-o", dir.path + "/a.tipsb").status == 0)
        #expect(tipc("compile", source, "-o=\(dir.path)/b.tipsb").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/a.tipsb"))
                == Data(contentsOf: URL(fileURLWithPath: dir.path + "/b.tipsb")))
    }

    static let moreTips = "event appOpened\n\ntip OtherTip {\n    title \"Other\"\n    rule count(appOpened) >= 2\n}\n"

    /// The bundle names its files relative to the catalog, so where the catalog is checked
    /// out (and whether it is named as a directory or by its files) does not change a byte.
    @Test func sameCatalogElsewhereGivesSameBytes() throws {
        let one = try TemporaryDirectory()
        let two = try TemporaryDirectory()
        try one.write("app/main.tips", FrontEnd.cleanCatalog)
        try one.write("app/more/events.tips", Self.moreTips)
        try two.write("deeper/path/app/main.tips", FrontEnd.cleanCatalog)
        let other = try two.write("deeper/path/app/more/events.tips", Self.moreTips)
        #expect(tipc("compile", one.path + "/app", "-o", one.path + "/a.tipsb").status == 0)
        #expect(tipc("compile", two.path + "/deeper/path/app/main.tips", other, "-o", two.path + "/b.tipsb").status == 0)
        let a = try [UInt8](Data(contentsOf: URL(fileURLWithPath: one.path + "/a.tipsb")))
        #expect(a == (try [UInt8](Data(contentsOf: URL(fileURLWithPath: two.path + "/b.tipsb")))))
        let bundle = try BundleLoader.load(a).bundle
        #expect(bundle.files.map { bundle.strings[Int($0)] } == ["main.tips", "more/events.tips"])
    }

    @Test func errorsPrintLikeCheckAndWriteNothing() throws {
        let dir = try TemporaryDirectory()
        let source = try dir.write("main.tips", FrontEnd.cleanCatalog.replacingOccurrences(of: "count(manualSave", with: "count(manualSav"))
        let out = dir.path + "/out.tipsb"
        let run = tipc("compile", source, "-o", out)
        let check = tipc("check", source)
        #expect(run.status == 1)
        #expect(check.status == 1)
        #expect(run.stdout == check.stdout)
        #expect(run.stdout.contains("unknown event 'manualSav' [E201]"))
        #expect(run.stderr == "tipc: error: \(out) not written: the catalog has errors\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func errorsLeaveAnExistingBundleUntouched() throws {
        let dir = try TemporaryDirectory()
        let out = try dir.write("out.tipsb", "old")
        let source = try dir.write("main.tips", "tip T { title \"x\" rule nope }\n")
        #expect(tipc("compile", source, "-o", out).status == 1)
        #expect(try dir.read("out.tipsb") == "old")
    }

    @Test func strictRefusesWarnings() throws {
        let dir = try TemporaryDirectory()
        let source = try dir.write("main.tips", FrontEnd.warningCatalog)
        let out = dir.path + "/out.tipsb"
        let strict = tipc("compile", "--strict", source, "-o", out)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("not written: the catalog has warnings (--strict)"))
        #expect(!FileManager.default.fileExists(atPath: out))
        // Without --strict the warning (W160) is printed and the bundle written, without
        // the testing block (bundle format 1 has no place for it).
        let plain = tipc("compile", source, "-o", out)
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("[W160]"))
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func includingTestingOverridesIsRefusedWhenThereAreSome() throws {
        let dir = try TemporaryDirectory()
        let withOverrides = try dir.write("a/main.tips", FrontEnd.warningCatalog)
        let run = tipc("compile", "--include-testing-overrides", withOverrides, "-o", dir.path + "/a.tipsb")
        #expect(run.status == 1)
        #expect(run.stderr.contains("has no section for testing overrides"))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/a.tipsb"))
        let clean = try dir.write("b/main.tips", FrontEnd.cleanCatalog)
        #expect(tipc("compile", "--include-testing-overrides", clean, "-o", dir.path + "/b.tipsb").status == 0)
    }

    @Test func severalCatalogsAreAUsageError() throws {
        let dir = try TemporaryDirectory()
        try dir.write("defs/one/main.tips", FrontEnd.cleanCatalog)
        try dir.write("defs/two/main.tips", FrontEnd.cleanCatalog)
        let run = tipc("compile", dir.path + "/defs", "-o", dir.path + "/out.tipsb")
        #expect(run.status == 2)
        #expect(run.stderr.contains("2 catalogs found (\(dir.path)/defs/one, \(dir.path)/defs/two)"))
        #expect(run.stderr.contains("compile each on its own"))
        #expect(run.stderr.contains("usage: tipc compile"))
        #expect(run.stdout == "")
    }

    @Test func usageAndIOErrors() throws {
        let dir = try TemporaryDirectory()
        let source = try dir.write("main.tips", FrontEnd.cleanCatalog)
        let missingOutput = tipc("compile", source)
        #expect(missingOutput.status == 2)
        #expect(missingOutput.stderr.hasPrefix("tipc: error: missing output file: give -o FILE\n"))
        #expect(tipc("compile", source, "-o").status == 2)
        #expect(tipc("compile", source, "--strikt", "-o", dir.path + "/x").stderr.contains("did you mean '--strict'?"))
        let missing = tipc("compile", dir.path + "/nope", "-o", dir.path + "/x.tipsb")
        #expect(missing.status == 2)
        #expect(missing.stderr == "tipc: error: no such file or directory: \(dir.path)/nope\n")
        let unwritable = tipc("compile", source, "-o", dir.path + "/no/such/dir/out.tipsb")
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.hasPrefix("tipc: error: cannot write \(dir.path)/no/such/dir/out.tipsb: "))
        let empty = try TemporaryDirectory()
        let nothing = tipc("compile", empty.path, "-o", empty.path + "/x.tipsb")
        #expect(nothing.status == 2)
        #expect(nothing.stderr.contains("nothing to compile"))
    }

    @Test func jsonFormatIsOneDocument() throws {
        let dir = try TemporaryDirectory()
        let source = try dir.write("main.tips", FrontEnd.cleanCatalog)
        let run = tipc("compile", "--format", "json", source, "-o", dir.path + "/out.tipsb")
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect((object?["summary"] as? [String: Any])?["errors"] as? Int == 0)
    }

    @Test func helpListsTheCommand() {
        #expect(tipc("--help").stdout.contains("compile"))
        let help = tipc("help", "compile")
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: tipc compile"))
        #expect(tipc("compile", "--help").stdout == help.stdout)
    }
}
