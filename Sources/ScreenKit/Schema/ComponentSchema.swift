/// How a component or action kind that older clients may not know degrades.
public enum FallbackRule: String, Sendable, Hashable, CaseIterable {
    /// No fallback: only for elements every supported client knows.
    case none
    /// Every instance carries a fallback node (or action).
    case node
    /// Older clients drop it.
    case drop
}

/// The declaration of a component: wire type, props, whether it has children, its named slots and
/// its fallback.
public struct ComponentSchema: Sendable, Hashable {
    /// The wire type, e.g. `text`; the contract, so it never changes.
    public var type: String
    /// The props, in wire order.
    public var props: [PropSchema]
    /// Whether the component is a container with `children`.
    public var hasChildren: Bool
    /// The names of its named child lists (a carousel's `slides`, a hero's `header` and `body`), in
    /// wire order; empty for most components. Frozen with the component like `hasChildren`.
    public var slots: [String]
    /// How older clients degrade it.
    public var fallback: FallbackRule
    /// The event triggers its own (`expand` for an accordion), beside `appear` (every component)
    /// and `tap` (a component with an action prop); empty for most. Frozen with the component:
    /// removing one is a contract change (`component-trigger-removed`), adding one is not.
    public var triggers: [String] = []
    /// Where the component was declared in Swift, when known; not part of the contract.
    public var source: SourceLocation?
    /// How the preview draws it (``previewed(_:)``); nil draws it generically. Not part of the contract.
    public var preview: ComponentPreview?

    /// Creates a component declaration.
    public init(
        type: String, props: [PropSchema], hasChildren: Bool = false, slots: [String] = [],
        fallback: FallbackRule = .none, file: String = #filePath, line: Int = #line
    ) {
        self.type = type
        self.props = props
        self.hasChildren = hasChildren
        self.slots = slots
        self.fallback = fallback
        self.source = SourceLocation(file: file, line: line, column: 1)
    }

    /// Creates a component declaration read from a contract file.
    public init(
        type: String, props: [PropSchema], hasChildren: Bool, slots: [String] = [], fallback: FallbackRule,
        source: SourceLocation?
    ) {
        self.type = type
        self.props = props
        self.hasChildren = hasChildren
        self.slots = slots
        self.fallback = fallback
        self.source = source
    }

    /// Equal when the contract is equal: the source location does not count.
    public static func == (lhs: ComponentSchema, rhs: ComponentSchema) -> Bool {
        lhs.type == rhs.type && lhs.props == rhs.props && lhs.hasChildren == rhs.hasChildren
            && lhs.slots == rhs.slots && lhs.fallback == rhs.fallback && lhs.triggers == rhs.triggers
    }

    /// Whether a node of this component can send an event on `trigger`.
    public func supports(_ trigger: EventTrigger) -> Bool {
        switch trigger {
        case .appear: true
        case .tap: props.contains { $0.type == .action }
        default: triggers.contains(trigger.name)
        }
    }

    /// Every trigger a node of this component can send events on: `appear`, `tap` when it has an
    /// action prop, then its own.
    public var eventTriggers: [String] {
        [EventTrigger.appear, .tap].filter(supports).map(\.name) + triggers
    }

    /// A copy whose nodes may also send events on `triggers`.
    public func triggering(_ triggers: String...) -> ComponentSchema {
        var copy = self
        copy.triggers += triggers
        return copy
    }

    /// Hashes what the contract holds, not the source location.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(props)
        hasher.combine(hasChildren)
        hasher.combine(slots)
        hasher.combine(fallback)
        hasher.combine(triggers)
    }

    /// Whether the component holds children: a `children` list or named slots.
    public var holdsChildren: Bool { hasChildren || !slots.isEmpty }

    /// The declaration of the prop with this wire key.
    public func prop(_ key: String) -> PropSchema? {
        props.first { $0.key == key }
    }
}

/// The declaration of an action kind: wire kind, fields and fallback.
public struct ActionSchema: Sendable, Hashable {
    /// The wire kind, e.g. `navigate`.
    public var kind: String
    /// The fields, in wire order.
    public var fields: [PropSchema]
    /// How older clients degrade it: `.node` means every instance carries a fallback action.
    public var fallback: FallbackRule
    /// Where the action kind was declared in Swift, when known; not part of the contract.
    public var source: SourceLocation?

    /// Creates an action kind declaration.
    public init(
        kind: String, fields: [PropSchema], fallback: FallbackRule = .none, file: String = #filePath, line: Int = #line
    ) {
        self.kind = kind
        self.fields = fields
        self.fallback = fallback
        self.source = SourceLocation(file: file, line: line, column: 1)
    }

    /// Creates an action kind declaration read from a contract file.
    public init(kind: String, fields: [PropSchema], fallback: FallbackRule, source: SourceLocation?) {
        self.kind = kind
        self.fields = fields
        self.fallback = fallback
        self.source = source
    }

    /// Equal when the contract is equal: the source location does not count.
    public static func == (lhs: ActionSchema, rhs: ActionSchema) -> Bool {
        lhs.kind == rhs.kind && lhs.fields == rhs.fields && lhs.fallback == rhs.fallback
    }

    /// Hashes what the contract holds, not the source location.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(fields)
        hasher.combine(fallback)
    }

    /// The declaration of the field with this wire key.
    public func field(_ key: String) -> PropSchema? {
        fields.first { $0.key == key }
    }
}
