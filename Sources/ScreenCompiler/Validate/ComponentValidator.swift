import ScreenKit

/// Checks each node against its component declaration: known type, children and named slots, known
/// and required props.
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
                if let problem = slotProblem(index, in: flat, context: context) {
                    report(ScreenRules.slotUnknown, index, problem)
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

    /// Why node `index` cannot sit where it is among its parent's children and named slots, if so.
    private func slotProblem(_ index: Int, in flat: FlatScreen, context: ValidationContext) -> String? {
        let node = flat.nodes[index]
        // A fallback root stands in for its node, in that node's place.
        guard node.parent >= 0, !node.isFallbackRoot else { return nil }
        let parentPlan = flat.nodes[Int(node.parent)].plan
        guard parentPlan >= 0 else { return nil }
        let parent = context.plans[Int(parentPlan)]
        guard parent.holdsChildren else { return nil }
        if node.slot >= 0 {
            let slot = flat.slotNames[Int(node.slot)]
            if parent.slots.contains(slot) { return nil }
            let declared = parent.slots.isEmpty ? "none" : parent.slots.joined(separator: ", ")
            return "is in slot \"\(slot)\", which \"\(parent.type)\" does not declare (its slots: \(declared))"
        }
        if parent.hasChildren { return nil }
        return "is in no slot, but \"\(parent.type)\" has only named slots (\(parent.slots.joined(separator: ", ")))"
    }
}
