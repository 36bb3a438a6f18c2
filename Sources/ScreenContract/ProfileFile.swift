import ScreenJSON
import ScreenKit

/// The canonical description of a wire profile inside a frozen contract file: every part of
/// ``WireProfile``, its own format number first, keys in a fixed order, maps sorted.
///
/// A contract file without a `profile` member records the flat format (every file frozen before
/// profiles were recorded reads so, byte for byte); a file of any other profile holds
/// `"profile": {"format": 1, "name": …, "envelope": {…}, "nodes": {…}, "values": {…}}`, where
/// `null` means "left out" (a field the envelope does not write, nodes without IDs, plain values).
enum ProfileFile {
    /// The profile description format this code reads and writes.
    static let format = 1

    /// Writes `profile`'s description as the value of the current key.
    static func write(_ profile: WireProfile, to json: inout JSONWriter) {
        json.beginObject()
        json.key("format")
        json.integer(format)
        json.key("name")
        json.string(profile.name)
        let envelope = profile.envelope
        json.key("envelope")
        json.beginObject()
        json.key("members")
        json.beginArray()
        for member in envelope.members {
            json.beginObject()
            json.key("key")
            json.string(member.key)
            switch member.value {
            case .constant(let value):
                json.key("constant")
                json.string(value)
            case .screenValue(let name):
                json.key("screenValue")
                json.string(name)
            }
            json.endObject()
        }
        json.endArray()
        for (key, value) in [
            ("format", envelope.format), ("id", envelope.screenID), ("contract", envelope.contract),
            ("minContract", envelope.minContract), ("title", envelope.title), ("initialState", envelope.initialState),
        ] {
            json.key(key)
            optional(value, to: &json)
        }
        json.key("rootPath")
        json.beginArray()
        for key in envelope.rootPath { json.string(key) }
        json.endArray()
        json.key("rootChildrenOnly")
        json.bool(envelope.rootChildrenOnly)
        json.key("layouts")
        if let layouts = envelope.layouts {
            json.beginObject()
            json.key("deviceKey")
            json.string(layouts.deviceKey)
            json.key("rootKey")
            json.string(layouts.rootKey)
            json.endObject()
        } else {
            json.null()
        }
        json.endObject()

        let nodes = profile.nodes
        json.key("nodes")
        json.beginObject()
        json.key("typeKey")
        json.string(nodes.typeKey)
        json.key("idKey")
        optional(nodes.idKey, to: &json)
        json.key("props")
        write(nodes.props, to: &json)
        json.key("propsByType")
        json.beginObject()
        for type in nodes.propsByType.keys.sorted() {
            json.key(type)
            write(nodes.propsByType[type]!, to: &json)
        }
        json.endObject()
        json.key("childrenKey")
        json.string(nodes.childrenKey)
        json.key("childrenKeyByType")
        strings(nodes.childrenKeyByType, to: &json)
        json.key("slots")
        switch nodes.slots {
        case .tagged(let key):
            json.beginObject()
            json.key("tagged")
            json.string(key)
            json.endObject()
        case .members:
            json.string("members")
        case .under(let key):
            json.beginObject()
            json.key("under")
            json.string(key)
            json.endObject()
        }
        json.key("fallbackKey")
        optional(nodes.fallbackKey, to: &json)
        json.endObject()

        json.key("values")
        json.beginObject()
        json.key("wrapping")
        if let wrapping = profile.values.wrapping {
            json.beginObject()
            json.key("typeKey")
            json.string(wrapping.typeKey)
            json.key("valueKey")
            json.string(wrapping.valueKey)
            json.key("discriminators")
            strings(wrapping.discriminators, to: &json)
            json.key("objects")
            json.beginObject()
            for type in wrapping.objects.keys.sorted() {
                let object = wrapping.objects[type]!
                json.key(type)
                json.beginObject()
                json.key("valueKey")
                json.string(object.valueKey)
                json.key("constants")
                strings(object.constants, to: &json)
                json.endObject()
            }
            json.endObject()
            json.endObject()
        } else {
            json.null()
        }
        json.endObject()
        json.endObject()
    }

