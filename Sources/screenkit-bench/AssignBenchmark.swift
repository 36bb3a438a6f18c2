import Foundation
import ScreenCompiler
import ScreenKit

/// `screenkit-bench assign`: synthetic units assigned by the documented function to a weighted
/// experiment and to a percentage rollout; each arm's share, the largest deviation, a chi-square
/// goodness-of-fit test at 5 % and assignments per second.
enum AssignBenchmark {
    /// What to assign.
    struct Options: Equatable {
        /// Synthetic units (`user-0`, `user-1`, …).
        var units = 100_000
        /// The weighted experiment's arm weights, in order.
        var weights = [50, 30, 20]
        /// The rollout's percentage.
        var rollout = 20
    }

    /// The 5 % critical values of the chi-square distribution for 1 to 10 degrees of freedom.
    static let criticalValues = [3.841, 5.991, 7.815, 9.488, 11.070, 12.592, 14.067, 15.507, 16.919, 18.307]

    /// The goodness of fit of one experiment's assignments.
    struct Fit {
        /// Each arm's name, units assigned and expected share (0 to 1), in order.
        let arms: [(name: String, count: Int, expected: Double)]
        /// The number of units.
        let units: Int
        /// Assignments per second.
        let perSecond: Double

        /// The chi-square statistic against the expected shares (arms expecting none left out).
        var chiSquare: Double {
            arms.filter { $0.expected > 0 }.reduce(0) { sum, arm in
                let expected = Double(units) * arm.expected
                return sum + (Double(arm.count) - expected) * (Double(arm.count) - expected) / expected
            }
        }
        /// Degrees of freedom: the arms expecting units, less one.
        var degreesOfFreedom: Int { arms.filter { $0.expected > 0 }.count - 1 }
        /// The 5 % critical value for ``degreesOfFreedom``.
        var critical: Double? {
            criticalValues.indices.contains(degreesOfFreedom - 1) ? criticalValues[degreesOfFreedom - 1] : nil
        }
        /// The largest difference between an arm's share and its expected share, in percentage points.
        var largestDeviation: Double {
            arms.map { abs(Double($0.count) / Double(units) - $0.expected) * 100 }.max() ?? 0
        }
    }

    /// Assigns the units to both experiments and prints each one's report.
    static func run(_ options: Options) {
        let units = (0..<options.units).map { "user-\($0)" }
        let weighted = Experiment(
            name: "bench-weighted", decision: .weighted,
            arms: options.weights.enumerated().map { index, weight in
                Arm(index == 0 ? "control" : "arm-\(index)", weight: weight) { [Node]() }
            }, source: SourceLocation(file: #filePath, line: #line, column: 1))
        let rollout = Flag("bench-rollout", rollout: options.rollout) { [Node]() }.experiment
        log("assignment benchmark: \(options.units) synthetic units (user-0 …)")
        for (label, experiment) in [
            ("weighted \(options.weights.map(String.init).joined(separator: "/"))", weighted),
            ("rollout \(options.rollout) %", rollout),
        ] {
            let fit = assign(units, to: experiment.declaration)
            print("\(label) (experiment \"\(experiment.name)\"): \(options.units) units")
            for arm in fit.arms {
                print(
                    "  \(arm.name): \(arm.count) units, \(String(format: "%.3f", Double(arm.count) / Double(fit.units) * 100)) % (expected \(String(format: "%.3f", arm.expected * 100)) %)"
                )
            }
            var verdict = "no critical value for \(fit.degreesOfFreedom) df"
            if let critical = fit.critical {
                verdict =
                    "5 % critical value \(String(format: "%.3f", critical)): \(fit.chiSquare <= critical ? "pass" : "FAIL")"
            }
            print(
                "  largest deviation \(String(format: "%.3f", fit.largestDeviation)) percentage points; chi-square \(String(format: "%.3f", fit.chiSquare)) with \(fit.degreesOfFreedom) df, \(verdict)"
            )
            print("  \(String(format: "%.0f", fit.perSecond)) assignments/s")
        }
    }

    /// Assigns every unit to `experiment` (weighted or rollout), timing the assignments alone.
    static func assign(_ units: [String], to experiment: Experiment.Declaration) -> Fit {
        let weights = experiment.arms.map { max(0, $0.weight) }
        let total = weights.reduce(0, +)
        var index: [String: Int] = [:]
        for (position, arm) in experiment.arms.enumerated() where index[arm.name] == nil { index[arm.name] = position }
        var counts = [Int](repeating: 0, count: experiment.arms.count)
        for unit in units.prefix(10_000) { _ = ExperimentAssignment.arm(of: experiment, unit: unit) }  // warm up
        let start = ContinuousClock.now
        for unit in units {
            counts[index[ExperimentAssignment.arm(of: experiment, unit: unit)] ?? 0] += 1
        }
        let seconds = RenderBenchmark.seconds(ContinuousClock.now - start)
        // An arm's expected share is its range of buckets: bounds rounded down, as assigned.
        let buckets = ExperimentAssignment.buckets
        var cumulative = 0
        let arms = experiment.arms.enumerated().map { position, arm in
            let lower = total > 0 ? buckets * cumulative / total : 0
            cumulative += weights[position]
            let upper = total > 0 ? buckets * cumulative / total : 0
            return (arm.name, counts[position], Double(upper - lower) / Double(buckets))
        }
        return Fit(arms: arms, units: units.count, perSecond: Double(units.count) / seconds)
    }
}
