/// What rules read, in the plainest form: parameter values, every donation of every event
/// in the order it was made, and the evaluation instant.
public struct ReferenceState: Sendable {
    /// The evaluation instant (ms since the Unix epoch).
    public var now: Int64
    /// One value per ``TipsCheck/CatalogModel/parameters`` entry.
    public var parameters: [ReferenceValue]
    /// Per event (by model index), every donation in donation order. Not trimmed: the
    /// evaluator applies each event's limit and maximum age itself.
    public var donations: [[ReferenceDonation]]
    /// The argument values of the reusable-tip instance whose rules are evaluated, in
    /// declaration order (empty for a plain tip): what an argument read gives.
    public var arguments: [ReferenceValue] = []
    /// The platform the app runs on, by its `.tips` name (`platform == macOS`).
    public var platform = "iOS"
    /// The device's time zone by identifier (`Europe/Berlin`), which calendar fields and
    /// `days(...)` read through Foundation's calendar.
    public var timeZone = "UTC"
    /// `installed` and `appUpdated` (ms), nil while unknown.
    public var installedAt: Int64?
    public var appUpdatedAt: Int64?

    public init(now: Int64, parameters: [ReferenceValue], donations: [[ReferenceDonation]]) {
        self.now = now
        self.parameters = parameters
        self.donations = donations
    }
}

/// One donation: when, and the payload by field name (a field the donating app version
/// did not know is simply absent).
public struct ReferenceDonation: Sendable, Hashable {
    /// Milliseconds since the Unix epoch.
    public var time: Int64
    /// Field name to value.
    public var payload: [String: ReferenceValue]

    public init(time: Int64, payload: [String: ReferenceValue] = [:]) {
        self.time = time
        self.payload = payload
    }
}
