import TipsSource

/// The catalog's `config` block, with defaults for what it leaves out.
public struct Configuration: Sendable, Hashable {
    /// Default `immediate`.
    public var displayFrequency: DisplayFrequency
    /// Donations kept per event unless the event says otherwise; default 1000.
    public var donationLimit: Int
    /// Maximum donation age (ms) unless the event says otherwise; default none.
    public var donationMaxAge: Int64?
    /// `displayBudget N per day`: at most N tips shown in a local calendar day; nil: no daily budget.
    public var displayBudgetPerDay: Int?
    /// Where `displayBudget ... per day` was written.
    public var displayBudgetPerDayRange: SourceRange?
    /// `displayBudget N per launch`: at most N tips shown in one launch of the app; nil: none.
    public var displayBudgetPerLaunch: Int?
    /// Where `displayBudget ... per launch` was written.
    public var displayBudgetPerLaunchRange: SourceRange?
    /// The `config` block, if there is one.
    public var range: SourceRange?

    /// The default number of donations kept per event.
    public static let defaultDonationLimit = 1000
    /// The largest display budget (tips per day or per launch); the bundle's limit.
    public static let maxDisplayBudget = 100

    /// Whether any display budget is declared (priorities and exemptions matter only then).
    public var hasDisplayBudget: Bool { displayBudgetPerDay != nil || displayBudgetPerLaunch != nil }

    public init(displayFrequency: DisplayFrequency = .immediate,
                donationLimit: Int = Configuration.defaultDonationLimit,
                donationMaxAge: Int64? = nil, displayBudgetPerDay: Int? = nil, displayBudgetPerLaunch: Int? = nil,
                range: SourceRange? = nil) {
        self.displayBudgetPerDay = displayBudgetPerDay
        self.displayBudgetPerLaunch = displayBudgetPerLaunch
        self.displayFrequency = displayFrequency
        self.donationLimit = donationLimit
        self.donationMaxAge = donationMaxAge
        self.range = range
    }
}