    private static func optional(_ value: String?, to json: inout JSONWriter) {
        if let value { json.string(value) } else { json.null() }
    }

    private static func strings(_ map: [String: String], to json: inout JSONWriter) {
        json.beginObject()
        for key in map.keys.sorted() {
            json.key(key)
            json.string(map[key]!)
        }
        json.endObject()
    }

    private static func write(_ placement: WireProfile.PropPlacement, to json: inout JSONWriter) {
        switch placement {
        case .inline:
            json.string("inline")
        case .under(let key):
            json.beginObject()
            json.key("under")
            json.string(key)
            json.endObject()
        }
    }

    /// The decoded description (`Entry`) as a profile, or what is wrong with it.
    static func profile(from entry: Entry) throws(ContractFile.ReadError) -> WireProfile {
        func fail(_ what: String) -> ContractFile.ReadError {
            ContractFile.ReadError(description: "profile: \(what)")
        }
        guard entry.format == format else {
            throw fail("format \(entry.format) is not supported (this screenkit reads profile format \(format))")
        }
        let e = entry.envelope
        var members: [EnvelopeMember] = []
        for member in e.members {
            switch (member.constant, member.screenValue) {
            case (let value?, nil): members.append(.constant(member.key, value))
            case (nil, let name?): members.append(.screenValue(member.key, from: name))
            default:
                throw fail("envelope member \"\(member.key)\" needs exactly one of \"constant\" and \"screenValue\"")
            }
        }
        let layouts = e.layouts.map { WireProfile.Layouts(deviceKey: $0.deviceKey, rootKey: $0.rootKey) }
        let envelope = WireProfile.Envelope(
            members: members, format: e.format, screenID: e.id, contract: e.contract, minContract: e.minContract,
            title: e.title, initialState: e.initialState, rootPath: e.rootPath, rootChildrenOnly: e.rootChildrenOnly,
            layouts: layouts)
        let n = entry.nodes
        var propsByType: [String: WireProfile.PropPlacement] = [:]
        for (type, placement) in n.propsByType { propsByType[type] = try placement.placement(fail) }
        let slots: WireProfile.SlotPlacement
        switch (n.slots.name, n.slots.tagged, n.slots.under) {
        case ("members"?, nil, nil): slots = .members
        case (nil, let key?, nil): slots = .tagged(key)
        case (nil, nil, let key?): slots = .under(key)
        default: throw fail("nodes.slots is \"members\", {\"tagged\": KEY} or {\"under\": KEY}")
        }
        let nodes = WireProfile.Nodes(
            typeKey: n.typeKey, idKey: n.idKey, props: try n.props.placement(fail), propsByType: propsByType,
            childrenKey: n.childrenKey, childrenKeyByType: n.childrenKeyByType, slots: slots,
            fallbackKey: n.fallbackKey)
        let values = WireProfile.Values(
            wrapping: entry.values.wrapping.map { w in
                WireProfile.Wrapping(
                    typeKey: w.typeKey, valueKey: w.valueKey, discriminators: w.discriminators,
                    objects: w.objects.mapValues { ValueObject(valueKey: $0.valueKey, constants: $0.constants) })
            })
        var profile = WireProfile(name: entry.name, envelope: envelope, nodes: nodes, values: values)
        profile.source = nil
        return profile
    }

    /// Every name and key the description holds, for the length limits.
    static func names(of entry: Entry) -> [String] {
        let e = entry.envelope
        var names = [entry.name] + e.rootPath
        for member in e.members { names += [member.key, member.constant, member.screenValue].compactMap { $0 } }
        names += [e.format, e.id, e.contract, e.minContract, e.title, e.initialState].compactMap { $0 }
        if let layouts = e.layouts { names += [layouts.deviceKey, layouts.rootKey] }
        let n = entry.nodes
        names += [n.typeKey, n.idKey, n.childrenKey, n.fallbackKey, n.slots.tagged, n.slots.under, n.props.under]
            .compactMap { $0 }
        for (type, placement) in n.propsByType { names += [type, placement.under].compactMap { $0 } }
        for (type, key) in n.childrenKeyByType { names += [type, key] }
        if let w = entry.values.wrapping {
            names += [w.typeKey, w.valueKey]
            for (type, value) in w.discriminators { names += [type, value] }
            for (type, object) in w.objects {
                names += [type, object.valueKey]
                for (key, value) in object.constants { names += [key, value] }
            }
        }
        return names
    }

