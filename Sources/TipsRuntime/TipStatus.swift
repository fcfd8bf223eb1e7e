/// Why a tip was invalidated. Raw values are the names written in the journal.
public enum TipInvalidationReason: String, Hashable, Sendable, CaseIterable {
    /// The user did what the tip teaches (an action, or an `invalidate when` event).
    case actionPerformed
    /// The tip's `maxDisplayCount`-th presentation ended.
    case displayCountExceeded
    /// The tip's cumulative display time reached `maxDisplayDuration`.
    case displayDurationExceeded
    /// The user closed the tip.
    case tipClosed
}

/// A tip's status, as defined by the semantics contract.
///
/// `available` when the tip is not invalidated, all its rules hold, the display frequency
/// permits it and no testing override hides it (or an override shows it); otherwise
/// `pending`, or `snoozed` until an instant (an action's `snooze`), or `invalidated` for
/// good (until `resetEligibility` or `resetStore`), or
/// `notInLiveCatalog` for a tip of the app's catalog that an adopted catalog removed.
public enum TipStatus: Hashable, Sendable, CustomStringConvertible {
    /// Not eligible now (rules, cooldown or a hiding override).
    case pending
    /// Eligible for display now.
    case available
    /// Permanently out, with the reason.
    case invalidated(TipInvalidationReason)
    /// Snoozed by an action's `snooze` effect ("Remind me later"): not eligible before
    /// `until` (ms since the epoch); at `until` it is evaluated as before the snooze.
    case snoozed(until: Int64)
    /// The app's catalog (the embedded one its typed Swift is generated from) has the tip,
    /// but the adopted live catalog does not: never displayed. It leaves when a catalog
    /// that has the tip runs again (a later adoption, or the embedded one after a rollback).
    case notInLiveCatalog

    /// Exactly `self == .available`.
    public var shouldDisplay: Bool { self == .available }

    public var description: String {
        switch self {
        case .pending: return "pending"
        case .available: return "available"
        case .invalidated(let r): return "invalidated(\(r.rawValue))"
        case .notInLiveCatalog: return "notInLiveCatalog"
        case .snoozed(let until): return "snoozed(until: \(ExplanationFormat.date(until)))"
        }
    }
}
