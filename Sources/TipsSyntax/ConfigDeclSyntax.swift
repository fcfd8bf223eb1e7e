import TipsSource

/// `config { displayFrequency daily  displayBudget 1 per day  donationLimit 1000  donationMaxAge 90d }`.
public struct ConfigDeclSyntax: Sendable, Hashable {
    /// One setting of the configuration block.
    public enum Item: Sendable, Hashable {
        /// `displayFrequency immediate|hourly|daily|weekly|monthly` or a duration expression.
        case displayFrequency(DisplayFrequencySyntax, range: SourceRange)
        /// `donationLimit 1000`: default maximum number of donations kept per event.
        case donationLimit(ExprSyntax, range: SourceRange)
        /// `donationMaxAge 90d`: default maximum age of donations kept per event.
        case donationMaxAge(ExprSyntax, range: SourceRange)
        /// `displayBudget N per day|launch`: at most N tips shown in a window. The unit is kept
        /// as written (an identifier); the checker validates both the count and the unit.
        case displayBudget(ExprSyntax, unit: Identifier, range: SourceRange)

        /// The range of the whole item.
        public var range: SourceRange {
            switch self {
            case .displayFrequency(_, let r), .donationLimit(_, let r), .donationMaxAge(_, let r), .displayBudget(_, _, let r): r
            }
        }
    }

    public var items: [Item]
    /// From `config` to `}`.
    public var range: SourceRange

    public init(items: [Item], range: SourceRange) {
        self.items = items
        self.range = range
    }
}

/// The value of `displayFrequency`.
public enum DisplayFrequencySyntax: Sendable, Hashable {
    /// `immediate`, `hourly`, `daily`, `weekly`, `monthly` (the checker validates the name).
    case named(Identifier)
    /// A custom interval, e.g. `36h`.
    case custom(ExprSyntax)
}
