/// One `tipc` subcommand: its name, its documentation and what it does.
///
/// Adding a command (compile, disasm, status, journal, explain, test) means writing its
/// `run` function and adding a ``Command`` to ``Tipc/commands``; help, the overview and
/// did-you-mean suggestions pick it up from the table.
struct Command: Sendable {
    /// An option the command accepts.
    struct Option: Sendable {
        /// `--format`.
        var name: String
        /// The value placeholder for options taking a value (`text|json|github`), else `nil`.
        var value: String?
        /// One line of help.
        var help: String
    }

    var name: String
    /// One line for the command overview.
    var summary: String
    /// `tipc check [--format text|json|github] [--strict] [PATH...]`.
    var usage: String
    var options: [Option]
    /// Paragraphs after the usage line in `tipc help NAME`.
    var details: String
    var run: @Sendable (inout Invocation) -> Int32

    /// The text of `tipc help NAME`.
    var helpText: String {
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
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ParsedArguments(arguments, options: options, command: name)
    }
}
