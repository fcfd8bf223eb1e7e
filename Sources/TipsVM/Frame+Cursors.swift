/// Boundary search from a remembered guess (see `WindowCursor`).
extension Frame {
    /// The first index in lo..<hi (sorted instants) whose instant is >= t, starting from
    /// `guess`: O(1) when the guess is right, else a gallop from it.
    @inline(__always)
    func seek(_ guess: Int, _ lo: Int, _ hi: Int, _ t: Int64) -> Int {
        let g = guess < lo ? lo : (guess > hi ? hi : guess)
        if g != hi && timestamps[g] < t { return gallopUp(from: g, hi, t) }
        if g != lo && timestamps[g &- 1] >= t { return gallopDown(from: g, lo, t) }
        return g
    }

    /// The boundary lies after `g` (timestamps[g] < t): probe 1, 2, 4... ahead, then
    /// binary-search the last step.
    @inline(never)
    func gallopUp(from g: Int, _ hi: Int, _ t: Int64) -> Int {
        var low = g &+ 1  // everything before low is < t
        var step = 1
        while true {
            let probe = low &+ step &- 1
            if probe >= hi { return lowerBound(low, hi, t) }
            if timestamps[probe] >= t { return lowerBound(low, probe, t) }
            low = probe &+ 1
            step &<<= 1
        }
    }

    /// The boundary lies before `g` (timestamps[g - 1] >= t): probe 1, 2, 4... back, then
    /// binary-search the last step.
    @inline(never)
    func gallopDown(from g: Int, _ lo: Int, _ t: Int64) -> Int {
        var high = g &- 1  // timestamps[high] >= t: the boundary is at or before high
        var step = 1
        while true {
            let probe = high &- step
            if probe < lo { return lowerBound(lo, high, t) }
            if timestamps[probe] < t { return lowerBound(probe &+ 1, high, t) }
            high = probe
            step &<<= 1
        }
    }
}
