import Foundation
import Testing
@testable import TipsLanguageServer

/// Goals in the editor: completion after `goal` offers the events, after the event `where`
/// and `within`, and after `where` (or `&&`) the event's payload fields.
@Suite struct GoalCompletionTests {
    @Test func completion() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: NSTemporaryDirectory() + "draft-goals.tips")
        h.notify(Message.didOpen(uri, """
            enum Target { email, link }
            event shared(target: Target, recipients: Int)
            event opened
            tip G {
                title "G"
                goal 
            }
            tip H {
                title "H"
                goal shared 
            }
            tip I {
                title "I"
                goal shared where 
            }
            tip J {
                title "J"
                goal shared where recipients >= 1 && 
            }

            """))
        func labels(_ line: Int, _ character: Int) -> Set<String> {
            Set(h.result("textDocument/completion", Message.position(uri, line, character))?["items"]?.array?
                .compactMap { $0["label"]?.string } ?? [])
        }
        #expect(labels(5, 9).isSuperset(of: ["shared", "opened"]), "\(labels(5, 9))")
        #expect(!labels(5, 9).contains("title"))
        #expect(labels(9, 16) == ["where", "within"])
        #expect(labels(13, 22) == ["target", "recipients"])
        #expect(labels(17, 40) == ["target", "recipients"])
    }
}
