/// A node's fields, and how many props follow them in its storage and how many fit.
@usableFromInline package struct NodeHeader {
    @usableFromInline package var type: String
    @usableFromInline package var id: String?
    @usableFromInline package var children: [Node]?
    @usableFromInline package var slot: String?
    @usableFromInline package var fallback: Fallback?
    @usableFromInline package var source: SourceLocation
    @usableFromInline var extras: ExtrasBox?
    /// Whether the node stands for an experiment or sends events.
    @inlinable package var hasExtras: Bool {
        guard case .some = extras else { return false }
        return true
    }
    /// Props initialized after the header.
    @usableFromInline var count: Int
    /// Props that fit after the header.
    @usableFromInline var capacity: Int
}

/// One allocation holding a ``Node``'s fields and, after them, its props.
///
/// Only ``Node`` changes it, and only while it holds the storage alone.
@usableFromInline final class NodeStorage: ManagedBuffer<NodeHeader, Prop> {
    deinit {
        _ = withUnsafeMutablePointers { header, props in props.deinitialize(count: header.pointee.count) }
    }

    /// Storage with `header`'s fields, no props and room for `capacity` of them.
    @usableFromInline static func make(_ header: NodeHeader, capacity: Int) -> NodeStorage {
        var header = header
        header.count = 0
        header.capacity = Swift.max(0, capacity)
        return unsafeDowncast(create(minimumCapacity: header.capacity) { _ in header }, to: NodeStorage.self)
    }

    /// A copy with the same fields and props, with room for `capacity` props.
    func copy(capacity: Int) -> NodeStorage {
        let count = header.count
        let copy = NodeStorage.make(header, capacity: Swift.max(capacity, count))
        withUnsafeMutablePointerToElements { props in
            copy.withUnsafeMutablePointers { header, target in
                target.initialize(from: props, count: count)
                header.pointee.count = count
            }
        }
        return copy
    }

    /// The same fields and props moved to new storage with room for `capacity` props; this one is
    /// left without props. Only for storage held by one node.
    func moved(capacity: Int) -> NodeStorage {
        let count = header.count
        let moved = NodeStorage.make(header, capacity: Swift.max(capacity, count))
        withUnsafeMutablePointers { header, props in
            moved.withUnsafeMutablePointers { movedHeader, target in
                target.moveInitialize(from: props, count: count)
                movedHeader.pointee.count = count
            }
            header.pointee.count = 0
        }
        return moved
    }

    /// Appends `prop`; there must be room for it.
    @usableFromInline func append(_ prop: consuming Prop) {
        let header = withUnsafeMutablePointerToHeader { $0 }
        let props = withUnsafeMutablePointerToElements { $0 }
        precondition(header.pointee.count < header.pointee.capacity, "node storage is full")
        // Moved in, not copied: the pointers are this object's own, and it is alive.
        (props + header.pointee.count).initialize(to: prop)
        header.pointee.count += 1
    }

    /// Removes the prop at `index`, keeping the others' order.
    func remove(at index: Int) {
        withUnsafeMutablePointers { header, props in
            let count = header.pointee.count
            precondition(index >= 0 && index < count, "prop index out of range")
            (props + index).deinitialize(count: 1)
            (props + index).moveInitialize(from: props + index + 1, count: count - index - 1)
            header.pointee.count = count - 1
        }
    }
}
