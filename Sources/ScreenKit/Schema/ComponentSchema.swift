/// How a component or action kind that older clients may not know degrades.
public enum FallbackRule: String, Sendable, Hashable, CaseIterable {
    /// No fallback: only for elements every supported client knows.
    case none
    /// Every instance carries a fallback node (or action).
    case node
    /// Older clients drop it.
    case drop
}

/// The declaration of a component: wire type, props, whether it has children, and its fallback.
public struct ComponentSchema: Sendable, Hashable {
    /// The wire type, e.g. `text`; the contract, so it never changes.
    public var type: String
    /// The props, in wire order.
    public var props: [PropSchema]
    /// Whether the component is a container with `children`.
    public var hasChildren: Bool
    /// How older clients degrade it.
    public var fallback: FallbackRule

    /// Creates a component declaration.
    public init(type: String, props: [PropSchema], hasChildren: Bool = false, fallback: FallbackRule = .none) {
        self.type = type
        self.props = props
        self.hasChildren = hasChildren
        self.fallback = fallback
    }

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

    /// Creates an action kind declaration.
    public init(kind: String, fields: [PropSchema], fallback: FallbackRule = .none) {
        self.kind = kind
        self.fields = fields
        self.fallback = fallback
    }

    /// The declaration of the field with this wire key.
    public func field(_ key: String) -> PropSchema? {
        fields.first { $0.key == key }
    }
}
