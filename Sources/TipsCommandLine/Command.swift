/// One `tipc` subcommand: its name, its documentation and what it does.
///
/// Adding a command to `tipc` (compile, disasm, status, journal, explain, test) means writing
/// its `run` function and adding a ``Command`` to `Tipc.commands` (TipsCLI); help, the
/// overview and did-you-mean suggestions pick it up from the table. `tips-gen` runs one
/// command, `gen`, alone.
public struct Command: Sendable {
    /// An option the command accepts.
    public struct Option: Sendable {
        /// `--format`.
        public var name: String
        /// The value placeholder for options taking a value (`text|json|github`), else `nil`.
        public var value: String?
        /// One line of help.
        public var help: String

        public init(name: String, value: String? = nil, help: String) {
            self.name = name
            self.value = value
            self.help = help
        }
    }

    public var name: String
    /// One line for the command overview.
    public var summary: String
    /// `tipc check [--format text|json|github] [--strict] [PATH...]`.
    public var usage: String
    public var options: [Option]
    /// Paragraphs after the usage line in `tipc help NAME`.
    public var details: String
    public var run: @Sendable (inout Invocation) -> Int32

    public init(name: String, summary: String, usage: String, options: [Option], details: String,
                run: @escaping @Sendable (inout Invocation) -> Int32) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.options = options
        self.details = details
        self.run = run
    }

    /// The text of `tipc help NAME`.
    public var helpText: String {
        var text = "usage: \(usage)\n\n\(summary)\n"
        if !details.isEmpty { text += "\n\(details)\n" }
        var rows: [(String, String)] = options.map { option in
            (option.value.map { "\(option.name) \($0)" } ?? option.name, option.help)
        }
        rows.append(("-h, --help", "Show this help"))
        let width = rows.map { $0.0.count }.max() ?? 0
        text += "\noptions:\n"
        for (left, help) in rows {
            text += "  " + left + String(repeating: " ", count: width - left.count + 2) + help + "\n"
        }
        return text
    }

    /// Parses this command's arguments; `--help` anywhere asks for help.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ParsedArguments(arguments, options: options, command: name)
    }
}
