import Foundation
import TipsCommandLine
import TipsPlayground

/// `tipc playground`: a catalog's playground on 127.0.0.1 (Docs/playground.md). All of it is
/// `TipsPlayground`'s (`PlaygroundServer.serve`, which `tipc preview --serve` calls too);
/// this parses the options.
enum PlaygroundCommand {
    static let command = Command(
        name: "playground",
        summary: "Serve a page on 127.0.0.1 where the real runtime shows a catalog's tips as you donate, set and move the clock.",
        usage: "tipc playground [--defs DIR] [--port N] [--open]",
        options: [
            .init(name: "--defs", value: "DIR", help: "The catalog (default: the current directory)"),
            .init(name: "--port", value: "N", help: "The port on 127.0.0.1, 0 to 65535 (default 0: a free one, printed)"),
            .init(name: "--open", value: nil, help: "Open the page in the default browser"),
        ],
        details: """
            Checks and compiles the catalog, opens a TipStore on a scratch journal with a \
            simulated clock, and serves one self-contained page and its JSON API on \
            127.0.0.1 only (requests whose Host is not 127.0.0.1, localhost or [::1] with \
            this port are refused, as are changes from other origins). The first line printed \
            is 'playground: http://127.0.0.1:PORT/'. 'Save as scenario' on the page writes a \
            .scenario file that 'tipc test' passes. The same playground is 'tipc preview --serve'. \
            Runs until stopped (Ctrl-C). Exit status: 1 the catalog has errors, 2 usage error \
            or the port cannot be listened on.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let arguments: ParsedArguments
        let port: Int
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            port = Int(try arguments.wholeNumber("--port", in: 0...65535) ?? 0)
            if let extra = arguments.positionals.first {
                throw UsageError(message: "unexpected argument '\(extra)'; name the catalog with --defs DIR")
            }
        } catch {
            return invocation.usageError(error, command: command)
        }
        let defs = arguments.values["--defs"] ?? "."
        do throws(Playground.Failure) {
            // The server runs until the process ends, so its lines go out at once, not
            // through the invocation's buffers.
            try PlaygroundServer.serve(catalogPath: defs, port: port, openBrowser: arguments.flags.contains("--open")) { line in
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        } catch {
            invocation.error(error.description)
            return error.isCatalogProblem ? ExitCode.failure : ExitCode.usage
        }
    }
}
