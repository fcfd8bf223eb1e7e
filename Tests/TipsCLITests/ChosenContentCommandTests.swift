import Foundation
import Testing
import TipsTestSupport

/// A tip that chooses its message and image through the commands that show content:
/// `tipc disasm` lists the alternatives, `tipc strings export` extracts each one's text,
/// `tipc diff` compares them, `tipc explain` says which is shown.
@Suite struct ChosenContentCommandTests {
    static let catalog = """
        param isPro: Bool = false

        tip SyncTip {
            title "Sync Your Recipes"
            message localized("sync.mac", default: "Press ⌘S to sync.") when platform == macOS
            message localized("sync.pro", default: "Pro syncs at once.") when isPro && platform != watchOS
            message localized("sync.other", default: "Sync starts on its own.")
            image asset "MacHero" when platform == macOS
            image "iphone"
            rule isPro || !isPro
        }

        tip IngredientTip(ingredient: String, symbol: String) {
            id "IngredientTip-\\(ingredient)-\\(symbol)"
            title "About \\(ingredient)"
            image "\\(symbol)"
        }

        """

    func compile(_ dir: TemporaryDirectory, _ text: String = catalog, name: String = "cat") throws -> String {
        let source = try dir.write("\(name)/main.tips", text)
        let out = dir.path + "/\(name).tipsb"
        let run = tipc("compile", source, "-o", out)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        return out
    }

    @Test func disasmListsTheAlternatives() throws {
        let dir = try TemporaryDirectory()
        let run = tipc("disasm", try compile(dir))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("format version 13") == true, "\(lines.first ?? "")")
        #expect(lines.contains("  message 1 of 3 localized(\"sync.mac\", default: \"Press ⌘S to sync.\") on macOS"), "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("  message 2 of 3 localized(\"sync.pro\"")
            && $0.hasSuffix("on iOS, iPadOS, macOS, tvOS, visionOS if program 1") }, "\(run.stdout)")
        #expect(lines.contains("  message 3 of 3 localized(\"sync.other\", default: \"Sync starts on its own.\") (fallback)"))
        #expect(lines.contains("  image 1 of 2 asset \"MacHero\" on macOS"))
        #expect(lines.contains("  image 2 of 2 \"iphone\" (fallback)"))
        #expect(lines.contains("  image 1 of 1 \"\\(symbol)\""), "\(run.stdout)")
    }

    @Test func stringsExportEveryAlternative() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write("cat/main.tips", Self.catalog)
        let run = tipc("strings", "export", "--format", "xliff", "--language", "de", dir.path + "/cat")
        #expect(run.status == 0, "\(run.stderr)")
        for key in ["sync.mac", "sync.pro", "sync.other"] {
            #expect(run.stdout.contains("<trans-unit id=\"\(key)\""), "\(key): \(run.stdout)")
        }
        #expect(run.stdout.contains("message 2 of 3"), "\(run.stdout)")
    }

    @Test func diffComparesTheAlternatives() throws {
        let dir = try TemporaryDirectory()
        let old = try dir.write("old/main.tips", Self.catalog)
        let new = try dir.write("new/main.tips", Self.catalog.replacingOccurrences(of: "when isPro && platform != watchOS",
                                                                               with: "when isPro && platform != tvOS"))
        _ = (old, new)
        let run = tipc("diff", dir.path + "/old", dir.path + "/new")
        #expect(run.stdout.contains("[D161]"), "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("[D162]"), "\(run.stdout)")
        let images = try dir.write("images/main.tips", Self.catalog.replacingOccurrences(of: "image \"iphone\"", with: "image \"ipad\""))
        _ = images
        let imageRun = tipc("diff", dir.path + "/old", dir.path + "/images")
        #expect(imageRun.stdout.contains("[D162]"), "\(imageRun.stdout)\(imageRun.stderr)")
    }

    @Test func explainSaysWhichIsShown() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write("cat/main.tips", Self.catalog)
        let journal = try dir.write("state.jsonl", "")
        let run = tipc("explain", "SyncTip", "--defs", dir.path + "/cat", "--journal", journal, "--platform", "macOS")
        #expect(run.stdout.contains("message: shown (message 1 of 3: for macOS; the platform is macOS)"), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("image: shown (image 1 of 2: for macOS; the platform is macOS)"), "\(run.stdout)")
    }
}
