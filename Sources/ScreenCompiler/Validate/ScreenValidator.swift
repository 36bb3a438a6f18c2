import ScreenKit

/// What a validator sees: the catalog's declarations and the screen IDs that exist.
struct ValidationContext: Sendable {
    let catalog: Catalog
    let components: [String: ComponentSchema]
    let actions: [String: ActionSchema]
    let screenIDs: Set<String>

    init(catalog: Catalog) {
        self.catalog = catalog
        self.screenIDs = Set(catalog.screens.map(\.id))
        var components: [String: ComponentSchema] = [:]
        for schema in catalog.components { components[schema.type] = schema }
        self.components = components
        var actions: [String: ActionSchema] = [:]
        for schema in catalog.actions { actions[schema.kind] = schema }
        self.actions = actions
    }
}

/// One small check over one screen whose node IDs are resolved; returns what it found.
protocol ScreenValidator: Sendable {
    /// The problems in `screen`.
    func validate(_ screen: ResolvedScreen, in context: ValidationContext) -> [Diagnostic]
}

/// A screen after ID assignment: the input every validator and the emitter share.
struct ResolvedScreen: Sendable {
    let screen: Screen
    /// The single root with every ID set; nil when the body does not have exactly one node.
    let root: Node?
}

/// The slash-separated IDs from the screen to a node, built only when a diagnostic asks for it.
struct NodePath: CustomStringConvertible {
    fileprivate let trail: Trail

    /// `screen/ancestor/…/node`.
    var description: String { trail.ids.joined(separator: "/") }

    fileprivate final class Trail {
        var ids: [String]
        init(_ ids: [String]) { self.ids = ids }
    }
}

/// Calls `visit` for every node of the tree in document order, fallbacks after children.
///
/// Recursive, which is safe because every caller runs after ``Compiler/sizeProblem(_:screenID:)``
/// has bounded the depth; nodes are borrowed, not copied, and the path is only joined on demand.
func forEachNode(_ root: Node, screenID: String, _ visit: (Node, NodePath) -> Void) {
    let path = NodePath(trail: NodePath.Trail([screenID]))
    func walk(_ node: Node) {
        path.trail.ids.append(node.id ?? node.type)
        visit(node, path)
        if let children = node.children {
            for index in children.indices { walk(children[index]) }
        }
        if case .node(let fallback) = node.fallback {
            path.trail.ids.append("fallback")
            walk(fallback)
            path.trail.ids.removeLast()
        }
        path.trail.ids.removeLast()
    }
    walk(root)
}
