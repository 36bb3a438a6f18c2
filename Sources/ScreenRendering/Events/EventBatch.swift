import ScreenAnalytics
import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit

/// A batch of analytics events an app sent, read and checked against the contract version it
/// declares: the events that pass, and the others with the reason each was refused.
///
/// The batch is JSON, format 1:
/// `{"format":1,"contract":3,"events":[{"name":"promo_tapped","params":{"promo":"cold-brew"},
/// "trigger":"tap","screen":"home","node":"cold-brew","experiments":{"promo-order":"control"},
/// "time":"2026-11-27T10:00:00.250Z"}, …]}`. Each event's `name` and `params` are required; its
/// trigger, screen, node, served arms (as the envelope gave them) and time (RFC 3339) are optional.
/// A malformed batch, one over the ``Limits`` or one declaring no contract version is refused as a
/// whole (``ReadError``); an event the version does not know — an unknown event, param or trigger,
/// a missing required param, a value of the wrong type or an enum value the version lacks — is
/// refused alone (``Rejection``), and the rest are accepted.
///
/// Two events are built in, unless the contract declares an event of that name itself, which then
/// applies: ``exposureEvent`` (`exposure`), which a client sends once when it first shows a screen
/// served with arms — no params, its arms in `experiments`, trigger `appear` if any — and
/// ``renderFailedEvent`` (`render_failed`), which a client sends when it could not show a screen,
/// or part of one: its `screen`, no trigger, and params `reason` (one of ``RenderFailure``),
/// `path` (the JSON path of what failed, optional) and `release` (the `ScreenKit-Release` the
/// screen came with, optional).
public struct EventBatch: Sendable, Hashable {
    /// The batch format this code reads.
    public static let format = 1

    /// The built-in event a client sends when it first shows a screen served with arms: what
    /// `screenkit experiment report` reads as an exposure.
    public static let exposureEvent = "exposure"

    /// The built-in event a client sends when it could not show a screen, or part of one: what
    /// `screenkit health` counts as the clients' own failures, by release.
    public static let renderFailedEvent = "render_failed"

    /// Why a client could not show a screen (`render_failed`'s `reason`).
    public typealias RenderFailure = RenderFailureReason

    /// How much a batch may hold: checked before and while reading, so a hostile batch costs time
    /// linear in its bounded size.
    public struct Limits: Sendable, Hashable {
        /// The most bytes a batch may have (256 KiB).
        public var maximumBytes = 256 * 1024
        /// The most events a batch may hold (500).
        public var maximumEvents = 500
        /// The most bytes of one string: a param value, a screen or node ID, an arm (1,024).
        public var maximumStringBytes = 1024
        /// The most experiments one event may name (16).
        public var maximumExperiments = 16

        /// The default limits.
        public init() {}
    }

    /// One accepted event.
    public struct Event: Sendable, Hashable {
        /// Its position in the batch's `events`.
        public let index: Int
        /// The event's name, declared by the contract version.
        public let name: String
        /// Its params, sorted by key (as the frozen contract lists them).
        public let params: [Prop]
        /// The trigger it was sent on, when the app said.
        public let trigger: String?
        /// The screen and node it was sent from, when the app said.
        public let screen: String?
        /// The ID of the node that sent it, when the app said.
        public let node: String?
        /// The experiment arms the app was served with the screen, by experiment.
        public let experiments: [String: String]
        /// When it happened (RFC 3339), when the app said.
        public let time: String?
    }

    /// One refused event: where it is in the batch, and why.
    public struct Rejection: Sendable, Hashable, CustomStringConvertible {
        /// Its position in the batch's `events`.
        public let index: Int
        /// Why it was refused.
        public let reason: String

        /// `events[3]: unknown event "promo_shown" (contract 2)`.
        public var description: String { "events[\(index)]: \(reason)" }
    }

    /// Why a batch was refused as a whole.
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// The contract version the batch was checked against: the one it declares, or the newest
    /// this server knows when it declares a newer one.
    public let contract: Int
    /// The events that passed, in batch order.
    public let accepted: [Event]
    /// The events that did not, in batch order.
    public let rejected: [Rejection]
}

/// Reads batches of analytics events against a frozen history: each version's events and
/// triggers looked up once, when the reader is made.
public struct EventBatchReader: Sendable {
    /// What one contract version knows of events.
    struct Version: Sendable {
        let events: [String: EventSchema]
        let triggers: Set<String>
        let enums: [String: Set<String>]
    }

    let versions: [Version]
    /// The limits every batch is read within.
    public let limits: EventBatch.Limits

