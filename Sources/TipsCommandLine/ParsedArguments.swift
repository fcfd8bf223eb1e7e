/// A command's arguments, split into flags, option values and positional paths.
///
/// Accepts `--name`, `--name value`, `--name=value`, and `--` to end options (so a path
/// may start with `-`). A repeated option keeps its last value in ``values``; every value,
/// in order, is in ``lists`` (for options a command takes more than once: `publish --app`,
/// `suspend --tip`).
public struct ParsedArguments {
    /// Flags given (`--strict`).
    public var flags: Set<String> = []
    /// Values of options taking one (`--format` -> `json`).
    public var values: [String: String] = [:]
    /// Every value of each option taking one, in the order given.
    public var lists: [String: [String]] = [:]
    /// Everything else, in order.
    public var positionals: [String] = []
    /// Whether `-h` or `--help` was given.
    public var wantsHelp = false

    public init(_ arguments: [String], options: [Command.Option], command: String) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                var message = "unknown option '\(name)' for 'tipc \(command)'"
                if let guess = CommandSuggestion.closest(to: name, among: options.map(\.name) + ["--help"]) {
                    message += "; did you mean '\(guess)'?"
                } else {
                    // Nothing close: name them all, so the fix needs no trip to the help.
                    message += "; its options are " + (options.map(\.name) + ["--help"]).joined(separator: ", ")
                }
                throw UsageError(message: message)
            }
            if option.value == nil {
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
                flags.insert(name)
            } else if let inlineValue {
                values[name] = inlineValue
                lists[name, default: []].append(inlineValue)
            } else if index < arguments.count {
                values[name] = arguments[index]
                lists[name, default: []].append(arguments[index])
                index += 1
            } else {
                throw UsageError(message: "option '\(name)' needs a value (\(option.value ?? ""))")
            }
        }
    }

    /// The value of an option restricted to `choices`, or `defaultValue` when absent.
    public func choice<T: RawRepresentable & CaseIterable>(_ name: String, default defaultValue: T) throws(UsageError) -> T
        where T.RawValue == String {
        guard let raw = values[name] else { return defaultValue }
        if let value = T(rawValue: raw) { return value }
        let names = T.allCases.map(\.rawValue)
        var message = "invalid value '\(raw)' for \(name); expected \(names.joined(separator: ", "))"
        if let guess = CommandSuggestion.closest(to: raw, among: names) { message += "; did you mean '\(guess)'?" }
        throw UsageError(message: message)
    }

    /// The value of an option that takes a whole number in `range`, or nil when absent; any
    /// other text is an error naming the option, the value and the range.
    public func wholeNumber(_ name: String, in range: ClosedRange<UInt64>) throws(UsageError) -> UInt64? {
        guard let raw = values[name] else { return nil }
        if let n = UInt64(raw), range.contains(n) { return n }
        let expected = range.upperBound == .max ? "a whole number from \(range.lowerBound)"
                                                : "a whole number from \(range.lowerBound) to \(range.upperBound)"
        throw UsageError(message: "invalid value '\(raw)' for \(name); expected \(expected)")
    }
}
