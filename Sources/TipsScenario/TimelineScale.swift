import Foundation

/// Maps instants to x positions for the timeline picture.
///
/// Scenarios mix scales: a 30-second presentation next to an eight-day wait. A linear axis
/// would hide the short things, so the axis is piecewise linear between the instants at
/// which something happens ("moments"), and each gap between two moments gets a width that
/// grows with the logarithm of its length: every step stays visible, longer gaps still look
/// longer, and the labels on the axis give the true times.
struct TimelineScale {
    /// The moments, ascending and distinct.
    let moments: [Int64]
    /// The x of each moment.
    let xs: [Double]
    /// Where the plot starts and ends; after the last moment a short tail shows final states.
    let left: Double
    let right: Double

    init(moments unsorted: [Int64], left: Double, right: Double) {
        var m = Array(Set(unsorted)).sorted()
        if m.isEmpty { m = [0] }
        self.moments = m
        self.left = left
        self.right = right
        var weights: [Double] = []
        for i in 1..<max(1, m.count) where m.count > 1 {
            weights.append(TimelineScale.weight(m[i] &- m[i - 1]))
        }
        let tail = 2.2
        let total = weights.reduce(0, +) + tail
        var x = left
        var xs = [left]
        for w in weights {
            x += (right - left) * w / total
            xs.append(x)
        }
        self.xs = xs
    }

    /// The width share of a gap of `ms`: about one unit per doubling beyond ten seconds.
    static func weight(_ ms: Int64) -> Double {
        let seconds = Double(max(0, ms)) / 1000
        return 1.2 + log2(1 + seconds / 10)
    }

    /// The x of `t`: linear inside the gap holding it; past the last moment, the tail.
    func x(_ t: Int64) -> Double {
        guard let last = moments.last, let lastX = xs.last else { return left }
        if t >= last { return t == last ? lastX : right }
        if t <= moments[0] { return xs[0] }
        var lo = 0
        var hi = moments.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if moments[mid] <= t { lo = mid } else { hi = mid }
        }
        let fraction = Double(t - moments[lo]) / Double(moments[hi] - moments[lo])
        return xs[lo] + (xs[hi] - xs[lo]) * fraction
    }
}
