/// Extra context attached to a diagnostic, optionally pointing at another place.
public struct Note: Sendable, Hashable {
    /// The note text.
    public var message: String
    /// Where it points, if anywhere (e.g. the first declaration of a duplicate).
    public var range: SourceRange?

    public init(_ message: String, at range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }
}