    /// How many entries the description's lists and maps hold, each named, for the element limit.
    static func counts(of entry: Entry) -> [(String, Int)] {
        var counts = [
            ("profile envelope members", entry.envelope.members.count),
            ("profile root path keys", entry.envelope.rootPath.count),
            ("profile props placements", entry.nodes.propsByType.count),
            ("profile children keys", entry.nodes.childrenKeyByType.count),
        ]
        if let w = entry.values.wrapping {
            counts += [("profile discriminators", w.discriminators.count), ("profile value objects", w.objects.count)]
            counts += w.objects.map {
                ("constants of the profile's \($0.key.prefix(64)) object", $0.value.constants.count)
            }
        }
        return counts
    }

    /// The description as decoded.
    struct Entry: Decodable {
        let format: Int
        let name: String
        let envelope: EnvelopeEntry
        let nodes: NodesEntry
        let values: ValuesEntry
    }

    struct EnvelopeEntry: Decodable {
        let members: [MemberEntry]
        let format: String?
        let id: String?
        let contract: String?
        let minContract: String?
        let title: String?
        let initialState: String?
        let rootPath: [String]
        let rootChildrenOnly: Bool
        let layouts: LayoutsEntry?
    }

    struct MemberEntry: Decodable {
        let key: String
        let constant: String?
        let screenValue: String?
    }

    struct LayoutsEntry: Decodable {
        let deviceKey: String
        let rootKey: String
    }

    struct NodesEntry: Decodable {
        let typeKey: String
        let idKey: String?
        let props: PlacementEntry
        let propsByType: [String: PlacementEntry]
        let childrenKey: String
        let childrenKeyByType: [String: String]
        let slots: SlotsEntry
        let fallbackKey: String?
    }

    /// `"inline"` or `{"under": KEY}`.
    struct PlacementEntry: Decodable {
        let inline: Bool
        let under: String?

        init(from decoder: any Decoder) throws {
            if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
                inline = name == "inline"
                under = nil
                if !inline {
                    throw DecodingError.dataCorruptedError(
                        in: single, debugDescription: "a props placement is \"inline\" or {\"under\": KEY}")
                }
                return
            }
            enum Key: String, CodingKey { case under }
            inline = false
            under = try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .under)
        }

        func placement(_ fail: (String) -> ContractFile.ReadError) throws(ContractFile.ReadError)
            -> WireProfile.PropPlacement
        {
            if inline { return .inline }
            guard let under else { throw fail("a props placement is \"inline\" or {\"under\": KEY}") }
            return .under(under)
        }
    }

    /// `"members"`, `{"tagged": KEY}` or `{"under": KEY}`.
    struct SlotsEntry: Decodable {
        let name: String?
        let tagged: String?
        let under: String?

        init(from decoder: any Decoder) throws {
            if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
                self.name = name
                tagged = nil
                under = nil
                return
            }
            enum Key: String, CodingKey { case tagged, under }
            let container = try decoder.container(keyedBy: Key.self)
            name = nil
            tagged = try container.decodeIfPresent(String.self, forKey: .tagged)
            under = try container.decodeIfPresent(String.self, forKey: .under)
        }
    }

    struct ValuesEntry: Decodable {
        let wrapping: WrappingEntry?
    }

    struct WrappingEntry: Decodable {
        let typeKey: String
        let valueKey: String
        let discriminators: [String: String]
        let objects: [String: ObjectEntry]
    }

    struct ObjectEntry: Decodable {
        let valueKey: String
        let constants: [String: String]
    }
}
