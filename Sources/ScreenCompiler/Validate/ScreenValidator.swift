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

/// Calls `visit` for every node of the tree in document order, fallbacks after children.
///
/// Iterative, so a deeply nested screen cannot overflow the stack. `path` is the slash-separated
/// IDs from the root to the node.
func forEachNode(_ root: Node, screenID: String, _ visit: (Node, _ path: String) -> Void) {
    var stack: [(Node, String)] = [(root, screenID)]
    while let (node, parentPath) = stack.popLast() {
        let path = parentPath + "/" + (node.id ?? node.type)
        visit(node, path)
        if case .node(let fallback) = node.fallback { stack.append((fallback, path + "/fallback")) }
        if let children = node.children {
            for child in children.reversed() { stack.append((child, path)) }
        }
    }
}
