/// Where the VM last found one query's window in the donation store: absolute indices
/// into the store's timestamps, `lo` the first donation at or after `now - W` and `hi`
/// the first after `now`.
///
/// A cursor is only ever a guess. Before use it is checked against the state being read
/// (`Frame.seek`): in a sorted run of instants an index is the boundary for an instant
/// exactly when its two neighbours straddle it, so two comparisons per end prove it right
/// whatever happened since (another state, another `now`, donations added or dropped). A
/// wrong guess is repaired by galloping from it, O(log d) for a boundary that moved past
/// d donations. So while neither `now` nor the event's donations change across a window
/// boundary, a windowed count costs O(1): `hi - lo`.
struct WindowCursor {
    var lo: Int
    var hi: Int
}
