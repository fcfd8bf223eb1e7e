import TipsRuntime
import TipsSource
import TipsTime

/// One line of a scenario that does something or checks something.
public struct ScenarioStep: Sendable, Hashable {
    /// How a status expectation is written.
    public enum ExpectedStatus: Sendable, Hashable, CustomStringConvertible {
        case pending
        case available
        /// `invalidated` (any reason) or `invalidated(reason)`.
        case invalidated(TipInvalidationReason?)
        /// `snoozed` (until any instant) or `snoozed until 2026-01-04T09:00:00Z`.
        case snoozed(until: Int64?)

        /// Whether `status` meets the expectation.
        public func matches(_ status: TipStatus) -> Bool {
            switch (self, status) {
            case (.pending, .pending), (.available, .available): return true
            case (.invalidated(nil), .invalidated): return true
            case (.invalidated(let want?), .invalidated(let got)): return want == got
            case (.snoozed(nil), .snoozed): return true
            case (.snoozed(let want?), .snoozed(let got)): return want == got
            default: return false
            }
        }

        public var description: String {
            switch self {
            case .pending: return "pending"
            case .available: return "available"
            case .invalidated(nil): return "invalidated"
            case .invalidated(let r?): return "invalidated(\(r.rawValue))"
            case .snoozed(nil): return "snoozed"
            case .snoozed(let t?): return "snoozed until \(ISO8601.display(t))"
            }
        }
    }

    /// A change to the testing overrides.
    public enum OverrideChange: Sendable, Hashable {
        case showAll, hideAll, show([ScenarioName]), hide([ScenarioName]), clear
        /// `override variant T NAME`: force tip `T`'s experiment variant (or `holdout`).
        case variant(ScenarioName, ScenarioName)
    }

    /// What the step does.
    public enum Kind: Sendable, Hashable {
        /// `advance 1h30m`.
        case advance(Int64)
        /// `at 2026-01-02T09:00:00Z` after the first step: advance to that instant.
        case advanceTo(Int64)
        /// `set p = value`.
        case set(ScenarioName, ScenarioValue)
        /// `donate e(field: value, ...) [xN] [every D]`.
        case donate(ScenarioName, payload: [PayloadValue], times: Int, every: Int64?)
        /// `begin T`.
        case begin(TipReference)
        /// `end T [after D]`.
        case end(TipReference, after: Int64?)
        /// `display T for D`: begin, advance D, end.
        case display(TipReference, for: Int64)
        /// `close T`: invalidate with reason tipClosed.
        case close(TipReference)
        /// `invalidate T [reason]` (default actionPerformed).
        case invalidate(TipReference, TipInvalidationReason)
        /// `action T "id"`.
        case action(TipReference, id: String, idRange: SourceRange)
        /// `reset T`: return the tip to rule evaluation.
        case resetEligibility(TipReference)
        /// `reset store`: forget everything.
        case resetStore
        /// `relaunch`: close the store and open it again on the same journal.
        case relaunch
        /// `platform macOS`: the platform `when` conditions are judged for from now on (iOS
        /// until a scenario says otherwise; kept across relaunches).
        case platform(TipPlatform)
        /// `install "ID"`: the install identifier experiments' assignment hashes.
        case install(String)
        /// `time zone Europe/Berlin`: the device's time zone from now on (UTC until a
        /// scenario says otherwise; kept across relaunches): travel, or a test's zone.
        case timeZone(String)
        /// `app updated`: the app tells the store it was updated now (`appUpdated` in rules).
        case appUpdated
        /// `override showAll|hideAll|show A, B|hide C|clear`.
        case override(OverrideChange)
        /// `explain T`: print the runtime's explanation of `T` now (what `tipc explain`
        /// prints) as a note; it never fails.
        case explain(TipReference)
        /// `expect T status`.
        case expectStatus(TipReference, ExpectedStatus, statusRange: SourceRange)
        /// `expect group G current T` / `expect group G current none`.
        case expectGroup(ScenarioName, current: TipReference?, currentRange: SourceRange)
        /// `expect param p == value`.
        case expectParameter(ScenarioName, ScenarioValue)
        /// `expect explain T contains "text"`: the runtime's explanation of `T` (its `.text`,
        /// what `tipc explain` prints) contains `text`; `textRange` is the quoted string.
        case expectExplanation(TipReference, contains: String, textRange: SourceRange)
        /// `expect observed T pending, available, ...`: the statuses an observer of `T`
        /// received since the scenario started (or since the last such step for `T`).
        case expectObserved(TipReference, [ExpectedStatus], listRange: SourceRange)
        /// `expect converted T`: the tip's goal was reached (Docs/events.md, "converted").
        case expectConverted(TipReference)
        /// `expect variant T NAME`: the tip's experiment assigns this install to `NAME` (or `holdout`).
        case expectVariant(TipReference, ScenarioName)
    }

    /// A payload field given in a donation.
    public struct PayloadValue: Sendable, Hashable {
        public var name: ScenarioName
        public var value: ScenarioValue
    }

    public var kind: Kind
    /// The step's text on its line, without the comment.
    public var range: SourceRange

    public init(_ kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// True for the expectation steps.
    public var isExpectation: Bool {
        switch kind {
        case .expectStatus, .expectGroup, .expectParameter, .expectExplanation, .expectObserved, .expectConverted, .expectVariant: return true
        default: return false
        }
    }
}
