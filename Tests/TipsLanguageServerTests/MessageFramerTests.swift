import Testing
@testable import TipsLanguageServer

@Suite struct MessageFramerTests {
    func frames(_ chunks: [String]) -> [MessageFramer.Frame] {
        var framer = MessageFramer()
        var out: [MessageFramer.Frame] = []
        for chunk in chunks {
            framer.append(Array(chunk.utf8))
            while let f = framer.next() { out.append(f) }
        }
        return out
    }

    @Test func splitsMessagesArrivingInPieces() {
        let stream = "Content-Length: 2\r\n\r\n{}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 4\r\n\r\n[1] "
        // Byte by byte gives the same frames as all at once.
        let whole = frames([stream])
        let pieces = frames(stream.map { String($0) })
        #expect(whole == [.message(Array("{}".utf8)), .message(Array("[1] ".utf8))])
        #expect(pieces == whole)
    }

    @Test func reportsBadHeadersAndCarriesOn() {
        let out = frames(["Content-Length: x\r\n\r\nContent-Length: 2\r\n\r\n{}", "Foo: 1\r\n\r\nContent-Length: 1\r\n\r\n1"])
        #expect(out.count == 4)
        if case .malformed(let reason) = out[0] { #expect(reason.contains("Content-Length")) } else { Issue.record("\(out[0])") }
        #expect(out[1] == .message(Array("{}".utf8)))
        if case .malformed = out[2] {} else { Issue.record("\(out[2])") }
        #expect(out[3] == .message(Array("1".utf8)))
    }

    @Test func refusesOversizedBodiesWithoutBufferingThem() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: 999999999999\r\n\r\n".utf8))
        guard case .malformed = framer.next() else { Issue.record("expected a malformed frame"); return }
        framer.append(Array(repeating: 0x20, count: 1000))
        #expect(framer.next() == nil)
    }

    @Test func headerGarbageWithoutBlankLineIsDropped() {
        var framer = MessageFramer()
        framer.append(Array(String(repeating: "x", count: 10_000).utf8) + [0x0A])
        guard case .malformed = framer.next() else { Issue.record("expected a malformed frame"); return }
        framer.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
        #expect(framer.next() == .message(Array("{}".utf8)))
    }
}
