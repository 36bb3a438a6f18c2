import ScreenKit

/// Checks each node against its component declaration: known type, children, known and required props.
struct ComponentValidator: ScreenValidator {
    func validate(_ screen: ResolvedScreen, in context: ValidationContext) -> [Diagnostic] {
        guard let root = screen.root else { return [] }
        var diagnostics: [Diagnostic] = []
        forEachNode(root, screenID: screen.screen.id) { node, path in
            guard let schema = context.components[node.type] else {
                diagnostics.append(
                    ScreenRules.componentUnknown.diagnostic(
                        "component type \"\(node.type)\" is not declared in the catalog", at: node.source, path: path.description))
                return
            }
            if node.children != nil && !schema.hasChildren {
                diagnostics.append(
                    ScreenRules.childrenOnLeaf.diagnostic(
                        "\"\(node.type)\" is not a container but has children", at: node.source, path: path.description))
            }
            for prop in node.props where schema.prop(prop.key) == nil {
                diagnostics.append(
                    ScreenRules.propUnknown.diagnostic(
                        "\"\(node.type)\" declares no prop \"\(prop.key)\"", at: node.source, path: path.description))
            }
            for declared in schema.props where declared.presence == .required && node[prop: declared.key] == nil {
                diagnostics.append(
                    ScreenRules.propRequired.diagnostic(
                        "\"\(node.type)\" is missing its required prop \"\(declared.key)\"", at: node.source, path: path.description
                    ))
            }
        }
        return diagnostics
    }
}