    /// A reader for apps of the versions of `history` (version 1 first), within `limits`.
    public init(history: [Contract], limits: EventBatch.Limits = .init()) {
        self.limits = limits
        versions = history.map { contract in
            var triggers: Set<String> = []
            for component in contract.components {
                triggers.formUnion(component.eventTriggers)
            }
            var enums: [String: Set<String>] = [:]
            for schema in contract.enums { enums[schema.name] = Set(schema.cases.map(\.value)) }
            return Version(
                events: Dictionary(contract.events.map { ($0.name, $0) }) { first, _ in first }, triggers: triggers,
                enums: enums)
        }
    }

    /// Reads `bytes` as a batch: the events its contract version accepts, and the others with
    /// their reasons; throws for a batch that cannot be read at all.
    public func read(_ bytes: [UInt8]) throws(EventBatch.ReadError) -> EventBatch {
        guard bytes.count <= limits.maximumBytes else {
            throw EventBatch.ReadError(
                description: "the batch is \(bytes.count) bytes; a batch is at most \(limits.maximumBytes) bytes")
        }
        guard !versions.isEmpty else { throw EventBatch.ReadError(description: "no contract version is frozen") }
        let document: JSONObjectReader
        let declared: Int
        let events: [JSONValue]
        do throws(JSONFormatError) {
            // A batch nests four levels (batch, events, event, params); deeper values are refused
            // one event at a time, as values of the wrong type, up to a bound.
            document = try JSONObjectReader.document(bytes, maximumDepth: 8)
            let format = try document.int("format")
            guard format == EventBatch.format else {
                throw JSONFormatError(
                    "format \(format) is not supported (this server reads format \(EventBatch.format))")
            }
            try document.refuseUnknownKeys(["format", "contract", "events"])
            declared = try document.int("contract")
            guard case .array(let list) = try document.required("events") else {
                throw JSONFormatError("wrong type at events: expected a list")
            }
            events = list
        } catch {
            throw EventBatch.ReadError(description: "not an event batch: \(error.description)")
        }
        guard declared >= 1 else {
            throw EventBatch.ReadError(description: "contract \(declared) is not a contract version")
        }
        guard events.count <= limits.maximumEvents else {
            throw EventBatch.ReadError(
                description: "the batch holds \(events.count) events; a batch holds at most \(limits.maximumEvents)")
        }
        // A newer app's events are checked against the newest version this server knows.
        let contract = min(declared, versions.count)
        let version = versions[contract - 1]
        var accepted: [EventBatch.Event] = []
        var rejected: [EventBatch.Rejection] = []
        for (index, value) in events.enumerated() {
            do {
                accepted.append(try event(value, at: index, in: version, contract: contract))
            } catch {
                rejected.append(EventBatch.Rejection(index: index, reason: error.description))
            }
        }
        return EventBatch(contract: contract, accepted: accepted, rejected: rejected)
    }

    /// The event at `index`, checked against `version`; why not, if it is refused.
    func event(_ value: JSONValue, at index: Int, in version: Version, contract: Int) throws(JSONFormatError)
        -> EventBatch.Event
    {
        let object = try JSONObjectReader(value, path: "events[\(index)]")
        try object.refuseUnknownKeys(["name", "params", "trigger", "screen", "node", "experiments", "time"])
        let name = try object.string("name")
        let isExposure = version.events[name] == nil && name == EventBatch.exposureEvent
        let isRenderFailure = version.events[name] == nil && name == EventBatch.renderFailedEvent
        guard
            let schema = version.events[name]
                ?? (isExposure ? Self.exposure : isRenderFailure ? Self.renderFailed : nil)
        else {
            throw JSONFormatError("unknown event \"\(Self.shown(name))\" (contract \(contract))")
        }
        let params = try self.params(try object.object("params"), of: schema, in: version, contract: contract)
        if isRenderFailure { try Self.checkRenderFailure(params, object) }
        let trigger = try object.optionalString("trigger")
        if isRenderFailure, let trigger {
            throw JSONFormatError("a render failure is sent on no trigger, not \"\(Self.shown(trigger))\"")
        }
        if isExposure, let trigger, trigger != "appear" {
            throw JSONFormatError("an exposure is sent on appear, not \"\(Self.shown(trigger))\"")
        }
        if let trigger, !version.triggers.contains(trigger), !isExposure {
            throw JSONFormatError("unknown trigger \"\(Self.shown(trigger))\" (contract \(contract))")
        }
        let screen = try bounded(try object.optionalString("screen"), "screen")
        let node = try bounded(try object.optionalString("node"), "node")
        let experiments = try object.optionalObject("experiments").map { (arms) throws(JSONFormatError) in
            try self.experiments(arms)
        }
        if isExposure, experiments?.isEmpty ?? true {
            throw JSONFormatError("an exposure names the arms it was served in \"experiments\"")
        }
        let time = try object.optionalString("time")
        if let time, !RFC3339.isValid(time) {
            throw JSONFormatError("time \"\(Self.shown(time))\" is not an RFC 3339 timestamp")
        }
        return EventBatch.Event(
            index: index, name: name, params: params, trigger: trigger, screen: screen, node: node,
            experiments: experiments ?? [:], time: time)
    }

