import ScreenKit

/// Checks each node against its component declaration: known type, children, known and required props.
struct ComponentValidator: ScreenValidator {
    func validate(_ screen: ResolvedScreen, in context: ValidationContext) -> [Diagnostic] {
        guard let root = screen.root else { return [] }
        var diagnostics: [Diagnostic] = []
        forEachNode(root, screenID: screen.screen.id) { node, path in
            guard let plan = context.plans[node.type] else {
                diagnostics.append(
                    ScreenRules.componentUnknown.diagnostic(
                        "component type \"\(node.type)\" is not declared in the catalog", at: node.source,
                        path: path.description))
                return
            }
            if node.children != nil && !plan.hasChildren {
                diagnostics.append(
                    ScreenRules.childrenOnLeaf.diagnostic(
                        "\"\(node.type)\" is not a container but has children", at: node.source, path: path.description)
                )
            }
            for prop in node.props where plan.index(of: prop.key) == nil {
                diagnostics.append(
                    ScreenRules.propUnknown.diagnostic(
                        "\"\(node.type)\" declares no prop \"\(prop.key)\"", at: node.source, path: path.description))
            }
            for index in plan.keys.indices where plan.required[index] && node[prop: plan.keys[index]] == nil {
                diagnostics.append(
                    ScreenRules.propRequired.diagnostic(
                        "\"\(node.type)\" is missing its required prop \"\(plan.keys[index])\"", at: node.source,
                        path: path.description))
            }
        }
        return diagnostics
    }
}
