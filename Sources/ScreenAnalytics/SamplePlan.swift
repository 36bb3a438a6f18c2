import Foundation

/// How many units an A/B test needs: the sample size per arm at which a two-sided test of two
/// proportions detects a given effect with a given power — the normal approximation on Cohen's h
/// (`statsmodels.stats.power.NormalIndPower().solve_power` with `proportion_effectsize`), which
/// the tests check it against.
public struct SamplePlan: Sendable, Hashable {
    /// The control's conversion rate.
    public let baseline: Double
    /// The conversion rate to detect in the other arm.
    public let target: Double
    /// The significance level (two-sided).
    public let alpha: Double
    /// The power: the chance of detecting the effect when it is there.
    public let power: Double
    /// Units in the other arm per unit in the control (their weights' ratio).
    public let ratio: Double
    /// Cohen's h: `2·asin(√target) − 2·asin(√baseline)`.
    public let effectSize: Double
    /// The control's units, unrounded (statsmodels' `nobs1`).
    public let controlUnits: Double

    /// Why a plan cannot be made.
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// The plan to tell `target` from `baseline` at `alpha` with `power`, the other arm getting
    /// `ratio` units per control unit.
    public init(baseline: Double, target: Double, alpha: Double = 0.05, power: Double = 0.8, ratio: Double = 1)
        throws(Invalid)
    {
        guard baseline > 0, baseline < 1 else {
            throw Invalid(description: "the baseline rate must be between 0 and 1")
        }
        guard target > 0, target < 1 else {
            throw Invalid(description: "the rate to detect (\(target)) must be between 0 and 1")
        }
        guard target != baseline else { throw Invalid(description: "the effect to detect must not be 0") }
        guard alpha > 0, alpha < 0.5 else { throw Invalid(description: "alpha must be between 0 and 0.5") }
        guard power > alpha, power < 1 else { throw Invalid(description: "power must be between alpha and 1") }
        guard ratio > 0, ratio.isFinite else { throw Invalid(description: "the ratio of units must be above 0") }
        self.baseline = baseline
        self.target = target
        self.alpha = alpha
        self.power = power
        self.ratio = ratio
        effectSize = 2 * asin(target.squareRoot()) - 2 * asin(baseline.squareRoot())
        let critical = Statistics.normalQuantile(1 - alpha / 2)
        let h = abs(effectSize)
        // The power at an effective sample size n (statsmodels' `normal_power`): both tails.
        func powerAt(_ n: Double) -> Double {
            Statistics.normalUpperTail(critical - h * n.squareRoot())
                + Statistics.normalUpperTail(critical + h * n.squareRoot())
        }
        // Bisection on the effective size n = n₁·r / (1 + r): the power grows with n.
        var low = 0.0
        var high = 1.0
        while powerAt(high) < power { high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if powerAt(middle) < power { low = middle } else { high = middle }
            if high - low <= high * 1e-15 { break }
        }
        controlUnits = high * (1 + ratio) / ratio
    }

    /// Units for the control arm, rounded up.
    public var control: Int { Int(controlUnits.rounded(.up)) }
    /// Units for the other arm, rounded up.
    public var treatment: Int { Int((controlUnits * ratio).rounded(.up)) }
}

extension Statistics {
    /// The `p` quantile of the standard normal distribution (`scipy.stats.norm.ppf`), 0 < p < 1:
    /// Acklam's rational approximation refined by two Newton steps on `erfc`, to full precision.
    public static func normalQuantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1, "a quantile of a probability strictly between 0 and 1")
        let a = [
            -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02,
            -3.066479806614716e+01, 2.506628277459239e+00,
        ]
        let b = [
            -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
            -1.328068155288572e+01,
        ]
        let c = [
            -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00,
            4.374664141464968e+00, 2.938163982698783e+00,
        ]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        var x: Double
        if p < 0.02425 {
            let q = (-2 * log(p)).squareRoot()
            x =
                (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        } else if p <= 1 - 0.02425 {
            let q = p - 0.5
            let r = q * q
            x =
                (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
                / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
        } else {
            let q = (-2 * log(1 - p)).squareRoot()
            x =
                -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        for _ in 0..<2 {
            let error = normalUpperTail(-x) - p
            x -= error * (2 * Double.pi).squareRoot() * exp(x * x / 2)
        }
        return x
    }
}
