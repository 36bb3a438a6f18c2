import ScreenJSON
import ScreenKit

// The tree-based profile writer ScreenKit used before the streaming one (ProfileWriter), kept
// unchanged as the simple reference the streaming writer is compared with: it reads each flat
// envelope back into a JSONValue tree and writes the tree again in the profile's shape.

/// The reference profile writer: reads a flat envelope into a ``JSONValue`` tree and writes it
/// again in the profile's shape.
///
/// A flat envelope or variant is the validated, downleveled screen — fallbacks applied, props a
/// version lacks left out, enum values and actions mapped — in a canonical form. Reading it back
/// (members in order, numbers as written) and writing it again in the profile's shape means every
/// profile gets exactly the flat variants' downleveling, with one implementation of it.
struct ReferenceProfileWriter {
    let profile: WireProfile
    /// Component declarations by wire type, for the prop types wrapped values need.
    let schemas: [String: ComponentSchema]
    let style: JSONStyle

    /// A writer of `profile` (the catalog's unless given) for `catalog`'s components.
    init(catalog: Catalog, profile: WireProfile? = nil, style: JSONStyle) {
        self.profile = profile ?? catalog.profile
        schemas = Dictionary(catalog.components.map { ($0.type, $0) }) { first, _ in first }
        self.style = style
    }

    /// `flat` (an envelope the flat writer wrote) read back.
    private static func read(_ flat: [UInt8]) -> JSONValue {
        // The flat writer's own output: always valid JSON, nested at most about twice the screen
        // depth limit plus its values, well within this bound.
        guard let envelope = try? JSONReader.read(flat, maximumDepth: 4096) else {
            preconditionFailure("the flat envelope writer wrote bytes that are not JSON")
        }
        return envelope
    }

    /// `flat` (an envelope the flat writer wrote) in the profile's shape, with the screen's
    /// envelope `values` (``Screen/envelopeValues``).
    func write(_ flat: [UInt8], values: [String: String] = [:]) -> [UInt8] {
        let envelope = Self.read(flat)
        var json = JSONWriter(style: style, capacity: flat.count + flat.count / 4)
        json.beginObject()
        writeFields(of: envelope, values: values, into: &json)
        writeRootPath(into: &json) { json in writeRoot(envelope["root"] ?? .null, into: &json) }
        json.endObject()
        if flat.last == 0x0A { json.newline() }
        return json.takeBytes()
    }

