import TipsSource

/// The catalog's `config` block, with defaults for what it leaves out.
public struct Configuration: Sendable, Hashable {
    /// Default `immediate`.
    public var displayFrequency: DisplayFrequency
    /// Donations kept per event unless the event says otherwise; default 1000.
    public var donationLimit: Int
    /// Maximum donation age (ms) unless the event says otherwise; default none.
    public var donationMaxAge: Int64?
    /// The `config` block, if there is one.
    public var range: SourceRange?

    /// The default number of donations kept per event.
    public static let defaultDonationLimit = 1000

    public init(displayFrequency: DisplayFrequency = .immediate,
                donationLimit: Int = Configuration.defaultDonationLimit,
                donationMaxAge: Int64? = nil, range: SourceRange? = nil) {
        self.displayFrequency = displayFrequency
        self.donationLimit = donationLimit
        self.donationMaxAge = donationMaxAge
        self.range = range
    }
}
