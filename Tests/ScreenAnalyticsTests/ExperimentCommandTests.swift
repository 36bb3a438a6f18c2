import ExampleScreens
import Foundation
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// `screenkit experiment report` on the example app's `promo-order` (control and shipping-first,
/// 50/50): the three formats are reviewed goldens, a broken split exits 1 saying so, and bad
/// invocations and exports are clear errors that write nothing.
@Suite struct ExperimentCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-experiment-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: App.catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    func write(_ bytes: [UInt8], to name: String) throws {
        try Data(bytes).write(to: folder.appendingPathComponent(name))
    }

    static let healthy = ExperimentReportTests.export(
        seed: 42, units: 4_000, arms: ExperimentReportTests.cases[0].arms)
    static let broken = ExperimentReportTests.export(
        seed: 3, units: 20_000, arms: ExperimentReportTests.cases[2].arms)

    @Test func theThreeFormatsMatchTheirGoldens() async throws {
        try write(Self.healthy, to: "export.jsonl")
        for (format, name) in [("text", "report.txt"), ("markdown", "report.md"), ("json", "report.json")] {
            let (code, out, errors) = await run([
                "experiment", "report", "export.jsonl", "--experiment", "promo-order", "--goal", "add_to_cart_tapped",
                "--format", format,
            ])
            #expect(code == .success, "\(format): \(errors)")
            Golden.expect(Array((out).utf8), matches: "experiment/\(name)")
        }
        let (code, said, _) = await run([
            "experiment", "report", "export.jsonl", "--experiment", "promo-order", "--goal", "add_to_cart_tapped",
            "--out", "report.md", "--format", "markdown",
        ])
        #expect(code == .success)
        #expect(said == "wrote the report of promo-order to report.md\n")
    }

    /// A misspelt name is an error listing what exists, not an empty table; an experiment the
    /// catalog declares with no exposure yet is still a report.
    @Test func anExperimentNobodyDeclaresOrWasExposedToIsAnError() async throws {
        try write(Self.healthy, to: "export.jsonl")
        let (code, out, errors) = await run([
            "experiment", "report", "export.jsonl", "--experiment", "promo-ordr", "--goal", "add_to_cart_tapped",
        ])
        #expect(code == .usage)
        #expect(out.isEmpty)
        #expect(
            errors.contains(
                "no experiment \"promo-ordr\" was found: the catalog declares cart-reminder, promo-order, and the exposures read name promo-order"
            ), "\(errors)")
        try write(
            Array(#"{"event":"add_to_cart_tapped","time":"2026-11-28T07:00:00Z","unit":"u"}"#.utf8), to: "none.jsonl")
        let (declared, report, _) = await run([
            "experiment", "report", "none.jsonl", "--experiment", "promo-order", "--goal", "add_to_cart_tapped",
        ])
        #expect(declared == .success)
        #expect(report.contains("control arm: control") && report.contains("no exposure of promo-order was found"))
    }

    @Test func aBrokenSplitExitsOneBeforeAnyoneReadsTheLift() async throws {
        try write(Self.broken, to: "export.jsonl")
        let (code, out, errors) = await run([
            "experiment", "report", "export.jsonl", "--experiment", "promo-order", "--goal", "add_to_cart_tapped",
        ])
        #expect(code == .violations)
        #expect(out.contains("SAMPLE RATIO MISMATCH: chi-square"), "\(out)")
        #expect(errors.contains("error: sample ratio mismatch in promo-order (p = "), "\(errors)")
        let (_, markdown, _) = await run([
            "experiment", "report", "export.jsonl", "--experiment", "promo-order", "--goal", "add_to_cart_tapped",
            "--format", "markdown",
        ])
        #expect(markdown.contains("> **⚠️ SAMPLE RATIO MISMATCH"), "\(markdown)")
    }

    @Test func badInvocationsAreClearErrors() async throws {
        try write(Self.healthy, to: "export.jsonl")
        try write(Array("{\"time\":\"2026-11-27T10:00:00Z\"}\n".utf8), to: "bad.jsonl")
        let cases: [([String], ExitCode, String)] = [
            (["experiment"], .usage, "experiment needs a subcommand: report"),
            (["experiment", "summary"], .usage, "unknown experiment subcommand 'summary'"),
            (
                ["experiment", "report", "--experiment", "promo-order", "--goal", "g"], .usage,
                "report needs the export files"
            ),
            (["experiment", "report", "export.jsonl", "--goal", "g"], .usage, "report needs --experiment NAME"),
            (
                ["experiment", "report", "export.jsonl", "--experiment", "promo-order"], .usage,
                "report needs --goal EVENT"
            ),
            (
                [
                    "experiment", "report", "export.jsonl", "--experiment", "promo-order", "--goal", "g", "--control",
                    "x",
                ],
                .usage, "experiment promo-order has no arm \"x\""
            ),
            (
                [
                    "experiment", "report", "export.jsonl", "--experiment", "promo-order", "--goal", "g", "--format",
                    "csv",
                ],
                .usage, "unknown format 'csv'"
            ),
            (
                ["experiment", "report", "nope.jsonl", "--experiment", "promo-order", "--goal", "g"], .failure,
                "nope.jsonl: no such file"
            ),
            (
                ["experiment", "report", "bad.jsonl", "--experiment", "promo-order", "--goal", "g"], .failure,
                #"bad.jsonl: line 1: missing key "event""#
            ),
        ]
        for (arguments, expected, message) in cases {
            let (code, out, errors) = await run(arguments + ["--out", "report.txt"])
            #expect(code == expected, "\(arguments)")
            #expect(errors.contains(message), "\(arguments): \(errors)")
            #expect(out.isEmpty, "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.txt").path))
        }
        let (help, usage, _) = await run(["experiment", "report", "--help"])
        #expect(help == .success && usage.contains("USAGE: screenkit experiment report FILE..."))
        #expect(!usage.contains("--baseline"), "the report's help is the report's alone")
        let (planHelp, plan, _) = await run(["experiment", "plan", "--help"])
        #expect(planHelp == .success && plan.contains("USAGE: screenkit experiment plan --baseline RATE"))
        #expect(!plan.contains("--goal"))
        let (overview, subcommands, _) = await run(["experiment", "--help"])
        #expect(overview == .success && subcommands.contains("  report ") && subcommands.contains("  plan "))
    }
}
