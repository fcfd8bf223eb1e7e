import Foundation
import Testing
import TipsDriver
import TipsScenario

/// A scenario one line at a time (the playground's engine), and the string writer whose
/// output the lexer must read back unchanged.
@Suite struct ScenarioSessionTests {
    static func session() throws -> (ScenarioSession, URL) {
        let notes = repositoryRoot().appendingPathComponent("Definitions/notes-app").path
        let sources = try #require(try? CatalogLoader.loadSingle(notes).get())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tips-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let s = try ScenarioSession(catalog: CompiledCatalog(path: notes, sources: sources), journal: folder.appendingPathComponent("j.jsonl"))
        return (s, folder)
    }

    static let strings = ["plain", "say \"hi\"", "back\\slash", "two\nlines\ttab\rcr", "nul\u{0}", "bell\u{7} del\u{7F} c1\u{85}",
                          "crème brûlée 🍮", "", "\\(notInterpolated)"]

    @Test(arguments: strings)
    func quotedStringsReadBackEqual(_ text: String) throws {
        let (s, folder) = try Self.session()
        defer { s.close(); try? FileManager.default.removeItem(at: folder) }
        let set = s.perform("set displayName = \(ScenarioText.quoted(text))")
        #expect(set.accepted, "\(set.diagnostics.map(\.message))")
        let check = s.perform("expect param displayName == \(ScenarioText.quoted(text))")
        #expect(check.accepted, "\(check.diagnostics.map(\.message))")
        #expect(!ScenarioText.quoted(text).unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func keepsOnlyTheStepsThatRan() throws {
        let (s, folder) = try Self.session()
        defer { s.close(); try? FileManager.default.removeItem(at: folder) }
        #expect(s.perform("donate manualSave x3").accepted)
        let refused = [
            "donate manualSaves",                  // unknown event (S210, with a suggestion)
            "set noteCount = \"many\"",            // the runtime refuses the value (S211)
            "advance 3 days",                      // not a duration (S101/S111)
            "scenario \"another\"",                // one session is one scenario
            "relaunch\nrelaunch",                  // one line at a time
            "at 2025-01-01T00:00:00Z",             // the clock cannot go back (S212)
            "expect SaveShortcutTip available",    // fails: the keyboard parameter is false
            "",
        ]
        for line in refused {
            let r = s.perform(line)
            #expect(!r.accepted, "\(line)")
            #expect(!r.diagnostics.isEmpty, "\(line)")
        }
        #expect(s.perform("set hasHardwareKeyboard = true").accepted)
        #expect(s.perform("expect SaveShortcutTip available").accepted)
        #expect(s.lines == ["donate manualSave x3", "set hasHardwareKeyboard = true", "expect SaveShortcutTip available"])
        #expect(s.perform("relaunch").accepted)
        #expect(s.perform("expect SaveShortcutTip pending").accepted, "a transient parameter returns to its default")
        let text = s.scenarioText(title: "t", expectations: [1: ["expect SaveShortcutTip pending"]])
        #expect(text == """
            scenario "t"
            donate manualSave x3
            expect SaveShortcutTip pending
            set hasHardwareKeyboard = true
            expect SaveShortcutTip available
            relaunch
            expect SaveShortcutTip pending

            """)
    }
}
