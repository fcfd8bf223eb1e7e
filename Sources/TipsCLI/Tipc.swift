import TipsCommandLine
import TipsGen

/// The `tipc` command line, as a library: tests call ``run(_:environment:terminals:stdout:stderr:)``
/// directly; the `tipc` executable only forwards the process's arguments to ``main()``.
public enum Tipc {
    /// The version `tipc --version` prints.
    public static let version = "0.1.0"

    /// Which of the standard streams are terminals (the command-line layer's type).
    public typealias Terminals = TipsCommandLine.Terminals

    /// Every command, in the order `tipc --help` lists them: authoring first, then the
    /// bundle, then state and the tools that read it.
    static let commands: [Command] = [
        CheckCommand.command,
        FormatCommand.command,
        TestCommand.command,
        ForecastCommand.command,
        PlaygroundCommand.command,
        DocCommand.command,
        PreviewCommand.command,
        LSPCommand.command,
        CompileCommand.command,
        GenCommand.command,
        DiffCommand.command,
        StringsCommand.command,
        PublishCommand.command,
        KeygenCommand.command,
        SuspendCommand.command,
        DisasmCommand.command,
        StatusCommand.command,
        ExplainCommand.command,
        JournalCommand.command,
        ReportCommand.command,
        EventsCommand.command,
        HelpCommand.command,
        VersionCommand.command,
    ]

    /// The command called `name`, if any.
    static func command(named name: String) -> Command? {
        commands.first { $0.name == name }
    }

    /// The error for a command that does not exist, with a suggestion when one is close.
    static func unknownCommand(_ name: String) -> UsageError {
        var message = "unknown command '\(name)'"
        if let guess = CommandSuggestion.closest(to: name, among: commands.map(\.name)) {
            message += "; did you mean '\(guess)'?"
        }
        return UsageError(message: message)
    }

    /// Runs `tipc` with `arguments` (without the program name) and returns its exit status:
    /// 0 success, 1 problems in the input, 2 usage or I/O errors (see ``ExitCode``).
    public static func run<Output: TextOutputStream, ErrorOutput: TextOutputStream>(
        _ arguments: [String], environment: [String: String] = [:], terminals: Terminals = .none,
        stdout: inout Output, stderr: inout ErrorOutput
    ) -> Int32 {
        var invocation = Invocation(arguments: [], environment: environment, terminals: terminals)
        let status = dispatch(arguments, &invocation)
        stdout.write(invocation.stdout)
        stderr.write(invocation.stderr)
        return status
    }

    private static func dispatch(_ arguments: [String], _ invocation: inout Invocation) -> Int32 {
        guard let first = arguments.first else {
            invocation.stderr += HelpCommand.overview
            return ExitCode.usage
        }
        switch first {
        case "-h", "--help":
            invocation.stdout += HelpCommand.overview
            return ExitCode.success
        case "--version":
            invocation.stdout += "tipc \(version)\n"
            return ExitCode.success
        default:
            break
        }
        if first.hasPrefix("-") {
            var message = "unknown option '\(first)'"
            if let guess = CommandSuggestion.closest(to: first, among: ["--help", "--version"]) {
                message += "; did you mean '\(guess)'?"
            }
            return invocation.usageError(UsageError(message: message), command: nil)
        }
        guard let command = command(named: first) else {
            return invocation.usageError(unknownCommand(first), command: nil)
        }
        invocation.arguments = Array(arguments.dropFirst())
        return command.run(&invocation)
    }
}
