import ScreenJSON
import ScreenKit

/// How big a tree is: its nodes, props and the bytes of its string values, counted to size the
/// flat screen's arrays once. The count stops where the flattening reports a problem.
struct TreeSize {
    var nodes = 0
    var props = 0
    var stringBytes = 0

    /// Adds the node at `node` and its subtree, fallbacks included, down to the depth limit.
    mutating func count(_ node: UnsafePointer<Node>, depth: Int) {
        guard depth <= ScreenLimits.maximumDepth, nodes <= ScreenLimits.maximumNodes else { return }
        nodes += 1
        node.pointee.withProps { props in
            self.props += props.count
            for prop in props.indices {
                if case .string(let string) = props[prop].value { stringBytes += string.utf8.count }
            }
        }
        node.pointee.withFields { fields in
            fields.pointee.children?.withUnsafeBufferPointer { children in
                guard let first = children.baseAddress else { return }
                for position in 0..<children.count { count(first + position, depth: depth + 1) }
            }
            if case .node(let fallback) = fields.pointee.fallback {
                withUnsafePointer(to: fallback) { count($0, depth: depth + 1) }
            }
        }
    }
}

/// The indices of a node's children, in order.
struct ChildIndices: Sequence, IteratorProtocol {
    let nodes: [FlatNode]
    var position: Int
    let end: Int

    mutating func next() -> Int? {
        guard position < end else { return nil }
        defer { position = Int(nodes[position].end) }
        return position
    }
}

/// Where a node was written, compactly: its file by index (see ``FlatScreen/source(of:)``).
struct SourcePlace: Sendable {
    let file: Int32
    let line: Int32
    let column: Int32
}

/// One node of a ``FlatScreen``: where its parts are, by index.
struct FlatNode: Sendable {
    /// What the node has in place of itself for clients that do not know its type.
    enum FallbackKind: UInt8, Sendable {
        case none, node, drop
    }

    /// The index of its component in ``ValidationContext/plans``, or -1 for an undeclared type.
    var plan: Int32
    /// The parent's index, or -1 for the root.
    var parent: Int32
    /// Its props are `props[firstProp..<firstProp + propCount]`.
    var firstProp: Int32
    var propCount: Int32 = 0
    /// Its slots (one per declared prop) start here in ``FlatScreen/slots``.
    var firstSlot: Int32
    /// The end of its children's subtrees; its fallback root, if any, is at this index.
    var childrenEnd: Int32 = 0
    /// The end of its whole subtree, fallback included.
    var end: Int32 = 0
    /// Its escaped ID is `bytes[idStart..<idEnd]`.
    var idStart: Int32 = 0
    var idEnd: Int32 = 0
    /// The parent's named slot it sits in: an index in ``FlatScreen/slotNames``, or -1 for the
    /// parent's plain children (a fallback root takes the slot of the node it stands in for).
    var slot: Int32 = -1
    var fallback = FallbackKind.none
    /// Whether its ID was derived (see ``IDAssigner``), or inherited from a node whose ID was.
    var idDerived = false
    /// Whether it was given a list of children (even an empty one).
    var hasChildren: Bool
    /// Whether it is the root of a fallback.
    var isFallbackRoot: Bool
    /// Whether it is inside a fallback's subtree, so not part of the primary tree.
    var inFallback: Bool
}

/// A prop as written, matched to its declaration; its key and value stay in the node's props.
struct FlatProp: Sendable {
    /// The node, and the prop's position in the node's props (see ``FlatScreen/nodeProps``).
    let node: Int32
    let position: Int32
    /// The index of the declared prop with this key, or -1.
    let declared: Int32
    /// The escaped scalar value is `bytes[tokenStart..<tokenEnd]`; -1 when the value is not a scalar.
    let tokenStart: Int32
    let tokenEnd: Int32
    /// For a value of an enum prop: its index in ``PlanTable/cases``; else -1.
    let enumCase: Int32
    /// For a declared prop that is not an escaped scalar: its index in ``FlatScreen/dynamicValues``; else -1.
    let dynamic: Int32
}
