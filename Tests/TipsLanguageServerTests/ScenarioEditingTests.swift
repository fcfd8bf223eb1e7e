import Foundation
import Testing
@testable import TipsLanguageServer
import TipsText

/// Scenario files in the editor: diagnostics from running them against the catalog as the
/// editor has it, completion of steps, names and values, hover and go to definition.
@Suite struct ScenarioEditingTests {
    static let scenario = """
        scenario "shortcut"
        set hasSeenList = true
        set plan = .pro
        donate manualSave(kind: .pro, words: 3) x3
        expect ShortcutTip available

        """

    func labels(_ h: inout Harness, _ uri: String, _ line: Int, _ character: Int) -> Set<String> {
        Set(h.result("textDocument/completion", Message.position(uri, line, character))?["items"]?.array?
            .compactMap { $0["label"]?.string } ?? [])
    }

    @Test func diagnosticsFollowTheScenarioAndItsCatalog() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: fixture.root + "/app/shortcut.scenario")
        h.notify(Message.didOpen(uri, Self.scenario))
        #expect(h.codes(uri) == [], "\(h.diagnostics(uri) ?? [])")

        // A failing expectation: reported on its line, with the run's notes.
        h.notify(Message.didChange(uri, version: 2, range: Message.range(4, 19, 4, 28), text: "pending"))
        let failed = try #require(h.diagnostics(uri))
        #expect(h.codes(uri) == ["S200"])
        #expect(failed.first?["range"]?["start"]?["line"]?.int == 4)

        // A misspelt step: the parser's S110, and the scenario does not run.
        h.notify(Message.didChange(uri, version: 3, range: Message.range(4, 0, 4, 6), text: "expekt"))
        #expect(h.codes(uri) == ["S110"])
        h.notify(Message.didChange(uri, version: 4, range: Message.range(4, 0, 4, 6), text: "expect"))
        #expect(h.codes(uri) == ["S200"])

        // An edit of the catalog (open, unsaved) reruns the scenario: once the tip needs the
        // free plan, the scenario's pro user no longer sees it.
        h.notify(Message.didChange(uri, version: 5, range: Message.range(4, 19, 4, 26), text: "available"))
        #expect(h.codes(uri) == [])
        h.notify(Message.didOpen(fixture.tipsURI, Fixture.tips))
        h.notify(Message.didChange(fixture.tipsURI, version: 2, range: Message.range(4, 9, 4, 21), text: "plan == .free"))
        #expect(h.codes(uri) == ["S200"], "\(h.diagnostics(uri) ?? [])")

        // Closing the scenario clears its diagnostics.
        h.notify(Message.notification("textDocument/didClose", .object(["textDocument": .object(["uri": .string(uri)])])))
        #expect(h.diagnostics(uri) == [])
    }

    @Test func aCatalogWithErrorsSaysSoOnceAtTheScenario() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: fixture.root + "/app/shortcut.scenario")
        h.notify(Message.didOpen(fixture.modelURI, Fixture.model.replacingOccurrences(of: "param plan", with: "param plann")))
        h.notify(Message.didOpen(uri, Self.scenario))
        #expect(h.codes(uri).contains("S213"), "\(h.diagnostics(uri) ?? [])")
        #expect(!h.codes(uri).contains { $0.hasPrefix("E") })
    }

    @Test func aScenarioOutsideEveryCatalog() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: fixture.outside + "/lone.scenario")
        h.notify(Message.didOpen(uri, Self.scenario))
        #expect(h.codes(uri) == ["S214"])
        // Only steps can be offered without a catalog.
        #expect(labels(&h, uri, 1, 0).contains("donate"))
        #expect(labels(&h, uri, 3, 7) == [])
    }

    /// Each row: the line as typed up to the cursor, and labels that must (or must not) be offered.
    static let completions: [(line: String, offered: Set<String>, notOffered: Set<String>)] = [
        ("", ["scenario", "advance", "donate", "expect", "relaunch"], ["ShortcutTip"]),
        ("don", ["donate", "display"], []),
        ("donate ", ["manualSave"], ["ShortcutTip", "plan"]),
        ("donate manualSave(", ["kind:", "words:"], ["plan"]),
        ("donate manualSave(kind: ", [".free", ".pro"], ["kind:"]),
        ("donate manualSave(kind: .pro, ", ["kind:", "words:"], []),
        ("set ", ["plan", "hasSeenList", "isComposing"], ["manualSave"]),
        ("set plan ", ["="], []),
        ("set plan = ", [".free", ".pro"], ["true"]),
        ("set hasSeenList = ", ["true", "false"], [".pro"]),
        ("set plan = .p", [".free", ".pro"], []),
        ("display ", ["ShortcutTip", "OtherTip", "NewItemTip"], ["store"]),
        ("display ShortcutTip ", ["for"], []),
        ("end ShortcutTip ", ["after"], []),
        ("reset ", ["ShortcutTip", "store"], []),
        ("invalidate ShortcutTip ", ["tipClosed", "actionPerformed", "reason"], []),
        ("display NewItemTip(", ["itemID:"], []),
        ("expect ", ["ShortcutTip", "group", "param", "explain", "converted", "observed"], []),
        ("expect ShortcutTip ", ["pending", "available", "invalidated", "invalidated(tipClosed)"], []),
        ("expect group ", ["Saving"], ["ShortcutTip"]),
        ("expect group Saving ", ["current"], []),
        ("expect group Saving current ", ["ShortcutTip", "OtherTip", "none"], ["NewItemTip"]),
        ("expect param ", ["plan"], []),
        ("expect param plan == ", [".free", ".pro"], []),
        ("expect explain ShortcutTip ", ["contains"], []),
        ("expect observed ShortcutTip pending, ", ["available"], []),
        ("platform ", ["macOS", "iOS", "visionOS"], []),
        ("override ", ["showAll", "hideAll", "show", "hide", "clear"], []),
        ("override show ShortcutTip, ", ["OtherTip"], []),
        ("expect explain ShortcutTip contains \"cool", [], ["contains", "ShortcutTip"]),
        ("donate manualSave # a ", [], ["manualSave", "donate"]),
        ("advance ", [], ["ShortcutTip"]),
    ]

    @Test(arguments: completions)
    func completion(_ row: (line: String, offered: Set<String>, notOffered: Set<String>)) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: fixture.root + "/app/typing.scenario")
        h.notify(Message.didOpen(uri, "scenario \"typing\"\n" + row.line + "\n"))
        let got = labels(&h, uri, 1, row.line.utf16.count)
        #expect(got.isSuperset(of: row.offered), "\(row.line): \(got.sorted())")
        #expect(got.isDisjoint(with: row.notOffered), "\(row.line): \(got.sorted())")
        if row.offered.isEmpty { #expect(got.isEmpty, "\(row.line): \(got.sorted())") }
    }

    @Test func hoverAndDefinition() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: fixture.root + "/app/shortcut.scenario")
        h.notify(Message.didOpen(uri, Self.scenario))
        func hover(_ line: Int, _ character: Int) -> String {
            h.result("textDocument/hover", Message.position(uri, line, character))?["contents"]?["value"]?.string ?? ""
        }
        #expect(hover(4, 9).contains("tip ShortcutTip"))
        #expect(hover(1, 6).contains("param hasSeenList: Bool = false"))
        #expect(hover(3, 9).contains("event manualSave(kind: Plan, words: Int)"))
        #expect(hover(3, 19).contains("Payload field of event `manualSave`"))
        #expect(hover(2, 12).contains("Case `pro` of enumeration `Plan`"))
        #expect(hover(3, 2).contains("donates an event"))
        #expect(hover(4, 24).contains("should display now"))
        #expect(hover(0, 12) == "")  // inside the title string

        let definition = h.result("textDocument/definition", Message.position(uri, 4, 9))?.array
        #expect(definition?.first?["uri"]?.string == fixture.tipsURI)
        #expect(definition?.first?["range"]?["start"]?["line"]?.int == 1)
        let field = h.result("textDocument/definition", Message.position(uri, 3, 19))?.array
        #expect(field?.first?["uri"]?.string == fixture.modelURI)
    }

    @Test func fixItsAreQuickFixes() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: fixture.root + "/app/words.scenario")
        h.notify(Message.didOpen(uri, "scenario \"words\"\nadvance 3 days\nexpect OtherTip available\n"))
        #expect(!h.codes(uri).isEmpty)
        let actions = h.result("textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]), "range": Message.range(1, 0, 1, 14),
            "context": .object(["diagnostics": .array([])])]))?.array ?? []
        let edit = actions.first?["edit"]?["changes"]?[uri]?.array?.first
        #expect(edit?["newText"]?.string == "3d", "\(actions)")
    }
}
