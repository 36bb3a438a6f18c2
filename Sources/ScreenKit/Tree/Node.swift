/// One element of a screen: the single concrete node type every component builds.
///
/// Plain data with no closures, so the compiler can inspect, validate and rewrite it. A value with
/// value semantics, held behind one reference: the node's fields and its props share one
/// allocation, copying a node retains it, and a change to a node that is not
/// uniquely held copies the storage first. So a leaf costs one allocation, fits an existential's
/// inline buffer (the ``ScreenBuilder`` boxes nothing) and moves as one word.
public struct Node: @unchecked Sendable, Hashable {
    // Sendable by hand: the storage is never changed while another node shares it (every change
    // goes through `makeUnique`), so sharing it between threads shares immutable data.
    @usableFromInline var storage: NodeStorage

    /// The component's wire type, e.g. `text`.
    public var type: String {
        get { storage.header.type }
        set { write(\.type, newValue) }
    }

    /// The explicit ID, or nil to let the compiler derive one.
    public var id: String? {
        get { storage.header.id }
        set { write(\.id, newValue) }
    }

    /// The props that were set, in the order they were set.
    public var props: [Prop] {
        get { withProps { Array($0) } }
        set {
            let replaced = NodeStorage.make(storage.header, capacity: newValue.count)
            for prop in newValue { replaced.append(prop) }
            storage = replaced
        }
    }

    /// The children of a container, named slots' children included; nil for a leaf.
    public var children: [Node]? {
        get { storage.header.children }
        _modify {
            makeUnique()
            yield &storage.header.children
        }
    }

    /// The parent's named slot this node sits in (see ``ComponentSchema/slots``); nil for its
    /// plain `children`.
    public var slot: String? {
        get { storage.header.slot }
        set { write(\.slot, newValue) }
    }

    /// What a client that does not know this node's type renders instead.
    public var fallback: Fallback? {
        get { storage.header.fallback }
        _modify {
            makeUnique()
            yield &storage.header.fallback
        }
    }

    /// Where the node was written.
    public var source: SourceLocation {
        get { storage.header.source }
        set { write(\.source, newValue) }
    }

    /// The experiment this node stands for (type ``experimentType``), resolved by the compiler to
    /// one arm's nodes; nil for every other node.
    public var experiment: Experiment? {
        get {
            guard case .value(let extras)? = storage.header.extras else { return nil }
            return extras.experiment
        }
        set { update { $0.experiment = newValue } }
    }

    /// The analytics events the node sends, in the order attached (``Component/track(_:_:file:line:column:)``).
    public var events: [TrackedEvent] {
        get {
            guard case .value(let extras)? = storage.header.extras else { return [] }
            return extras.events
        }
        set { update { $0.events = newValue } }
    }

    /// Whether the node sends analytics events: inlined, a node without extras costs one load.
    @inlinable public var hasEvents: Bool {
        guard case .some = storage.header.extras else { return false }
        return !events.isEmpty
    }

    /// Changes the boxed extras; a box left empty is dropped.
    private mutating func update(_ change: (inout NodeExtras) -> Void) {
        var value: NodeExtras
        if case .value(let current)? = storage.header.extras { value = current } else { value = NodeExtras() }
        change(&value)
        makeUnique()
        storage.header.extras = value.experiment == nil && value.events.isEmpty ? nil : .value(value)
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
        self.init(
            type: type, id: id, capacity: props.count, children: children, fallback: fallback, slot: slot,
            source: source)
        for prop in props { storage.append(prop) }
    }

    /// Creates a node without props, with room for `capacity` of them: the props a component's
    /// initializer and modifiers then set are written in place.
    package init(
        type: String, id: String?, capacity: Int, children: [Node]? = nil, fallback: Fallback? = nil,
        slot: String? = nil, source: SourceLocation
    ) {
        storage = NodeStorage.make(
            NodeHeader(
                type: type, id: id, children: children, slot: slot, fallback: fallback, source: source, extras: nil,
                count: 0, capacity: 0),
            capacity: capacity)
    }

    /// A copy placed in the parent's named slot `name`.
    public func inSlot(_ name: String) -> Node {
        var copy = self
        copy.slot = name
        return copy
    }

    /// The value of the prop with this wire key, if set.
    public subscript(prop key: String) -> Value? {
        withProps { props in
            for prop in props where prop.key == key { return prop.value }
            return nil
        }
    }

