/// Which of the standard streams are terminals (colour is only ever automatic there).
public struct Terminals: Sendable, Hashable {
    public var standardOutput: Bool
    public var standardError: Bool

    public init(standardOutput: Bool, standardError: Bool) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Neither stream is a terminal: plain output (tests, pipes, CI).
    public static let none = Terminals(standardOutput: false, standardError: false)
}
