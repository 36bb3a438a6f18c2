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

    /// Builds the node for a component with named slots: each slot's nodes, in the order given,
    /// become children placed in that slot (after the plain `children`, if any).
    public static func makeNode(
        id: String?,
        props: [Prop],
        children: [Node]? = nil,
        slots: KeyValuePairs<String, [Node]>,
        fallback: Fallback? = nil,
        source: SourceLocation
    ) -> Node {
        var all = children ?? []
        for (name, nodes) in slots {
            for node in nodes { all.append(node.inSlot(name)) }
        }
        return makeNode(id: id, props: props, children: all, fallback: fallback, source: source)
    }

    /// `first` alone, in an array with room for every prop the component declares: the modifiers
    /// that set the others then never grow it.
    static func props(_ first: Prop) -> [Prop] {
        var props: [Prop] = []
        props.reserveCapacity(schema.props.count)
        props.append(first)
        return props
    }

    /// `first` and `second`, in an array with room for every prop the component declares.
    static func props(_ first: Prop, _ second: Prop) -> [Prop] {
        var props = Self.props(first)
        props.append(second)
        return props
    }

    /// A copy with the prop set to `value`, or removed when nil; the basis of every typed modifier.
    public consuming func setting(_ key: String, _ value: Value?) -> Self {
        // Consumed, not copied: the props array is then uniquely held and grows in place.
        node.set(key, value)
        return self
    }

    /// A copy with an explicit, stable ID.
    public consuming func id(_ id: String) -> Self {
        node.id = id
        return self
    }

    /// A copy that older clients replace with `fallback`, or drop with `.drop`.
    public consuming func fallback(_ fallback: Fallback) -> Self {
        node.fallback = fallback
        return self
    }

    /// A copy that older clients replace with the given component.
    public consuming func fallback(_ replacement: some Component) -> Self {
        fallback(.node(replacement.node))
    }
}

/// Anything a ``ScreenBuilder`` block accepts: a component, a node, or a section of nodes.
public protocol ScreenContent: Sendable {
    /// The nodes this content contributes.
    var nodes: [Node] { get }

    /// Appends the nodes this content contributes to `nodes`; what a ``ScreenBuilder`` block calls,
    /// so a component or node adds itself without making an array of its own first.
    func appendNodes(to nodes: inout [Node])
}

extension ScreenContent {
    /// Appends ``nodes``.
    public func appendNodes(to nodes: inout [Node]) { nodes.append(contentsOf: self.nodes) }
}

extension Component {
    /// Appends the component's node.
    public func appendNodes(to nodes: inout [Node]) { nodes.append(node) }
}

extension Node: ScreenContent {
    /// The node itself.
    public var nodes: [Node] { [self] }

    /// Appends the node itself.
    public func appendNodes(to nodes: inout [Node]) { nodes.append(self) }
}

extension Array: ScreenContent where Element == Node {
    /// The nodes of the section.
    public var nodes: [Node] { self }
}
