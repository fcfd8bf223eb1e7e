import TipsRuntime

/// What happened during one scenario run, for the timeline picture: each tip's status over
/// time, each group's current tip, and marks for what the scenario did.
public struct Timeline: Sendable, Hashable {
    /// A tip's state in a span: its status, and whether it was being presented.
    public enum State: Sendable, Hashable {
        case pending
        case available
        /// Its own status was available, but its group showed another member (an earlier
        /// one, or the one on screen): the app would not show it.
        case heldBack
        /// Its rules held, but a display budget was used up (or its places left went to
        /// higher-priority tips): the app would not show it.
        case heldBackByBudget
        /// An action snoozed it ("Remind me later"): it comes back at the snooze's end.
        case snoozed
        /// A presentation was open (the tip was available, or a duration limit is pending).
        case displayed
        case invalidated(TipInvalidationReason)
    }

    /// A point of the run: an instant, and the step that was running (0 before the first).
    /// Several steps may run at one instant; ordering by step keeps each one visible.
    public struct Moment: Sendable, Hashable, Comparable {
        public var at: Int64
        public var step: Int

        public static func < (a: Moment, b: Moment) -> Bool { (a.at, a.step) < (b.at, b.step) }
    }

    /// A stretch of the run `[start, end)` in one state.
    public struct Span: Sendable, Hashable {
        public var start: Moment
        public var end: Moment
        public var state: State
    }

    /// One tip (or one reusable tip's instance) and its spans.
    public struct Lane: Sendable, Hashable {
        /// The tip's name, or an instance's id (`NewItemTip-42`): short and unique.
        public var label: String
        /// The tip's declared name.
        public var tip: String
        /// For an instance, how the scenario addresses it: `NewItemTip(itemID: "42")`.
        public var detail: String?
        public var spans: [Span]
        /// True when a step of the scenario names the tip (drawn even if always pending).
        public var mentioned: Bool = false
    }

    /// A stretch of time during which a group's current tip was `current` (nil: none).
    public struct GroupSpan: Sendable, Hashable {
        public var start: Moment
        public var end: Moment
        public var current: String?
    }

    /// One group and its current tip over time.
    public struct GroupLane: Sendable, Hashable {
        public var name: String
        public var spans: [GroupSpan]
    }

    /// Something the scenario did at an instant.
    public struct Mark: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// `count` donations of `event` at this instant.
            case donation(event: String, count: Int)
            /// A parameter set to a value (as written).
            case parameter(name: String, value: String)
            /// An override change, a relaunch or a reset.
            case control(String)
            /// An action performed, a close or an invalidation, on tip lane `lane`.
            case tipAction(lane: Int, label: String)
            /// An expectation that failed, on tip lane `lane` (nil: not a tip expectation).
            case failure(lane: Int?, message: String)
        }

        public var at: Moment
        public var kind: Kind
    }

    /// The scenario's title.
    public var title: String
    /// The instant the scenario started.
    public var start: Int64
    /// The instant it ended (at least `start`).
    public var end: Int64
    /// The last moment of the run.
    public var last: Moment
    public var lanes: [Lane]
    public var groups: [GroupLane]
    public var marks: [Mark]
}
