import ScreenKit

/// Refuses a prop or slot whose wire key is a key the node already carries in a profile its
/// clients decode (rule `prop-name-reserved`): such a node would be written as a JSON object with
/// that key twice, which decoders read as something else (a `type` prop renames the component).
enum NodeKeyValidator {
    /// One key a node of a component carries besides its props: what it is, and the key.
    struct NodeKey: Equatable {
        /// What the key holds: "type", "ID", "children", …
        var role: String
        /// The wire key.
        var key: String
    }

    /// The problems of `catalog`'s components in every one of `profiles` (the catalog's and those
    /// of the frozen versions still served), one diagnostic per component and colliding key,
    /// naming every profile it collides in.
    static func validate(_ catalog: Catalog, profiles: [WireProfile]) -> [Diagnostic] {
        let anySlots = catalog.components.contains { !$0.slots.isEmpty }
        let anyEvents = !catalog.events.isEmpty
        var diagnostics: [Diagnostic] = []
        for component in catalog.components {
            // (message, profile names), in the order first found.
            var found: [(message: String, profiles: [String])] = []
            func report(_ message: String, _ profile: WireProfile) {
                let name = profile.isFlat ? "the flat format" : "wire profile \"\(profile.name)\""
                if let index = found.firstIndex(where: { $0.message == message }) {
                    if !found[index].profiles.contains(name) { found[index].profiles.append(name) }
                } else {
                    found.append((message, [name]))
                }
            }
            for profile in profiles {
                let keys = nodeKeys(of: component, in: profile, anySlots: anySlots, anyEvents: anyEvents)
                if profile.nodes.placement(of: component.type) == .inline {
                    for prop in component.props {
                        if let reserved = keys.first(where: { $0.key == prop.key }) {
                            report("prop \"\(prop.key)\" has the key of the node's \(reserved.role)", profile)
                        }
                        if case .members = profile.nodes.slots, component.slots.contains(prop.key) {
                            report("prop \"\(prop.key)\" has the key of its slot \"\(prop.key)\"", profile)
                        }
                    }
                }
                if case .members = profile.nodes.slots {
                    for slot in component.slots {
                        if let reserved = keys.first(where: { $0.key == slot }) {
                            report("slot \"\(slot)\" has the key of the node's \(reserved.role)", profile)
                        }
                    }
                }
            }
            for (message, names) in found {
                diagnostics.append(
                    ScreenRules.propNameReserved.diagnostic(
                        "component \"\(component.type)\": \(message) in \(names.joined(separator: " and ")); "
                            + "a node would carry that key twice: rename the wire key",
                        at: component.source))
            }
        }
        return diagnostics
    }

    /// The keys a node of `component` carries in `profile` besides its props and member slots:
    /// its type and ID keys, its children key, the key that marks a named slot's children (when any
    /// component has named slots) or holds its slots, its fallback key, its props object's key, and
    /// `events` when the catalog declares analytics events.
    static func nodeKeys(
        of component: ComponentSchema, in profile: WireProfile, anySlots: Bool, anyEvents: Bool = false
    ) -> [NodeKey] {
        let nodes = profile.nodes
        var keys = [NodeKey(role: "type", key: nodes.typeKey)]
        if let id = nodes.idKey { keys.append(NodeKey(role: "ID", key: id)) }
        keys.append(NodeKey(role: "children", key: nodes.childrenKey(of: component.type)))
        switch nodes.slots {
        case .tagged(let key): if anySlots { keys.append(NodeKey(role: "named slot marker", key: key)) }
        case .under(let key): if !component.slots.isEmpty { keys.append(NodeKey(role: "slots", key: key)) }
        case .members: break
        }
        if let fallback = nodes.fallbackKey { keys.append(NodeKey(role: "fallback", key: fallback)) }
        if case .under(let key) = nodes.placement(of: component.type) { keys.append(NodeKey(role: "props", key: key)) }
        if anyEvents { keys.append(NodeKey(role: "analytics events", key: "events")) }
        return keys
    }
}
