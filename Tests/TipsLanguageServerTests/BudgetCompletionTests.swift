import Foundation
import Testing
@testable import TipsLanguageServer

/// Budgets in the editor: `displayBudget` among the config items, `per` after its count, the
/// units after `per`, `priority` and `ignoresDisplayBudget` among the tip items, and
/// `together` after a group's name or priority; each word has a hover.
@Suite struct BudgetCompletionTests {
    @Test func completion() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: NSTemporaryDirectory() + "draft-budgets.tips")
        h.notify(Message.didOpen(uri, """
            config {
                displayBudget 2 
                displayBudget 3 per 
                
            }
            tip T {
                title "T"
                
                ignoresDisplayBudget 
            }
            group G 
            group H ordered 

            """))
        func labels(_ line: Int, _ character: Int) -> Set<String> {
            Set(h.result("textDocument/completion", Message.position(uri, line, character))?["items"]?.array?
                .compactMap { $0["label"]?.string } ?? [])
        }
        #expect(labels(1, 20) == ["per"], "\(labels(1, 20))")
        #expect(labels(2, 24) == ["day", "launch"], "\(labels(2, 24))")
        #expect(labels(3, 4).isSuperset(of: ["displayFrequency", "displayBudget"]), "\(labels(3, 4))")
        #expect(labels(7, 4).isSuperset(of: ["priority", "ignoresDisplayBudget"]), "\(labels(7, 4))")
        #expect(labels(8, 25) == ["true", "false"], "\(labels(8, 25))")
        #expect(labels(10, 8) == ["firstAvailable", "ordered", "together"], "\(labels(10, 8))")
        #expect(labels(11, 16) == ["together"], "\(labels(11, 16))")
    }

    @Test(arguments: ["displayBudget", "priority", "ignoresDisplayBudget", "together", "per"])
    func everyWordHasAMeaning(_ word: String) {
        #expect(Keywords.meanings[word]?.contains("`\(word)") == true)
        #expect(Keywords.languageWords.contains(word))
    }
}
