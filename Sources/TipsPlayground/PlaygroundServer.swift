import Foundation

/// `tipc playground` and `tipc preview --serve`: a catalog's playground served on
/// 127.0.0.1. The one entry point both commands call.
public enum PlaygroundServer {
    /// A playground being served.
    public struct Running: Sendable {
        public let playground: Playground
        public let server: HTTPServer
        /// `http://127.0.0.1:PORT/`.
        public var url: String { server.url }

        /// Stops serving and removes the session's scratch journal.
        public func stop() {
            server.stop()
            playground.close()
        }
    }

    /// Loads, checks and compiles the catalog at `catalogPath` and serves its playground
    /// on 127.0.0.1:`port` (0: a free port), returning once it listens.
    public static func start(catalogPath: String, port: Int = 0, limits: HTTPLimits = HTTPLimits()) throws(Playground.Failure) -> Running {
        let playground = try Playground(catalogPath: catalogPath)
        do throws(HTTPServer.Failure) {
            let server = try HTTPServer(port: port, limits: limits) { playground.handle($0) }
            server.start()
            return Running(playground: playground, server: server)
        } catch {
            playground.close()
            throw Playground.Failure(description: error.description)
        }
    }

    /// Serves until the process is stopped: prints the URL through `announce` (first line:
    /// `playground: http://127.0.0.1:PORT/`), opens it in the default browser when asked.
    public static func serve(catalogPath: String, port: Int, openBrowser: Bool,
                             announce: (String) -> Void) throws(Playground.Failure) -> Never {
        let running = try start(catalogPath: catalogPath, port: port)
        announce("playground: \(running.url)")
        announce("serving \(catalogPath) on 127.0.0.1 only; press Ctrl-C to stop")
        if openBrowser { open(running.url, announce: announce) }
        running.server.wait()
        running.playground.close()
        exit(0)
    }

    /// Opens `url` with the platform's opener (`open` on macOS, `xdg-open` elsewhere).
    static func open(_ url: String, announce: (String) -> Void) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        #if os(macOS)
        process.arguments = ["open", url]
        #else
        process.arguments = ["xdg-open", url]
        #endif
        do {
            try process.run()
        } catch {
            announce("cannot open a browser (\(error.localizedDescription)); open \(url) yourself")
        }
    }
}
