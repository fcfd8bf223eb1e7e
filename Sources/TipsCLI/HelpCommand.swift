import TipsCommandLine
/// `tipc help [COMMAND]` and the overview printed by `tipc --help`.
enum HelpCommand {
    static let command = Command(
        name: "help",
        summary: "Show help for tipc or for one command.",
        usage: "tipc help [COMMAND]",
        options: [],
        details: "",
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let arguments: ParsedArguments
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            if arguments.positionals.count > 1 { throw UsageError(message: "help takes at most one command") }
        } catch {
            return invocation.usageError(error, command: command)
        }
        guard let name = arguments.positionals.first, !arguments.wantsHelp else {
            invocation.stdout += arguments.wantsHelp ? command.helpText : overview
            return ExitCode.success
        }
        guard let target = Tipc.command(named: name) else {
            return invocation.usageError(Tipc.unknownCommand(name), command: nil)
        }
        invocation.stdout += target.helpText
        return ExitCode.success
    }

    /// The text of `tipc --help`.
    static var overview: String {
        let width = Tipc.commands.map(\.name.count).max() ?? 0
        var text = """
            tipc \(Tipc.version): the Tips compiler

            usage: tipc <command> [options] [PATH...]

            commands:

            """
        for command in Tipc.commands {
            text += "  " + command.name + String(repeating: " ", count: width - command.name.count + 2)
                + command.summary + "\n"
        }
        text += """

            options:
              -h, --help  Show this help
              --version   Show the version

            Run 'tipc help <command>' for a command's options.

            """
        return text
    }
}
