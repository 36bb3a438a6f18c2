import ScreenKit

/// Checks each node against its component declaration: known type, children, known and required props.
struct ComponentValidator: ScreenValidator {
    func validate(_ screen: ResolvedScreen, in context: ValidationContext) -> [Diagnostic] {
        guard let flat = screen.flat else { return [] }
        var diagnostics: [Diagnostic] = []
        let table = flat.table
        flat.nodes.withUnsafeBufferPointer { nodes in
            for index in nodes.indices {
                let node = nodes[index]
                guard node.plan >= 0 else {
                    diagnostics.append(
                        ScreenRules.componentUnknown.diagnostic(
                            "component type \"\(flat.type(of: index))\" is not declared in the catalog",
                            at: flat.source(of: index), path: NodePath(flat: flat, index: index).description))
                    continue
                }
                let plan = table.plans[Int(node.plan)]
                if node.hasChildren && !plan.hasChildren {
                    diagnostics.append(
                        ScreenRules.childrenOnLeaf.diagnostic(
                            "\"\(flat.type(of: index))\" is not a container but has children",
                            at: flat.source(of: index),
                            path: NodePath(flat: flat, index: index).description))
                }
                for prop in Int(node.firstProp)..<Int(node.firstProp + node.propCount)
                where flat.props[prop].declared < 0 {
                    diagnostics.append(
                        ScreenRules.propUnknown.diagnostic(
                            "\"\(flat.type(of: index))\" declares no prop \"\(flat.key(ofProp: prop))\"",
                            at: flat.source(of: index), path: NodePath(flat: flat, index: index).description))
                }
                let firstKey = Int(plan.firstKey)
                for key in 0..<Int(plan.keyCount)
                where table.keys[firstKey + key].isRequired && flat.slots[Int(node.firstSlot) + key] < 0 {
                    diagnostics.append(
                        ScreenRules.propRequired.diagnostic(
                            "\"\(flat.type(of: index))\" is missing its required prop \"\(context.plans[Int(node.plan)].keys[key])\"",
                            at: flat.source(of: index), path: NodePath(flat: flat, index: index).description))
                }
            }
        }
        return diagnostics
    }
}
