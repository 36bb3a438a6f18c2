import ScreenCompiler
import ScreenContract
import ScreenKit

/// The envelopes one contract version's clients receive, as both client artifacts read them: the
/// version's contract with the wire profile's keys and placements resolved for it, exactly as
/// ``ProfileWriter`` (or, for the flat format, the flat writer) shapes the bytes. The JSON Schema
/// and the Swift model are generated from this one description, so they cannot disagree.
struct ClientShape {
    /// The contract the envelopes are written from.
    let contract: Contract
    /// The contract version.
    let version: Int
    /// The wire profile the version's clients decode.
    let profile: WireProfile
    /// Whether this is the full envelope (inline fallbacks), not a variant.
    let full: Bool

    /// What one envelope member holds.
    enum FieldValue: Equatable {
        /// The same string in every envelope.
        case constant(String)
        /// A string each screen declares (``Screen/envelopeValues``).
        case screenValue
        /// The envelope format number, 1.
        case format
        /// The screen ID.
        case screenID
        /// The contract version the payload is written for.
        case contract
        /// The oldest contract version the screen supports.
        case minContract
        /// The title, written only when the screen has one.
        case title
        /// The initial state: an object of values.
        case initialState
        /// The experiment arms the screen was resolved to, by experiment: written only for a screen
        /// with analytics events, to clients whose contract declares events.
        case experiments
    }

    /// One member of the envelope besides the root path: its name (the flat format's field name, or
    /// a member's key), its wire key and what it holds.
    struct Field {
        /// The flat format's name of the field, or the member's key.
        let name: String
        /// The wire key.
        let key: String
        /// What it holds.
        let value: FieldValue

        /// Whether every envelope has it (all but the title and the served arms).
        var isRequired: Bool { value != .title && value != .experiments }

        /// Whether it is one of the flat format's fields, not a member of the profile's own.
        var isStandard: Bool {
            switch value {
            case .constant, .screenValue: false
            default: true
            }
        }
    }

    /// The envelope's members in the order they are written: the profile's own members, then the
    /// fields it keeps, under its keys.
    var fields: [Field] {
        let envelope = profile.envelope
        var fields = envelope.members.map { member -> Field in
            switch member.value {
            case .constant(let value): Field(name: member.key, key: member.key, value: .constant(value))
            case .screenValue: Field(name: member.key, key: member.key, value: .screenValue)
            }
        }
        let standard: [(String?, String, FieldValue)] = [
            (envelope.format, "format", .format), (envelope.screenID, "id", .screenID),
            (envelope.contract, "contract", .contract), (envelope.minContract, "minContract", .minContract),
            (envelope.title, "title", .title), (envelope.initialState, "initialState", .initialState),
        ]
        for case (let key?, let name, let value) in standard {
            fields.append(Field(name: name, key: key, value: value))
        }
        // Under the same key in every profile; only for clients whose contract declares events.
        if sendsEvents { fields.append(Field(name: "experiments", key: "experiments", value: .experiments)) }
        return fields
    }

    /// Whether the version's contract declares analytics events: its nodes may then carry
    /// `events`, and its envelopes `experiments`.
    var sendsEvents: Bool { !contract.events.isEmpty }

    /// The triggers a node may send events on in this version: `appear`, `tap` when some component
    /// has an action prop, and every component's own, sorted.
    var triggers: [String] {
        var triggers: Set<String> = []
        for component in contract.components {
            triggers.formUnion(component.eventTriggers)
        }
        return triggers.sorted()
    }

    /// The property name of each stored envelope field, by wire key (constants are checked, not
    /// stored): the flat format's names; a member's `member(key, attempt)` for the first attempt
    /// (1, 2, …) that is not taken, `root` (the root's property) taken from the start.
    func propertyNames(root: String, member: (String, Int) -> String) -> [String: String] {
        var names: [String: String] = [:]
        var used: Set<String> = [root]
        for field in fields where field.isStandard { used.insert(field.name) }
        for field in fields {
            if case .constant = field.value { continue }
            if field.isStandard {
                names[field.key] = field.name
                continue
            }
            var attempt = 1
            var name = member(field.name, attempt)
            while used.contains(name) {
                attempt += 1
                name = member(field.name, attempt)
            }
            used.insert(name)
            names[field.key] = name
        }
        return names
    }

