/// One effectiveness event: a fact about a tip's life that an app forwards to its analytics
/// (TelemetryDeck, Firebase, its own backend) to learn whether the tip works. Delivered to
/// the sink an app registers with ``TipStore/setEventSink(_:_:)``. The schema, its version
/// and every field's JSON form are a stable contract: see Docs/events.md.
///
/// Events are derived from the facts the store records as they happen in this process
/// (presentations, invalidations) and from status changes it evaluates (eligibility, what
/// held a tip back); opening a journal replays its history without emitting anything.
public struct EffectivenessEvent: Hashable, Sendable {
    /// The newest version of this schema. A field's meaning never changes within a version;
    /// a new kind, field or value raises it. Each event carries the oldest version that has
    /// everything it holds (``Kind/schemaVersion``), so a consumer of version 1 reads every
    /// event that version 1 can describe.
    public static let currentSchemaVersion = 2

    /// The schema version this event follows (by default, its kind's).
    public var schemaVersion: Int
    /// What happened.
    public var kind: Kind
    /// The catalog the tip belongs to, as the app named it when registering the sink.
    public var catalog: CatalogIdentity
    /// The tip's declared name; nil only for ``Kind/dropped(count:)``.
    public var tip: String?
    /// A reusable tip's instance: an opaque token derived from its id (its id only when the
    /// app opted in with ``EventSinkOptions/includesInstanceIDs``); nil for a plain tip.
    public var instance: String?
    /// The experiment variant the install is assigned to (`holdout` for the holdout); nil
    /// for a tip without an experiment.
    public var variant: String?
    /// When it happened, in milliseconds since the Unix epoch (the store's clock).
    public var at: Int64
    /// True when a testing override decided this tip's status at the time: the event comes
    /// from a test or a debug run and must not be counted.
    public var testing: Bool

    public init(kind: Kind, catalog: CatalogIdentity, tip: String?, instance: String? = nil, variant: String? = nil,
                at: Int64, testing: Bool = false, schemaVersion: Int? = nil) {
        self.schemaVersion = schemaVersion ?? kind.schemaVersion
        self.kind = kind
        self.catalog = catalog
        self.tip = tip
        self.instance = instance
        self.variant = variant
        self.at = at
        self.testing = testing
    }

    /// The kinds of events (Docs/events.md has each one's JSON form).
    public enum Kind: Hashable, Sendable {
        /// The tip's rules started to hold (it was not invalidated). It may still be held
        /// back (a ``suppressed(_:)`` event follows at once) or it is now available.
        case becameEligible
        /// The tip is eligible but held back: it would have shown. Emitted when it enters
        /// that state and whenever the reason changes.
        case suppressed(SuppressionReason)
        /// A presentation began (the host reported it: `presentationBegan`, a presenter).
        case shown(presentation: String)
        /// A presentation ended, and how.
        case ended(presentation: String, ending: PresentationEnding)
        /// The tip was invalidated for good (until `resetEligibility` or `resetStore`).
        case invalidated(TipInvalidationReason)
        /// The tip's goal was reached: its goal's event, passing the goal's filter, was
        /// donated within the window after the tip's first presentation began. Once per tip
        /// (per instance of a reusable tip), attributed to that first presentation.
        case converted(presentation: String?)
        /// `count` events were dropped here because the sink's queue was full
        /// (``EventSinkOptions/capacity``): the sink fell behind.
        case dropped(count: Int)

        /// The oldest schema version that describes an event of this kind: 2 for a
        /// suppression for a reason version 2 added, else 1.
        public var schemaVersion: Int {
            if case .suppressed(let reason) = self { return reason.schemaVersion }
            return 1
        }
    }

    /// What held an eligible tip back.
    public enum SuppressionReason: String, Hashable, Sendable, CaseIterable {
        /// The app-wide display-frequency cooldown (the tip was never displayed).
        case displayFrequency
        /// Its group shows another member now (or, `ordered`, an earlier one first).
        case group
        /// A testing override hides it (such events are also marked ``EffectivenessEvent/testing``).
        case testingOverride
        /// The install is in the holdout of the tip's experiment: eligible, never shown.
        case holdout
        /// An action snoozed it ("Remind me later") and the snooze has not ended (schema 2).
        case snoozed
        /// A display budget is used up, or its places left go to higher-priority tips (schema 2).
        case displayBudget

        /// The schema version that added the reason: an event carrying it says so.
        public var schemaVersion: Int {
            switch self {
            case .displayFrequency, .group, .testingOverride, .holdout: 1
            case .snoozed, .displayBudget: 2
            }
        }
    }

    /// How a presentation ended.
    public enum PresentationEnding: Hashable, Sendable {
        /// The close button (the presentation invalidated the tip with `tipClosed`).
        case closeButton
        /// The host ended it while the tip was still available: a tap outside, a swipe, the
        /// view going away.
        case dismissed
        /// An action button whose effects invalidated the tip (`perform(action:of:)`, or a
        /// presenter's), with the action's declared id.
        case action(String)
        /// The tip stopped being available while shown (a rule turned false, its group moved
        /// on, an override hid it) and the host took it down.
        case retracted
        /// The tip reached its `maxDisplayDuration` while shown.
        case displayDurationExceeded
        /// Invalidated while shown for another reason: an `invalidate when` event, the
        /// app's own `invalidate` call (`actionPerformed`), or a reason from a newer runtime.
        case invalidated(TipInvalidationReason)
        /// The app closed the store, or a previous run died with the tip on screen (ended at
        /// the next launch, dated when it began).
        case appClosed
        /// `resetStore()` while shown: the presentation ends and a new one begins.
        case storeReset
    }
}
