import TipsRuntime
import TipsSource

/// A tip as a scenario names it: `ShortcutTip`, or a reusable tip's instance
/// `NewItemTip(itemID: "42")`.
public struct TipReference: Sendable, Hashable {
    public var name: ScenarioName
    /// Argument values by name, in the order written.
    public var arguments: [(name: ScenarioName, value: ScenarioValue)]
    /// From the name to the closing parenthesis.
    public var range: SourceRange
    /// The text as written, for messages and timeline lanes.
    public var text: String

    public init(name: ScenarioName, arguments: [(name: ScenarioName, value: ScenarioValue)] = [], range: SourceRange,
                text: String) {
        self.name = name
        self.arguments = arguments
        self.range = range
        self.text = text
    }

    /// The runtime's address of the tip (arguments are literals; `now` resolves at `now`).
    func tip(now: Int64) -> TipKey {
        var args: [String: TipValue] = [:]
        for a in arguments { args[a.name.text] = a.value.resolve(now: now) }
        return TipKey(name.text, arguments: args)
    }

    public static func == (a: TipReference, b: TipReference) -> Bool { a.text == b.text && a.range == b.range }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
