import ScreenKit

/// Checks a catalog's wire profile against its components before anything is written: a profile
/// that would make two things share one key, or leave a prop's value without a discriminator, is
/// an error at start-up (`build`, `check`, the renderer), never a payload a client misreads.
enum ProfileValidator {
    /// The problems with each of `profiles` (the catalog's and those the served versions froze:
    /// ``Compiler/servedProfiles(_:)``), one diagnostic each (rule `profile-invalid`).
    static func validate(_ catalog: Catalog, profiles: [WireProfile]) -> [Diagnostic] {
        profiles.flatMap { validate($0, for: catalog) }
    }

    /// The problems with `profile` for `catalog`'s components and screens.
    static func validate(_ profile: WireProfile, for catalog: Catalog) -> [Diagnostic] {
        guard profile != .flat else { return [] }
        var problems: [String] = []
        let nodes = profile.nodes
        let envelope = profile.envelope

        // Envelope keys: distinct, and not the first key of the root path.
        let envelopeKeys =
            envelope.members.map(\.key)
            + [
                envelope.format, envelope.screenID, envelope.contract, envelope.minContract, envelope.title,
                envelope.initialState, envelope.rootPath.first,
            ].compactMap { $0 }
        for case .screenValue(let name) in envelope.members.map(\.value) where !EnvelopeValueRules.isValidName(name) {
            problems.append(
                "the envelope member's screen value name \"\(name)\" is invalid: use [A-Za-z][A-Za-z0-9_]*, at most 64 characters"
            )
        }
        for key in Set(envelopeKeys) where envelopeKeys.filter({ $0 == key }).count > 1 {
            problems.append("the envelope key \"\(key)\" is used for two fields")
        }
        if envelope.rootPath.isEmpty { problems.append("the root path is empty: name the key that holds the root") }

        // A node's own keys: type, id, props container, children, slots, fallback (a prop or slot
        // written under one of them is NodeKeyValidator's `prop-name-reserved`).
        let anySlots = catalog.components.contains { !$0.slots.isEmpty }
        for component in catalog.components {
            let type = component.type
            var reserved: [(String, String)] = [("type", nodes.typeKey)]
            if let id = nodes.idKey { reserved.append(("id", id)) }
            if component.hasChildren || (!component.slots.isEmpty && isTagged(nodes.slots)) {
                reserved.append(("children", nodes.childrenKey(of: type)))
            }
            switch nodes.slots {
            case .tagged(let key): if anySlots { reserved.append(("slot", key)) }
            case .under(let key): if !component.slots.isEmpty { reserved.append(("slots", key)) }
            case .members: break  // slot names against these keys: NodeKeyValidator (prop-name-reserved)
            }
            if let fallback = nodes.fallbackKey { reserved.append(("fallback", fallback)) }
            if case .under(let key) = nodes.placement(of: type) { reserved.append(("props", key)) }
            var seen: [String: String] = [:]
            for (role, key) in reserved {
                if let other = seen[key] {
                    problems.append("component \"\(type)\": the \(role) key \"\(key)\" is also its \(other) key")
                }
                seen[key] = role
            }
            if let wrapping = profile.values.wrapping {
                for prop in component.props where wrapping.discriminator(for: prop.type) == nil {
                    problems.append(
                        "component \"\(type)\": prop \"\(prop.key)\" is a \(prop.type.name), which the profile's "
                            + "wrapping names no discriminator for (add \"\(prop.type.name)\" or \"\(prop.type.kindName)\")"
                    )
                }
            }
        }
        if let layouts = envelope.layouts {
            if layouts.deviceKey == layouts.rootKey {
                problems.append("a layout's device key and root key are both \"\(layouts.deviceKey)\"")
            }
            for screen in catalog.screens where screen.layouts.isEmpty {
                problems.append(
                    "the profile lists layouts per device, but screen \"\(screen.id)\" has a single layout; "
                        + "give it `layouts:`")
            }
        }
        for (type, object) in profile.values.wrapping?.objects.sorted(by: { $0.key < $1.key }) ?? []
        where object.constants[object.valueKey] != nil {
            problems.append(
                "the wrapped \(type) object's value key \"\(object.valueKey)\" is also one of its fixed members")
        }
        for type in Set(nodes.propsByType.keys).union(nodes.childrenKeyByType.keys).sorted()
        where catalog.component(type) == nil {
            problems.append("the profile shapes component \"\(type)\", which the catalog does not declare")
        }
        return problems.map {
            ScreenRules.profileInvalid.diagnostic("wire profile \"\(profile.name)\": \($0)", at: profile.source)
        }
    }

    /// Whether slots are marked on the children rather than written as lists of their own.
    private static func isTagged(_ placement: WireProfile.SlotPlacement) -> Bool {
        if case .tagged = placement { true } else { false }
    }
}
