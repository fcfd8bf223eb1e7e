import TipsCommandLine
/// `tipc version` (also `tipc --version`).
enum VersionCommand {
    static let command = Command(
        name: "version",
        summary: "Show the version of tipc.",
        usage: "tipc version",
        options: [],
        details: "",
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
        invocation.stdout += "tipc \(Tipc.version)\n"
        return ExitCode.success
    }
}
