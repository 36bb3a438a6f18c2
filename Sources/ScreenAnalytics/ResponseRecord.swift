import ScreenJSON

/// One response record: what an edge router (or a server) decided for one screen response, as one
/// JSON line of format 2 — the facts behind the contract's health and an experiment's exposures.
///
/// `{"format":2,"event":"response","time":RFC 3339,"source":"nginx"|"fetch"|"lambda-edge"|…,
/// "release":release,"screen":id|null,"client":"none"|"malformed"|"<n>","served":n,"status":n,"locale"?,"unit"?,
/// "experiments"?:{experiment:arm},"forced"?:{experiment:arm},"object"?,"fallbacks"?:[{"element","count"}]}`:
/// `screen` is null for a screen the router does not have (a 404); `served` is 0 when nothing was
/// served; `experiments` holds the arms the unit was assigned (its exposures), `forced` the ones a
/// `ScreenKit-Arm` header forced (never exposures); `fallbacks` counts the fallbacks the object
/// applies by contract element; `release` names the release that answered (``isRelease(_:)``: a
/// published manifest's first 12 hex digits, or a server's own name). It is the exposure line
/// ``ExportReader`` reads, with more: one format family. Format 1 (written before releases) is the
/// same without `release`, and is still read.
public struct ResponseRecord: Sendable, Hashable {
    /// The record format this ScreenKit writes.
    public static let format = 2
    /// The record formats this ScreenKit reads: 1 (no release) and 2.
    public static let formats = 1...2
    /// The longest release name.
    public static let maximumReleaseBytes = 64
    /// The longest record line: the unit is at most 256 bytes, every other field bounded by the
    /// contract (8 KiB).
    public static let maximumLineBytes = 8 * 1024
    /// The largest fallback count one record may give an element (2^20): no object applies more
    /// fallbacks than it has nodes, and counting a bounded number never overflows.
    public static let maximumFallbackCount = 1 << 20

    /// One contract element the served object falls back for, and how many times.
    public struct Fallback: Sendable, Hashable {
        /// The element (`component:Carousel`).
        public let element: String
        /// The number of fallbacks for it.
        public let count: Int

        /// `count` fallbacks for `element`.
        public init(element: String, count: Int) {
            self.element = element
            self.count = count
        }
    }

    /// When the response was made, as written.
    public let time: String
    /// Nanoseconds since 1970 of ``time``.
    public let nanoseconds: Int64
    /// What wrote it: `nginx`, `fetch`, `lambda-edge`, `server`.
    public let source: String
    /// The release that answered; nil in a format-1 record.
    public let release: String?
    /// The screen, nil for one the router does not have.
    public let screen: String?
    /// The contract version the client declared: `none`, `malformed` or a number.
    public let client: String
    /// The contract version served, 0 when none was.
    public let served: Int
    /// The HTTP status.
    public let status: Int
    /// The locale served, when the screens are localized.
    public let locale: String?
    /// The experiment unit, when the request named one (up to 256 bytes).
    public let unit: String?
    /// The arm of each experiment the unit was assigned: its exposures.
    public let experiments: [String: String]
    /// The arm of each experiment a `ScreenKit-Arm` header forced: not exposures.
    public let forced: [String: String]
    /// The SHA-256 of the object served (or revalidated), when one was.
    public let object: String?
    /// The fallbacks the object applies, by element.
    public let fallbacks: [Fallback]

    /// The record on one line (without its newline).
    ///
    /// Throws a ``JSONFormatError`` saying what is wrong: not JSON, over ``maximumLineBytes``,
    /// another format or event, a field missing or of the wrong type or out of range.
    public init(line: [UInt8]) throws(JSONFormatError) {
        try Self.checkLine(line)
        try self.init(object: try JSONObjectReader.document(line, maximumDepth: 4))
    }

    /// The record in `object`, read from a line that ``checkLine(_:)`` accepted.
    init(object: JSONObjectReader) throws(JSONFormatError) {
        let format = try object.int("format")
        guard Self.formats.contains(format) else {
            throw JSONFormatError(
                "record format \(format) is not one this ScreenKit reads (\(Self.formats.lowerBound) to \(Self.formats.upperBound))"
            )
        }
        let event = try object.string("event")
        guard event == "response" else { throw JSONFormatError("event \"\(event.prefix(40))\" is not \"response\"") }
        time = try object.string("time")
        guard let nanoseconds = RFC3339.nanoseconds(time) else {
            throw JSONFormatError("time \"\(time.prefix(40))\" is not an RFC 3339 timestamp")
        }
        self.nanoseconds = nanoseconds
        source = try object.string("source")
        if format >= 2 {
            let release = try object.string("release")
            guard Self.isRelease(release) else {
                throw JSONFormatError("release \"\(release.prefix(40))\" is not a release name")
            }
            self.release = release
        } else {
            release = nil
        }
        screen = object.value("screen") == .null ? nil : try object.string("screen")
        client = try object.string("client")
        guard client == "none" || client == "malformed" || Self.isVersion(client) else {
            throw JSONFormatError("client \"\(client.prefix(40))\" is not none, malformed or a version")
        }
        served = try object.int("served")
        status = try object.int("status")
        guard served >= 0, served <= 9999, (100...599).contains(status) else {
            throw JSONFormatError("served \(served) or status \(status) is out of range")
        }
        locale = try object.optionalString("locale")
        unit = try object.optionalString("unit")
        experiments = object.value("experiments") == nil ? [:] : try object.stringMap("experiments")
        forced = object.value("forced") == nil ? [:] : try object.stringMap("forced")
        self.object = try object.optionalString("object")
        fallbacks = try Self.fallbacks(object)
    }

    /// Checks what a record line must be before its JSON is read: at most ``maximumLineBytes``
    /// bytes, and ASCII, as the format writes every other character as a `\u` escape (any other
    /// byte is a broken line, never text to repair).
    static func checkLine<C: Collection<UInt8>>(_ line: C) throws(JSONFormatError) {
        guard line.count <= maximumLineBytes else {
            throw JSONFormatError("longer than \(maximumLineBytes) bytes")
        }
        if let index = line.firstIndex(where: { $0 >= 0x80 }) {
            let column = line.distance(from: line.startIndex, to: index) + 1
            throw JSONFormatError(
                "a byte that is not ASCII (0x\(String(line[index], radix: 16, uppercase: true))) at column \(column)")
        }
    }

    /// The `fallbacks` member of `object`: each element with a count from 1 to
    /// ``maximumFallbackCount``.
    static func fallbacks(_ object: JSONObjectReader) throws(JSONFormatError) -> [Fallback] {
        try (object.optionalObjects("fallbacks") ?? []).map { (fallback) throws(JSONFormatError) in
            let count = try fallback.int("count")
            guard count > 0, count <= maximumFallbackCount else {
                throw JSONFormatError("a fallback count of \(count) (1 to \(maximumFallbackCount))")
            }
            return Fallback(element: try fallback.string("element"), count: count)
        }
    }

    /// Whether `text` names a release: 1 to 64 of a-z, 0-9, `.`, `_` and `-`, starting with a letter
    /// or digit (a manifest's is its first 12 hex digits).
    public static func isRelease(_ text: String) -> Bool {
        guard let first = text.utf8.first, text.utf8.count <= maximumReleaseBytes else { return false }
        func isAlphanumeric(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) }
        return isAlphanumeric(first)
            && text.utf8.allSatisfy { isAlphanumeric($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D }
    }

    /// Whether `text` is a contract version as a client declares it: 1 to 4 digits, not 0.
    static func isVersion(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 4 && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && Int(text)! > 0
    }
}
