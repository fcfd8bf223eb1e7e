import TipsRuntime
import TipsSource

/// A value written in a scenario: a literal, or an instant relative to the scenario's clock
/// (`now`, `now - 3d`), resolved when the step runs.
public struct ScenarioValue: Sendable, Hashable {
    /// What the value is.
    public enum Kind: Sendable, Hashable {
        /// A literal: `true`, `3`, `2.5`, `"inbox"`, `.pro`, `["a", "b"]`, `nil`, an instant.
        case literal(TipValue)
        /// `now` plus an offset in milliseconds (negative for `now - 3d`).
        case now(offset: Int64)
    }

    public var kind: Kind
    public var range: SourceRange

    public init(_ kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The value at instant `now`.
    public func resolve(now: Int64) -> TipValue {
        switch kind {
        case .literal(let v): return v
        case .now(let offset): return .date(now &+ offset)
        }
    }
}
