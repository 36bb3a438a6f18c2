import Foundation
import ScreenAnalytics
import ScreenJSON

/// The installed client versions of an app and their shares, read from the file `screenkit
/// contract coverage --installs` names: an analytics or App Store Connect export with a contract
/// column added.
///
/// CSV, a header row then one row per app version (columns in any order, others ignored; fields
/// may be double-quoted):
///
/// ```
/// app_version,contract,share
/// 4.2.0,2,0.61
/// 4.1.3,1,0.39
/// ```
///
/// or JSON, the format number first:
///
/// ```
/// {"format": 1, "clients": [{"appVersion": "4.2.0", "contract": 2, "share": 0.61}, …]}
/// ```
///
/// Each share is a decimal from 0 to 1 (of installs or of sessions); together they sum to 1 ± 0.01.
public struct InstalledClients: Sendable, Hashable {
    /// The JSON format this code reads.
    public static let format = 1
    /// The largest file read, in bytes, checked before reading.
    public static let maximumBytes = 1 << 20
    /// The most app versions a file may list.
    public static let maximumClients = 10_000
    /// The longest app version, in bytes.
    public static let maximumVersionBytes = 64
    /// How far the shares may sum from 1.
    public static let tolerance = 0.01

    /// One app version.
    public struct Client: Sendable, Hashable {
        /// The app version, e.g. `4.2.0`.
        public let appVersion: String
        /// The contract version it decodes (1 or more).
        public let contract: Int
        /// Its share of installs or sessions, 0 to 1.
        public let share: Double
        /// Where it was read: `line 3` of a CSV file, `clients[2]` of a JSON file.
        public let origin: String
    }

    /// The app versions, in file order.
    public let clients: [Client]

    /// Why an installs file was refused, naming the file and the line or entry.
    public struct Invalid: Error, Sendable, CustomStringConvertible {
        /// The message, starting with the file's path.
        public let description: String
        /// Whether the file could not be read at all (missing, a folder, no permission), rather
        /// than read and refused.
        public var isUnreadable = false
    }

    /// Reads the file at `path`: JSON when its first non-blank byte is `{`, else CSV. The size is
    /// checked before anything is read; messages name the file `name` (default: `path`).
    public static func load(_ path: String, named name: String? = nil) throws(Invalid) -> InstalledClients {
        let file = path
        let path = name ?? path
        switch JSONFile.read(atPath: file, maximumBytes: maximumBytes) {
        case .missing: throw Invalid(description: "\(path): no such file", isUnreadable: true)
        case .unreadable: throw Invalid(description: "\(path): cannot read the file", isUnreadable: true)
        case .tooLarge(let size):
            throw Invalid(description: "\(path): \(size) bytes; an installs file may hold at most \(maximumBytes)")
        case .bytes(let bytes): return try decode(bytes, path: path)
        }
    }

    /// Reads the bytes of an installs file read from `path` (named in messages).
    public static func decode(_ bytes: [UInt8], path: String) throws(Invalid) -> InstalledClients {
        guard bytes.count <= maximumBytes else {
            throw Invalid(
                description: "\(path): \(bytes.count) bytes; an installs file may hold at most \(maximumBytes)")
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        let clients = try first == UInt8(ascii: "{") ? json(Array(body), path: path) : csv(Array(body), path: path)
        return try checked(clients, path: path)
    }

    /// The checks both forms share: at least one client, no app version twice, shares summing to 1.
    private static func checked(_ clients: [Client], path: String) throws(Invalid) -> InstalledClients {
        guard !clients.isEmpty else {
            throw Invalid(description: "\(path): lists no client versions; expected app_version,contract,share rows")
        }
        var seen: [String: String] = [:]
        for client in clients {
            if let earlier = seen[client.appVersion] {
                throw Invalid(
                    description:
                        "\(path): \(client.origin): app version \"\(client.appVersion)\" is listed twice (first at \(earlier)); merge its shares into one row"
                )
            }
            seen[client.appVersion] = client.origin
        }
        let sum = clients.reduce(0) { $0 + $1.share }
        guard abs(sum - 1) <= tolerance + 1e-9 else {
            throw Invalid(
                description:
                    "\(path): the shares sum to \(CoverageNumbers.decimal(sum, digits: 4)), not 1 (± \(tolerance)); list every installed version, with shares of one total"
            )
        }
        return InstalledClients(clients: clients)
    }

    /// One client from its three fields, each checked.
    private static func client(version: String, contract: String, share: String, origin: String, path: String)
        throws(Invalid) -> Client
    {
        func invalid(_ message: String) -> Invalid { Invalid(description: "\(path): \(origin): \(message)") }
        guard !version.isEmpty else { throw invalid("the app version is empty") }
        guard version.utf8.count <= maximumVersionBytes,
            version.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-+() ".unicodeScalars.contains($0))
            })
        else {
            throw invalid(
                "app version \"\(version.prefix(maximumVersionBytes))\" is not a version (at most \(maximumVersionBytes) of A-Z, a-z, 0-9, '.', '_', '-', '+', '(', ')' and spaces)"
            )
        }
        guard contract.utf8.count <= 6, !contract.isEmpty, contract.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let number = Int(contract)
        else { throw invalid("contract \"\(contract.prefix(20))\" is not a contract version (a whole number)") }
        guard number >= 1 else { throw invalid("contract 0 is not a contract version; versions start at 1") }
        guard let value = decimal(share), value >= 0, value <= 1 else {
            throw invalid("share \"\(share.prefix(20))\" is not a number from 0 to 1 (e.g. 0.25)")
        }
        return Client(appVersion: version, contract: number, share: value, origin: origin)
    }

    /// A plain decimal (`0.25`, `1`, `.5`); nil for anything else (signs, exponents, `nan`).
    private static func decimal(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 32, bytes.contains(where: { (0x30...0x39).contains($0) }),
            bytes.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") }),
            bytes.count(where: { $0 == UInt8(ascii: ".") }) <= 1
        else { return nil }
        return Double(text.hasPrefix(".") ? "0" + text : text)
    }
}

