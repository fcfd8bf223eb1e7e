/// What `Engine.recordHoldoutExposures` keeps between store calls so that a call which
/// cannot expose anything costs next to nothing: every store call runs it, and scanning
/// every known tip's assignment on each one made a status read of a catalog with
/// experiments hundreds of times slower (`runtime.experiments.status` in tips-bench).
struct HoldoutWatch {
    /// Tip indices held out by their bucket with no exposure yet, in declaration order;
    /// nil: to recompute (an install, exposure, override, adoption or reload may have moved
    /// assignments). Only these can record a holdout exposure.
    var pending: [Int]?
    /// Whether a record was applied since the last check (a donation, a parameter, a
    /// display or invalidation: anything a tip's availability reads).
    var dirty = true
    /// The instant of the last check: time alone can end a cooldown or make a rule hold.
    var checkedAt: Int64 = .min
    /// How many reusable instances the last check saw: a newly addressed one may be available.
    var instancesSeen = -1

    /// Whether a check now could find something the last one did not.
    func needsCheck(now: Int64, instances: Int) -> Bool {
        dirty || checkedAt != now || instancesSeen != instances
    }

    /// Remembers what this check saw.
    mutating func checked(now: Int64, instances: Int) {
        dirty = false
        checkedAt = now
        instancesSeen = instances
    }
}
