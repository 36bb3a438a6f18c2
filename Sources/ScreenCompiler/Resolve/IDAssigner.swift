import ScreenKit

/// Gives every node without an explicit ID a deterministic derived one.
///
/// The scheme (documented in the README): a derived ID is `<anchor>.<type>-<n>`, where the anchor
/// is the nearest ancestor's explicit ID (the screen ID when there is none), `<type>` the wire
/// type, and `<n>` counts, from 1 in document order, that anchor's derived nodes of that type,
/// skipping numbers that would collide with an explicit ID. A fallback root without an ID takes the
/// ID of the node it replaces. Adding a node therefore only renumbers its siblings of the same
/// type under the same anchor; giving a section an explicit ID shields everything inside it.
struct IDAssigner {
    private var explicitIDs: Set<String> = []
    private var counters: [String: Int] = [:]

    /// Returns `root` with every node's `id` set.
    static func assign(_ root: Node, screenID: String) -> Node {
        var assigner = IDAssigner()
        assigner.collectExplicitIDs(root)
        var resolved = root
        assigner.resolve(&resolved, anchor: screenID, inheritedID: nil)
        return resolved
    }

    private mutating func collectExplicitIDs(_ root: Node) {
        var stack: [Node] = [root]
        while let node = stack.popLast() {
            if let id = node.id { explicitIDs.insert(id) }
            if let children = node.children { stack.append(contentsOf: children) }
            if case .node(let fallback) = node.fallback { stack.append(fallback) }
        }
    }

    private mutating func resolve(_ node: inout Node, anchor: String, inheritedID: String?) {
        let explicit = node.id ?? inheritedID
        let id = explicit ?? derive(anchor: anchor, type: node.type)
        node.id = id
        let innerAnchor = explicit ?? anchor
        if var children = node.children {
            for index in children.indices {
                resolve(&children[index], anchor: innerAnchor, inheritedID: nil)
            }
            node.children = children
        }
        if case .node(var fallback) = node.fallback {
            resolve(&fallback, anchor: innerAnchor, inheritedID: id)
            node.fallback = .node(fallback)
        }
    }

    private mutating func derive(anchor: String, type: String) -> String {
        let key = anchor + "\u{0}" + type
        var number = counters[key, default: 0]
        var candidate: String
        repeat {
            number += 1
            candidate = "\(anchor).\(type)-\(number)"
        } while explicitIDs.contains(candidate)
        counters[key] = number
        return candidate
    }
}
