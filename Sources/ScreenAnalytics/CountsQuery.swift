/// The SQL that computes, over logs too large for one process, the counts `screenkit experiment
/// report --counts` and `screenkit health --counts` read: the same counts ``ExportReader`` and the
/// health command compute from the JSON Lines themselves.
///
/// The query reads a relation with one column `line`, each row one log line's JSON object (a
/// response record, an app's event): in DuckDB the files `from` names (a path or glob, read with
/// `read_json_objects`), in Athena/Presto/Trino and BigQuery the table `from` (one string column
/// `line`). Its result, saved as CSV with its header, is the counts file.
public struct CountsQuery: Sendable {
    /// The engines a query is written for.
    public enum Dialect: String, Sendable, CaseIterable {
        /// DuckDB.
        case duckdb
        /// Amazon Athena (engine 3), Presto and Trino.
        case athena
        /// Google BigQuery (GoogleSQL).
        case bigquery

        /// The engine's name, for the query's header.
        var title: String {
            switch self {
            case .duckdb: "DuckDB"
            case .athena: "Athena (Trino/Presto)"
            case .bigquery: "BigQuery"
            }
        }

        /// The relation read when none is named.
        public var defaultSource: String {
            switch self {
            case .duckdb: "*.jsonl"
            case .athena, .bigquery: "screenkit_logs"
            }
        }
    }

    /// Why a query cannot be written: a name or source that would need escaping.
    public struct Refused: Error, Sendable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// The engine.
    public let dialect: Dialect
    /// The files (DuckDB) or table (the others) read.
    public let source: String

    /// A query in `dialect` over `source` (default: the dialect's ``Dialect/defaultSource``).
    public init(_ dialect: Dialect, from source: String? = nil) throws(Refused) {
        self.dialect = dialect
        self.source = source ?? dialect.defaultSource
        let allowed: (Unicode.Scalar) -> Bool =
            switch dialect {
            case .duckdb: { $0.value >= 0x20 && $0 != "'" && $0.value != 0x7F }
            case .athena, .bigquery:
                {
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                            || "_.-`\"".unicodeScalars.contains($0))
                }
            }
        guard !self.source.isEmpty, self.source.unicodeScalars.allSatisfy(allowed) else {
            throw Refused(
                description: dialect == .duckdb
                    ? "the files to read cannot hold a quote (') or a control character: \(self.source.prefix(80))"
                    : "the table must be a name (letters, digits, _ . - and quoting): \(self.source.prefix(80))")
        }
    }

    /// Refuses a name that a SQL string or a JSON path would need to escape (a quote, a backslash,
    /// a control character): experiment, arm and event names never hold one.
    static func checked(_ name: String, _ what: String) throws(Refused) -> String {
        guard !name.isEmpty, name.utf8.count <= 256,
            name.unicodeScalars.allSatisfy({
                $0.value >= 0x20 && $0.value != 0x7F && !"'\"\\".unicodeScalars.contains($0)
            })
        else {
            throw Refused(
                description: "\(what) \"\(name.prefix(80))\" holds a quote, a backslash or a control character")
        }
        return name
    }

    // MARK: - Expressions per dialect

    /// The relation of log lines, one column `line`.
    var relation: String {
        switch dialect {
        case .duckdb:
            "(SELECT json AS line FROM read_json_objects('\(source)', format = 'newline_delimited', ignore_errors = true))"
        case .athena, .bigquery: source
        }
    }

    /// The string (or number, as text) at `path` of the line; NULL when absent or null.
    func text(_ path: String) -> String {
        switch dialect {
        case .duckdb: "json_extract_string(line, '\(path)')"
        case .athena: "json_extract_scalar(line, '\(path)')"
        case .bigquery: "JSON_VALUE(line, '\(path)')"
        }
    }

    /// The JSON text of the value at `path`, NULL when absent.
    func json(_ path: String) -> String {
        switch dialect {
        case .duckdb: "CAST(json_extract(line, '\(path)') AS VARCHAR)"
        case .athena: "json_format(json_extract(line, '\(path)'))"
        case .bigquery: "JSON_QUERY(line, '\(path)')"
        }
    }

    /// The whole number at `path`, NULL when absent or not one.
    func integer(_ path: String) -> String {
        switch dialect {
        case .duckdb, .athena: "TRY_CAST(\(text(path)) AS INTEGER)"
        case .bigquery: "SAFE_CAST(\(text(path)) AS INT64)"
        }
    }

    /// The RFC 3339 time at `path` as a timestamp, NULL when absent or not one.
    func time(_ path: String) -> String {
        switch dialect {
        case .duckdb: "TRY_CAST(\(text(path)) AS TIMESTAMPTZ)"
        case .athena: "TRY(from_iso8601_timestamp(\(text(path))))"
        case .bigquery: "SAFE_CAST(\(text(path)) AS TIMESTAMP)"
        }
    }

    /// The path of member `key` of the object at `path` (a key with any character but a quote).
    func member(_ path: String, _ key: String) -> String {
        switch dialect {
        case .duckdb, .bigquery: "\(path).\"\(key)\""
        case .athena: "\(path)[\"\(key)\"]"
        }
    }

    /// The query's first lines: what it computes, for which engine, and what to do with its result.
    func header(_ what: String, then command: String) -> String {
        """
        -- ScreenKit counts query, format 1: \(what).
        -- Engine: \(dialect.title). Reads \(dialect == .duckdb ? "the JSON Lines files \(source)" : "the table \(source), one string column `line` per log line").
        -- Save the result as CSV with its header row, then: \(command)

        """
    }
}
