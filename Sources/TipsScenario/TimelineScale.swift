import Foundation

/// Maps moments of a run to x positions for the timeline picture.
///
/// Scenarios mix scales: a 30-second presentation next to an eight-day wait, and several
/// steps at one instant. A linear axis would hide the short things, so the axis is
/// piecewise linear between the moments at which something happens: each step at the same
/// instant gets a narrow slot of its own, and each gap in time gets a width that grows with
/// the logarithm of its length. Every step stays visible, longer waits still look longer,
/// and the labels on the axis give the true elapsed times.
struct TimelineScale {
    /// The moments, ascending and distinct.
    let moments: [Timeline.Moment]
    /// The x of each moment.
    let xs: [Double]
    let left: Double
    let right: Double

    /// The width share of a slot for a step that takes no time, relative to the mean share
    /// of a wait (so steps stay visible among many long waits), and at least 1.
    static let stepShare = 0.4
    /// The part of the width after the last moment, where final states continue (and the
    /// last status shows its name).
    static let tailFraction = 0.13

    init(moments unsorted: [Timeline.Moment], left: Double, right: Double) {
        var m = Array(Set(unsorted)).sorted()
        if m.isEmpty { m = [Timeline.Moment(at: 0, step: 0)] }
        moments = m
        self.left = left
        self.right = right
        let waits = m.indices.dropFirst().map { m[$0].at &- m[$0 - 1].at }.filter { $0 > 0 }.map(TimelineScale.weight)
        let stepWeight = max(1, TimelineScale.stepShare * waits.reduce(0, +) / Double(max(1, waits.count)))
        var weights: [Double] = []
        for i in m.indices.dropFirst() {
            let d = m[i].at &- m[i - 1].at
            weights.append(d == 0 ? stepWeight : TimelineScale.weight(d))
        }
        let total = max(weights.reduce(0, +), 1)
        let body = (right - left) * (1 - TimelineScale.tailFraction)
        var x = left
        var xs = [left]
        for w in weights {
            x += body * w / total
            xs.append(x)
        }
        self.xs = xs
    }

    /// The width share of a gap of `ms` > 0: about one unit per doubling beyond ten seconds.
    static func weight(_ ms: Int64) -> Double {
        let seconds = Double(max(0, ms)) / 1000
        return 1.2 + log2(1 + seconds / 10)
    }

    /// The x of moment `m` (a moment between two known ones is placed proportionally).
    func x(_ m: Timeline.Moment) -> Double {
        guard let lastX = xs.last, let last = moments.last else { return left }
        if m >= last { return m == last ? lastX : right }
        if m <= moments[0] { return xs[0] }
        var lo = 0
        var hi = moments.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if moments[mid] <= m { lo = mid } else { hi = mid }
        }
        let span = Double(moments[hi].at &- moments[lo].at)
        let fraction = span > 0 ? Double(m.at &- moments[lo].at) / span : 0
        return xs[lo] + (xs[hi] - xs[lo]) * fraction
    }
}
