import Testing
import TipsCLI
import TipsTestSupport

/// Exit statuses: 0 success, 1 problems in the input, 2 usage or I/O errors.
@Suite struct TipcExitCodeTests {
    /// Invocations whose status does not depend on the catalog's content.
    @Test(arguments: [
        ([], 2),
        (["--help"], 0),
        (["-h"], 0),
        (["--version"], 0),
        (["version"], 0),
        (["version", "extra"], 2),
        (["help"], 0),
        (["help", "check"], 0),
        (["help", "fmt"], 0),
        (["help", "nope"], 2),
        (["help", "check", "fmt"], 2),
        (["check", "--help"], 0),
        (["fmt", "-h"], 0),
        (["chek"], 2),
        (["--verbose"], 2),
        (["check", "--bogus"], 2),
        (["check", "--format"], 2),
        (["check", "--format", "xml"], 2),
        (["check", "--format=yaml"], 2),
        (["check", "--strict=yes"], 2),
        (["check", "--color", "sometimes"], 2),
        (["fmt", "--check", "--write"], 2),
        (["fmt", "--bogus"], 2),
    ] as [([String], Int32)])
    func usage(arguments: [String], status: Int32) {
        var out = ""
        var err = ""
        #expect(Tipc.run(arguments, stdout: &out, stderr: &err) == status, "\(arguments): \(err)")
        if status == 2 { #expect(err.hasPrefix("tipc: error: ") || arguments.isEmpty) }
    }

    @Test func unknownCommandSuggests() {
        let run = tipc("chek")
        #expect(run.stderr == "tipc: error: unknown command 'chek'; did you mean 'check'?\n"
                + "run 'tipc --help' for a list of commands\n")
        #expect(tipc("deploy").stderr.contains("did you mean") == false)
        #expect(tipc("formt").stderr.contains("did you mean 'fmt'?"))
        #expect(tipc("fnt").stderr.contains("did you mean 'fmt'?"))
    }

