/// A mistake in how a command was invoked (exit status 2).
public struct UsageError: Error {
    /// Reads after `tipc: error: `.
    public var message: String

    public init(message: String) {
        self.message = message
    }
}
