/// One element of a screen: the single concrete node type every component builds.
///
/// Plain data with no closures, so the compiler can inspect, validate and rewrite it.
public struct Node: Sendable, Hashable {
    /// The component's wire type, e.g. `text`.
    public var type: String
    /// The explicit ID, or nil to let the compiler derive one.
    public var id: String?
    /// The props that were set, in the order they were set.
    public var props: [Prop]
    /// The children of a container, named slots' children included; nil for a leaf.
    public var children: [Node]?
    /// The parent's named slot this node sits in (see ``ComponentSchema/slots``); nil for its
    /// plain `children`.
    public var slot: String?
    /// What a client that does not know this node's type renders instead.
    public var fallback: Fallback?
    /// Where the node was written.
    public var source: SourceLocation
    /// What few nodes hold (an experiment, analytics events), boxed behind one pointer: most nodes
    /// hold none, and a node stays the size it was.
    @usableFromInline var extras: ExtrasBox?

    /// The experiment this node stands for (type ``experimentType``), resolved by the compiler to
    /// one arm's nodes; nil for every other node.
    public var experiment: Experiment? {
        get {
            guard case .value(let extras)? = extras else { return nil }
            return extras.experiment
        }
        set { update { $0.experiment = newValue } }
    }

    /// The analytics events the node sends, in the order attached (``Component/track(_:_:file:line:column:)``).
    public var events: [TrackedEvent] {
        get {
            guard case .value(let extras)? = extras else { return [] }
            return extras.events
        }
        set { update { $0.events = newValue } }
    }

    /// Whether the node sends analytics events: inlined, a node without extras costs one load.
    @inlinable public var hasEvents: Bool {
        guard case .some = extras else { return false }
        return !events.isEmpty
    }

    /// Changes the boxed extras; a box left empty is dropped.
    private mutating func update(_ change: (inout NodeExtras) -> Void) {
        var value: NodeExtras
        if case .value(let current)? = extras { value = current } else { value = NodeExtras() }
        change(&value)
        extras = value.experiment == nil && value.events.isEmpty ? nil : .value(value)
    }

    /// Creates a node.
    public init(
        type: String,
        id: String? = nil,
        props: [Prop] = [],
        children: [Node]? = nil,
        fallback: Fallback? = nil,
        slot: String? = nil,
        source: SourceLocation
    ) {
        self.type = type
        self.id = id
        self.props = props
        self.children = children
        self.fallback = fallback
        self.slot = slot
        self.source = source
    }

    /// A copy placed in the parent's named slot `name`.
    public func inSlot(_ name: String) -> Node {
        var copy = self
        copy.slot = name
        return copy
    }

    /// The value of the prop with this wire key, if set.
    public subscript(prop key: String) -> Value? {
        for prop in props where prop.key == key { return prop.value }
        return nil
    }

    /// Calls `body` with each child in order, borrowed rather than copied.
    @inlinable
    public func forEachChild<E: Error>(_ body: (borrowing Node) throws(E) -> Void) throws(E) {
        guard let children else { return }
        try children.withUnsafeBufferPointer { (buffer) throws(E) in
            // Through the element pointer, whose subscript is an addressor: the child is borrowed
            // in place, where the buffer's subscript would copy it.
            guard let base = buffer.baseAddress else { return }
            for index in 0..<buffer.count { try body(base[index]) }
        }
    }

    /// A copy with the prop set to `value`, or removed when `value` is nil.
    public func setting(_ key: String, _ value: Value?) -> Node {
        var copy = self
        copy.set(key, value)
        return copy
    }

    /// Sets the prop to `value`, or removes it when `value` is nil.
    public mutating func set(_ key: String, _ value: Value?) {
        if let index = props.firstIndex(where: { $0.key == key }) {
            if let value { props[index].value = value } else { props.remove(at: index) }
        } else if let value {
            // Room for a few more at once: modifiers set props one by one.
            if props.count == props.capacity { props.reserveCapacity(Swift.max(4, props.count * 2)) }
            props.append(Prop(key: key, value: value))
        }
    }
}

/// A prop or action field: a wire key and its value.
public struct Prop: Sendable, Hashable {
    /// The wire key.
    public var key: String
    /// The value.
    public var value: Value

    /// Creates a prop.
    public init(key: String, value: Value) {
        self.key = key
        self.value = value
    }
}

/// What an older client renders in place of a node it does not know.
public indirect enum Fallback: Sendable, Hashable {
    /// Render this node instead.
    case node(Node)
    /// Render nothing.
    case drop
}

/// What few nodes hold.
@usableFromInline struct NodeExtras: Sendable, Hashable {
    var experiment: Experiment?
    var events: [TrackedEvent] = []
}

/// A node's extras, behind one pointer.
@usableFromInline indirect enum ExtrasBox: Sendable, Hashable {
    case value(NodeExtras)
}
