/// How much a request may hold and how long it may take; past them the server answers
/// with an error status and closes the connection.
public struct HTTPLimits: Sendable, Hashable {
    /// The request line and the header fields, with their line ends (431 past it).
    public var maxHeaderBytes = 16 * 1024
    /// Header fields (431 past it).
    public var maxHeaderCount = 64
    /// The request target (414 past it).
    public var maxTargetBytes = 2048
    /// The body (413 past it).
    public var maxBodyBytes = 64 * 1024
    /// The longest wait for the next bytes of a request (408 after it).
    public var idleTimeoutMilliseconds = 5_000
    /// The longest a whole request may take to arrive, however it trickles in (408 after it).
    public var requestTimeoutMilliseconds = 10_000
    /// Connections served at once; one more is answered 503 and closed.
    public var maxConnections = 16

    public init() {}
}
