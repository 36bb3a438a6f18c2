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
        json.object { json in
            json.member("format", format)
            json.member("name", profile.name)
            let envelope = profile.envelope
            json.object("envelope") { json in
                json.objects("members", envelope.members) { json, member in
                    json.member("key", member.key)
                    switch member.value {
                    case .constant(let value): json.member("constant", value)
                    case .screenValue(let name): json.member("screenValue", name)
                    }
                }
                for (key, value) in [
                    ("format", envelope.format), ("id", envelope.screenID), ("contract", envelope.contract),
                    ("minContract", envelope.minContract), ("title", envelope.title),
                    ("initialState", envelope.initialState),
                ] {
                    json.member(key, orNull: value)
                }
                json.member("rootPath", envelope.rootPath)
                json.member("rootChildrenOnly", envelope.rootChildrenOnly)
                if let layouts = envelope.layouts {
                    json.object("layouts") { json in
                        json.member("deviceKey", layouts.deviceKey)
                        json.member("rootKey", layouts.rootKey)
                    }
                } else {
                    json.member("layouts", orNull: nil)
                }
            }
            let nodes = profile.nodes
            json.object("nodes") { json in
                json.member("typeKey", nodes.typeKey)
                json.member("idKey", orNull: nodes.idKey)
                json.key("props")
                write(nodes.props, to: &json)
                json.object("propsByType") { json in
                    for type in nodes.propsByType.keys.sorted() {
                        json.key(type)
                        write(nodes.propsByType[type]!, to: &json)
                    }
                }
                json.member("childrenKey", nodes.childrenKey)
                json.member("childrenKeyByType", sorted: nodes.childrenKeyByType)
                switch nodes.slots {
                case .tagged(let key): json.object("slots") { json in json.member("tagged", key) }
                case .members: json.member("slots", "members")
                case .under(let key): json.object("slots") { json in json.member("under", key) }
                }
                json.member("fallbackKey", orNull: nodes.fallbackKey)
            }
            json.object("values") { json in
                guard let wrapping = profile.values.wrapping else {
                    json.member("wrapping", orNull: nil)
                    return
                }
                json.object("wrapping") { json in
                    json.member("typeKey", wrapping.typeKey)
                    json.member("valueKey", wrapping.valueKey)
                    json.member("discriminators", sorted: wrapping.discriminators)
                    json.object("objects") { json in
                        for type in wrapping.objects.keys.sorted() {
                            let object = wrapping.objects[type]!
                            json.object(type) { json in
                                json.member("valueKey", object.valueKey)
                                json.member("constants", sorted: object.constants)
                            }
                        }
                    }
                }
            }
        }
    }

    private static func write(_ placement: WireProfile.PropPlacement, to json: inout JSONWriter) {
        switch placement {
        case .inline: json.string("inline")
        case .under(let key): json.object { json in json.member("under", key) }
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

    /// The description as read, before it is checked.
    struct Entry {
        let format: Int
        let name: String
        let envelope: EnvelopeEntry
        let nodes: NodesEntry
        let values: ValuesEntry

        init(_ entry: JSONObjectReader) throws(JSONFormatError) {
            format = try entry.int("format")
            name = try entry.string("name")
            let e = try entry.object("envelope")
            envelope = EnvelopeEntry(
                members: try e.objects("members").map { (member) throws(JSONFormatError) in
                    MemberEntry(
                        key: try member.string("key"), constant: try member.optionalString("constant"),
                        screenValue: try member.optionalString("screenValue"))
                },
                format: try e.optionalString("format"), id: try e.optionalString("id"),
                contract: try e.optionalString("contract"), minContract: try e.optionalString("minContract"),
                title: try e.optionalString("title"), initialState: try e.optionalString("initialState"),
                rootPath: try e.strings("rootPath"), rootChildrenOnly: try e.bool("rootChildrenOnly"),
                layouts: try e.optionalObject("layouts").map { (layouts) throws(JSONFormatError) in
                    LayoutsEntry(deviceKey: try layouts.string("deviceKey"), rootKey: try layouts.string("rootKey"))
                })
            let n = try entry.object("nodes")
            let byType = try n.object("propsByType")
            var propsByType: [String: PlacementEntry] = [:]
            for member in byType.members where propsByType[member.key] == nil {
                propsByType[member.key] = try PlacementEntry(member.value, at: byType.path(of: member.key))
            }
            nodes = NodesEntry(
                typeKey: try n.string("typeKey"), idKey: try n.optionalString("idKey"),
                props: try PlacementEntry(try n.required("props"), at: n.path(of: "props")), propsByType: propsByType,
                childrenKey: try n.string("childrenKey"), childrenKeyByType: try n.stringMap("childrenKeyByType"),
                slots: try SlotsEntry(try n.required("slots"), at: n.path(of: "slots")),
                fallbackKey: try n.optionalString("fallbackKey"))
            let wrapping = try entry.object("values").optionalObject("wrapping")
            values = ValuesEntry(
                wrapping: try wrapping.map { (w) throws(JSONFormatError) in
                    let objects = try w.object("objects")
                    var entries: [String: ObjectEntry] = [:]
                    for member in objects.members where entries[member.key] == nil {
                        let object = try JSONObjectReader(member.value, path: objects.path(of: member.key))
                        entries[member.key] = ObjectEntry(
                            valueKey: try object.string("valueKey"), constants: try object.stringMap("constants"))
                    }
                    return WrappingEntry(
                        typeKey: try w.string("typeKey"), valueKey: try w.string("valueKey"),
                        discriminators: try w.stringMap("discriminators"), objects: entries)
                })
        }
    }

    struct EnvelopeEntry {
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

    struct MemberEntry {
        let key: String
        let constant: String?
        let screenValue: String?
    }

    struct LayoutsEntry {
        let deviceKey: String
        let rootKey: String
    }

    struct NodesEntry {
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
    struct PlacementEntry {
        let inline: Bool
        let under: String?

        init(_ value: JSONValue, at path: String) throws(JSONFormatError) {
            if case .string(let name) = value {
                guard name == "inline" else {
                    throw JSONFormatError(
                        "invalid value at \(path): a props placement is \"inline\" or {\"under\": KEY}")
                }
                inline = true
                under = nil
                return
            }
            inline = false
            under = try JSONObjectReader(value, path: path).string("under")
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
    struct SlotsEntry {
        let name: String?
        let tagged: String?
        let under: String?

        init(_ value: JSONValue, at path: String) throws(JSONFormatError) {
            if case .string(let name) = value {
                self.name = name
                tagged = nil
                under = nil
                return
            }
            let object = try JSONObjectReader(value, path: path)
            name = nil
            tagged = try object.optionalString("tagged")
            under = try object.optionalString("under")
        }
    }

    struct ValuesEntry {
        let wrapping: WrappingEntry?
    }

    struct WrappingEntry {
        let typeKey: String
        let valueKey: String
        let discriminators: [String: String]
        let objects: [String: ObjectEntry]
    }

    struct ObjectEntry {
        let valueKey: String
        let constants: [String: String]
    }
}
