import ScreenKit

/// Checks each node against its component declaration: known type, children, known and required props.
struct ComponentValidator: ScreenValidator {
    func validate(_ screen: ResolvedScreen, in context: ValidationContext) -> [Diagnostic] {
        guard let flat = screen.flat else { return [] }
        var diagnostics: [Diagnostic] = []
        for index in flat.nodes.indices {
            let node = flat.nodes[index]
            let type = flat.type(of: index)
            let path = NodePath(flat: flat, index: index)
            guard node.plan >= 0 else {
                diagnostics.append(
                    ScreenRules.componentUnknown.diagnostic(
                        "component type \"\(type)\" is not declared in the catalog", at: flat.sources[index],
                        path: path.description))
                continue
            }
            let plan = context.plans[Int(node.plan)]
            if node.hasChildren && !plan.hasChildren {
                diagnostics.append(
                    ScreenRules.childrenOnLeaf.diagnostic(
                        "\"\(type)\" is not a container but has children", at: flat.sources[index],
                        path: path.description))
            }
            let props = Int(node.firstProp)..<Int(node.firstProp + node.propCount)
            for prop in props where flat.props[prop].declared < 0 {
                diagnostics.append(
                    ScreenRules.propUnknown.diagnostic(
                        "\"\(type)\" declares no prop \"\(flat.key(ofProp: prop))\"", at: flat.sources[index],
                        path: path.description))
            }
            for key in plan.keys.indices where plan.required[key] && flat.slots[Int(node.firstSlot) + key] < 0 {
                diagnostics.append(
                    ScreenRules.propRequired.diagnostic(
                        "\"\(type)\" is missing its required prop \"\(plan.keys[key])\"", at: flat.sources[index],
                        path: path.description))
            }
        }
        return diagnostics
    }
}
