import ScreenKit

/// Checks each node against its component declaration: known type, children, known and required props.
struct ComponentValidator: ScreenValidator {
    func validate(_ screen: ResolvedScreen, in context: ValidationContext) -> [Diagnostic] {
        guard let flat = screen.flat else { return [] }
        var diagnostics: [Diagnostic] = []
        /// Reports `rule` at node `index`, its message starting with the node's quoted type.
        func report(_ rule: Rule, _ index: Int, _ problem: String) {
            diagnostics.append(
                rule.diagnostic(
                    "\"\(flat.type(of: index))\" \(problem)", at: flat.source(of: index),
                    path: NodePath(flat: flat, index: index).description))
        }
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
                    report(ScreenRules.childrenOnLeaf, index, "is not a container but has children")
                }
                for prop in Int(node.firstProp)..<Int(node.firstProp + node.propCount)
                where flat.props[prop].declared < 0 {
                    report(ScreenRules.propUnknown, index, "declares no prop \"\(flat.key(ofProp: prop))\"")
                }
                let firstKey = Int(plan.firstKey)
                for key in 0..<Int(plan.keyCount)
                where table.keys[firstKey + key].isRequired && flat.slots[Int(node.firstSlot) + key] < 0 {
                    let name = context.plans[Int(node.plan)].keys[key]
                    report(ScreenRules.propRequired, index, "is missing its required prop \"\(name)\"")
                }
            }
        }
        return diagnostics
    }
}