    /// One document holding every device layout of screen `id`, from each layout's flat envelope
    /// (written for one client version): the envelope's fields, then at the root path the list of
    /// `{device, root}` entries, in the screen's order of layouts.
    func writeLayouts(
        of id: String, _ parts: [(device: String, flat: [UInt8])], values: [String: String] = [:],
        entry: WireProfile.Layouts
    ) -> [UInt8] {
        let envelopes = parts.map { Self.read($0.flat) }
        var json = JSONWriter(style: style, capacity: parts.reduce(64) { $0 + $1.flat.count + $1.flat.count / 4 })
        json.beginObject()
        // The layouts share the screen's fields; the contract field names the oldest version
        // receiving the whole document, which is the newest of those its layouts name.
        let contract = envelopes.compactMap { envelope -> Int? in
            guard case .number(let text) = envelope["contract"] else { return nil }
            return Int(text)
        }.max()
        writeFields(
            of: envelopes.first ?? .null, values: values, into: &json, id: id,
            contract: contract.map { JSONValue.number(String($0)) })
        writeRootPath(into: &json) { json in
            json.beginArray()
            for (part, envelope) in zip(parts, envelopes) {
                json.beginObject()
                json.key(entry.deviceKey)
                json.string(part.device)
                json.key(entry.rootKey)
                writeRoot(envelope["root"] ?? .null, into: &json)
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
        if parts.first?.flat.last == 0x0A { json.newline() }
        return json.takeBytes()
    }

    /// The envelope's own members (constants, the screen's `values`), then its fields under the
    /// profile's keys (`id` and `contract` replaced when given).
    private func writeFields(
        of envelope: JSONValue, values: [String: String], into json: inout JSONWriter, id: String? = nil,
        contract: JSONValue? = nil
    ) {
        let shape = profile.envelope
        for member in shape.members {
            switch member.value {
            case .constant(let value):
                json.key(member.key)
                json.string(value)
            case .screenValue(let name):
                // Validation requires every value the profile reads (`envelope-value-missing`).
                guard let value = values[name] else { continue }
                json.key(member.key)
                json.string(value)
            }
        }
        let fields: [(String?, String)] = [
            (shape.format, "format"), (shape.screenID, "id"), (shape.contract, "contract"),
            (shape.minContract, "minContract"), (shape.title, "title"), (shape.initialState, "initialState"),
        ]
        for case (let key?, let field) in fields {
            let replacement: JSONValue? =
                switch field {
                case "id": id.map { .string($0) }
                case "contract": contract
                default: nil
                }
            guard let value = replacement ?? envelope[field] else { continue }
            json.key(key)
            json.value(value)
        }
    }

    /// The objects of the root path, with what `body` writes at its last key.
    private func writeRootPath(into json: inout JSONWriter, _ body: (inout JSONWriter) -> Void) {
        let path = profile.envelope.rootPath
        for key in path.dropLast() {
            json.key(key)
            json.beginObject()
        }
        json.key(path.last ?? "root")
        body(&json)
        for _ in path.dropLast() { json.endObject() }
    }

    /// The root node, or its children as a list (`rootChildrenOnly`).
    private func writeRoot(_ root: JSONValue, into json: inout JSONWriter) {
        if profile.envelope.rootChildrenOnly {
            json.beginArray()
            for child in root["children"]?.arrayValue ?? [] { writeNode(child, into: &json) }
            json.endArray()
        } else {
            writeNode(root, into: &json)
        }
    }

    /// One node (or a `"drop"` fallback) in the profile's shape.
    private func writeNode(_ node: JSONValue, into json: inout JSONWriter) {
        guard let members = node.members else {
            json.value(node)
            return
        }
        // One pass over the flat node: its own keys, and its props in order.
        var type = ""
        var id: JSONValue?
        var slot: JSONValue?
        var children: [JSONValue]?
        var fallback: JSONValue?
        var props: [JSONMember] = []
        props.reserveCapacity(members.count)
        for member in members {
            switch member.key {
            case "type": type = member.value.stringValue ?? ""
            case "id": id = member.value
            case "slot": slot = member.value
            case "children": children = member.value.arrayValue
            case "fallback": fallback = member.value
            default: props.append(member)
            }
        }
        let nodes = profile.nodes
        json.beginObject()
        json.key(nodes.typeKey)
        json.string(type)
        if let idKey = nodes.idKey, let id {
            json.key(idKey)
            json.value(id)
        }
        if case .tagged(let slotKey) = nodes.slots, let slot {
            json.key(slotKey)
            json.value(slot)
        }
        let schema = schemas[type]
        switch nodes.placement(of: type) {
        case .inline:
            for prop in props { writeProp(prop, schema: schema, into: &json) }
        case .under(let key):
            json.key(key)
            json.beginObject()
            for prop in props { writeProp(prop, schema: schema, into: &json) }
            json.endObject()
        }
        if let children { writeChildren(children, of: type, schema: schema, into: &json) }
        if let fallbackKey = nodes.fallbackKey, let fallback {
            json.key(fallbackKey)
            writeNode(fallback, into: &json)
        }
        json.endObject()
    }

    /// A node's children: one list, or its plain children and each named slot where the profile
    /// puts them (the flat envelope marks a slot's children with `"slot"`).
    private func writeChildren(
        _ children: [JSONValue], of type: String, schema: ComponentSchema?, into json: inout JSONWriter
    ) {
        func list(_ key: String, _ nodes: [JSONValue]) {
            json.key(key)
            json.beginArray()
            for node in nodes { writeNode(node, into: &json) }
            json.endArray()
        }
        let slots = schema?.slots ?? []
        if case .tagged = profile.nodes.slots {
            list(profile.nodes.childrenKey(of: type), children)
            return
        }
        if slots.isEmpty {
            list(profile.nodes.childrenKey(of: type), children)
            return
        }
        var plain: [JSONValue] = []
        var bySlot: [String: [JSONValue]] = [:]
        for child in children {
            if let slot = child["slot"]?.stringValue {
                bySlot[slot, default: []].append(child)
            } else {
                plain.append(child)
            }
        }
        if schema?.hasChildren == true { list(profile.nodes.childrenKey(of: type), plain) }
        if case .under(let key) = profile.nodes.slots {
            json.key(key)
            json.beginObject()
            for slot in slots { list(slot, bySlot[slot] ?? []) }
            json.endObject()
        } else {
            for slot in slots { list(slot, bySlot[slot] ?? []) }
        }
    }

    /// One prop, plain or wrapped with its type's discriminator.
    private func writeProp(_ prop: JSONMember, schema: ComponentSchema?, into json: inout JSONWriter) {
        json.key(prop.key)
        guard let wrapping = profile.values.wrapping, let propType = schema?.prop(prop.key)?.type,
            let discriminator = wrapping.discriminator(for: propType)
        else {
            json.value(prop.value)
            return
        }
        json.beginObject()
        json.key(wrapping.typeKey)
        json.string(discriminator)
        json.key(wrapping.valueKey)
        if let object = wrapping.object(for: propType) {
            json.beginObject()
            json.key(object.valueKey)
            json.value(prop.value)
            for key in object.constants.keys.sorted() {
                json.key(key)
                json.string(object.constants[key]!)
            }
            json.endObject()
        } else {
            json.value(prop.value)
        }
        json.endObject()
    }
}
