/// A mistake in how `tipc` was invoked (exit status 2).
struct UsageError: Error {
    /// Reads after `tipc: error: `.
    var message: String
}
