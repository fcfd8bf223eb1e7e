import Testing
import TipsSource
import TipsTestSupport

/// Rendered diagnostics against golden files. The diagnostics are built by hand over small
/// sources, so these tests pin the renderers alone, whatever the checker reports.
@Suite struct DiagnosticRendererTests {
    static let shortcuts = """
        param hasSeenList: Bool = false
        event manualSave

        tip ShortcutTip {
            title "Save Faster"
            rule count(manualSav within 7d) >= 3
        \trule\thasSeenList == 1
            message "Press ⌘S — 🚀 fast"
            image "keyboard"
        }
        transient param a: Int
        """

    static let odd = "param nearly: Int = 5\r\ntip T { title \"%\" }"

    /// Two files and a diagnostic of every shape: notes with and without a place, fix-its
    /// replacing, inserting and removing, tabs, wide characters, a range over several lines,
    /// an empty range at the end of a file, and text needing escapes in each format.
    static func sample() -> (SourceSet, [Diagnostic]) {
        var sources = SourceSet()
        let a = sources.add(path: "Tips/Shortcuts.tips", text: shortcuts)
        let b = sources.add(path: "Tips/odd, name:1.tips", text: odd)
        let s = shortcuts
        let typo = range(of: "manualSav", in: s, occurrence: 2, file: a)
        let diagnostics: [Diagnostic] = [
            .error("E201", "unknown event 'manualSav'", at: typo,
                   notes: [Note("did you mean 'manualSave'?"),
                           Note("event 'manualSave' declared here", at: range(of: "manualSave", in: s, file: a))],
                   fixIts: [.replace(typo, with: "manualSave", message: "replace with 'manualSave'")]),
            .error("E301", "cannot compare 'Bool' with 'Int'", at: range(of: "hasSeenList == 1", in: s, file: a)),
            .warning("W105", "message mentions a \"rocket\" \\ emoji", at: range(of: "🚀 fast", in: s, file: a)),
            .warning("W101", "tip 'ShortcutTip' has no action", at: range(of: "tip ShortcutTip {\n", in: s, file: a)
                .union(range(of: "}", in: s, file: a))),
            .error("E310", "parameter 'a' of type 'Int' needs a default", at: range(of: "a: Int", in: s, file: a),
                   fixIts: [
                       FixIt(message: "add a default", edits: [.init(range: .point(a, Int32(s.utf8.count)), replacement: " = 0")]),
                       FixIt(message: "remove 'transient'",
                             edits: [.init(range: range(of: "transient ", in: s, file: a), replacement: "")]),
                   ]),
            .error("E102", "expected '}' at end of file", at: .point(a, Int32(s.utf8.count))),
            .error("E330", "value is 100%: too high,\nreally", at: range(of: "5", in: odd, file: b),
                   notes: [Note("limits: 1, 2\r\nand more")]),
            .warning("W120", "title is only '%'", at: range(of: "\"%\"", in: odd, file: b)),
        ]
        return (sources, diagnostics)
    }

    /// Fix-its and diffs quote text from catalogs: C1 controls (U+009B is a one-byte CSI on
    /// terminals that honour 8-bit controls) are escaped as C0 and DEL are, backslashes kept.
    @Test func quotedEscapesEveryControlCharacter() {
        #expect(DiagnosticRenderer.quoted("a\u{9B}2J\u{85}b") == "a\\u{9B}2J\\u{85}b")
        #expect(DiagnosticRenderer.quoted("x\u{1B}[31m\u{7F}\n") == "x\\u{1B}[31m\\u{7F}\\n")
        #expect(DiagnosticRenderer.quoted("\"\\(name)\"") == "\"\\(name)\"")
    }

    @Test func text() {
        let (sources, diagnostics) = Self.sample()
        expectGolden(DiagnosticRenderer.text(diagnostics, sources: sources), "sample.txt")
    }

    @Test func coloredText() {
        let (sources, diagnostics) = Self.sample()
        let options = DiagnosticRenderer.Options(colored: true)
        expectGolden(DiagnosticRenderer.text(diagnostics, sources: sources, options: options), "sample.ansi.txt")
    }

    @Test func json() {
        let (sources, diagnostics) = Self.sample()
        expectGolden(DiagnosticRenderer.json(diagnostics, sources: sources), "sample.json")
    }

    @Test func github() {
        let (sources, diagnostics) = Self.sample()
        expectGolden(DiagnosticRenderer.github(diagnostics, sources: sources), "sample.github.txt")
    }

    @Test func plainTextHasNoEscapes() {
        let (sources, diagnostics) = Self.sample()
        #expect(!DiagnosticRenderer.text(diagnostics, sources: sources).contains("\u{1B}"))
    }

    @Test func noDiagnosticsRenderNothing() {
        let (sources, _) = Self.sample()
        #expect(DiagnosticRenderer.text([], sources: sources) == "")
        #expect(DiagnosticRenderer.github([], sources: sources) == "")
    }

    @Test func textIsCapped() {
        let (sources, diagnostics) = Self.sample()
        let options = DiagnosticRenderer.Options(limit: 2)
        let text = DiagnosticRenderer.text(diagnostics, sources: sources, options: options)
        #expect(text.hasSuffix("\n... and \(diagnostics.count - 2) more\n"))
        #expect(text.components(separatedBy: ": error: ").count - 1 == 2)
        let github = DiagnosticRenderer.github(diagnostics, sources: sources, options: options)
        #expect(github.split(separator: "\n").count == 3)
        // JSON is for tools: never truncated.
        let json = DiagnosticRenderer.json(diagnostics, sources: sources)
        #expect(json.components(separatedBy: "\"severity\"").count - 1 == diagnostics.count)
    }

    @Test func defaultCapIs200() {
        var sources = SourceSet()
        let file = sources.add(path: "a.tips", text: "x\n")
        let many = (0..<250).map { _ in Diagnostic.error("E100", "bad", at: .point(file, 0)) }
        let text = DiagnosticRenderer.text(many, sources: sources)
        #expect(text.hasSuffix("... and 50 more\n"))
    }

    @Test func unknownFileDoesNotTrap() {
        let sources = SourceSet()
        let d = Diagnostic.error("E100", "lost", at: .point(FileID(7), 3))
        #expect(DiagnosticRenderer.text([d], sources: sources) == "<unknown>:0:0: error: lost [E100]\n")
        #expect(DiagnosticRenderer.github([d], sources: sources).hasPrefix("::error file=<unknown>,line=0"))
    }

    @Test func controlCharactersInSourceAreNotEchoed() {
        var sources = SourceSet()
        let file = sources.add(path: "a.tips", text: "tip \u{1B}[31mX\n")
        let d = Diagnostic.error("E100", "unexpected character", at: SourceRange(file: file, start: 4, end: 5))
        let text = DiagnosticRenderer.text([d], sources: sources)
        #expect(!text.contains("\u{1B}"))
        #expect(text == "a.tips:1:5: error: unexpected character [E100]\ntip \u{FFFD}[31mX\n    ^\n")
    }
}
