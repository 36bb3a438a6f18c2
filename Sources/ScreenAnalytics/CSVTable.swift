/// A CSV file with a header row, as spreadsheets, analytics exports and SQL engines write it
/// (RFC 4180: fields separated by commas, double-quoted when they hold commas, quotes or line
/// breaks, `""` for a quote; `\r\n` or `\n` line ends; a UTF-8 byte-order mark; blank lines
/// skipped), read for the columns a reader needs — in any order, others ignored.
public struct CSVTable: Sendable {
    /// Why a file is not such a table; the reader words it for its own file.
    public enum Problem: Error, Sendable, Hashable {
        /// The bytes are not UTF-8.
        case notUTF8
        /// Not even a header: the file is empty or blank.
        case empty
        /// A quoted field opened on `line` is not closed.
        case unclosedQuote(line: Int)
        /// More data rows than the reader allows.
        case tooManyRows
        /// The header (on `line`) lacks `column`.
        case missingColumn(String, line: Int)
        /// The header (on `line`) names `column` twice.
        case duplicateColumn(String, line: Int)
        /// The row on `line` has `count` fields where the header has `expected`.
        case fieldCount(line: Int, count: Int, expected: Int)
    }

    /// One data row: the line it starts on and its fields, in header order.
    public struct Row: Sendable {
        /// The line the row starts on (1 is the first line of the file).
        public let line: Int
        /// The fields as written (quotes removed).
        public let fields: [String]
    }

    /// The data rows, in file order (none when the file has only a header, or nothing).
    public let rows: [Row]
    /// The position in a row of each column asked for.
    private let positions: [Int]

    /// Reads `bytes`, whose header must name each of `columns` (matched ignoring case and
    /// surrounding spaces) once, holding at most `maximumRows` data rows.
    public init(_ bytes: [UInt8], columns: [String], maximumRows: Int) throws(Problem) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else { throw .notUTF8 }
        let all = try Self.rows(text, maximumRows: maximumRows)
        guard let header = all.first else { throw .empty }
        let names = header.fields.map { $0.trimmingCharacters(in: " \t").lowercased() }
        var positions: [Int] = []
        for column in columns {
            guard let position = names.firstIndex(of: column) else {
                throw .missingColumn(column, line: header.line)
            }
            guard names.count(where: { $0 == column }) == 1 else {
                throw .duplicateColumn(column, line: header.line)
            }
            positions.append(position)
        }
        for row in all.dropFirst() where row.fields.count != names.count {
            throw .fieldCount(line: row.line, count: row.fields.count, expected: names.count)
        }
        rows = Array(all.dropFirst())
        self.positions = positions
    }

    /// The field of `row` in the `column`-th of the columns asked for, spaces and tabs trimmed.
    public func value(_ row: Row, _ column: Int) -> String {
        row.fields[positions[column]].trimmingCharacters(in: " \t")
    }

    /// Every row, the header first, blank lines left out.
    private static func rows(_ text: String, maximumRows: Int) throws(Problem) -> [Row] {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        // Whether `field` holds only spaces and tabs so far (a quote then opens a quoted field).
        var blank = true
        var quoted = false
        var line = 1
        var rowLine = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func endRow() {
            fields.append(field)
            field = ""
            blank = true
            if !(fields.count == 1 && fields[0].trimmingCharacters(in: " \t").isEmpty) {
                rows.append(Row(line: rowLine, fields: fields))
            }
            fields = []
        }
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    if let next = scalars.next() {
                        if next == "\"" {
                            field.unicodeScalars.append("\"")
                        } else {
                            quoted = false
                            pending = next
                        }
                    } else {
                        quoted = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where blank:
                field = ""
                blank = false
                quoted = true
            case ",":
                fields.append(field)
                field = ""
                blank = true
            case "\r":
                break
            case "\n":
                endRow()
                line += 1
                rowLine = line
                guard rows.count <= maximumRows + 1 else { throw .tooManyRows }
            default:
                if scalar != " " && scalar != "\t" { blank = false }
                field.unicodeScalars.append(scalar)
            }
        }
        if quoted { throw .unclosedQuote(line: rowLine) }
        endRow()
        guard rows.count <= maximumRows + 1 else { throw .tooManyRows }
        return rows
    }
}

extension String {
    /// The string without leading and trailing characters of `set`.
    fileprivate func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, set.unicodeScalars.contains(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, set.unicodeScalars.contains(last) { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
