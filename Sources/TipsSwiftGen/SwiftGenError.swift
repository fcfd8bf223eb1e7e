import TipsSource

/// Why `tipc gen swift` cannot write Swift for a catalog that checked without errors.
public struct SwiftGenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One sentence: the first problem (or the only one, for an unusable type name).
    public var message: String
    /// Problems in the catalog, as diagnostics to render against its sources (E800–E804);
    /// empty when the options are at fault (an unusable type name).
    public var diagnostics: [Diagnostic]

    public init(_ message: String, diagnostics: [Diagnostic] = []) {
        self.message = message
        self.diagnostics = diagnostics
    }

    public var description: String { message }
}