    /// Whether this node or one below it (children and fallbacks, `depth` levels at most) stands for
    /// an experiment. Reads every node in place, as a render does for each screen built per request.
    package func holdsExperiment(depth: Int) -> Bool {
        storage.withUnsafeMutablePointerToHeader { header in
            if case .value(let extras)? = header.pointee.extras, extras.experiment != nil { return true }
            guard depth > 0 else { return false }
            if case .node(let fallback)? = header.pointee.fallback, fallback.holdsExperiment(depth: depth - 1) {
                return true
            }
            guard let children = header.pointee.children else { return false }
            return children.withUnsafeBufferPointer { children in
                guard let base = children.baseAddress else { return false }
                for index in 0..<children.count where base[index].holdsExperiment(depth: depth - 1) { return true }
                return false
            }
        }
    }

    /// Calls `body` with the node's fields, read in place: what a walk over every node of a tree
    /// reads without retaining each field it looks at.
    @inlinable
    package func withFields<R>(_ body: (UnsafePointer<NodeHeader>) -> R) -> R {
        storage.withUnsafeMutablePointerToHeader { body(UnsafePointer($0)) }
    }

    /// How many props are set.
    @inlinable package var propCount: Int { storage.header.count }

    /// Calls `body` with the props, read in place (``props`` makes an array of them).
    @inlinable
    package func withProps<R, E: Error>(_ body: (UnsafeBufferPointer<Prop>) throws(E) -> R) throws(E) -> R {
        let count = storage.header.count
        let elements = storage.withUnsafeMutablePointerToElements { $0 }
        // The storage outlives the call: `self` holds it.
        return try withExtendedLifetime(storage) { () throws(E) -> R in
            try body(UnsafeBufferPointer(start: elements, count: count))
        }
    }

    /// Sets the value of the prop at `index` (in ``props`` order).
    package mutating func setValue(_ value: Value, ofPropAt index: Int) {
        precondition(index >= 0 && index < storage.header.count, "prop index out of range")
        makeUnique()
        storage.withUnsafeMutablePointerToElements { $0[index].value = value }
    }

    /// Calls `body` with each child in order, borrowed rather than copied.
    @inlinable
    public func forEachChild<E: Error>(_ body: (borrowing Node) throws(E) -> Void) throws(E) {
        guard let children = storage.header.children else { return }
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
        let index = withProps { props in props.firstIndex { $0.key == key } }
        if let index {
            makeUnique()
            if let value {
                storage.withUnsafeMutablePointerToElements { $0[index].value = value }
            } else {
                storage.remove(at: index)
            }
        } else if let value {
            if !isKnownUniquelyReferenced(&storage) {
                storage = storage.copy(capacity: storage.header.count + 1)
            } else if storage.header.count == storage.header.capacity {
                // Room for a few more at once: modifiers set props one by one.
                storage = storage.moved(capacity: Swift.max(4, storage.header.count * 2))
            }
            storage.append(Prop(key: key, value: value))
        }
    }

    /// Sets one field, the storage made this node's own first.
    private mutating func write<Field>(_ field: WritableKeyPath<NodeHeader, Field>, _ value: Field) {
        makeUnique()
        storage.header[keyPath: field] = value
    }

    /// Makes the storage this node's own before a change.
    @inline(__always)
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(capacity: storage.header.capacity) }
    }

    /// Whether two nodes have the same fields and props.
    public static func == (lhs: Node, rhs: Node) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let (left, right) = (lhs.storage.header, rhs.storage.header)
        guard left.type == right.type, left.id == right.id, left.count == right.count, left.slot == right.slot,
            left.source == right.source, left.extras == right.extras, left.fallback == right.fallback,
            left.children == right.children
        else { return false }
        return lhs.withProps { mine in rhs.withProps { theirs in mine.elementsEqual(theirs) } }
    }

    /// Hashes the node's fields and props.
    public func hash(into hasher: inout Hasher) {
        let header = storage.header
        hasher.combine(header.type)
        hasher.combine(header.id)
        withProps { props in
            hasher.combine(props.count)
            for prop in props { hasher.combine(prop) }
        }
        hasher.combine(header.children)
        hasher.combine(header.slot)
        hasher.combine(header.fallback)
        hasher.combine(header.source)
        hasher.combine(header.extras)
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
public enum Fallback: Sendable, Hashable {
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
