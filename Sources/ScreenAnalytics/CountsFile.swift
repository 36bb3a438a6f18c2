import ScreenJSON

/// Reads the result of a ``CountsQuery`` saved as CSV with its header (DuckDB's `-csv`, Athena's
/// result file, `bq query --format=csv`): the counts a report or the health figures are computed
/// from, with every field checked.
public enum CountsFile {
    /// The largest counts file read, in bytes.
    public static let maximumBytes = 16 << 20
    /// The most rows a counts file may hold.
    public static let maximumRows = 100_000
    /// The most responses and fallbacks a health counts file may sum to (10¹⁸), so no counter
    /// overflows.
    public static let maximumTotal = 1_000_000_000_000_000_000

    /// Why a counts file was refused: the line and what is wrong (the caller names the file).
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        /// `line 3: units "x" is not a count`.
        public let description: String
    }

    /// One row of a health counts file: responses with the same facts.
    public struct HealthRow: Sendable, Hashable {
        /// The screen, nil for one the router does not have.
        public let screen: String?
        /// The declared contract version: `none`, `malformed` or a number.
        public let client: String
        /// The version served, 0 when none was.
        public let served: Int
        /// The HTTP status.
        public let status: Int
        /// The fallbacks each of these responses applied.
        public let fallbacks: [ResponseRecord.Fallback]
        /// How many responses.
        public let responses: Int
    }

    /// The observations of an experiment counts file (``CountsQuery/experimentColumns``): the arms
    /// in file order, the totals from the row without an arm (every row must carry the same).
    public static func experiment(_ bytes: [UInt8]) throws(Invalid) -> ExperimentObservations {
        let table = try self.table(bytes, CountsQuery.experimentColumns)
        var arms: [(name: String, exposed: Int, converted: Int)] = []
        var totals: [Int]? = nil
        var names: Set<String> = []
        for row in table.rows {
            let counts = try (1..<CountsQuery.experimentColumns.count).map { (column) throws(Invalid) in
                try count(table, row, column, of: CountsQuery.experimentColumns)
            }
            if let totals, totals != Array(counts.dropFirst(2)) {
                throw Invalid(
                    description: "line \(row.line): its totals differ from the rows above; is it one query's result?")
            }
            totals = Array(counts.dropFirst(2))
            let arm = table.value(row, 0)
            if arm.isEmpty { continue }
            guard names.insert(arm).inserted else {
                throw Invalid(description: "line \(row.line): arm \"\(arm.prefix(80))\" twice")
            }
            guard counts[1] <= counts[0] else {
                throw Invalid(description: "line \(row.line): \(counts[1]) converted of \(counts[0]) units")
            }
            arms.append((arm, counts[0], counts[1]))
        }
        guard let totals else { throw Invalid(description: "no rows: the query's result has at least its totals row") }
        return ExperimentObservations(
            arms: arms, crossedUnits: totals[4], lines: totals[0], linesWithoutUnit: totals[1],
            exposureLines: totals[2], goalLines: totals[3])
    }

    /// The rows of a health counts file (``CountsQuery/healthColumns``).
    public static func health(_ bytes: [UInt8]) throws(Invalid) -> [HealthRow] {
        let table = try self.table(bytes, CountsQuery.healthColumns)
        // Every sum the figures take stays below this total of responses and fallbacks.
        var total = 0
        return try table.rows.map { (row) throws(Invalid) in
            let screen = table.value(row, 0)
            let client = table.value(row, 1)
            guard client == "none" || client == "malformed" || ResponseRecord.isVersion(client) else {
                throw Invalid(
                    description: "line \(row.line): client \"\(client.prefix(40))\" is not none, malformed or a version"
                )
            }
            let served = try count(table, row, 2, of: CountsQuery.healthColumns)
            let status = try count(table, row, 3, of: CountsQuery.healthColumns)
            guard served <= 9999, (100...599).contains(status) else {
                throw Invalid(description: "line \(row.line): served \(served) or status \(status) is out of range")
            }
            let fallbacksText = table.value(row, 4)
            var fallbacks: [ResponseRecord.Fallback] = []
            if !fallbacksText.isEmpty && fallbacksText != "null" {
                do throws(JSONFormatError) {
                    let object = try JSONObjectReader.document(
                        Array("{\"fallbacks\":\(fallbacksText)}".utf8), maximumDepth: 3)
                    fallbacks = try ResponseRecord.fallbacks(object)
                } catch {
                    throw Invalid(description: "line \(row.line): fallbacks: \(error.description)")
                }
            }
            let responses = try count(table, row, 5, of: CountsQuery.healthColumns)
            let each = fallbacks.reduce(1) { $0 &+ min($1.count, ResponseRecord.maximumFallbackCount) }
            let (added, overflow) = responses.multipliedReportingOverflow(by: each)
            total = overflow ? Int.max : total.addingReportingOverflow(added).overflow ? Int.max : total + added
            guard total <= maximumTotal, fallbacks.allSatisfy({ $0.count <= ResponseRecord.maximumFallbackCount })
            else {
                throw Invalid(
                    description: "line \(row.line): the counts sum past \(maximumTotal) responses and fallbacks")
            }
            return HealthRow(
                screen: screen.isEmpty ? nil : screen, client: client, served: served, status: status,
                fallbacks: fallbacks, responses: responses)
        }
    }

    /// The table, its columns checked, its problems worded.
    static func table(_ bytes: [UInt8], _ columns: [String]) throws(Invalid) -> CSVTable {
        guard bytes.count <= maximumBytes else {
            throw Invalid(description: "\(bytes.count) bytes; a counts file holds at most \(maximumBytes)")
        }
        do {
            return try CSVTable(bytes, columns: columns, maximumRows: maximumRows)
        } catch {
            let expected = columns.joined(separator: ",")
            let message: String =
                switch error {
                case .notUTF8: "not UTF-8 text; expected the query's CSV result (\(expected))"
                case .empty: "empty; expected the query's CSV result with its header row (\(expected))"
                case .unclosedQuote(let line): "line \(line): a quoted field is not closed"
                case .tooManyRows: "more than \(maximumRows) rows"
                case .missingColumn(let column, let line):
                    "line \(line): the header has no column \"\(column)\"; the query's result has \(expected)"
                case .duplicateColumn(let column, let line): "line \(line): the header names column \"\(column)\" twice"
                case .fieldCount(let line, let count, let expected):
                    "line \(line): \(count) field\(count == 1 ? "" : "s"), the header has \(expected)"
                }
            throw Invalid(description: message)
        }
    }

    /// The count in `column` (of `names`) of `row`: a whole number from 0, at most 18 digits.
    static func count(_ table: CSVTable, _ row: CSVTable.Row, _ column: Int, of names: [String])
        throws(Invalid) -> Int
    {
        let text = table.value(row, column)
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = Int(text)
        else {
            throw Invalid(
                description: "line \(row.line): \(names[column]) \"\(text.prefix(40))\" is not a whole number from 0")
        }
        return value
    }
}
