/// An analytics event the catalog declares: its name and its typed params.
///
/// Nodes send it on a trigger (``TrackedEvent``); the compiler checks every node's events against
/// these declarations like props: an unknown event, a missing, extra or mistyped param is an error
/// at the Swift line that attached it. Params are strings, numbers, booleans or enum values,
/// required or optional.
public struct EventSchema: Sendable, Hashable {
    /// The event's name, e.g. `promo_tapped`: lowercase letters, digits and `_`, starting with a letter.
    public var name: String
    /// The params, in wire order.
    public var params: [PropSchema]
    /// What the event records (`"the user tapped a promotion card"`), frozen with it: reusing the
    /// name for something else is a contract change (`meaning-changed`), as for props.
    public var meaning: String?
    /// Where the event was declared in Swift, when known; not part of the contract.
    public var source: SourceLocation?

    /// Declares an event.
    public init(
        _ name: String, params: [PropSchema] = [], meaning: String? = nil, file: String = #filePath,
        line: Int = #line
    ) {
        self.name = name
        self.params = params
        self.meaning = meaning
        self.source = SourceLocation(file: file, line: line, column: 1)
    }

    /// Creates an event declaration read from a contract file.
    public init(name: String, params: [PropSchema], meaning: String?, source: SourceLocation?) {
        self.name = name
        self.params = params
        self.meaning = meaning
        self.source = source
    }

    /// The declaration of the param with this key.
    public func param(_ key: String) -> PropSchema? {
        params.first { $0.key == key }
    }

    /// Equal when the contract is equal: the source location does not count.
    public static func == (lhs: EventSchema, rhs: EventSchema) -> Bool {
        lhs.name == rhs.name && lhs.params == rhs.params && lhs.meaning == rhs.meaning
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(params)
        hasher.combine(meaning)
    }
}

/// What makes a node send an event: `appear` (any node, when it is first shown), `tap` (a node
/// that carries an action, when it is tapped), or a trigger a custom component declares
/// (``ComponentSchema/triggers``).
public struct EventTrigger: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The trigger's wire name.
    public let name: String

    /// A trigger named `name`.
    public init(_ name: String) { self.name = name }

    /// A trigger named by a literal: a custom component's own (`"expand"`).
    public init(stringLiteral name: String) { self.name = name }

    /// The node is first shown.
    public static let appear = EventTrigger("appear")
    /// The node, which carries an action, is tapped.
    public static let tap = EventTrigger("tap")

    /// The wire name.
    public var description: String { name }
}

/// One event a node sends: on which trigger, which declared event, with which params.
public struct TrackedEvent: Sendable, Hashable {
    /// When it is sent.
    public var trigger: EventTrigger
    /// The declared event's name.
    public var name: String
    /// Its params, in the order given.
    public var params: [Prop]
    /// Where it was attached in Swift.
    public var source: SourceLocation

    /// An event as attached to a node.
    public init(trigger: EventTrigger, name: String, params: [Prop], source: SourceLocation) {
        self.trigger = trigger
        self.name = name
        self.params = params
        self.source = source
    }
}

/// A typed analytics event: a Swift type with its declaration and the params one value carries,
/// so that screens attach it with `.track(.tap, PromoTapped(promo: "cold-brew", position: 1))`.
public protocol AnalyticsEvent: Sendable {
    /// The event's declaration, listed in `Catalog.events`.
    static var schema: EventSchema { get }
    /// This value's params, keyed as the declaration names them.
    var params: [Prop] { get }
}

extension Component {
    /// A copy that sends `event` when `trigger` happens.
    public consuming func track(
        _ trigger: EventTrigger, _ event: some AnalyticsEvent, file: String = #filePath, line: Int = #line,
        column: Int = #column
    ) -> Self {
        node.events.append(
            TrackedEvent(
                trigger: trigger, name: type(of: event).schema.name, params: event.params,
                source: SourceLocation(file: file, line: line, column: column)))
        return self
    }
}
