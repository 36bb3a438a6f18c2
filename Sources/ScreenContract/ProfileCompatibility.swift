import ScreenKit

/// Compares the wire profiles of two contracts: every part that shapes the bytes a client of the
/// older one decodes (see ``ContractRules/profile``).
///
/// Parts are compared where they take effect for the older contract: the props placement and
/// children key of each component it declares, the wrapping of each prop type it uses, the slot
/// placement when it declares slots. A placement or discriminator for a component or type only the
/// newer contract has reshapes nothing that was frozen.
enum ProfileCompatibility {
    /// The profile changes from `old` to `new`: breaking, or, with `newShape` (the old version
    /// keeps the shape it froze, see ``Catalog/profileSince``), each one an allowed
    /// `profile-new-shape` note.
    static func changes(from old: Contract, to new: Contract, oldFile: SourceLocation?, newShape: Bool)
        -> [ContractChange]
    {
        let before = old.profile
        let after = new.profile
        guard before != after else { return [] }
        var found: [(Rule, String, String)] = []
        func compare<T: Equatable>(
            _ rule: Rule, _ element: String, _ what: String, _ a: T, _ b: T, _ text: (T) -> String
        ) {
            if a != b { found.append((rule, element, "\(what) is \(text(b)), frozen as \(text(a))")) }
        }
        let key: (String?) -> String = { $0.map { "\"\($0)\"" } ?? "left out" }

        // The envelope.
        let e0 = before.envelope
        let e1 = after.envelope
        compare(
            ContractRules.profileEnvelopeChanged, "profile:envelope.members", "the envelope's own members",
            e0.members, e1.members, describe)
        for (field, path, a, b) in [
            ("format", "format", e0.format, e1.format), ("screen ID", "id", e0.screenID, e1.screenID),
            ("contract", "contract", e0.contract, e1.contract),
            ("minContract", "minContract", e0.minContract, e1.minContract), ("title", "title", e0.title, e1.title),
            ("initial state", "initialState", e0.initialState, e1.initialState),
        ] {
            compare(
                ContractRules.profileEnvelopeChanged, "profile:envelope.\(path)", "the envelope's \(field) key", a, b,
                key)
        }
        compare(
            ContractRules.profileRootChanged, "profile:envelope.rootPath", "the root path", e0.rootPath, e1.rootPath
        ) { "[" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        compare(
            ContractRules.profileRootChanged, "profile:envelope.rootChildrenOnly",
            "writing the root's children only", e0.rootChildrenOnly, e1.rootChildrenOnly
        ) { $0 ? "on" : "off" }
        compare(
            ContractRules.profileLayoutsChanged, "profile:envelope.layouts", "the list of layouts", e0.layouts,
            e1.layouts
        ) { $0.map { "{\"\($0.deviceKey)\", \"\($0.rootKey)\"}" } ?? "not written (one document per device)" }

        // Nodes.
        let n0 = before.nodes
        let n1 = after.nodes
        compare(
            ContractRules.profileNodeKeysChanged, "profile:nodes.typeKey", "a node's type key", n0.typeKey, n1.typeKey
        ) {
            "\"\($0)\""
        }
        compare(ContractRules.profileNodeKeysChanged, "profile:nodes.idKey", "a node's ID key", n0.idKey, n1.idKey, key)
        compare(
            ContractRules.profileNodeKeysChanged, "profile:nodes.fallbackKey", "a node's fallback key", n0.fallbackKey,
            n1.fallbackKey, key)
        for component in old.components {
            let type = component.type
            compare(
                ContractRules.profilePropsChanged, "profile:nodes.props.\(type)", "where \"\(type)\" writes its props",
                n0.placement(of: type), n1.placement(of: type), describe)
            if component.hasChildren || (!component.slots.isEmpty && isTagged(n0.slots)) {
                compare(
                    ContractRules.profileChildrenChanged, "profile:nodes.children.\(type)",
                    "the children key of \"\(type)\"", n0.childrenKey(of: type), n1.childrenKey(of: type)
                ) { "\"\($0)\"" }
            }
        }
        if old.components.contains(where: { !$0.slots.isEmpty }) {
            compare(
                ContractRules.profileSlotsChanged, "profile:nodes.slots", "where named slots go", n0.slots, n1.slots,
                describe)
        }

        // Values.
        let w0 = before.values.wrapping
        let w1 = after.values.wrapping
        if let w0, let w1 {
            compare(
                ContractRules.profileValuesChanged, "profile:values.typeKey", "a wrapped value's discriminator key",
                w0.typeKey, w1.typeKey
            ) { "\"\($0)\"" }
            compare(
                ContractRules.profileValuesChanged, "profile:values.valueKey", "a wrapped value's value key",
                w0.valueKey, w1.valueKey
            ) { "\"\($0)\"" }
            var types: [String: PropType] = [:]
            for component in old.components { for prop in component.props { types[prop.type.name] = prop.type } }
            for (name, type) in types.sorted(by: { $0.key < $1.key }) {
                compare(
                    ContractRules.profileValuesChanged, "profile:values.\(name)", "the discriminator of \(name) values",
                    w0.discriminator(for: type), w1.discriminator(for: type), key)
                compare(
                    ContractRules.profileValuesChanged, "profile:values.\(name).object",
                    "the object \(name) values are wrapped in",
                    w0.object(for: type), w1.object(for: type), describe)
            }
        } else {
            compare(
                ContractRules.profileValuesChanged, "profile:values.wrapping", "value wrapping", w0 != nil, w1 != nil
            ) { $0 ? "on" : "off" }
        }

        let location = after.source ?? oldFile
        var changes = found.map { rule, element, message in
            newShape
                ? ContractChange(
                    rule: ContractRules.profileNewShape, isBreaking: false, element: element,
                    message: "a new shape for newer clients: \(message); older versions keep the shape they froze",
                    location: location)
                : ContractChange(
                    rule: rule, isBreaking: true, element: element,
                    message:
                        "wire profile \"\(after.name)\": \(message); every shipped client of that version decodes the frozen shape",
                    location: location)
        }
        if before.name != after.name {
            changes.append(
                ContractChange(
                    rule: ContractRules.profileRenamed, isBreaking: false, element: "profile:name",
                    message: "the wire profile \"\(before.name)\" is now called \"\(after.name)\"", location: location))
        }
        return changes
    }

    private static func isTagged(_ placement: WireProfile.SlotPlacement) -> Bool {
        if case .tagged = placement { true } else { false }
    }

    private static func describe(_ members: [EnvelopeMember]) -> String {
        guard !members.isEmpty else { return "none" }
        return "["
            + members.map { member in
                switch member.value {
                case .constant(let value): "\"\(member.key)\": \"\(value)\""
                case .screenValue(let name): "\"\(member.key)\": the screen's \(name)"
                }
            }.joined(separator: ", ") + "]"
    }

    private static func describe(_ placement: WireProfile.PropPlacement) -> String {
        switch placement {
        case .inline: "inline"
        case .under(let key): "under \"\(key)\""
        }
    }

    private static func describe(_ placement: WireProfile.SlotPlacement) -> String {
        switch placement {
        case .tagged(let key): "tagged with \"\(key)\""
        case .members: "members of the node"
        case .under(let key): "under \"\(key)\""
        }
    }

    private static func describe(_ object: ValueObject?) -> String {
        guard let object else { return "none" }
        let constants = object.constants.keys.sorted().map { ", \"\($0)\": \"\(object.constants[$0]!)\"" }.joined()
        return "{\"\(object.valueKey)\"\(constants)}"
    }
}
