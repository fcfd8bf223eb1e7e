import TipsSource

/// A name written in a scenario (a tip, event, parameter, group or payload field) and where.
public struct ScenarioName: Sendable, Hashable {
    public var text: String
    public var range: SourceRange

    public init(_ text: String, range: SourceRange) {
        self.text = text
        self.range = range
    }
}