// MARK: - CSV

extension InstalledClients {
    /// The CSV columns, by header name.
    static let columns = ["app_version", "contract", "share"]

    private static func csv(_ bytes: [UInt8], path: String) throws(Invalid) -> [Client] {
        let table: CSVTable
        do {
            table = try CSVTable(bytes, columns: columns, maximumRows: maximumClients)
        } catch {
            let message: String
            switch error {
            case .notUTF8: message = "not UTF-8 text; expected CSV (app_version,contract,share) or JSON"
            case .unclosedQuote(let line): message = "line \(line): a quoted field is not closed"
            case .tooManyRows:
                message =
                    "more than \(maximumClients) client versions; an installs file lists at most \(maximumClients)"
            case .empty: return []
            case .missingColumn(let column, let line):
                message =
                    "line \(line): the header has no column \"\(column)\"; the first row names the columns app_version,contract,share"
            case .duplicateColumn(let column, let line):
                message = "line \(line): the header names column \"\(column)\" twice"
            case .fieldCount(let line, let count, let expected):
                message = "line \(line): \(count) field\(count == 1 ? "" : "s"), the header has \(expected)"
            }
            throw Invalid(description: "\(path): \(message)")
        }
        var clients: [Client] = []
        for row in table.rows {
            clients.append(
                try client(
                    version: table.value(row, 0), contract: table.value(row, 1), share: table.value(row, 2),
                    origin: "line \(row.line)", path: path))
        }
        return clients
    }
}

// MARK: - JSON

extension InstalledClients {
    private static func json(_ bytes: [UInt8], path: String) throws(Invalid) -> [Client] {
        func invalid(_ error: JSONFormatError) -> Invalid { Invalid(description: "\(path): \(error.description)") }
        let document: JSONObjectReader
        do {
            document = try JSONObjectReader.document(bytes, maximumDepth: 3)
        } catch {
            throw Invalid(description: "\(path): \(error.description) (an installs file nests 3 levels at most)")
        }
        guard document.members.first?.key == "format", case .number(let format)? = document.members.first?.value
        else {
            throw Invalid(description: "\(path): needs \"format\": \(Self.format) first")
        }
        guard format == "\(Self.format)" else {
            throw Invalid(
                description: "\(path): format \(format.prefix(20)); this screenkit reads format \(Self.format)")
        }
        do {
            try document.refuseUnknownKeys(["format", "clients"])
        } catch {
            throw invalid(error)
        }
        guard let entries = document.value("clients")?.arrayValue else {
            throw Invalid(
                description: "\(path): needs \"clients\": a list of {\"appVersion\", \"contract\", \"share\"}")
        }
        guard entries.count <= maximumClients else {
            throw Invalid(
                description:
                    "\(path): \(entries.count) client versions; an installs file lists at most \(maximumClients)")
        }
        var clients: [Client] = []
        for (offset, value) in entries.enumerated() {
            let origin = "clients[\(offset)]"
            guard let entry = try? JSONObjectReader(value, path: origin) else {
                throw Invalid(
                    description: "\(path): \(origin): not an object {\"appVersion\", \"contract\", \"share\"}")
            }
            do {
                try entry.refuseUnknownKeys(["appVersion", "contract", "share"])
            } catch {
                throw invalid(error)
            }
            guard case .string(let version)? = entry.value("appVersion") else {
                throw Invalid(description: "\(path): \(origin): needs \"appVersion\", a string")
            }
            guard case .number(let contract)? = entry.value("contract") else {
                throw Invalid(description: "\(path): \(origin): needs \"contract\", a whole number")
            }
            guard case .number(let share)? = entry.value("share") else {
                throw Invalid(description: "\(path): \(origin): needs \"share\", a number from 0 to 1")
            }
            clients.append(try client(version: version, contract: contract, share: share, origin: origin, path: path))
        }
        return clients
    }
}
