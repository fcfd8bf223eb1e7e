import TipsSource

/// The `when` condition of a tip's message or of an action: the item is shown only while it
/// holds. The platform tests are decided by the platform the app runs on, the rest is a Bool
/// expression evaluated like a rule; the condition is their conjunction.
public struct ContentCondition: Sendable, Hashable {
    /// The platforms, in ``platformNames`` order, on which the item may be shown; `nil`
    /// when the condition does not test the platform.
    public var platforms: [String]?
    /// The part that is not a platform test: a Bool over parameters and events; `nil` when
    /// the condition only tests the platform.
    public var expr: CheckedExpr?
    /// The condition as written (after `when`).
    public var range: SourceRange

    public init(platforms: [String]?, expr: CheckedExpr?, range: SourceRange) {
        self.platforms = platforms
        self.expr = expr
        self.range = range
    }

    /// The platforms `platform` can be compared with: where TipKit runs.
    public static let platformNames = ["iOS", "iPadOS", "macOS", "tvOS", "visionOS", "watchOS"]

    /// The platform a near miss means: other capitals (`macos`), the name without `OS`
    /// (`mac`, `iPad`, `watch`, `vision`), a device (`iPhone`; `Catalyst` apps run as
    /// macOS), or a typo; `nil` when none is close. Rules, `when` conditions and scenarios'
    /// `platform` step share it.
    public static func platformGuess(_ name: String) -> String? {
        let lower = name.lowercased()
        if ["iphone", "ipod"].contains(lower) { return "iOS" }
        if ["catalyst", "maccatalyst", "mac catalyst"].contains(lower) { return "macOS" }
        return platformNames.first { $0.lowercased() == lower || $0.lowercased() == lower + "os" }
            ?? Suggestion.closest(to: name, among: platformNames)
    }
}
