import Foundation
import Testing
import TipsCLI
import TipsRuntime
@testable import tips_demo

/// Jot driven line by line, as `tips-demo --script` does, through its library code.
@Suite struct DemoAppTests {
    /// What the screen printed, in order.
    final class Transcript: Sendable {
        private let lines = RuntimeLock<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        /// Everything printed since the last call.
        func take() -> String { lines.withLock { l in defer { l = [] }; return l.joined(separator: "\n") } }
    }

    static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/demo").path

    static func journalURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tips-demo-test-\(UUID().uuidString).jsonl")
    }

    @Test func tipsAppearAndGoAwayAsThePersonUsesTheApp() throws {
        let bytes = try DemoCatalog.compile(directory: DemoAppTests.catalog)
        let url = DemoAppTests.journalURL()
        defer { try? FileManager.default.removeItem(at: url) }
        let clock = ManualClock()
        let transcript = Transcript()
        let store = try TipStore(bundle: bytes, journalURL: url, clock: clock)
        let app = try DemoApp(store: store, clock: clock, screen: Screen { transcript.append($0) })

        // First launch: the onboarding group shows its first tip in the sidebar.
        var out = transcript.take()
        #expect(out.contains("┌─ sidebar") && out.contains("Welcome to Jot"))

        app.handle("new")
        #expect(transcript.take() == "Started Note 1.\n  (the sidebar tip went away)")
        app.handle("save")
        #expect(transcript.take().contains("All Your Notes in One Place"))   // the next member of the ordered group

        app.handle("keyboard on")
        app.handle("save")
        #expect(!transcript.take().contains("toolbar"))                     // two menu saves: not yet
        app.handle("save")
        out = transcript.take()
        #expect(out.contains("┌─ toolbar") && out.contains("Save Faster"))
        #expect(try store.report(of: "ShortcutTip").displayCount == 1)

        // Time alone: after 7 days the saves leave the rule's window and the tip goes away.
        app.handle("wait 8d")
        #expect(transcript.take() == "(8d later)\n  (the toolbar tip went away)")
        for _ in 0..<3 { app.handle("save") }
        #expect(transcript.take().contains("Save Faster"))                  // back, second display

        app.handle("close")
        #expect(transcript.take() == "  (the toolbar tip went away)")
        #expect(try store.status(of: "ShortcutTip") == .invalidated(.tipClosed))
        app.handle("open list")
        #expect(transcript.take().hasSuffix("(the sidebar tip went away)"))
        app.handle("frobnicate")
        #expect(transcript.take().contains("Unknown command 'frobnicate'"))
        #expect(app.handle("quit") == false)
        app.quit()

        // Everything is in the journal: a new store over it sees the same statuses.
        let reopened = try TipStore(bundle: bytes, journalURL: url, clock: clock)
        #expect(try reopened.status(of: "WelcomeTip") == .invalidated(.actionPerformed))
        #expect(try reopened.status(of: "ListTip") == .invalidated(.actionPerformed))
        #expect(try reopened.status(of: "ShortcutTip") == .invalidated(.tipClosed))
        #expect(try reopened.report(of: "ShortcutTip").displayCount == 2)
    }

    @Test func nothingToCloseAndBadWaits() throws {
        let bytes = try DemoCatalog.compile(directory: DemoAppTests.catalog)
        let url = DemoAppTests.journalURL()
        defer { try? FileManager.default.removeItem(at: url) }
        let clock = ManualClock()
        let transcript = Transcript()
        let store = try TipStore(bundle: bytes, journalURL: url, clock: clock, overrides: TestingOverrides(hideAll: true))
        let app = try DemoApp(store: store, clock: clock, screen: Screen { transcript.append($0) })
        #expect(transcript.take() == "")                                    // every tip hidden
        app.handle("close")
        #expect(transcript.take() == "No tip is showing.")
        app.handle("wait soon")
        #expect(transcript.take().hasPrefix("Say how long"))
        app.handle("save")
        #expect(transcript.take() == "Nothing to save: type 'new' first.")
        #expect(DemoApp.duration("90s") == 90_000 && DemoApp.duration("8d") == 8 * 86_400_000 && DemoApp.duration("3w") == nil)
        app.quit()
    }

    /// The catalog is an example: it must check without warnings and be formatted.
    @Test func theExampleCatalogIsCleanAndFormatted() {
        var out = "", err = ""
        #expect(Tipc.run(["check", "--strict", DemoAppTests.catalog], stdout: &out, stderr: &err) == 0, "\(out)")
        #expect(out.hasSuffix("0 errors, 0 warnings\n"))
        #expect(Tipc.run(["fmt", "--check", DemoAppTests.catalog], stdout: &out, stderr: &err) == 0, "\(out)")
    }

    @Test func theExampleCatalogCompiles() throws {
        #expect(try !DemoCatalog.compile(directory: DemoAppTests.catalog).isEmpty)
        #expect(throws: DemoCatalog.Failure.self) { try DemoCatalog.compile(directory: "/nonexistent/tips-demo") }
    }
}

