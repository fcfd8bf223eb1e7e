/// One run of a command: its arguments, its environment, and the text it writes.
///
/// Commands write into strings, not streams, so they need no generic parameters and can
/// live in a table; `Tipc.run` (or ``CommandProcess``) copies the text out.
public struct Invocation {
    /// The program named in messages: `tipc: error: ...`, `tips-gen: error: ...`.
    public var program: String
    /// The arguments after the command name.
    public var arguments: [String]
    public var environment: [String: String]
    public var terminals: Terminals
    public var stdout = ""
    public var stderr = ""
    /// Where binary output for `-` goes (`tipc compile -o -`): nil writes it straight to
    /// the process's standard output (descriptor 1); tests set an array to collect it.
    public var binaryStdout: [UInt8]? = nil

    public init(program: String = "tipc", arguments: [String], environment: [String: String], terminals: Terminals) {
        self.program = program
        self.arguments = arguments
        self.environment = environment
        self.terminals = terminals
    }

    /// `tipc: error: message` on standard error.
    public mutating func error(_ message: String) {
        stderr += "\(program): error: \(message)\n"
    }

    /// `tipc: warning: message` on standard error.
    public mutating func warning(_ message: String) {
        stderr += "\(program): warning: \(message)\n"
    }

    /// Reports a usage mistake with the command's usage line and where to read more.
    public mutating func usageError(_ error: UsageError, command: Command?) -> Int32 {
        self.error(error.message)
        if let command {
            stderr += "usage: \(command.usage)\n"
            stderr += "run 'tipc help \(command.name)' for more\n"
        } else {
            stderr += "run 'tipc --help' for a list of commands\n"
        }
        return ExitCode.usage
    }

    /// Whether output to standard output (or standard error) should be coloured: `always`,
    /// `never`, or under `auto` only on a terminal with `NO_COLOR` unset or empty
    /// (https://no-color.org).
    public func wantsColor(_ mode: ColorMode, onStandardError: Bool = false) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            let isTerminal = onStandardError ? terminals.standardError : terminals.standardOutput
            return isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}

/// The `--color` setting.
public enum ColorMode: String, CaseIterable, Sendable {
    case auto, always, never
}

/// The exit statuses of `tipc`.
public enum ExitCode {
    /// Success: no errors (and, under `--strict`, no warnings); nothing to reformat.
    public static let success: Int32 = 0
    /// The input has problems: errors, warnings under `--strict`, files needing formatting.
    public static let failure: Int32 = 1
    /// `tipc` was used wrongly or could not read or write files.
    public static let usage: Int32 = 2
}
