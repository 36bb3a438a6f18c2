import Foundation
import ScreenAnalytics
import ScreenRendering

/// `screenkit health`: the contract's health on the CDN path, from the edge routers' response
/// records, counted as a server's `/metrics` counts them.
enum HealthCommand {
    static let command = Command(
        name: "health",
        summary: "Count the contract's health (fallbacks, old clients) in logs.",
        help: """
            OVERVIEW: Read the response records the edge routers log (`screenkit edge
            --records`: nginx's access log, the fetch handler's callback, Lambda@Edge's
            CloudWatch Logs) and count them as a Swift server's ContractHealthMetrics counts
            its responses: responses by screen, contract version served and status; the
            contract versions clients declare; responses that applied a fallback and the
            fallbacks by contract element; clients too old (406) by screen and declared
            version. The Prometheus output is the text the server's /metrics writes for the
            same counters, so a team can push it to a Pushgateway or compare it with a
            server's scrape. The logs may hold the apps' own render_failed events too (the
            event lines a server writes for POST /events): they are counted by screen,
            declared version, reason and release.

            Logs are read in chunks, one line at a time (up to 8 KiB a line): memory stays
            bounded whatever their size. A line that is not a record (another service's, a
            broken one, one too long) is skipped and counted, and the first is named; a
            CloudWatch line (time, request ID and level before the record) is read from its
            record.

            Client versions up to the newest frozen contract version + 16 are told apart, as
            the server's metrics do; higher ones are "newer". The screens are the catalog's.

            Logs too large for one process stay where they are: --sql prints the query that
            counts them in DuckDB, Athena or BigQuery, and --counts reads its result.

            USAGE: screenkit health LOG... [--format text|markdown|prometheus] [--out FILE]
                     [--contract DIR] [--config FILE] [--verbose]
                   screenkit health --sql duckdb|athena|bigquery [--from SOURCE]
                     [--out FILE]
                   screenkit health --counts FILE [--format F] [--out FILE]

            OPTIONS:
              LOG...            The logs, read in order (`-` for standard input).
              --format FORMAT   text (default), markdown or prometheus.
              --out FILE        Write the figures (or the query) to FILE instead of printing
                                them.
            \(CountsOptions.help(column: 20))
            \(Command.contractAndConfigOptions)

            Exit codes: 0 counted, 2 usage or an invalid counts file, 3 a log that cannot be
            read, or no record in any.
            """,
        valueOptions: CountsOptions.valueOptions.union(["--format", "--out", "--contract"]),
        flags: [],
        run: run
    )

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        let source = try CountsOptions.source(arguments, logs: arguments.positional, context)
        let format = try HealthFormat.parse(arguments.value("--format"))
        if case .query(let query) = source {
            try CountsOptions.print(query.health(), arguments, context)
            return .success
        }
        let location = try ContractLocation(arguments, context, mayBeMissing: true)
        let screens = ContractLocation.servedScreens(context.catalog).map(\.id)
        let metrics = ContractHealthMetrics(
            catalogScreens: screens, limits: .init(current: max(1, location.history().versions.count)))
        let count = {
            (
                screen: String?, client: String, served: Int, status: Int, fallbacks: [ResponseRecord.Fallback],
                times: Int
            )
            in
            metrics.record(
                screen: screen, client: ClientContract.parse(client == "none" ? nil : client), served: served,
                status: status, fallbacks: fallbacks.map { ($0.element, $0.count) }, responses: times)
        }
        let records: Int
        switch source {
        case .query: return .success
        case .logs(let files):
            guard !files.isEmpty else {
                throw .usage("health needs the logs to read (`-` for standard input), or --counts FILE")
            }
            records = try ChunkedFiles.readRecords(files, context) { record in
                count(record.screen, record.client, record.served, record.status, record.fallbacks, 1)
            } failures: { failure in
                metrics.recordClientFailure(
                    screen: failure.screen, client: ClientContract.parse(String(failure.contract)),
                    reason: failure.reason.rawValue, release: failure.release)
            }
        case .counts(let bytes, let name):
            let rows: [CountsFile.HealthRow]
            do {
                rows = try CountsFile.health(bytes)
            } catch {
                throw .usage("\(name): \(error.description)")
            }
            for row in rows { count(row.screen, row.client, row.served, row.status, row.fallbacks, row.responses) }
            records = rows.reduce(0) { $0 + $1.responses }
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
