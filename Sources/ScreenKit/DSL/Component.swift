/// A typed component: a Swift type with a static schema that builds one ``Node``.
///
/// The standard catalog and an app's own components are declared the same way.
public protocol Component: ScreenContent {
    /// The component's contract declaration.
    static var schema: ComponentSchema { get }
    /// The node this component built.
    var node: Node { get set }
}

extension Component {
    /// The component's single node.
    public var nodes: [Node] { [node] }

    /// Builds the node for this component type, from the values a typed initializer collected.
    ///
    /// A component whose schema says `.drop` gets `"fallback": "drop"` unless one is given.
    public static func makeNode(
        id: String?,
        props: [Prop],
        children: [Node]? = nil,
        fallback: Fallback? = nil,
        source: SourceLocation
    ) -> Node {
        Node(
            type: schema.type, id: id, props: props, children: children,
            fallback: fallback ?? (schema.fallback == .drop ? .drop : nil), source: source)
    }

    /// A copy with the prop set to `value`, or removed when nil; the basis of every typed modifier.
    public func setting(_ key: String, _ value: Value?) -> Self {
        var copy = self
        copy.node.set(key, value)
        return copy
    }

    /// A copy with an explicit, stable ID.
    public func id(_ id: String) -> Self {
        var copy = self
        copy.node.id = id
        return copy
    }

    /// A copy that older clients replace with `fallback`, or drop with `.drop`.
    public func fallback(_ fallback: Fallback) -> Self {
        var copy = self
        copy.node.fallback = fallback
        return copy
    }

    /// A copy that older clients replace with the given component.
    public func fallback(_ replacement: some Component) -> Self {
        fallback(.node(replacement.node))
    }
}

/// Anything a ``ScreenBuilder`` block accepts: a component, a node, or a section of nodes.
public protocol ScreenContent: Sendable {
    /// The nodes this content contributes.
    var nodes: [Node] { get }
}

extension Node: ScreenContent {
    /// The node itself.
    public var nodes: [Node] { [self] }
}

extension Array: ScreenContent where Element == Node {
    /// The nodes of the section.
    public var nodes: [Node] { self }
}
