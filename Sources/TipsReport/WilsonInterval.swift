import Foundation

/// A 95% confidence interval for a proportion: the Wilson score interval (Wilson 1927), which
/// stays inside [0, 1] and behaves at 0 and n successes, unlike the normal approximation.
///
/// For `x` successes in `n` trials, p = x/n and z = 1.959963984540054:
/// centre = (p + z²/2n) / (1 + z²/n), half = z·√(p(1−p)/n + z²/4n²) / (1 + z²/n).
public struct WilsonInterval: Sendable, Hashable {
    /// The normal quantile of a two-sided 95% interval.
    public static let z95 = 1.959963984540054

    public var lower: Double
    public var upper: Double

    /// The interval for `successes` of `trials`; `nil` when there are no trials.
    public init?(successes: Int, trials: Int, z: Double = WilsonInterval.z95) {
        guard trials > 0, successes >= 0, successes <= trials else { return nil }
        let n = Double(trials), p = Double(successes) / n, z2 = z * z
        let denominator = 1 + z2 / n
        let centre = (p + z2 / (2 * n)) / denominator
        let half = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / denominator
        lower = max(0, centre - half)
        upper = min(1, centre + half)
        // At the edges the formula gives 0 and 1 exactly; rounding must not move them.
        if successes == 0 { lower = 0 }
        if successes == trials { upper = 1 }
    }
}

/// The difference of two proportions (treatment minus holdout) with Newcombe's hybrid score
/// interval (Newcombe 1998, method 10), built from each side's Wilson interval:
/// L = d − √((p₁−l₁)² + (u₀−p₀)²), U = d + √((u₁−p₁)² + (p₀−l₀)²).
public struct DifferenceInterval: Sendable, Hashable {
    public var difference: Double
    public var lower: Double
    public var upper: Double

    public init?(successes1: Int, trials1: Int, successes0: Int, trials0: Int) {
        guard let w1 = WilsonInterval(successes: successes1, trials: trials1),
              let w0 = WilsonInterval(successes: successes0, trials: trials0) else { return nil }
        let p1 = Double(successes1) / Double(trials1), p0 = Double(successes0) / Double(trials0)
        difference = p1 - p0
        lower = difference - ((p1 - w1.lower) * (p1 - w1.lower) + (w0.upper - p0) * (w0.upper - p0)).squareRoot()
        upper = difference + ((w1.upper - p1) * (w1.upper - p1) + (p0 - w0.lower) * (p0 - w0.lower)).squareRoot()
    }
}
