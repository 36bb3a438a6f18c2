/// What an A/B test did to a goal: per arm the units exposed, those that converted, the conversion
/// rate with its 95 % interval, and against the control the absolute and relative lift with their
/// intervals and the two-proportion z-test; first, a sample-ratio-mismatch check of the split
/// against the declared weights, which flags a broken split before anyone reads the lift.
public struct ExperimentReport: Sendable {
    /// One arm's figures.
    public struct Arm: Sendable {
        /// The arm's name.
        public let name: String
        /// Its declared weight, if the experiment declares the arm.
        public let weight: Int?
        /// Units exposed to this arm (and no other).
        public let units: Int
        /// Of those, units that sent the goal event at or after their first exposure.
        public let converted: Int
        /// `converted / units`; nil without units.
        public let rate: Double?
        /// The rate's 95 % Wilson interval.
        public let interval: (low: Double, high: Double)?
        /// Against the control: the rate's difference with its 95 % Wald interval (nil for the control).
        public let lift: (value: Double, low: Double, high: Double)?
        /// Against the control: the rate's ratio minus one, with its 95 % interval (log method).
        public let relativeLift: (value: Double, low: Double, high: Double)?
        /// Against the control: the two-proportion z-test (pooled), its z and two-sided p-value.
        public let test: (z: Double, p: Double)?
    }

    /// The sample-ratio-mismatch check: the units exposed per declared arm against the weights.
    public struct SampleRatio: Sendable {
        /// Pearson's chi-square statistic.
        public let statistic: Double
        /// Its p-value.
        public let p: Double
        /// Whether the split is broken: p below ``ExperimentReport/srmThreshold``.
        public let mismatch: Bool
    }

    /// The p-value below which the split is declared broken (0.001, the usual SRM threshold: a
    /// healthy split trips it once in a thousand reports).
    public static let srmThreshold = 0.001

    /// The experiment.
    public let experiment: String
    /// The goal event.
    public let goal: String
    /// The control arm.
    public let control: String
    /// The arms: the control first, then the declared arms in order, then arms seen but not declared.
    public let arms: [Arm]
    /// The split against the declared weights; nil without two declared arms exposed.
    public let sampleRatio: SampleRatio?
    /// What the reader should know: units in several arms, lines without a unit, undeclared arms.
    public let notes: [String]
    /// When the report cannot tell: an arm under the minimum sample, or a lift whose 95 % interval
    /// holds no effect (with the units a test would need to detect it).
    public let warnings: [String]

    /// The fewest units an arm needs before its figures are read (the normal approximations of the
    /// intervals and the z-test need about this many).
    public static let minimumUnits = 100
    /// The fewest conversions, and non-conversions, an arm needs before its figures are read.
    public static let minimumOutcomes = 10

    /// The report of `observations` for an experiment whose arms and weights are `declared` (in
    /// order; may be empty, then the arms seen count, without an SRM check) and whose control is
    /// `control` (default: the first declared arm, else the first seen).
    public init(
        experiment: String, goal: String, observations: ExperimentObservations,
        declared: [(arm: String, weight: Int)], control: String? = nil
    ) {
        self.experiment = experiment
        self.goal = goal
        let seen = Dictionary(observations.arms.map { ($0.name, ($0.exposed, $0.converted)) }) { first, _ in first }
        var order = declared.map(\.arm)
        for arm in observations.arms where !order.contains(arm.name) { order.append(arm.name) }
        let control = control ?? order.first ?? ""
        if let index = order.firstIndex(of: control) {
            order.remove(at: index)
            order.insert(control, at: 0)
        }
        self.control = control
        let weights = Dictionary(declared.map { ($0.arm, $0.weight) }) { first, _ in first }
        let base = seen[control] ?? (0, 0)
        arms = order.map { name in
            let (units, converted) = seen[name] ?? (0, 0)
            let isControl = name == control
            let this = (successes: converted, trials: units)
            let other = (successes: base.1, trials: base.0)
            let ratio = isControl ? nil : Statistics.ratio(this, other)
            return Arm(
                name: name, weight: weights[name], units: units, converted: converted,
                rate: units > 0 ? Double(converted) / Double(units) : nil,
                interval: Statistics.wilson(successes: converted, trials: units),
                lift: isControl ? nil : Statistics.difference(this, other),
                relativeLift: ratio.map { ($0.value - 1, $0.low - 1, $0.high - 1) },
                test: isControl ? nil : Statistics.zTest(this, other))
        }
        let declaredArms = declared.filter { $0.weight > 0 }
        sampleRatio = Statistics.chiSquare(
            observed: declaredArms.map { seen[$0.arm]?.0 ?? 0 }, weights: declaredArms.map { Double($0.weight) }
        ).map { SampleRatio(statistic: $0.statistic, p: $0.p, mismatch: $0.p < Self.srmThreshold) }
        var notes: [String] = []
        if observations.crossedUnits > 0 {
            notes.append("\(observations.crossedUnits) units were exposed to more than one arm and are left out")
        }
        if observations.linesWithoutUnit > 0 {
            notes.append("\(observations.linesWithoutUnit) exposure or goal lines name no unit and are left out")
        }
        let undeclared = observations.arms.map(\.name).filter { arm in !declared.contains { $0.arm == arm } }
        if !declared.isEmpty, !undeclared.isEmpty {
            notes.append(
                "arms the experiment does not declare were exposed: \(undeclared.joined(separator: ", ")) (not in the split check)"
            )
        }
        if observations.exposureLines == 0 {
            notes.append("no exposure of \(experiment) was found")
        }
        self.notes = notes
        warnings = Self.warnings(arms, control: control, weights: weights)
    }

    /// The small-sample warnings of `arms`: each arm under the minimum, then each lift whose 95 %
    /// interval holds zero, with the plan that would detect it (α 0.05, power 0.8, the weights' ratio).
    static func warnings(_ arms: [Arm], control: String, weights: [String: Int]) -> [String] {
        var warnings: [String] = []
        for arm in arms where arm.units > 0 || arm.name == control {
            let failures = arm.units - arm.converted
            guard arm.units < minimumUnits || arm.converted < minimumOutcomes || failures < minimumOutcomes else {
                continue
            }
            warnings.append(
                "arm \(arm.name) has \(arm.units) units (\(arm.converted) converted), under the minimum of \(minimumUnits) units with \(minimumOutcomes) conversions and \(minimumOutcomes) non-conversions: too few to read its figures"
            )
        }
        guard let base = arms.first(where: { $0.name == control })?.rate else { return warnings }
        for arm in arms where arm.name != control {
            guard let lift = arm.lift, let rate = arm.rate, lift.low <= 0, lift.high >= 0 else { continue }
            var warning =
                "the lift of \(arm.name) (\(signed(lift.value * 100)) pp) has a 95% interval [\(signed(lift.low * 100)), \(signed(lift.high * 100))] pp that includes zero: the data cannot tell \(arm.name) from \(control)"
            let ratio = weights[arm.name].flatMap { arm in weights[control].map { Double(arm) / Double($0) } } ?? 1
            if let plan = try? SamplePlan(baseline: base, target: rate, ratio: ratio > 0 ? ratio : 1) {
                warning +=
                    "; detecting a lift this size (α 0.05, power 0.8) needs about \(plan.control) units in \(control) and \(plan.treatment) in \(arm.name)"
            }
            warnings.append(warning)
        }
        return warnings
    }
}
