import Testing
@testable import TipsCLI
@testable import TipsCommandLine
import TipsSource
import TipsTestSupport

@Suite struct CheckCommandTests {
    @Test func jsonSummaryCarriesTheSameNumbers() throws {
        let dir = try TemporaryDirectory()
        try dir.write("a.tips", FrontEnd.cleanCatalog)
        let run = tipc("check", "--format", "json", dir.path)
        #expect(run.status == 0)
        let tips = 1
        #expect(run.stdout.hasPrefix("{\n  \"version\": 1,\n  \"diagnostics\": [],\n"))
        #expect(run.stdout.hasSuffix("""
              "summary": {
                "files": 1,
                "tips": \(tips),
                "events": \(tips),
                "parameters": \(tips),
                "groups": 0,
                "errors": 0,
                "warnings": 0
              }
            }

            """))
    }

    @Test func colourFollowsTerminalAndNoColor() {
        func wants(_ mode: ColorMode, terminal: Bool, env: [String: String]) -> Bool {
            Invocation(arguments: [], environment: env,
                       terminals: Tipc.Terminals(standardOutput: terminal, standardError: false)).wantsColor(mode)
        }
        #expect(wants(.auto, terminal: true, env: [:]))
        #expect(!wants(.auto, terminal: false, env: [:]))
        #expect(!wants(.auto, terminal: true, env: ["NO_COLOR": "1"]))
        #expect(wants(.auto, terminal: true, env: ["NO_COLOR": ""]))
        #expect(wants(.always, terminal: false, env: ["NO_COLOR": "1"]))
        #expect(!wants(.never, terminal: true, env: [:]))
    }

    @Test
    func colouredOnlyOnATerminal() throws {
        let dir = try TemporaryDirectory()
        try dir.write("a.tips", "tip {\n")
        let tty = Tipc.Terminals(standardOutput: true, standardError: true)
        #expect(tipc("check", dir.path, terminals: tty).stdout.contains("\u{1B}["))
        #expect(!tipc("check", dir.path, environment: ["NO_COLOR": "1"], terminals: tty).stdout.contains("\u{1B}["))
        #expect(!tipc("check", dir.path).stdout.contains("\u{1B}["))
        #expect(tipc("check", "--color", "always", dir.path).stdout.contains("\u{1B}["))
    }

    @Test func suggestions() {
        #expect(CommandSuggestion.closest(to: "chek", among: ["check", "fmt"]) == "check")
        #expect(CommandSuggestion.closest(to: "--stict", among: ["--strict", "--format"]) == "--strict")
        #expect(CommandSuggestion.closest(to: "--form", among: ["--strict", "--format"]) == "--format")
        #expect(CommandSuggestion.closest(to: "zzz", among: ["check", "fmt"]) == nil)
        #expect(Suggestion.distance("kitten", "sitting") == 3)
    }
}
