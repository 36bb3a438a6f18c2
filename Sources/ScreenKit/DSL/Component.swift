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
        // Room for every prop the component declares: the modifiers that set the others then
        // write them in place.
        let node = Node(
            type: schema.type, id: id, capacity: Swift.max(props.count, schema.props.count), children: children,
            fallback: fallback ?? (schema.fallback == .drop ? .drop : nil), source: source)
        for prop in props { node.storage.append(prop) }
        return node
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

    /// The node of a component whose initializer sets `first` (and `second`): as
    /// ``makeNode(id:props:children:fallback:source:)``, without an array of props in between.
    /// Props left nil are not set.
    static func makeNode(
        id: String?, _ first: Prop?, _ second: Prop? = nil, children: [Node]? = nil, source: SourceLocation
    ) -> Node {
        let node = Node(
            type: schema.type, id: id, capacity: schema.props.count, children: children,
            fallback: schema.fallback == .drop ? .drop : nil, source: source)
        if let first { node.storage.append(first) }
        if let second { node.storage.append(second) }
        return node
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

    /// The content as the partial result of a ``ScreenBuilder`` block of this one statement: a
    /// component or a node is one node, held without an array.
    var builderPart: ScreenBuilder.Part { get }
}

extension ScreenContent {
    /// Appends ``nodes``.
    public func appendNodes(to nodes: inout [Node]) { nodes.append(contentsOf: self.nodes) }

    /// ``nodes``.
    public var builderPart: ScreenBuilder.Part { .many(nodes) }
}

extension Component {
    /// Appends the component's node.
    public func appendNodes(to nodes: inout [Node]) { nodes.append(node) }

    /// The component's node.
    public var builderPart: ScreenBuilder.Part { .one(node) }
}

extension Node: ScreenContent {
    /// The node itself.
    public var nodes: [Node] { [self] }

    /// Appends the node itself.
    public func appendNodes(to nodes: inout [Node]) { nodes.append(self) }

    /// The node itself.
    public var builderPart: ScreenBuilder.Part { .one(self) }
}

extension Array: ScreenContent where Element == Node {
    /// The nodes of the section.
    public var nodes: [Node] { self }

    /// The nodes of the section.
    public var builderPart: ScreenBuilder.Part { .many(self) }
}