    /// The object keys leading to the root, outermost first (never empty).
    var rootPath: [String] { profile.envelope.rootPath.isEmpty ? ["root"] : profile.envelope.rootPath }

    /// Whether the root path holds the root node's children as a list instead of the root node.
    var rootIsList: Bool { profile.envelope.rootChildrenOnly }

    /// The entry of a document's list of device layouts, when the profile lists them: the root
    /// path then holds that list (the compiler requires every screen to declare its layouts).
    var layouts: WireProfile.Layouts? { profile.envelope.layouts }

    /// The key of a node's component type.
    var typeKey: String { profile.nodes.typeKey }

    /// The key of a node's ID, or nil when nodes carry none.
    var idKey: String? { profile.nodes.idKey }

    /// The key marking a child's named slot, when slots are tagged and a component declares one.
    var slotTag: String? {
        guard case .tagged(let key) = profile.nodes.slots, contract.components.contains(where: { !$0.slots.isEmpty })
        else { return nil }
        return key
    }

    /// The key of the object holding every named slot (`.under`), or nil.
    var slotsKey: String? {
        if case .under(let key) = profile.nodes.slots { key } else { nil }
    }

    /// Whether slots are written as lists of their own (members, or under a key) rather than tagged.
    var slotsAreLists: Bool {
        if case .tagged = profile.nodes.slots { false } else { true }
    }

    /// The key of a node's inline fallback: only in the full envelope, when the profile writes them.
    var fallbackKey: String? { full ? profile.nodes.fallbackKey : nil }

    /// The key of the object holding `component`'s props, or nil when they are members of the node.
    func propsKey(of component: ComponentSchema) -> String? {
        if case .under(let key) = profile.nodes.placement(of: component.type) { key } else { nil }
    }

    /// The key of `component`'s children list, or nil when it has none: every child (a tagged
    /// slot's too) when slots are tagged, else its plain children only.
    func childrenKey(of component: ComponentSchema) -> String? {
        let holds = slotsAreLists ? component.hasChildren : component.holdsChildren
        return holds ? profile.nodes.childrenKey(of: component.type) : nil
    }

    /// `component`'s named slots written as lists of their own (none when slots are tagged).
    func slotLists(of component: ComponentSchema) -> [String] {
        slotsAreLists ? component.slots : []
    }

    /// How one prop value is wrapped.
    struct Wrap {
        /// The discriminator's key.
        let typeKey: String
        /// The discriminator.
        let discriminator: String
        /// The wrapped value's key.
        let valueKey: String
        /// The object around the value, if the profile names one.
        let object: ValueObject?
    }

    /// How `prop` of a component is wrapped, or nil when it is written plainly.
    func wrap(_ prop: PropSchema) -> Wrap? {
        guard let wrapping = profile.values.wrapping, let discriminator = wrapping.discriminator(for: prop.type)
        else { return nil }
        return Wrap(
            typeKey: wrapping.typeKey, discriminator: discriminator, valueKey: wrapping.valueKey,
            object: wrapping.object(for: prop.type))
    }

    /// Whether any component prop is wrapped.
    var wrapsValues: Bool { contract.components.contains { $0.props.contains { wrap($0) != nil } } }
}

extension ClientSchemas {
    /// The wire profile clients of `version` decode: the one the version froze (in `history`)
    /// before ``Catalog/profileSince``, the catalog's (`current`) from it on.
    public static func profile(ofVersion version: Int, history: [Contract], current: WireProfile, profileSince: Int)
        -> WireProfile
    {
        version < profileSince && history.indices.contains(version - 1) ? history[version - 1].profile : current
    }
}
