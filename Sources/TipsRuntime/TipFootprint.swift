import TipsBytecode
import TipsVM

/// What a tip's rules read that can change with time alone, found once at open from what
/// each rule program reads (`ProgramReads.visit`: its time inputs).
///
/// A rule's truth can change without any new input only through `now` (explicitly, or
/// implicitly through windows and event `maxAge`). Every such change happens where `now`
/// crosses a date value shifted by a duration: a donation instant plus a window (+1 ms,
/// since both ends are inclusive), a donation instant itself (a future donation entering
/// windows), a donation plus `maxAge` (+1 ms), a date parameter or constant plus or minus a
/// duration constant (`now - last(e) > 3d`). The footprint lists those ingredients; the
/// store re-evaluates at each candidate instant, so listing too many is harmless and only
/// an expression the candidates can't express (a duration multiplied at run time) could
/// be noticed late: at the next change of an input the tip reads, or at the next
/// breakpoint of any watched tip (observers are re-evaluated by dependency, see `notify`).
struct TipFootprint: Sendable {
    /// Events whose donation instants matter.
    var events: [Int] = []
    /// Date constants in the rules.
    var dateConstants: [Int64] = []
    /// Date-typed parameters the rules read.
    var dateParams: [Int] = []
    /// Offsets to add to every date value: ±d and ±d+1 for each duration d involved
    /// (windows, maxAges, duration constants, their pairwise sums, and 0).
    var offsets: [Int64] = []
    /// False when time alone can't change the rules' result.
    var timeDependent = false
    /// Whether the rules read the local calendar (or local days): then every local
    /// midnight, every zone transition and every wall-clock reading in `timesOfDay` is a
    /// candidate.
    var readsLocalTime = false
    /// Times of day (ms since local midnight) the rules may compare the wall clock with.
    var timesOfDay: [Int64] = []
    /// `LifetimeInstant`s the rules read (install, last update): dates like a parameter's.
    var lifetimes: [Int] = []

    init(rules: [Int], bundle: TipsBundle) {
        var events = Set<Int>(), dates = Set<Int64>(), params = Set<Int>(), durations = Set<Int64>([0])
        var timeDependent = false, readsZone = false, lifetimes = Set<Int>()
        for r in rules where bundle.programs.indices.contains(r) {
            ProgramReads.visit(bundle.programs[r].code, in: bundle) { read in
                switch read {
                case .event(let e): events.insert(e)
                case .instant(let t): dates.insert(t)
                case .instantParameter(let p): params.insert(p)
                case .duration(let d): durations.insert(d)
                case .window(let w):
                    durations.insert(w)
                    timeDependent = true
                case .clock: timeDependent = true
                case .zone: readsZone = true
                case .lifetime(let l): lifetimes.insert(l)
                case .parameter, .countedEvent, .query, .constant, .platform, .unknownOpcode: break
                }
            }
        }
        // `now - x > 1d + 2h` may keep the two constants apart: add pairwise sums.
        let base = Array(durations)
        if base.count <= 24 {
            for a in base { for b in base { durations.insert(a &+ b) } }
        }
        var offsets = Set<Int64>()
        for d in durations { offsets.formUnion([d, d &+ 1, 0 &- d, 1 &- d]) }
        self.events = events.sorted()
        self.dateConstants = dates.sorted()
        self.dateParams = params.sorted()
        self.offsets = offsets.sorted()
        self.timeDependent = timeDependent
        self.readsLocalTime = readsZone
        self.lifetimes = lifetimes.sorted()
        // A local wall-clock reading (`timeOfDay >= 9h`) changes where the clock shows one
        // of the durations read, each day.
        self.timesOfDay = durations.filter { $0 >= 0 && $0 <= CivilDate.dayMs }.sorted()
    }
}
