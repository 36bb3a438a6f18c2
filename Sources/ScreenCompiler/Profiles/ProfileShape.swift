import Foundation
import ScreenJSON
import ScreenKit

/// A profile's keys as escaped literals, and how each component's nodes are written.
final class ProfileShape: Sendable {
    /// The profile described.
    let profile: WireProfile
    /// The key of a node's type.
    let typeKey: [UInt8]
    /// The key of a node's ID; nil when nodes carry none.
    let idKey: [UInt8]?
    /// The key marking a child's named slot, when slots are tagged.
    let taggedSlotKey: [UInt8]?
    /// The key of the object holding a node's named slots, when they go under one.
    let slotsKey: [UInt8]?
    /// The key of a node's fallback; nil when the full envelope carries none.
    let fallbackKey: [UInt8]?
    /// The keys of a wrapped value's discriminator and value, when values are wrapped.
    let wrapKeys: (type: [UInt8], value: [UInt8])?
    /// The keys of `format`, `id`, `contract`, `minContract`, `title`, `experiments` and
    /// `initialState`, in the flat format's order (nil leaves the field out). A screen's served
    /// arms keep their key, `experiments`, in every profile, as nodes keep `events`.
    let fieldKeys: [[UInt8]?]
    /// Whether the catalog declares analytics events: only then is a flat node's `events` member
    /// its events rather than a prop of that name.
    let sendsEvents: Bool
    /// Each declared component's plan (the first declaration of a type).
    private let plans: [NodePlan]
    /// An open-addressing table from a component's escaped type to its index in `plans` (-1: empty).
    private let table: [Int32]

    /// The shape of `profile` for `components`.
    init(profile: WireProfile, components: [ComponentSchema], sendsEvents: Bool = false) {
        self.profile = profile
        self.sendsEvents = sendsEvents
        let nodes = profile.nodes
        typeKey = Self.literal(nodes.typeKey)
        idKey = nodes.idKey.map(Self.literal)
        switch nodes.slots {
        case .tagged(let key): (taggedSlotKey, slotsKey) = (Self.literal(key), nil)
        case .members: (taggedSlotKey, slotsKey) = (nil, nil)
        case .under(let key): (taggedSlotKey, slotsKey) = (nil, Self.literal(key))
        }
        fallbackKey = nodes.fallbackKey.map(Self.literal)
        wrapKeys = profile.values.wrapping.map { (Self.literal($0.typeKey), Self.literal($0.valueKey)) }
        let envelope = profile.envelope
        fieldKeys = [
            envelope.format, envelope.screenID, envelope.contract, envelope.minContract, envelope.title,
            "experiments", envelope.initialState,
        ].map { $0.map(Self.literal) }
        var plans: [NodePlan] = []
        var seen: Set<String> = []
        for component in components where seen.insert(component.type).inserted {
            plans.append(NodePlan(type: component.type, schema: component, profile: profile))
        }
        var size = 8
        while size < plans.count * 2 { size *= 2 }
        var table = [Int32](repeating: -1, count: size)
        for (index, plan) in plans.enumerated() {
            var slot = plan.typeToken.withUnsafeBufferPointer { Self.hash($0) } & (size - 1)
            while table[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            table[slot] = Int32(index)
        }
        self.plans = plans
        self.table = table
    }

    /// `string` as an escaped JSON string literal, quotes included.
    static func literal(_ string: String) -> [UInt8] {
        var bytes: [UInt8] = []
        appendJSONString(string, to: &bytes)
        return bytes
    }

    /// `""`, the type of a node without one.
    static let emptyType: [UInt8] = [0x22, 0x22]

    /// Whether `a` and `b` hold the same bytes.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return memcmp(left, right, a.count) == 0
    }

    /// FNV-1a of `bytes`.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash)
    }

    /// The plan of the component whose escaped type is `token` (a string literal read from a flat
    /// node, or `""` for a node without one).
    func plan(forType token: UnsafeBufferPointer<UInt8>) -> NodePlan {
        let mask = table.count - 1
        var slot = Self.hash(token) & mask
        while true {
            let index = Int(table[slot])
            if index < 0 { break }
            let plan = plans[index]
            if plan.typeToken.withUnsafeBufferPointer({ Self.equal($0, token) }) { return plan }
            slot = (slot + 1) & mask
        }
        // A type the catalog does not declare (validation reports it): the profile's defaults.
        let type = (try? JSONReader.read(Array(token)))?.stringValue ?? ""
        return NodePlan(type: type, schema: nil, profile: profile)
    }
}

/// How nodes of one component type are written in a profile.
final class NodePlan: Sendable {
    /// The escaped type.
    let typeToken: [UInt8]
    /// The key props go under, or nil when they are written inline.
    let propsKey: [UInt8]?
    /// The key of the children list.
    let childrenKey: [UInt8]
    /// Whether the component declares plain children (next to named slots).
    let hasChildren: Bool
    /// The named slots, escaped, in declaration order, when the profile writes them as lists of
    /// their own; empty when they are tagged (or there are none).
    let groupedSlots: [[UInt8]]
    /// The props whose values are wrapped: by the first declaration of each key.
    let wraps: [Wrap]

    /// A wrapped prop: its escaped key, its discriminator and the object around its value, if any.
    struct Wrap: Sendable {
        /// The prop's key.
        let key: [UInt8]
        /// The discriminator of the prop's type.
        let discriminator: [UInt8]
        /// The key of the value in its object, and the object's fixed members in key order.
        let object: (valueKey: [UInt8], constants: [(key: [UInt8], value: [UInt8])])?
    }

    /// The plan of `type` (declared by `schema`, if at all) in `profile`.
    init(type: String, schema: ComponentSchema?, profile: WireProfile) {
        let nodes = profile.nodes
        typeToken = ProfileShape.literal(type)
        switch nodes.placement(of: type) {
        case .inline: propsKey = nil
        case .under(let key): propsKey = ProfileShape.literal(key)
        }
        childrenKey = ProfileShape.literal(nodes.childrenKey(of: type))
        hasChildren = schema?.hasChildren == true
        if case .tagged = nodes.slots {
            groupedSlots = []
        } else {
            groupedSlots = (schema?.slots ?? []).map(ProfileShape.literal)
        }
        var wraps: [Wrap] = []
        if let wrapping = profile.values.wrapping, let schema {
            var seen: Set<String> = []
            for prop in schema.props where seen.insert(prop.key).inserted {
                guard let discriminator = wrapping.discriminator(for: prop.type) else { continue }
                let object = wrapping.object(for: prop.type).map { object in
                    (
                        valueKey: ProfileShape.literal(object.valueKey),
                        constants: object.constants.keys.sorted().map {
                            (key: ProfileShape.literal($0), value: ProfileShape.literal(object.constants[$0]!))
                        }
                    )
                }
                wraps.append(
                    Wrap(
                        key: ProfileShape.literal(prop.key), discriminator: ProfileShape.literal(discriminator),
                        object: object))
            }
        }
        self.wraps = wraps
    }
}
