import Foundation
import Testing
@testable import TipsLanguageServer
import TipsText

/// String Catalogs beside a catalog are checked as the author types, as `tipc check` checks
/// them: a missing translation at the text in the `.tips` file, a wrong placeholder in the
/// String Catalog; a change of the String Catalog on disk is seen after the watcher says so.
@Suite struct TranslationEditingTests {
    static let tips = """
        param seen: Bool = false
        tip Save(name: String) {
            id "Save-\\(name)"
            title localized("save.title", default: "Save \\(name)")
            message localized("save.message", default: "Keep it for later.")
            rule seen
        }

        """

    static func strings(title: String) -> String {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "save.title" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "\(title)" } }
              }
            }
          },
          "version" : "1.0"
        }
        """
    }

    @Test func translationsBesideTheCatalog() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let folder = fixture.root + "/app"
        try Self.tips.write(toFile: folder + "/strings.tips", atomically: true, encoding: .utf8)
        let catalogPath = folder + "/Localizable.xcstrings"
        try Self.strings(title: "\\\\(nmae) sichern").write(toFile: catalogPath, atomically: true, encoding: .utf8)
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: folder + "/strings.tips")
        h.notify(Message.didOpen(uri, Self.tips))
        // No German message: W600 at the message's text, on line 5.
        let w600 = (h.diagnostics(uri) ?? []).filter { $0["code"]?.string == "W600" }
        #expect(w600.count == 1, "\(h.diagnostics(uri) ?? [])")
        #expect(w600.first?["range"]?["start"]?["line"]?.int == 4)
        // The German title drops \(name) and adds \(nmae): E601, in the String Catalog, line 6.
        let catalogURI = DocumentURI.uri(forPath: catalogPath)
        #expect(h.codes(catalogURI) == ["E601"], "\(h.diagnostics(catalogURI) ?? [])")
        #expect(h.diagnostics(catalogURI)?.first?["range"]?["start"]?["line"]?.int == 5)
        // Requests about the String Catalog itself are not answered as if it were a .tips file.
        let hover = h.request("textDocument/hover", Message.position(catalogURI, 5, 10))
        #expect(hover?["result"] == .null || hover?["error"] != nil)

        // Fixed on disk; the editor's watcher reports it, and E601 goes.
        try Self.strings(title: "\\\\(name) sichern").write(toFile: catalogPath, atomically: true, encoding: .utf8)
        h.notify(Message.notification("workspace/didChangeWatchedFiles", .object(["changes": .array([
            .object(["uri": .string(catalogURI), "type": 2])])])))
        #expect(h.codes(catalogURI) == [])
        #expect(h.codes(uri) == ["W600"])

        // A catalog with errors is not compared (as in tipc check): only the error shows.
        h.notify(Message.didChange(uri, version: 2, range: Message.range(5, 9, 5, 13), text: "seeen"))
        #expect(h.codes(uri) == ["E202"], "\(h.diagnostics(uri) ?? [])")
    }
}
