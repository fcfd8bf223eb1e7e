import TipsCommandLine

/// `tips-gen`: the `gen` command as a program of its own, for the build plugin. Its
/// arguments are those of `tipc gen` (`tips-gen swift [options] PATH... -o FILE`), and so
/// are its outputs and exit statuses; its messages start with `tips-gen:`.
public enum GenTool {
    /// Runs `tips-gen` with `arguments` (without the program name); returns the exit status.
    public static func run<Output: TextOutputStream, ErrorOutput: TextOutputStream>(
        _ arguments: [String], environment: [String: String] = [:], terminals: Terminals = .none,
        stdout: inout Output, stderr: inout ErrorOutput
    ) -> Int32 {
        var invocation = Invocation(program: "tips-gen", arguments: arguments, environment: environment, terminals: terminals)
        let status = GenCommand.run(&invocation)
        stdout.write(invocation.stdout)
        stderr.write(invocation.stderr)
        return status
    }
}
