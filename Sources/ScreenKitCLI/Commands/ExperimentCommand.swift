import Foundation
import ScreenAnalytics
import ScreenCompiler
import ScreenKit

/// `screenkit experiment report`: what an A/B test of the catalog did to a goal event, from an
/// export of exposures and events (JSON Lines), with the split checked first.
enum ExperimentCommand {
    static let command = Command(
        name: "experiment",
        summary: "Report an experiment's conversions and lift, or plan its size.",
        help: """
            OVERVIEW: What an A/B test of the catalog did to a goal event, and how many
            units one needs before it starts.

            USAGE: screenkit experiment <subcommand> [options]

            SUBCOMMANDS:
              report   Conversions, lift and the split check of an experiment, from exports
                       of exposures and events (JSON Lines) or a counts query's result.
              plan     The units each arm needs to detect an effect.

            See 'screenkit experiment <subcommand> --help' for its options.
            """,
        valueOptions: [],
        flags: [],
        usesConfig: false,
        subcommands: [report, ExperimentPlanCommand.command],
        run: { _, _ throws(CommandError) in throw .usage("experiment needs a subcommand: report or plan") }
    )

    static let report = Command(
        name: "report",
        summary: "Conversions, lift and the split check of an experiment.",
        help: """
            OVERVIEW: Read exposures and events exported as JSON Lines — one object per line
            with "unit", "event" and "time" (RFC 3339); an exposure's event is "exposure"
            and it names the arm as "experiment" and "arm" or in "experiments"
            ({"promo-order": "control"}, as the example servers' event lines carry them), or
            it is an edge router's response record (event "response", a 200 or 304; its
            forced arms are not exposures, see `screenkit edge --records`) — and report what
            the experiment did to the goal event. A unit counts in the arm of its first
            exposure (units exposed to two arms are left out, and counted in a note) and
            converts when it sent the goal event at or after that exposure.

            Per arm: units exposed, units converted, the conversion rate with its 95 %
            Wilson interval, and against the control the absolute lift (percentage points,
            95 % Wald interval), the relative lift (95 % interval on the log scale) and the
            two-sided p-value of the two-proportion z-test (pooled). First, the sample
            ratio: a chi-square test of the units per arm against the weights the catalog
            declares; p < 0.001 flags a broken split (SAMPLE RATIO MISMATCH), which makes
            every lift below unreliable.

            Logs too large for one process stay where they are: --sql prints the query that
            computes these counts in DuckDB, Athena or BigQuery, and --counts reads its
            result (arms the catalog does not declare are then listed in the order of their
            first exposure's time, not of the lines).

            USAGE: screenkit experiment report FILE... --experiment NAME --goal EVENT
                     [--control ARM] [--exposure-event NAME]
                     [--format text|markdown|json] [--out FILE]
                   screenkit experiment report --sql duckdb|athena|bigquery
                     --experiment NAME --goal EVENT [--exposure-event NAME]
                     [--from SOURCE]
                   screenkit experiment report --counts FILE --experiment NAME
                     --goal EVENT [...]

            OPTIONS:
              FILE...                The exports, read in order (`-` for standard input).
              --experiment NAME      The experiment; its arms and weights come from the
                                     catalog's screens (an experiment the catalog does not
                                     run is reported without a split check).
              --goal EVENT           The goal event (e.g. add_to_cart_tapped).
              --control ARM          The arm to compare with (default: the experiment's
                                     control).
              --exposure-event NAME  The event of an exposure line (default: exposure).
              --format FORMAT        text (default), markdown or json.
              --out FILE             Write the report (or the query) to FILE instead of
                                     printing it.
            \(CountsOptions.help(column: 25))
              -h, --help             Show this help.

            Under the table, a warning says when the report cannot tell: an arm under
            \(ExperimentReport.minimumUnits) units or \(ExperimentReport.minimumOutcomes) conversions or non-conversions, or a lift whose 95 %
            interval includes zero (with the units a test would need to detect that lift).

            Exit codes: 0 reported, 1 a sample ratio mismatch, 2 usage or an invalid counts
            file, 3 an export that cannot be read (the file and line are named).
            """,
        valueOptions: CountsOptions.valueOptions.union([
            "--experiment", "--goal", "--control", "--exposure-event", "--format", "--out",
        ]),
        flags: [],
        usesConfig: false,
        run: run
    )

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        let source = try CountsOptions.source(arguments, logs: arguments.positional, context)
        guard let experiment = arguments.value("--experiment") else { throw .usage("report needs --experiment NAME") }
        guard let goal = arguments.value("--goal") else { throw .usage("report needs --goal EVENT") }
        let exposureEvent = arguments.value("--exposure-event") ?? "exposure"
        let format = try ExperimentFormat.parse(arguments.value("--format"))
        let observations: ExperimentObservations
        var seen: Set<String> = []
        switch source {
        case .query(let query):
            let text: String
            do {
                text = try query.experiment(experiment, goal: goal, exposureEvent: exposureEvent)
            } catch {
                throw .usage(error.description)
            }
            try CountsOptions.print(text, arguments, context)
            return .success
        case .logs(let files):
            guard !files.isEmpty else {
                throw .usage("report needs the export files (JSON Lines) to read, or --counts FILE")
            }
            var reader = ExportReader(experiment: experiment, goal: goal, exposureEvent: exposureEvent)
            try ChunkedFiles.read(
                files, context, chunk: { data, name in try reader.read(data, name: name) },
                end: { try reader.finish($0) })
            observations = reader.observations
            seen = reader.experimentsSeen
            ChunkedFiles.warnSkipped(reader.skippedRecords, first: reader.firstSkippedRecord, context)
        case .counts(let bytes, let name):
            do {
                observations = try CountsFile.experiment(bytes)
            } catch {
                throw .usage("\(name): \(error.description)")
            }
        }
        let declaration = declaration(of: experiment, in: context.catalog)
        if declaration == nil && observations.exposureLines == 0 {
            let declared = Set(
                context.catalog.screens.flatMap(\.layoutScreens).flatMap { ExperimentResolution.experiments(in: $0) }
                    .map(\.name))
            let list = { (names: Set<String>) in names.isEmpty ? "none" : names.sorted().joined(separator: ", ") }
            throw .usage(
                "no experiment \"\(experiment)\" was found: the catalog declares \(list(declared)), and the "
                    + "exposures read name \(list(seen))")
        }
        let control = arguments.value("--control") ?? declaration?.control
        if let control, let declaration, !declaration.arms.contains(where: { $0.name == control }) {
            throw .usage("experiment \(experiment) has no arm \"\(control)\"")
        }
        let report = ExperimentReport(
            experiment: experiment, goal: goal, observations: observations,
            declared: declaration?.arms.map { ($0.name, $0.weight) } ?? [], control: control)
        let bytes: [UInt8] =
            switch format {
            case .text: Array(report.text.utf8)
            case .markdown: Array(report.markdown.utf8)
            case .json: report.json
            }
        try OutputFile.deliver(bytes, out: arguments.value("--out"), what: "the report of \(experiment)", context)
        if report.sampleRatio?.mismatch == true {
            context.terminal.printError(
                "error: sample ratio mismatch in \(experiment) (p = \(ExperimentReport.pValue(report.sampleRatio!.p))): the split is broken; do not read the lift"
            )
            return .violations
        }
        return .success
    }
}

extension ExperimentCommand {
    /// The declaration of the experiment `name` the catalog's screens run, if one does.
    static func declaration(of name: String, in catalog: Catalog) -> Experiment.Declaration? {
        catalog.screens.flatMap(\.layoutScreens).lazy
            .flatMap { ExperimentResolution.experiments(in: $0) }.first { $0.name == name }?.declaration
    }
}

/// `experiment report`'s formats.
enum ExperimentFormat: String, CaseIterable, OutputFormat {
    case text, markdown, json
}