    /// The built-in exposure: no params.
    static let exposure = EventSchema(EventBatch.exposureEvent, params: [])

    /// The built-in render failure: why (required), where and from which release (optional).
    static let renderFailed = EventSchema(
        name: EventBatch.renderFailedEvent,
        params: [
            // Sorted by key, as a frozen contract lists an event's params.
            PropSchema("path", .string, .optional), PropSchema("reason", .string, .required),
            PropSchema("release", .string, .optional),
        ], meaning: "the app could not show a screen, or part of one", source: nil)

    /// Refuses a render failure without a screen, of a reason outside ``EventBatch/RenderFailure``
    /// or naming something that is not a release.
    static func checkRenderFailure(_ params: [Prop], _ object: JSONObjectReader) throws(JSONFormatError) {
        guard object.optional("screen") != nil else {
            throw JSONFormatError("a render failure names the screen it happened on in \"screen\"")
        }
        for param in params {
            guard case .string(let text) = param.value else { continue }
            if param.key == "reason", EventBatch.RenderFailure(rawValue: text) == nil {
                throw JSONFormatError(
                    "reason \"\(shown(text))\" is not one of \(EventBatch.RenderFailure.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            if param.key == "release", !ResponseRecord.isRelease(text) {
                throw JSONFormatError("release \"\(shown(text))\" is not a release name")
            }
        }
    }

    /// The params of an event of `schema`: each declared, each required one present, each of its type.
    func params(_ object: JSONObjectReader, of schema: EventSchema, in version: Version, contract: Int)
        throws(JSONFormatError) -> [Prop]
    {
        for member in object.members where schema.param(member.key) == nil {
            throw JSONFormatError(
                "unknown param \"\(Self.shown(member.key))\" of event \"\(schema.name)\" (contract \(contract))")
        }
        var params: [Prop] = []
        for declared in schema.params {
            guard let raw = object.optional(declared.key) else {
                if case .required = declared.presence {
                    throw JSONFormatError("event \"\(schema.name)\" is missing its required param \"\(declared.key)\"")
                }
                continue
            }
            let value: Value
            switch (declared.type, raw) {
            case (.string, .string(let text)):
                value = .string(try bounded(text, "param \"\(declared.key)\"")!)
            case (.number, .number(let text)):
                guard text.utf8.count <= 64, let number = Double(text), number.isFinite else {
                    throw JSONFormatError(
                        "param \"\(declared.key)\" of event \"\(schema.name)\" is not a finite number")
                }
                value = .number(number)
            case (.bool, .bool(let flag)):
                value = .bool(flag)
            case (.enumeration(let enumeration), .string(let text)):
                guard version.enums[enumeration.name]?.contains(text) == true else {
                    throw JSONFormatError(
                        "param \"\(declared.key)\" of event \"\(schema.name)\": \"\(Self.shown(text))\" is not a value of \(enumeration.name) (contract \(contract))"
                    )
                }
                value = .string(text)
            default:
                throw JSONFormatError(
                    "param \"\(declared.key)\" of event \"\(schema.name)\" is not of type \(declared.type.name)")
            }
            params.append(Prop(key: declared.key, value: value))
        }
        return params
    }

    /// The served arms: experiment and arm names, at most ``EventBatch/Limits/maximumExperiments``.
    func experiments(_ object: JSONObjectReader) throws(JSONFormatError) -> [String: String] {
        guard object.members.count <= limits.maximumExperiments else {
            throw JSONFormatError(
                "\(object.members.count) experiments; an event names at most \(limits.maximumExperiments)")
        }
        var arms: [String: String] = [:]
        for member in object.members {
            let arm = try JSONObjectReader.string(member.value, at: object.path(of: member.key))
            guard ExperimentResolution.isValidName(member.key), ExperimentResolution.isValidName(arm) else {
                throw JSONFormatError(
                    "experiment \"\(Self.shown(member.key))\" = \"\(Self.shown(arm))\" is not an experiment and arm name"
                )
            }
            arms[member.key] = arm
        }
        return arms
    }

    /// `text` when within ``EventBatch/Limits/maximumStringBytes``.
    func bounded(_ text: String?, _ what: String) throws(JSONFormatError) -> String? {
        guard let text, text.utf8.count > limits.maximumStringBytes else { return text }
        throw JSONFormatError("\(what) is \(text.utf8.count) bytes; a string is at most \(limits.maximumStringBytes)")
    }

    /// `text` for a message: at most 64 characters, control characters escaped.
    static func shown(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(64) {
            shown +=
                scalar.value < 0x20 || scalar == "\"" || scalar == "\\" ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return text.unicodeScalars.count > 64 ? shown + "…" : shown
    }
}
