import ScreenAnalytics
import ScreenJSON

/// `--sql`, `--from` and `--counts`, which `experiment report` and `health` share: print the SQL
/// that counts logs at any scale, or read the counts it returned, instead of reading logs.
enum CountsOptions {
    /// The options.
    static let valueOptions: Set<String> = ["--sql", "--from", "--counts"]

    /// Their help, descriptions from `column` (the command's own options' column), within 80
    /// columns.
    static func help(column: Int) -> String {
        let entries = [
            (
                "--sql DIALECT",
                "Print the SQL that computes these counts where the logs are (duckdb, athena for "
                    + "Athena/Presto/Trino, bigquery) instead of reading logs."
            ),
            (
                "--from SOURCE",
                "With --sql, what the query reads: DuckDB's JSON Lines files (a path or glob; default "
                    + "*.jsonl), the others' table with one string column `line` per log line (default "
                    + "screenkit_logs)."
            ),
            (
                "--counts FILE",
                "Read the counts the query returned, saved as CSV with its header, instead of logs: the "
                    + "same figures, computed from the aggregates. At most \(CountsFile.maximumBytes >> 20) MiB "
                    + "and 100,000 rows: a health result has a row per screen, client version, version served, "
                    + "status and set of fallbacks; query a period or some screens at a time when it grows past "
                    + "that."
            ),
        ]
        return entries.map { HelpText.option($0.0, $0.1, column: column) }.joined(separator: "\n")
    }

    /// What a command reads its figures from.
    enum Source {
        /// Logs named on the command line.
        case logs([String])
        /// The query's counts file: its bytes and its name as given.
        case counts([UInt8], name: String)
        /// Nothing: print this query instead.
        case query(CountsQuery)
    }

    /// The source `arguments` name: `--sql` (no logs), `--counts FILE` (no logs) or the logs
    /// `files`, of which there must be one at least.
    static func source(_ arguments: Arguments, logs files: [String], _ context: CommandContext) throws(CommandError)
        -> Source
    {
        let sql = arguments.value("--sql")
        let counts = arguments.value("--counts")
        if sql != nil, counts != nil { throw .usage("give --sql or --counts, not both") }
        if arguments.value("--from") != nil, sql == nil {
            throw .usage("--from names what --sql's query reads: give --sql too")
        }
        if let sql {
            guard files.isEmpty else { throw .usage("--sql prints a query and reads no log; leave out \(files[0])") }
            guard let dialect = CountsQuery.Dialect(rawValue: sql) else {
                throw .usage("unknown --sql dialect '\(sql)'; use duckdb, athena or bigquery")
            }
            do {
                return .query(try CountsQuery(dialect, from: arguments.value("--from")))
            } catch {
                throw .usage("--from: \(error.description)")
            }
        }
        if let counts {
            guard files.isEmpty else {
                throw .usage("--counts reads the query's counts instead of logs; leave out \(files[0])")
            }
            let name = DiagnosticFormatter(workingDirectory: context.workingDirectory).relative(
                context.url(counts).path)
            switch JSONFile.read(atPath: context.url(counts).path, maximumBytes: CountsFile.maximumBytes) {
            case .missing, .unreadable: throw .failure("\(name): no such file, or it cannot be read")
            case .tooLarge(let size):
                throw .usage("\(name): \(size) bytes; a counts file holds at most \(CountsFile.maximumBytes)")
            case .bytes(let bytes): return .counts(bytes, name: name)
            }
        }
        return .logs(files)
    }

    /// Prints `query` (or writes it to `--out`).
    static func print(_ query: String, _ arguments: Arguments, _ context: CommandContext) throws(CommandError) {
        try OutputFile.deliver(Array(query.utf8), out: arguments.value("--out"), what: "the query", context)
    }
}
