import TipsCommandLine
import TipsLanguageServer

/// `tipc lsp`: the language server editors start (Docs/editors.md).
enum LSPCommand {
    static let command = Command(
        name: "lsp",
        summary: "Run the language server for editors (LSP 3.17 over standard input and output).",
        usage: "tipc lsp [--stdio]",
        options: [
            .init(name: "--stdio", value: nil, help: "Talk over standard input and output (the default and only transport)"),
        ],
        details: """
            Speaks the Language Server Protocol with Content-Length framing on standard input
            and output: diagnostics as you type, hover, go to definition, references,
            completion, rename, formatting, code actions, symbols and semantic tokens for the
            catalogs below the editor's workspace folders. Editors start it themselves; see
            Docs/editors.md. Exit status: 0 after a 'shutdown' request and 'exit', 1 when the
            input ends or 'exit' comes without 'shutdown'.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        do throws(UsageError) {
            let arguments = try command.parse(invocation.arguments)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            if let extra = arguments.positionals.first { throw UsageError(message: "unexpected argument '\(extra)'") }
        } catch {
            return invocation.usageError(error, command: command)
        }
        return StdioServer.run(input: 0, output: 1)
    }
}
