import ScreenJSON
import ScreenKit

/// Writes envelopes in a catalog's wire profile: a plain writer, apart from the hand-optimised
/// flat one, over what the flat writer produced.
///
/// A flat envelope or variant is the validated, downleveled screen — fallbacks applied, props a
/// version lacks left out, enum values and actions mapped — in a canonical form. Reading it back
/// (members in order, numbers as written) and writing it again in the profile's shape means every
/// profile gets exactly the flat variants' downleveling, with one implementation of it.
struct ProfileWriter {
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

extension Compiler {
    /// `screens` (compiled from ``screens``, in order) in the wire profile of each version
    /// (`views`, oldest first; the full envelope in the catalog's profile): unchanged for the flat
    /// format; with a profile that lists layouts, each screen's device layouts merged into one
    /// document per envelope and variant.
    func shaped(_ screens: [CompiledScreen], views: [VersionView], style: JSONStyle) -> [CompiledScreen] {
        guard !catalog.profile.isFlat || views.contains(where: { !$0.profile.isFlat }) else { return screens }
        let writers = ProfileWriters(catalog: catalog, views: views, style: style)
        let values = Dictionary(self.screens.map { ($0.id, $0.envelopeValues) }) { first, _ in first }
        guard catalog.profile.envelope.layouts != nil else {
            return screens.map { shaped($0, writers: writers, values: values[$0.id] ?? [:]) }
        }
        let byID = Dictionary(screens.map { ($0.id, $0) }) { first, _ in first }
        return catalog.screens.compactMap { screen in
            if screen.layouts.isEmpty {
                return byID[screen.id].map { shaped($0, writers: writers, values: screen.envelopeValues) }
            }
            let parts = screen.layouts.compactMap { layout in
                byID[Screen.layoutID(screen.id, device: layout.device)].map { (layout.device, $0) }
            }
            guard parts.count == screen.layouts.count, let first = parts.first?.1,
                parts.allSatisfy({ $0.1.variants.count == first.variants.count })
            else { return nil }
            func merged(_ writer: ProfileWriter, _ flats: [(String, [UInt8])]) -> [UInt8] {
                writer.writeLayouts(
                    of: screen.id, flats, values: screen.envelopeValues,
                    entry: writer.profile.envelope.layouts ?? WireProfile.Layouts())
            }
            return CompiledScreen(
                id: screen.id, minContract: first.minContract, contract: first.contract,
                full: merged(writers.full, parts.map { ($0.0, $0.1.full) }),
                variants: first.variants.indices.map { index in
                    let version = first.variants[index].contract
                    return CompiledScreen.Variant(
                        contract: version,
                        envelope: merged(
                            writers.writer(for: version), parts.map { ($0.0, $0.1.variants[index].envelope) }),
                        downgrades: parts.flatMap { $0.1.variants[index].downgrades })
                })
        }
    }

    /// `screen`'s envelopes, each written in its version's profile.
    private func shaped(_ screen: CompiledScreen, writers: ProfileWriters, values: [String: String]) -> CompiledScreen {
        func variants(_ variants: [CompiledScreen.Variant]) -> [CompiledScreen.Variant] {
            variants.map {
                CompiledScreen.Variant(
                    contract: $0.contract,
                    envelope: writers.writer(for: $0.contract).write($0.envelope, values: values),
                    downgrades: $0.downgrades)
            }
        }
        var shaped = CompiledScreen(
            id: screen.id, minContract: screen.minContract, contract: screen.contract,
            full: writers.full.write(screen.full, values: values), variants: variants(screen.variants))
        shaped.experiments = screen.experiments
        shaped.combinations = screen.combinations.map {
            .init(arms: $0.arms, full: writers.full.write($0.full, values: values), variants: variants($0.variants))
        }
        return shaped
    }

    /// One document holding every device layout of `screen`, from each layout's flat variant for
    /// clients of `version`, in the profile that version's clients decode (see
    /// ``WireProfile/Envelope/layouts``).
    public func shapedLayouts(
        of screen: Screen, _ parts: [(device: String, flat: [UInt8])], for version: Int, history: PreparedHistory,
        style: JSONStyle = .compact
    ) -> [UInt8] {
        let profile = history.profile(for: version)
        return ProfileWriter(catalog: catalog, profile: profile, style: style).writeLayouts(
            of: screen.id, parts, values: screen.envelopeValues,
            entry: profile.envelope.layouts ?? WireProfile.Layouts())
    }

    /// `bytes` (`screen`'s flat variant for clients of `version`) in the wire profile those clients
    /// decode (unchanged for the flat format).
    public func shaped(
        _ bytes: [UInt8], of screen: Screen, for version: Int, history: PreparedHistory, style: JSONStyle = .compact
    ) -> [UInt8] {
        let profile = history.profile(for: version)
        guard !profile.isFlat else { return bytes }
        return ProfileWriter(catalog: catalog, profile: profile, style: style).write(
            bytes, values: screen.envelopeValues)
    }
}

/// A profile writer per distinct profile of the served versions, and the catalog's for the full
/// envelope.
struct ProfileWriters {
    /// The writer of the catalog's profile.
    let full: ProfileWriter
    private let byVersion: [Int: ProfileWriter]

    init(catalog: Catalog, views: [VersionView], style: JSONStyle) {
        full = ProfileWriter(catalog: catalog, style: style)
        var byVersion: [Int: ProfileWriter] = [:]
        for view in views where view.profile != catalog.profile {
            byVersion[view.version] = ProfileWriter(catalog: catalog, profile: view.profile, style: style)
        }
        self.byVersion = byVersion
    }

    /// The writer for clients of `version`.
    func writer(for version: Int) -> ProfileWriter { byVersion[version] ?? full }
}
