import ExampleScreens
import Foundation
import ScreenAnalytics
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// `screenkit experiment plan` against statsmodels' power functions (Tests/Support/power_oracle.py),
/// its output (reviewed goldens) and errors, and the report's small-sample warnings.
@Suite struct ExperimentPlanTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-plan-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: App.catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    /// Baseline, target, α, power, ratio: rises and drops, small and large rates, other α, power
    /// and splits.
    static let cases: [[Double]] = [
        [0.10, 0.12, 0.05, 0.8, 1], [0.10, 0.11, 0.05, 0.8, 1], [0.10, 0.08, 0.05, 0.8, 1],
        [0.01, 0.012, 0.05, 0.8, 1], [0.5, 0.55, 0.01, 0.9, 1], [0.3, 0.33, 0.05, 0.95, 2],
        [0.2, 0.25, 0.1, 0.8, 0.25], [0.9, 0.92, 0.05, 0.8, 1], [0.001, 0.002, 0.05, 0.8, 1],
        [0.42, 0.40, 0.001, 0.99, 3],
    ]

    @Test(.integration("statsmodels")) func sampleSizesAreStatsmodels() throws {
        let file = folder.appendingPathComponent("cases.json")
        try JSONSerialization.data(withJSONObject: Self.cases).write(to: file)
        let python = try TestPython.interpreter.get()
        let (status, output) = TestPython.run(
            python, [TestPython.supportFolder.appendingPathComponent("power_oracle.py").path, file.path])
        try #require(status == 0, "the oracle failed: \(output)")
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Double])
        try #require(expected.count == Self.cases.count)
        for (values, size) in zip(Self.cases, expected) {
            let plan = try SamplePlan(
                baseline: values[0], target: values[1], alpha: values[2], power: values[3], ratio: values[4])
            #expect(abs(plan.controlUnits - size) <= size * 1e-6, "\(values): \(plan.controlUnits) against \(size)")
            #expect(plan.control == Int(size.rounded(.up)), "\(values)")
            #expect(plan.treatment == Int((size * values[4]).rounded(.up)), "\(values)")
        }
    }

    @Test func theNormalQuantileIsScipys() {
        // scipy.stats.norm.ppf of each probability.
        for (p, z) in [
            (0.975, 1.959963984540054), (0.8, 0.8416212335729143), (0.5, 0.0), (0.995, 2.5758293035489004),
            (1e-10, -6.361340902404056), (0.02, -2.053748910631823), (0.9999, 3.719016485455709),
        ] {
            #expect(abs(Statistics.normalQuantile(p) - z) <= 1e-12 * max(1, abs(z)), "\(p)")
        }
    }

    @Test func thePlanInTextAndJSON() async throws {
        for (arguments, golden) in [
            (["--baseline", "0.1", "--mde", "0.02"], "plan.txt"),
            (["--baseline", "0.1", "--mde", "0.1", "--relative", "--power", "0.9", "--format", "json"], "plan.json"),
            (
                ["--baseline", "0.08", "--mde", "-0.01", "--experiment", "promo-order", "--alpha", "0.01"],
                "plan-promo.txt"
            ),
        ] {
            let (code, out, errors) = await run(["experiment", "plan"] + arguments)
            #expect(code == .success, "\(errors)")
            Golden.expect(Array(out.utf8), matches: "experiment/\(golden)")
        }
    }

    @Test func badPlansAreUsageErrors() async throws {
        for (arguments, message) in [
            (["--mde", "0.02"], "plan needs --baseline RATE"),
            (["--baseline", "0.1"], "plan needs --mde EFFECT"),
            (["--baseline", "1.5", "--mde", "0.02"], "the baseline rate must be between 0 and 1"),
            (["--baseline", "0.1", "--mde", "0"], "the effect to detect must not be 0"),
            (["--baseline", "0.1", "--mde", "0.95"], "the rate to detect (1.05) must be between 0 and 1"),
            (["--baseline", "0.1", "--mde", "0.02", "--power", "0.01"], "power must be between alpha and 1"),
            (["--baseline", "ten", "--mde", "0.02"], "--baseline needs a decimal number (e.g. 0.05), got 'ten'"),
            (["--baseline", "0.1", "--mde", "1e-2"], "--mde needs a decimal number"),
            (["--baseline", "0.1", "--mde", "0.02", "--experiment", "nope"], "the catalog runs no experiment nope"),
            (["--baseline", "0.1", "--mde", "0.02", "--goal", "g"], "--goal belongs to experiment report, not plan"),
            (["--baseline", "0.1", "--mde", "0.02", "--format", "markdown"], "plan writes text or json"),
            (["export.jsonl", "--baseline", "0.1", "--mde", "0.02"], "plan takes no files; got 'export.jsonl'"),
        ] {
            let (code, out, errors) = await run(["experiment", "plan"] + arguments)
            #expect(code == .usage && errors.contains(message), "\(arguments): \(errors)")
            #expect(out.isEmpty)
        }
        let (code, _, errors) = await run(
            ["experiment", "report", "x.jsonl", "--experiment", "e", "--goal", "g", "--baseline", "0.1"])
        #expect(code == .usage && errors.contains("--baseline belongs to experiment plan, not report"), "\(errors)")
    }

    @Test func theReportWarnsWhenItCannotTell() throws {
        // No effect on 4,000 units: the lift's interval holds zero, and the plan for that lift is named.
        let noEffect = ExperimentReportTests.export(seed: 7, units: 4_000, arms: ExperimentReportTests.cases[1].arms)
        var reader = ExportReader(experiment: "promo-order", goal: "add_to_cart_tapped")
        try reader.read(noEffect, name: "export.jsonl")
        try reader.finish("export.jsonl")
        let declared = [("control", 50), ("shipping-first", 50)]
        let report = ExperimentReport(
            experiment: "promo-order", goal: "add_to_cart_tapped", observations: reader.observations, declared: declared
        )
        let arm = try #require(report.arms.last)
        let lift = try #require(arm.lift)
        #expect(lift.low < 0 && lift.high > 0)
        let plan = try SamplePlan(baseline: try #require(report.arms[0].rate), target: try #require(arm.rate))
        #expect(
            report.warnings == [
                "the lift of shipping-first (\(lift.value >= 0 ? "+" : "")\(String(format: "%.2f", lift.value * 100)) pp) has a 95% interval [\(String(format: "%+.2f", lift.low * 100)), \(String(format: "%+.2f", lift.high * 100))] pp that includes zero: the data cannot tell shipping-first from control; detecting a lift this size (α 0.05, power 0.8) needs about \(plan.control) units in control and \(plan.treatment) in shipping-first"
            ], "\(report.warnings)")
        #expect(report.text.contains("\nwarning: the lift of shipping-first"))
        #expect(report.markdown.contains("\n- ⚠️ the lift of shipping-first"))
        #expect(String(decoding: report.json, as: UTF8.self).contains(#""warnings": ["#))
        // 60 units: every arm is under the minimum.
        let small = ExperimentObservations(
            arms: [("control", 30, 3), ("shipping-first", 30, 25)], crossedUnits: 0, lines: 60, linesWithoutUnit: 0,
            exposureLines: 60, goalLines: 28)
        let few = ExperimentReport(
            experiment: "promo-order", goal: "add_to_cart_tapped", observations: small, declared: declared)
        #expect(
            few.warnings.prefix(2) == [
                "arm control has 30 units (3 converted), under the minimum of 100 units with 10 conversions and 10 non-conversions: too few to read its figures",
                "arm shipping-first has 30 units (25 converted), under the minimum of 100 units with 10 conversions and 10 non-conversions: too few to read its figures",
            ])
        // A clear effect on enough units: no warning, and the report's bytes are as before.
        let healthy = ExperimentReportTests.export(seed: 42, units: 4_000, arms: ExperimentReportTests.cases[0].arms)
        var clear = ExportReader(experiment: "promo-order", goal: "add_to_cart_tapped")
        try clear.read(healthy, name: "export.jsonl")
        try clear.finish("export.jsonl")
        let fine = ExperimentReport(
            experiment: "promo-order", goal: "add_to_cart_tapped", observations: clear.observations, declared: declared)
        #expect(fine.warnings.isEmpty)
        #expect(!fine.text.contains("warning:") && !String(decoding: fine.json, as: UTF8.self).contains("warnings"))
    }
}
