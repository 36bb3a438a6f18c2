import Foundation

/// The statistics of the experiment report: each function is the textbook formula that scipy and
/// statsmodels implement, and the tests check every figure against them.
public enum Statistics {
    /// The 0.975 quantile of the standard normal distribution: the critical value of a two-sided
    /// 95 % interval (`scipy.stats.norm.isf(0.025)`).
    public static let z95 = 1.959_963_984_540_054

    /// P(Z > `z`) for a standard normal Z (`scipy.stats.norm.sf`).
    public static func normalUpperTail(_ z: Double) -> Double { 0.5 * erfc(z / 2.0.squareRoot()) }

    /// The Wilson score interval of `successes` in `trials` at 95 %
    /// (`statsmodels.stats.proportion.proportion_confint(method="wilson")`); nil for no trials.
    public static func wilson(successes: Int, trials: Int) -> (low: Double, high: Double)? {
        guard trials > 0 else { return nil }
        let n = Double(trials)
        let p = Double(successes) / n
        let z2 = z95 * z95
        let denominator = 1 + z2 / n
        let center = (p + z2 / (2 * n)) / denominator
        let half = z95 * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / denominator
        return (center - half, center + half)
    }

    /// The difference of two proportions, `a` minus `b`, with its 95 % Wald interval
    /// (`confint_proportions_2indep(compare="diff", method="wald")`); nil without trials.
    public static func difference(_ a: (successes: Int, trials: Int), _ b: (successes: Int, trials: Int))
        -> (value: Double, low: Double, high: Double)?
    {
        guard a.trials > 0, b.trials > 0 else { return nil }
        let p1 = Double(a.successes) / Double(a.trials)
        let p2 = Double(b.successes) / Double(b.trials)
        let spread = z95 * (p1 * (1 - p1) / Double(a.trials) + p2 * (1 - p2) / Double(b.trials)).squareRoot()
        return (p1 - p2, p1 - p2 - spread, p1 - p2 + spread)
    }

    /// The ratio of two proportions, `a` over `b`, with its 95 % interval on the log scale
    /// (`confint_proportions_2indep(compare="ratio", method="log")`); nil when either has no success.
    public static func ratio(_ a: (successes: Int, trials: Int), _ b: (successes: Int, trials: Int))
        -> (value: Double, low: Double, high: Double)?
    {
        guard a.successes > 0, b.successes > 0, a.trials > 0, b.trials > 0 else { return nil }
        let ratio = (Double(a.successes) / Double(a.trials)) / (Double(b.successes) / Double(b.trials))
        let deviation =
            (1 / Double(a.successes) - 1 / Double(a.trials) + 1 / Double(b.successes) - 1 / Double(b.trials))
            .squareRoot()
        return (ratio, ratio * exp(-z95 * deviation), ratio * exp(z95 * deviation))
    }

    /// The two-sided p-value of the two-proportion z-test with the pooled variance
    /// (`statsmodels.stats.proportion.proportions_ztest`); nil when it is undefined (no trials, or
    /// nobody or everybody converted in both).
    public static func zTest(_ a: (successes: Int, trials: Int), _ b: (successes: Int, trials: Int))
        -> (z: Double, p: Double)?
    {
        guard a.trials > 0, b.trials > 0 else { return nil }
        let pooled = Double(a.successes + b.successes) / Double(a.trials + b.trials)
        let variance = pooled * (1 - pooled) * (1 / Double(a.trials) + 1 / Double(b.trials))
        guard variance > 0 else { return nil }
        let z =
            (Double(a.successes) / Double(a.trials) - Double(b.successes) / Double(b.trials)) / variance.squareRoot()
        return (z, 2 * normalUpperTail(abs(z)))
    }

    /// Pearson's chi-square goodness of fit of `observed` counts against `weights` (scaled to the
    /// same total), and its p-value with `observed.count - 1` degrees of freedom
    /// (`scipy.stats.chisquare(f_obs, f_exp)`); nil for fewer than two groups or no observations.
    public static func chiSquare(observed: [Int], weights: [Double]) -> (statistic: Double, p: Double)? {
        let total = Double(observed.reduce(0, +))
        let weightTotal = weights.reduce(0, +)
        guard observed.count >= 2, observed.count == weights.count, total > 0, weightTotal > 0,
            weights.allSatisfy({ $0 > 0 })
        else { return nil }
        var statistic = 0.0
        for (count, weight) in zip(observed, weights) {
            let expected = total * weight / weightTotal
            statistic += (Double(count) - expected) * (Double(count) - expected) / expected
        }
        return (statistic, upperIncompleteGamma(Double(observed.count - 1) / 2, statistic / 2))
    }

    /// The regularized upper incomplete gamma function Q(a, x): the chi-square survival function
    /// with 2a degrees of freedom at 2x. A series below a + 1, Lentz's continued fraction above.
    public static func upperIncompleteGamma(_ a: Double, _ x: Double) -> Double {
        guard x > 0 else { return 1 }
        let logPrefix = a * log(x) - x - lgamma(a)
        if x < a + 1 {
            var term = 1 / a
            var sum = term
            var denominator = a
            for _ in 0..<10_000 {
                denominator += 1
                term *= x / denominator
                sum += term
                if abs(term) < abs(sum) * 1e-17 { break }
            }
            return max(0, 1 - sum * exp(logPrefix))
        }
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var h = d
        for i in 1..<10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-17 { break }
        }
        return min(1, exp(logPrefix) * h)
    }
}
