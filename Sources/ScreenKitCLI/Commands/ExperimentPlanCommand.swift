import Foundation
import ScreenAnalytics
import ScreenJSON

/// `screenkit experiment plan`: the units an A/B test needs per arm to detect an effect, before it
/// starts (``SamplePlan``, checked against statsmodels).
enum ExperimentPlanCommand {
    /// Its options (beside the report's, under `screenkit experiment`).
    static let valueOptions: Set<String> = ["--baseline", "--mde", "--alpha", "--power"]
    /// Its flags.
    static let flags: Set<String> = ["--relative"]

    /// `screenkit experiment plan`.
    static let command = Command(
        name: "plan",
        summary: "The units each arm needs to detect an effect.",
        help: """
            OVERVIEW: The units each arm needs so that a two-sided test of two proportions
            detects the effect (the normal approximation on Cohen's h, as statsmodels'
            NormalIndPower solves it).

            USAGE: screenkit experiment plan --baseline RATE --mde EFFECT [--relative]
                     [--alpha A] [--power P] [--experiment NAME] [--format text|json]
                     [--out FILE]

            OPTIONS:
              --baseline RATE        The control's conversion rate, 0 to 1 (e.g. 0.12).
              --mde EFFECT           The minimum detectable effect: the other arm's rate
                                     minus the baseline (0.02 = 2 percentage points;
                                     negative for a drop).
              --relative             Read --mde as a share of the baseline (0.1 = +10 %).
              --alpha A              The significance level (default 0.05).
              --power P              The chance of detecting the effect when it is there
                                     (default 0.8).
              --experiment NAME      Split the units by this experiment's declared weights
                                     (default: two arms, equal).
              --format FORMAT        text (default) or json.
              --out FILE             Write the plan to FILE instead of printing it.
              -h, --help             Show this help.

            Exit codes: 0 planned, 2 usage.
            """,
        valueOptions: valueOptions.union(["--experiment", "--format", "--out"]),
        flags: flags,
        usesConfig: false,
        run: { arguments, context throws(CommandError) in try run(arguments, context) }
    )

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> ExitCode {
        if let file = arguments.positional.first { throw .usage("plan takes no files; got '\(file)'") }
        let format = try ExperimentFormat.parse(arguments.value("--format"))
        guard format != .markdown else { throw .usage("plan writes text or json") }
        guard let baselineText = arguments.value("--baseline") else { throw .usage("plan needs --baseline RATE") }
        guard let mdeText = arguments.value("--mde") else { throw .usage("plan needs --mde EFFECT") }
        let baseline = try number(baselineText, "--baseline")
        let mde = try number(mdeText, "--mde")
        let alpha = try number(arguments.value("--alpha") ?? "0.05", "--alpha")
        let power = try number(arguments.value("--power") ?? "0.8", "--power")
        let target = arguments.flag("--relative") ? baseline * (1 + mde) : baseline + mde
        var arms: [(name: String, weight: Int)] = [("control", 1), ("treatment", 1)]
        if let name = arguments.value("--experiment") {
            guard let declaration = ExperimentCommand.declaration(of: name, in: context.catalog) else {
                throw .usage("the catalog runs no experiment \(name)")
            }
            arms = declaration.arms.filter { $0.weight > 0 }.map { ($0.name, $0.weight) }
            if let index = arms.firstIndex(where: { $0.name == declaration.control }) {
                arms.insert(arms.remove(at: index), at: 0)
            }
            guard arms.count >= 2, arms[0].name == declaration.control else {
                throw .usage("experiment \(name) needs its control and another arm with weights above 0")
            }
        }
        var plans: [(arm: String, plan: SamplePlan)] = []
        for arm in arms.dropFirst() {
            do {
                plans.append(
                    (
                        arm.name,
                        try SamplePlan(
                            baseline: baseline, target: target, alpha: alpha, power: power,
                            ratio: Double(arm.weight) / Double(arms[0].weight))
                    ))
            } catch {
                throw .usage(error.description)
            }
        }
        let control = plans.map(\.plan.control).max() ?? 0
        let units = [(arms[0].name, control)] + plans.map { ($0.arm, $0.plan.treatment) }
        let bytes: [UInt8] =
            switch format {
            case .json: json(plans, units: units)
            case .text, .markdown: Array(text(plans, units: units, weights: arms).utf8)
            }
        try OutputFile.deliver(bytes, out: arguments.value("--out"), what: "the plan", context)
        return .success
    }

    /// A plain decimal, possibly negative.
    private static func number(_ text: String, _ option: String) throws(CommandError) -> Double {
        guard text.utf8.count <= 32, let value = Double(text), value.isFinite,
            text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." || $0 == "-" })
        else { throw .usage("\(option) needs a decimal number (e.g. 0.05), got '\(text.prefix(40))'") }
        return value
    }

    private static func text(
        _ plans: [(arm: String, plan: SamplePlan)], units: [(String, Int)], weights: [(name: String, weight: Int)]
    ) -> String {
        guard let first = plans.first?.plan else { return "" }
        let lift = first.target - first.baseline
        var lines = [
            "experiment plan: baseline \(ExperimentReport.percent(first.baseline)), detect \(ExperimentReport.percent(first.target)) (\(ExperimentReport.signed(lift * 100)) pp, \(ExperimentReport.signed(lift / first.baseline * 100))%)",
            "two-sided α \(decimal(first.alpha)), power \(decimal(first.power)), Cohen's h \(ExperimentReport.fixed(first.effectSize, 4)), split \(weights.map { "\($0.name) \($0.weight)" }.joined(separator: ", "))",
        ]
        let width = units.map(\.0.count).max() ?? 0
        for (arm, count) in units {
            lines.append("  \(arm.padding(toLength: width, withPad: " ", startingAt: 0))  \(count) units")
        }
        lines.append(
            "  total\(String(repeating: " ", count: max(0, width - 5)))  \(units.reduce(0) { $0 + $1.1 }) units")
        lines.append(
            "Exposed units, each counted once in its arm (as `experiment report` counts them); stop when every arm has its units, not before."
        )
        return lines.joined(separator: "\n") + "\n"
    }

    private static func json(_ plans: [(arm: String, plan: SamplePlan)], units: [(String, Int)]) -> [UInt8] {
        var json = JSONWriter(style: .pretty)
        let first = plans[0].plan
        json.object { json in
            json.member("format", 1)
            for (key, value) in [
                ("baseline", first.baseline), ("target", first.target), ("alpha", first.alpha),
                ("power", first.power), ("effectSize", first.effectSize),
            ] {
                json.key(key)
                try? json.number(value)
            }
            json.objects("arms", units) { json, unit in
                json.member("name", unit.0)
                json.member("units", unit.1)
            }
            json.member("total", units.reduce(0) { $0 + $1.1 })
        }
        json.newline()
        return json.takeBytes()
    }

    private static func decimal(_ value: Double) -> String {
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
