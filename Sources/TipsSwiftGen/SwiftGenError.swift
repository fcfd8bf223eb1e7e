/// Why `tipc gen swift` cannot write Swift for a catalog that checked without errors.
public struct SwiftGenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One sentence naming what clashes and where.
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
