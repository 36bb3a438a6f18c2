extension CountsQuery {
    /// The columns of a release counts file (`rollout status --counts`).
    public static let releaseColumns = [
        "release", "screen", "responses", "server_errors", "client_errors", "shown", "with_fallback", "render_failures",
    ]

    /// The query counting what `screenkit rollout status` counts from the logs, per release and
    /// screen: the records of format 2 (those the reader reads; format 1 names no release) —
    /// responses, 5xx, 4xx, screens shown (200 and 304), those that applied a fallback — and the
    /// apps' `render_failed` event lines naming a release (a reason of the closed set, a screen, a
    /// contract version, a time).
    public func releases() -> String {
        let reasons = RenderFailureReason.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        let release = "'^[a-z0-9][a-z0-9._-]{0,\(ResponseRecord.maximumReleaseBytes - 1)}$'"
        let matches: (String) -> String =
            switch dialect {
            case .duckdb: { "regexp_full_match(coalesce(\($0), ''), \(release))" }
            case .athena: { "regexp_like(coalesce(\($0), ''), \(release))" }
            case .bigquery: { "REGEXP_CONTAINS(COALESCE(\($0), ''), r\(release))" }
            }
        let command = "screenkit rollout status --counts FILE --bucket URL"
        return header("responses and render failures per release and screen", then: command) + """
            WITH log_lines AS (
              SELECT
                \(text("$.event")) AS event,
                \(text("$.release")) AS release,
                \(text("$.screen")) AS screen,
                \(integer("$.status")) AS status,
                \(integer("$.format")) AS format,
                \(json("$.fallbacks")) AS fallbacks,
                \(text("$.params.reason")) AS reason,
                \(text("$.params.release")) AS failure_release,
                \(integer("$.contract")) AS contract,
                CASE WHEN \(text("$.event")) = 'response' THEN \(validRecord) END AS valid_record
              FROM \(relation)
            ),
            responses AS (
              SELECT release, COALESCE(screen, '(unknown)') AS screen, COUNT(*) AS responses,
                COUNT(CASE WHEN status >= 500 THEN 1 END) AS server_errors,
                COUNT(CASE WHEN status >= 400 AND status < 500 THEN 1 END) AS client_errors,
                COUNT(CASE WHEN status IN (200, 304) THEN 1 END) AS shown,
                COUNT(CASE WHEN status IN (200, 304) AND fallbacks IS NOT NULL AND fallbacks <> '[]' THEN 1 END)
                  AS with_fallback
              FROM log_lines
              WHERE event = 'response' AND valid_record AND format = 2
              GROUP BY release, COALESCE(screen, '(unknown)')
            ),
            failures AS (
              SELECT failure_release AS release, screen, COUNT(*) AS render_failures
              FROM log_lines
              WHERE event = 'render_failed' AND reason IN (\(reasons)) AND \(matches("failure_release"))
                AND screen IS NOT NULL AND contract BETWEEN 1 AND 9999
              GROUP BY failure_release, screen
            )
            SELECT COALESCE(r.release, f.release) AS release, COALESCE(r.screen, f.screen) AS screen,
              COALESCE(r.responses, 0) AS responses, COALESCE(r.server_errors, 0) AS server_errors,
              COALESCE(r.client_errors, 0) AS client_errors, COALESCE(r.shown, 0) AS shown,
              COALESCE(r.with_fallback, 0) AS with_fallback, COALESCE(f.render_failures, 0) AS render_failures
            FROM responses r FULL OUTER JOIN failures f ON r.release = f.release AND r.screen = f.screen
            ORDER BY release, screen;

            """
    }
}

extension CountsFile {
    /// One row of a release counts file: a release's counts on one screen.
    public struct ReleaseRow: Sendable, Hashable {
        /// The release.
        public let release: String
        /// The screen.
        public let screen: String
        /// Its counts, as the verdict tallies them (render failures under ``RenderFailureReason/other``).
        public let tally: ReleaseVerdict.Tally
    }

    /// The rows of a release counts file (``CountsQuery/releaseColumns``).
    public static func releases(_ bytes: [UInt8]) throws(Invalid) -> [ReleaseRow] {
        let columns = CountsQuery.releaseColumns
        let table = try self.table(bytes, columns)
        var total = 0
        return try table.rows.map { (row) throws(Invalid) in
            let release = table.value(row, 0)
            guard ResponseRecord.isRelease(release) else {
                throw Invalid(description: "line \(row.line): release \"\(release.prefix(40))\" is not a release name")
            }
            var counts: [Int] = []
            for column in 2..<columns.count { counts.append(try count(table, row, column, of: columns)) }
            for value in counts {
                let (sum, overflow) = total.addingReportingOverflow(value)
                total = overflow ? Int.max : sum
            }
            guard total <= maximumTotal else {
                throw Invalid(description: "line \(row.line): the counts sum past \(maximumTotal)")
            }
            guard counts[1] + counts[2] <= counts[0], counts[3] <= counts[0], counts[4] <= counts[3] else {
                throw Invalid(
                    description:
                        "line \(row.line): more errors or screens shown than responses, or more fallbacks than screens shown"
                )
            }
            var tally = ReleaseVerdict.Tally()
            tally.responses = counts[0]
            tally.serverErrors = counts[1]
            tally.clientErrors = counts[2]
            tally.shown = counts[3]
            tally.withFallback = counts[4]
            if counts[5] > 0 { tally.renderFailures[.other] = counts[5] }
            return ReleaseRow(release: release, screen: table.value(row, 1), tally: tally)
        }
    }
}
