import ScreenJSON

/// Why a client could not show a screen (the `reason` of a `render_failed` event): a closed set, so
/// failures are counted alike across apps and platforms.
public enum RenderFailureReason: String, Sendable, Hashable, CaseIterable {
    /// The payload could not be decoded.
    case decode
    /// A component the app does not draw.
    case unknownComponent = "unknown_component"
    /// An action the app cannot run.
    case unknownAction = "unknown_action"
    /// A node without a prop its component requires.
    case missingProp = "missing_prop"
    /// A prop of a value the app cannot use (a colour, a URL, a size it does not read).
    case badValue = "bad_value"
    /// An image that did not load.
    case imageFailed = "image_failed"
    /// Anything else.
    case other
}

/// One `render_failed` event as a server logs it (an event's JSON line: `{"time","unit"?,
/// "contract","event":"render_failed","screen","params":{"reason","path"?,"release"?}}`): a
/// screen, or part of one, an app could not show — counted by `screenkit health` beside the
/// response records, by screen, declared contract version, reason and release.
public struct RenderFailureLine: Sendable, Hashable {
    /// The event's name.
    public static let event = "render_failed"

    /// When it happened, as written.
    public let time: String
    /// The contract version the app declared.
    public let contract: Int
    /// The screen it happened on.
    public let screen: String
    /// Why.
    public let reason: RenderFailureReason
    /// The release the screen came from, when the app said.
    public let release: String?
    /// The JSON path of what failed, when there is one.
    public let path: String?
    /// Whom the server knows sent it, if anyone.
    public let unit: String?

    /// The event on one line (without its newline, at most ``maximumLineBytes``); throws a
    /// ``JSONFormatError`` saying what is wrong, or that it is another event.
    public init(line: [UInt8]) throws(JSONFormatError) {
        guard line.count <= Self.maximumLineBytes else {
            throw JSONFormatError("longer than \(Self.maximumLineBytes) bytes")
        }
        let object = try JSONObjectReader.document(line, maximumDepth: 4)
        let event = try object.string("event")
        guard event == Self.event else {
            throw JSONFormatError("event \"\(event.prefix(40))\" is not \"\(Self.event)\"")
        }
        time = try object.string("time")
        guard RFC3339.isValid(time) else {
            throw JSONFormatError("time \"\(time.prefix(40))\" is not an RFC 3339 timestamp")
        }
        contract = try object.int("contract")
        guard contract >= 1, contract <= 9999 else { throw JSONFormatError("contract \(contract) is out of range") }
        screen = try object.string("screen")
        let params = try object.object("params")
        let reason = try params.string("reason")
        guard let known = RenderFailureReason(rawValue: reason) else {
            throw JSONFormatError("reason \"\(reason.prefix(40))\" is not a render failure's")
        }
        self.reason = known
        release = try params.optionalString("release")
        if let release, !ResponseRecord.isRelease(release) {
            throw JSONFormatError("release \"\(release.prefix(40))\" is not a release name")
        }
        path = try params.optionalString("path")
        unit = try object.optionalString("unit")
    }

    /// The longest line read: a record's bound (its strings are bounded by the event batch's).
    public static let maximumLineBytes = ResponseRecord.maximumLineBytes
}
