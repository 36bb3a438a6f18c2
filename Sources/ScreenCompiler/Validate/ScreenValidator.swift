import ScreenKit

/// What a validator sees: the catalog's declarations and the screen IDs that exist.
///
/// A class, so handing it to every validator and writer costs one reference, not a copy of its tables.
final class ValidationContext: Sendable {
    let catalog: Catalog
    let components: [String: ComponentSchema]
    let actions: [String: ActionSchema]
    let screenIDs: Set<String>
    /// Each component's declaration flattened for the writer, by wire type.
    let plans: [String: ComponentPlan]

    init(catalog: Catalog) {
        self.catalog = catalog
        self.screenIDs = Set(catalog.screens.map(\.id))
        var components: [String: ComponentSchema] = [:]
        for schema in catalog.components { components[schema.type] = schema }
        self.components = components
        var actions: [String: ActionSchema] = [:]
        for schema in catalog.actions { actions[schema.kind] = schema }
        self.actions = actions
        var plans: [String: ComponentPlan] = [:]
        for schema in catalog.components where plans[schema.type] == nil { plans[schema.type] = ComponentPlan(schema) }
        self.plans = plans
    }
}

/// A component declaration flattened into parallel arrays, so writing a node reads them by index
/// without copying each prop declaration.
final class ComponentPlan: Sendable {
    let type: String
    let keys: [String]
    let types: [PropType]
    let defaults: [Value?]
    let required: [Bool]
    let nonEmpty: [Bool]
    let references: [Reference?]
    let isEnumeration: [Bool]
    let hasChildren: Bool

    init(_ schema: ComponentSchema) {
        type = schema.type
        keys = schema.props.map(\.key)
        types = schema.props.map(\.type)
        defaults = schema.props.map(\.defaultValue)
        required = schema.props.map { $0.presence == .required }
        nonEmpty = schema.props.map(\.nonEmpty)
        references = schema.props.map(\.reference)
        isEnumeration = schema.props.map { if case .enumeration = $0.type { true } else { false } }
        hasChildren = schema.hasChildren
    }

    /// The index of the prop with this key.
    func index(of key: String) -> Int? {
        for index in keys.indices where keys[index] == key { return index }
        return nil
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
        node.forEachChild { walk($0) }
        if case .node(let fallback) = node.fallback {
            path.trail.ids.append("fallback")
            walk(fallback)
            path.trail.ids.removeLast()
        }
        path.trail.ids.removeLast()
    }
    walk(root)
}

extension Node {
    /// Calls `body` with this node and its descendants through children — the primary tree a
    /// client receives when no fallback applies — not through fallbacks.
    func forEachPrimaryNode(_ body: (Node) -> Void) {
        body(self)
        forEachChild { $0.forEachPrimaryNode(body) }
    }

    /// The IDs of the primary tree (see ``forEachPrimaryNode(_:)``).
    var primaryIDs: Set<String> {
        var ids: Set<String> = []
        forEachPrimaryNode { ids.insert($0.id ?? "") }
        return ids
    }
}
