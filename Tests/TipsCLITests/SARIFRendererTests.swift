import Foundation
import Testing
import TipsSource
import TipsTestSupport

/// The SARIF renderer: a golden file over the renderer tests' sample, and the structural
/// promises a code-scanning upload relies on. `scripts/validate-sarif.sh` (run by CI)
/// validates real output against the SARIF 2.1.0 schema.
@Suite struct SARIFRendererTests {
    static let tool = DiagnosticRenderer.SARIFTool(name: "tipc", version: "test")

    static func parsed(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    static func run(_ log: [String: Any]) throws -> [String: Any] {
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        return try #require(runs.first)
    }

    @Test func golden() {
        let (sources, diagnostics) = DiagnosticRendererTests.sample()
        expectGolden(DiagnosticRenderer.sarif(diagnostics, sources: sources, tool: Self.tool), "sample.sarif")
    }

    @Test func versionAndSchema() throws {
        let (sources, diagnostics) = DiagnosticRendererTests.sample()
        let log = try Self.parsed(DiagnosticRenderer.sarif(diagnostics, sources: sources, tool: Self.tool))
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.hasSuffix("sarif-2.1.0.json") == true)
    }

    /// Each result names its rule by id and by index, each code has exactly one rule, and a
    /// documented code's rule carries the doc's title and help.
    @Test func rulesMatchResults() throws {
        let (sources, diagnostics) = DiagnosticRendererTests.sample()
        let run = try Self.run(try Self.parsed(DiagnosticRenderer.sarif(diagnostics, sources: sources, tool: Self.tool)))
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids == Array(Set(diagnostics.map(\.code))).sorted())
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == diagnostics.count)
        for (result, diagnostic) in zip(results, diagnostics) {
            #expect(result["ruleId"] as? String == diagnostic.code)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(ids[index] == diagnostic.code)
            #expect(result["level"] as? String == diagnostic.severity.rawValue)
        }
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            let help = (rule["help"] as? [String: Any])?["text"] as? String
            let title = (rule["shortDescription"] as? [String: Any])?["text"] as? String
            if let entry = DiagnosticHelp.entry(for: id) {
                #expect(help == entry.helpText)
                #expect(title == entry.title)
            } else {
                #expect(help == nil, "\(id) is not documented, so it has no help")
            }
        }
    }

    /// Regions are 1-based scalar columns; notes with a place are related locations and the
    /// others join the message; fix-its are replacements of the right region.
    @Test func locationsNotesAndFixes() throws {
        let (sources, diagnostics) = DiagnosticRendererTests.sample()
        let run = try Self.run(try Self.parsed(DiagnosticRenderer.sarif(diagnostics, sources: sources, tool: Self.tool)))
        let results = try #require(run["results"] as? [[String: Any]])
        let first = results[0]
        let physical = try #require(((first["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        let artifact = try #require(physical["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "Tips/Shortcuts.tips")
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        let region = try #require(physical["region"] as? [String: Int])
        #expect(region == ["startLine": 6, "startColumn": 16, "endLine": 6, "endColumn": 25])
        let message = try #require((first["message"] as? [String: Any])?["text"] as? String)
        #expect(message == "unknown event 'manualSav'\nnote: did you mean 'manualSave'?")
        let related = try #require(first["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1)
        #expect((related[0]["message"] as? [String: Any])?["text"] as? String == "event 'manualSave' declared here")
        let fixes = try #require(first["fixes"] as? [[String: Any]])
        let change = try #require((fixes.first?["artifactChanges"] as? [[String: Any]])?.first)
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        #expect(replacement["deletedRegion"] as? [String: Int] == region)
        #expect((replacement["insertedContent"] as? [String: Any])?["text"] as? String == "manualSave")
        // The file name with a space, comma and colon is percent-encoded.
        let odd = try #require(((results[6]["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect((odd["artifactLocation"] as? [String: Any])?["uri"] as? String == "Tips/odd%2C%20name%3A1.tips")
    }

    @Test(arguments: [
        ("a.tips", "a.tips", true),
        ("./dir/a b.tips", "dir/a%20b.tips", true),
        ("/abs/é.tips", "file:///abs/%C3%A9.tips", false),
        ("50%.tips", "50%25.tips", true),
    ])
    func uris(path: String, uri: String, relative: Bool) {
        let got = DiagnosticRenderer.sarifURI(path)
        #expect(got.uri == uri)
        #expect(got.relative == relative)
    }

    @Test func noDiagnosticsIsAnEmptyRun() throws {
        let run = try Self.run(try Self.parsed(DiagnosticRenderer.sarif([], sources: SourceSet(), tool: Self.tool)))
        #expect((run["results"] as? [Any])?.isEmpty == true)
    }
}
