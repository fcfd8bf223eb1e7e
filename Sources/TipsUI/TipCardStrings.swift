import TipsRuntime

/// The card's own words (not the tip's), resolved through the same localizer as the tip:
/// give them keys in your string table to translate them.
public struct TipCardStrings: Hashable, Sendable {
    /// The close button's accessibility label and accessibility action.
    public var close: TipText
    /// What VoiceOver says before the tip's title ("Tip: Favorite This Item. ...").
    public var tip: TipText

    /// English fallbacks under the keys `tips.close` and `tips.tip`.
    public init(close: TipText = .localized(key: "tips.close", table: nil, fallback: "Close"),
                tip: TipText = .localized(key: "tips.tip", table: nil, fallback: "Tip")) {
        self.close = close
        self.tip = tip
    }
}
