import TipsText

/// Runs a ``LanguageServer`` over a pair of file descriptors (standard input and output),
/// framing messages with `Content-Length` headers.
public enum StdioServer {
    /// Serves until `exit` (returning its status) or the end of input (returning 1: the
    /// client went away without shutting the server down).
    public static func run(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        Platform.ignoreBrokenPipes()
        var framer = MessageFramer()
        var server = LanguageServer()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = Platform.read(input, into: &buffer)
            if n <= 0 { return server.exitCode ?? 1 }
            framer.append(buffer[0..<n])
            while let frame = framer.next() {
                server.receive(frame: frame)
                guard send(server.takeOutput(), to: output) else { return 1 }
                if let code = server.exitCode { return code }
            }
            // Everything received so far is handled: now check what the edits made stale.
            server.flush()
            guard send(server.takeOutput(), to: output) else { return 1 }
        }
    }

    /// Writes messages with their headers; false if the client closed its end.
    static func send(_ messages: [JSON], to output: Int32) -> Bool {
        for message in messages {
            let body = Array(message.rendered().utf8)
            guard Platform.write(output, Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body) else { return false }
        }
        return true
    }
}
