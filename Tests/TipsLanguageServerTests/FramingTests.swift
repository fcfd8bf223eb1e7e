import Testing
@testable import TipsLanguageServer
import TipsText

/// A byte stream through the framer and the server, as `StdioServer` runs them: one bad
/// header block must not cost the messages after it (issue 19: `Content-Length: abc`
/// made the framer read each later body and the next header as one header block).
@Suite struct FramingTests {
    static func framed(_ message: JSON) -> [UInt8] {
        let body = Array(message.rendered().utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Feeds `stream` in pieces of `chunk` bytes and returns everything the server sent.
    static func serve(_ stream: [UInt8], chunk: Int) -> [JSON] {
        var framer = MessageFramer()
        var server = LanguageServer()
        var out: [JSON] = []
        var i = 0
        while i < stream.count {
            framer.append(stream[i..<min(i + chunk, stream.count)])
            i += chunk
            while let frame = framer.next() {
                server.receive(frame: frame)
                out += server.takeOutput()
            }
            server.flush()
            out += server.takeOutput()
        }
        return out
    }

    static let initialize = Message.request(1, "initialize", Message.initialize(rootURI: "file:///nowhere"))
    static let symbols = Message.request(2, "workspace/symbol", .object(["query": ""]))
    static let shutdown = Message.request(3, "shutdown", .null)

    /// Header blocks a client may get wrong, each followed by a body written as if it were right.
    static let badHeaders = [
        "Content-Length: abc\r\n\r\n",
        "Content-Length: -4\r\n\r\n",
        "Content-Length: 12abc\r\n\r\n",
        "Content-Type: application/json\r\n\r\n",
        "content-length 40\r\n\r\n",
        "\r\n\r\n",
        "Content-Length: 5\r\nContent-Length: many\r\n\r\n",
        "9000 × x\r\n\r\n",  // a header line longer than the 8 KiB a header block may have
    ]

    @Test(arguments: badHeaders, [1, 7, 100_000])
    func theServerAnswersEveryRequestAfterABadHeader(header: String, chunk: Int) {
        let block = header.hasPrefix("9000 × x") ? String(repeating: "x", count: 9000) + "\r\n\r\n" : header
        let broken = Array(block.utf8) + Array(Message.request(9, "shutdown", .null).rendered().utf8)
        let stream = broken + Self.framed(Self.initialize) + Self.framed(Self.symbols) + Self.framed(Self.shutdown)
        let out = Self.serve(stream, chunk: chunk)
        let answered = out.compactMap { $0["id"]?.int }
        #expect(answered == [1, 2, 3], "answered \(answered)")
        #expect(out.contains { $0["id"]?.isNull == true && $0["error"]?["code"]?.int == RPCError.parseErrorCode })
        #expect(out.contains { $0["method"]?.string == "window/logMessage"
            && $0["params"]?["message"]?.string?.contains("malformed message header") == true })
    }

    @Test func aBodyShorterThanItsLengthCostsOnlyTheMessagesItSwallowed() {
        // The body claims 80 bytes: it takes the next message's header and part of its body,
        // then the framer resynchronises at the header after those.
        let stream = Array("Content-Length: 80\r\n\r\n{}".utf8) + Self.framed(Self.initialize) + Self.framed(Self.symbols)
            + Self.framed(Self.shutdown)
        for chunk in [1, 13, 100_000] {
            let answered = Self.serve(stream, chunk: chunk).compactMap { $0["id"]?.int }
            #expect(answered.suffix(2) == [2, 3] || answered.suffix(1) == [3], "chunk \(chunk): answered \(answered)")
            #expect(answered.last == 3)
        }
    }

    @Test func garbageWithoutAnyHeaderIsReportedOnceAndSkipped() {
        var framer = MessageFramer()
        var malformed = 0
        for _ in 0..<100 {
            framer.append(Array(repeating: UInt8(ascii: "z"), count: 10_000))
            while let frame = framer.next() { if case .malformed = frame { malformed += 1 } }
        }
        framer.append(Self.framed(Self.shutdown))
        var messages: [[UInt8]] = []
        while let frame = framer.next() { if case .message(let body) = frame { messages.append(body) } }
        #expect(malformed == 1)
        #expect(messages == [Array(Self.shutdown.rendered().utf8)])
    }

    @Test func aMarkerCutByTheEndOfTheInputIsFound() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: x\r\n\r\nnot a body".utf8))
        #expect({ if case .malformed = framer.next() { true } else { false } }())
        let next = Self.framed(Self.shutdown)
        for b in next {
            framer.append([b])
            if let frame = framer.next() {
                #expect(frame == .message(Array(Self.shutdown.rendered().utf8)))
            }
        }
        #expect(framer.hasPartialInput == false)
    }

    @Test func awaitedBytesCountsTheRestOfTheBody() {
        var framer = MessageFramer()
        #expect(framer.awaitedBytes == nil)
        framer.append(Array("Content-Length: 10\r\n\r\nabc".utf8))
        #expect(framer.next() == nil)
        #expect(framer.awaitedBytes == 7)
        framer.append(Array("defghij".utf8))
        #expect(framer.next() == .message(Array("abcdefghij".utf8)))
        #expect(framer.awaitedBytes == nil)
    }
}
