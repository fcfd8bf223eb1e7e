import Foundation
import Testing
@testable import TipsLanguageServer

/// `resetEligibility after D` in the editor: the clause among the tip items, `after` once
/// the clause is written, and a hover for both words.
@Suite struct RenewalCompletionTests {
    @Test func completion() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: NSTemporaryDirectory() + "draft-renewals.tips")
        h.notify(Message.didOpen(uri, """
            tip T {
                title "T"
                
                resetEligibility 
            }

            """))
        func labels(_ line: Int, _ character: Int) -> Set<String> {
            Set(h.result("textDocument/completion", Message.position(uri, line, character))?["items"]?.array?
                .compactMap { $0["label"]?.string } ?? [])
        }
        #expect(labels(2, 4).contains("resetEligibility"), "\(labels(2, 4))")
        #expect(labels(3, 21) == ["after"], "\(labels(3, 21))")
    }

    @Test(arguments: ["resetEligibility", "after"])
    func everyWordHasAMeaning(_ word: String) {
        #expect(Keywords.meanings[word]?.contains("resetEligibility after D") == true)
        #expect(Keywords.languageWords.contains(word))
    }
}
