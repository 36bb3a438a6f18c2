import Foundation
import ScreenAnalytics
import ScreenRendering

/// `screenkit health`: the contract's health on the CDN path, from the edge routers' response
/// records, counted as a server's `/metrics` counts them.
enum HealthCommand {
    static let command = Command(
        name: "health",
        summary: "Count the contract's health from edge logs: responses, fallbacks, clients too old.",
        help: """
            OVERVIEW: Read the response records the edge routers log (`screenkit edge --records`:
            nginx's access log, the fetch handler's callback, Lambda@Edge's CloudWatch Logs) and
            count them as a Swift server's ContractHealthMetrics counts its responses: responses by
            screen, contract version served and status; the contract versions clients declare;
            responses that applied a fallback and the fallbacks by contract element; clients too
            old (406) by screen and declared version. The Prometheus output is the text the
            server's /metrics writes for the same counters, so a team can push it to a
            Pushgateway or compare it with a server's scrape.

            Logs are read in chunks, one line at a time (up to 8 KiB a line): memory stays bounded
            whatever their size. A line that is not a record (another service's, a broken one,
            one too long) is skipped and counted, and the first is named; a CloudWatch line
            (time, request ID and level before the record) is read from its record.

            Client versions up to the newest frozen contract version + 16 are told apart, as the
            server's metrics do; higher ones are "newer". The screens are the catalog's.

            USAGE: screenkit health LOG... [--format text|markdown|prometheus] [--out FILE]
                                          [--contract DIR] [--config FILE] [--verbose]

            OPTIONS:
              LOG...            The logs, read in order (`-` for standard input).
              --format FORMAT   text (default), markdown or prometheus.
              --out FILE        Write the figures to FILE instead of printing them.
            \(Command.contractAndConfigOptions)

            Exit codes: 0 counted, 2 usage, 3 a log that cannot be read, or no record in any.
            """,
        valueOptions: ["--format", "--out", "--contract"],
        flags: [],
        run: run
    )

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        let files = arguments.positional
        guard !files.isEmpty else { throw .usage("health needs the logs to read (`-` for standard input)") }
        let format = try HealthFormat.parse(arguments.value("--format"))
        let location = try ContractLocation(arguments, context, mayBeMissing: true)
        let screens = ContractLocation.servedScreens(context.catalog).map(\.id)
        let metrics = ContractHealthMetrics(
            catalogScreens: screens, limits: .init(current: max(1, location.history().versions.count)))
        let records = try ChunkedFiles.readRecords(files, context) { record in
            metrics.record(
                screen: record.screen, client: ClientContract.parse(record.client == "none" ? nil : record.client),
                served: record.served, status: record.status,
                fallbacks: record.fallbacks.map { ($0.element, $0.count) })
        }
        let text: String =
            switch format {
            case .prometheus: metrics.exposition(countersOnly: true)
            case .text: HealthReport(families: metrics.counters(), records: records).text
            case .markdown: HealthReport(families: metrics.counters(), records: records).markdown
            }
        try OutputFile.deliver(
            Array(text.utf8), out: arguments.value("--out"), what: "the health of \(records) responses", context)
        return .success
    }
}

/// `health`'s formats.
enum HealthFormat: String, CaseIterable, OutputFormat {
    case text, markdown, prometheus
}
