/// What one tip's one variant did, counted from its events (testing events left out,
/// duplicates counted once).
public struct VariantFigures: Sendable, Hashable {
    public var catalog: String
    public var tip: String
    /// The experiment variant; `nil` when the tip runs no experiment.
    public var variant: String?
    public var eligible = 0
    public var shown = 0
    /// `ended` events by `ending` (`action` split as `action:<id>` in ``actions``).
    public var endings: [String: Int] = [:]
    public var actions: [String: Int] = [:]
    public var invalidated: [String: Int] = [:]
    /// `suppressed` events by reason: what held the tip back.
    public var suppressed: [String: Int] = [:]
    /// Every `converted` event, with or without a presentation.
    public var conversions = 0
    /// `converted` events that name a presentation: the numerator of the conversion rate.
    public var convertedAfterShown = 0
    /// Milliseconds from a presentation's start to its conversion, one per such conversion.
    var delays: [Int64] = []

    public init(catalog: String, tip: String, variant: String?) {
        self.catalog = catalog; self.tip = tip; self.variant = variant
    }

    /// Converted presentations over shown presentations.
    public var conversionRate: Double? { shown > 0 ? Double(min(convertedAfterShown, shown)) / Double(shown) : nil }
    public var conversionInterval: WilsonInterval? {
        WilsonInterval(successes: min(convertedAfterShown, shown), trials: shown)
    }
    /// Conversions over eligibility: the rate a holdout comparison uses, since a holdout is
    /// eligible but never shown.
    public var eligibleConversionRate: Double? {
        eligible > 0 ? Double(min(conversions, eligible)) / Double(eligible) : nil
    }

    /// The median time from shown to converted, in milliseconds (the mean of the two middle
    /// values for an even count).
    public var medianTimeToConversion: Int64? {
        guard !delays.isEmpty else { return nil }
        let sorted = delays.sorted(), mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
