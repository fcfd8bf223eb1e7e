/// What changed since observers were last told and since the wake-up was last planned, so
/// that `notify` re-evaluates only the observers that could see a difference and
/// `reschedule` recomputes only the breakpoints whose inputs moved.
struct ChangeSet {
    /// Anything may have changed: opening, a reset, a reload, new overrides, a new
    /// cooldown start, a rolled-back action, time moving back or past a breakpoint.
    var all = true
    /// Tips (by index) whose status inputs changed: readers of a donated event or a set
    /// parameter, tips with a new display or invalidation record.
    var tips: Set<Int> = []
    /// Events donated and parameters set: their readers changed too. Kept as inputs and
    /// expanded to tips only when someone observes (a parameter may have hundreds of
    /// readers, and with no observer nobody needs them).
    var events: [Int] = []
    var params: [Int] = []
    /// Observers added since the last notification (they hear their first value).
    var newObservers: [Int] = []

    var isEmpty: Bool { !all && tips.isEmpty && events.isEmpty && params.isEmpty && newObservers.isEmpty }
}

/// The next instant at which time alone can change a watched status, kept per watched tip
/// so that a call recomputes only the tips whose inputs changed (see `Engine.reschedule`).
struct BreakpointCache {
    /// False when the watched set or everything changed: rebuild from scratch.
    var valid = false
    /// Watched tip indices (observed tips, members of observed groups, displayed tips).
    var watched: Set<Int> = []
    /// Each time-dependent watched tip's next breakpoint after `computedAt` (absent: none).
    var next: [Int: Int64] = [:]
    /// The earliest value of `next`, when `minimumKnown`.
    var minimum: Int64?
    var minimumKnown = false
    /// Tips whose breakpoint must be recomputed (their display state changed).
    var dirty: Set<Int> = []
    /// Events donated and date parameters set since: their readers' breakpoints moved.
    var dirtyEvents: [Int] = []
    var dirtyParams: [Int] = []
    /// The `now` the entries were computed for (entries stay right while now only grows
    /// and stays below them).
    var computedAt: Int64 = .min
}