/// Docs/runtime.md quotes the example program; the quotes must stay true.
@Suite struct DemoDocumentationTests {
    @Test func everyQuotedLineIsInTheExampleProgram() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("Docs/runtime.md"), encoding: .utf8)
        let section = try #require(doc.components(separatedBy: "## A complete example").last)
        let sourceDir = root.appendingPathComponent("Sources/tips-demo")
        var code = ""
        for name in try FileManager.default.contentsOfDirectory(atPath: sourceDir.path) where name.hasSuffix(".swift") {
            code += try String(contentsOf: sourceDir.appendingPathComponent(name), encoding: .utf8)
        }
        var tipsText = ""
        for name in ["notes.tips", "tips.tips"] {
            tipsText += try String(contentsOf: root.appendingPathComponent("Examples/demo/" + name), encoding: .utf8)
        }
        let codeLines = Set(code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let tipsLines = Set(tipsText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        var quoted = 0
        for (language, lines) in [("swift", codeLines), ("tips", tipsLines)] {
            for block in section.components(separatedBy: "```\(language)\n").dropFirst() {
                let body = block.components(separatedBy: "```").first ?? ""
                for line in body.split(separator: "\n") {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    #expect(lines.contains(trimmed), "Docs/runtime.md quotes a line the example doesn't have: \(trimmed)")
                    quoted += 1
                }
            }
        }
        #expect(quoted > 15)
    }
}

/// `swift run tips-demo --defs OTHER` (issue 20 item 5): a catalog without Jot's group and
/// toolbar tip opens (it used to fail with `unknown group 'Onboarding'`), shows its first
/// group in the sidebar, and takes its own events with `donate`.
@Suite struct DemoOtherCatalogTests {
    static let catalog = """
        event opened
        tip First { title "First of the tour" }
        tip Second { title "Second of the tour" rule count(opened) >= 1 }
        group Tour ordered { First, Second }
        """

    @Test func anyCatalogOpensAndShowsItsFirstGroup() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tips-demo-other-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.catalog.write(to: dir.appendingPathComponent("tour.tips"), atomically: true, encoding: .utf8)
        let bytes = try DemoCatalog.compile(directory: dir.path)
        let clock = ManualClock()
        let transcript = DemoAppTests.Transcript()
        let store = try TipStore(bundle: bytes, journalURL: dir.appendingPathComponent("j.jsonl"), clock: clock)
        let app = try DemoApp(store: store, clock: clock, screen: Screen { transcript.append($0) })
        #expect(transcript.take().contains("First of the tour"))
        app.handle("donate nothing")
        #expect(transcript.take() == "Unknown event 'nothing'. The events are opened.")
        app.handle("close")
        app.handle("donate opened")
        #expect(transcript.take().contains("Second of the tour"))
        app.quit()
    }

    @Test func theSidebarPrefersJotsGroup() {
        #expect(DemoApp.sidebarGroup(in: ["Tour", "Onboarding"]) == "Onboarding")
        #expect(DemoApp.sidebarGroup(in: ["Tour", "Other"]) == "Tour")
        #expect(DemoApp.sidebarGroup(in: []) == nil)
    }
}