    @Test func unknownFlagShowsUsage() {
        let run = tipc("check", "--frmat", "json")
        #expect(run.status == 2)
        #expect(run.stderr == """
            tipc: error: unknown option '--frmat' for 'tipc check'; did you mean '--format'?
            usage: tipc check [--format text|json|github|sarif] [--strict] [--color auto|always|never] [PATH...]
            run 'tipc help check' for more

            """)
    }

    @Test func badFormatValueSuggests() {
        let run = tipc("check", "--format", "jsn")
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("tipc: error: invalid value 'jsn' for --format; expected text, json, github, sarif; "
                                     + "did you mean 'json'?\n"))
    }

    @Test func missingPath() throws {
        let dir = try TemporaryDirectory()
        let missing = dir.path + "/nope"
        for command in ["check", "fmt"] {
            let run = tipc(command, missing)
            #expect(run.status == 2)
            #expect(run.stderr == "tipc: error: no such file or directory: \(missing)\n")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test func versionAndHelp() {
        #expect(tipc("--version").stdout == "tipc \(Tipc.version)\n")
        let help = tipc("--help").stdout
        for command in ["check", "fmt", "help", "version"] { #expect(help.contains("\n  \(command) ")) }
        #expect(tipc("help", "check").stdout.hasPrefix("usage: tipc check "))
        #expect(tipc("check", "--help").stdout == tipc("help", "check").stdout)
        // No arguments: the overview, on standard error since it is a usage mistake.
        let bare = tipc()
        #expect(bare.stdout.isEmpty && bare.stderr == help)
    }

    @Test func emptyDirectoryChecksNothing() throws {
        let dir = try TemporaryDirectory()
        let run = tipc("check", dir.path)
        #expect(run.status == 0)
        #expect(run.stdout == "checked 0 files: 0 tips, 0 events, 0 parameters, 0 groups; 0 errors, 0 warnings\n")
        #expect(run.stderr == "tipc: warning: no .tips files found in \(dir.path)\n")
    }

    @Test(arguments: ["text", "github"])
    func cleanCatalogPasses(format: String) throws {
        let dir = try TemporaryDirectory()
        try dir.write("Tips/catalog.tips", FrontEnd.cleanCatalog)
        let run = tipc("check", "--format", format, "--strict", dir.path + "/Tips")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == "checked 1 files: 1 tips, 1 events, 1 parameters, 0 groups; 0 errors, 0 warnings\n")
    }

    /// `Definitions/` holds one catalog per app; the same names in two apps do not clash.
    @Test func eachAppDirectoryIsItsOwnCatalog() throws {
        let dir = try TemporaryDirectory()
        try dir.write("Definitions/notes-app/catalog.tips", FrontEnd.cleanCatalog)
        try dir.write("Definitions/shop-app/catalog.tips", FrontEnd.cleanCatalog)
        let run = tipc("check", dir.path + "/Definitions")
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout == "checked 2 files: 2 tips, 2 events, 2 parameters, 0 groups; 0 errors, 0 warnings\n")
        // Named together as files, they are one catalog, and the names clash.
        let files = tipc("check", dir.path + "/Definitions/notes-app/catalog.tips",
                         dir.path + "/Definitions/shop-app/catalog.tips")
        #expect(files.status == 1)
    }

    @Test
    func diagnosticsOfSeveralCatalogsPointAtTheirOwnFiles() throws {
        let dir = try TemporaryDirectory()
        try dir.write("Definitions/a-app/one.tips", "param x: Int = 0\n")
        try dir.write("Definitions/a-app/two.tips", "param y: Int = 0\n")
        let broken = try dir.write("Definitions/b-app/three.tips", "param z: Int = true\n")
        let run = tipc("check", dir.path + "/Definitions")
        #expect(run.status == 1)
        let error = run.stdout.split(separator: "\n").first { $0.contains(": error: ") }
        #expect(error?.hasPrefix("\(broken):1:") == true)
        #expect(run.stdout.contains("param z: Int = true\n"))
        #expect(run.lastLine.hasPrefix("checked 3 files: 0 tips, 0 events, 3 parameters, 0 groups; 1 errors"))
    }

    @Test
    func syntaxErrorsFail() throws {
        let dir = try TemporaryDirectory()
        try dir.write("a.tips", FrontEnd.cleanCatalog)
        let broken = try dir.write("b.tips", "tip Broken {\n    title \"x\"\n    rule (\n")
        let run = tipc("check", dir.path)
        #expect(run.status == 1)
        #expect(run.stdout.contains("\(broken):"))
        #expect(run.stdout.contains(": error: "))
        #expect(run.lastLine.hasPrefix("checked 2 files: "))
        #expect(!run.lastLine.hasSuffix("; 0 errors, 0 warnings"))

        let json = tipc("check", "--format", "json", dir.path)
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"severity\": \"error\""))
        let github = tipc("check", "--format", "github", dir.path)
        #expect(github.status == 1)
        #expect(github.stdout.contains("::error file=\(broken.replacingOccurrences(of: ":", with: "%3A")),line="))
    }

    /// `testing { }` blocks are always flagged with a warning: fine by default, fatal under --strict.
    @Test
    func warningsFailOnlyUnderStrict() throws {
        let dir = try TemporaryDirectory()
        try dir.write("a.tips", FrontEnd.warningCatalog)
        let relaxed = tipc("check", dir.path)
        #expect(relaxed.status == 0, "\(relaxed.stdout)")
        #expect(relaxed.stdout.contains(": warning: "))
        #expect(relaxed.lastLine.hasPrefix("checked 1 files: 1 tips, 1 events, 1 parameters, 0 groups; 0 errors, "))
        #expect(!relaxed.lastLine.hasSuffix(" 0 warnings"))
        #expect(tipc("check", "--strict", dir.path).status == 1)
    }
}
