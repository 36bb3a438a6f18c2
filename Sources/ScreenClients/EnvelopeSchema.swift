import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit

/// The JSON Schema (draft 2020-12) of the envelopes one contract version's clients receive, in the
/// wire profile they decode (the flat format unless the catalog declares another): every component
/// of that version with its props (required and defaulted keys always present, optional ones only
/// when set, enum values the version knows, wrapped values with their discriminators), every
/// action kind and field, the envelope's members and fields under the profile's keys, the root
/// where the profile puts it, and `additionalProperties: false` wherever a strict client rejects a
/// key.
///
/// The full envelope's schema (``full(_:version:profile:)``) also allows each node's inline
/// fallback (where the profile writes one) and each action's. What a schema cannot say, the
/// compiler still checks: unique IDs, references to screens and state keys, fallbacks that
/// resolve, slots that match their parent.
public enum EnvelopeSchema {
    /// The schema of the variants for clients of `version`, whose frozen contract is `contract`, in
    /// `profile` (default: the one `contract` froze).
    public static func variant(_ contract: Contract, version: Int, profile: WireProfile? = nil) -> [UInt8] {
        encode(ClientShape(contract: contract, version: version, profile: profile ?? contract.profile, full: false))
    }

    /// The schema of the full envelope written for the current `version` from `contract` (the live
    /// contract) in `profile` (default: `contract`'s, the catalog's): inline fallbacks allowed.
    public static func full(_ contract: Contract, version: Int, profile: WireProfile? = nil) -> [UInt8] {
        encode(ClientShape(contract: contract, version: version, profile: profile ?? contract.profile, full: true))
    }

    /// A node ID: letters, digits, `-_.:`, 1–128 characters.
    static let nodeIDPattern = "^[A-Za-z0-9_.:-]{1,128}$"
    /// A screen ID, or a device layout's (`home.ipad`).
    static let screenIDPattern = "^[a-z0-9][a-z0-9_-]{0,63}([.][a-z0-9]{1,32})?$"
    /// A color: `#RRGGBB` or `#AARRGGBB`.
    static let colorPattern = "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"
    /// An absolute http(s) URL (the compiler checks the rest: https, or http to loopback only).
    static let urlPattern = "^https?://[^\\s]+$"

    private static func encode(_ shape: ClientShape) -> [UInt8] {
        let version = shape.version
        var title =
            shape.full
            ? "ScreenKit full envelope, contract \(version)" : "ScreenKit envelope for clients of contract \(version)"
        if !shape.profile.isFlat { title += ", wire profile \"\(shape.profile.name)\"" }
        if shape.fallbackKey != nil { title += " (inline fallbacks)" }
        var json = JSONWriter(style: .pretty, capacity: 32 * 1024)
        let path = shape.rootPath
        json.object { json in
            json.member("$schema", "https://json-schema.org/draft/2020-12/schema")
            json.member("title", title)
            strictObjectMembers(required: shape.fields.filter(\.isRequired).map(\.key) + [path[0]], into: &json) {
                json in
                for field in shape.fields {
                    json.key(field.key)
                    fieldType(field.value, version: version, into: &json)
                }
                json.key(path[0])
                rootPath(path.dropFirst(), shape: shape, into: &json)
            }
            json.object("$defs") { json in definitions(shape, into: &json) }
        }
        json.newline()
        return json.takeBytes()
    }

    /// The schema of one envelope field.
    private static func fieldType(_ value: ClientShape.FieldValue, version: Int, into json: inout JSONWriter) {
        switch value {
        case .constant(let text): constant(text, into: &json)
        case .screenValue, .title: typed("string", into: &json)
        case .format: constant(1, into: &json)
        case .screenID: stringPattern(screenIDPattern, into: &json)
        case .contract, .minContract: versionRange(version, into: &json)
        case .initialState:
            json.object { json in
                json.member("type", "object")
                json.key("additionalProperties")
                reference("value", into: &json)
            }
        case .experiments:
            json.object { json in
                json.member("type", "object")
                json.key("additionalProperties")
                typed("string", into: &json)
            }
        }
    }

    /// What the root path holds below its first key: objects with one member each, then the root.
    private static func rootPath(_ rest: ArraySlice<String>, shape: ClientShape, into json: inout JSONWriter) {
        guard let key = rest.first else {
            root(shape, into: &json)
            return
        }
        strictObject(required: [key], into: &json) { json in
            json.key(key)
            rootPath(rest.dropFirst(), shape: shape, into: &json)
        }
    }

    /// The root: a node, or the root's children as a list; with device layouts listed, the list of
    /// layouts, each holding one.
    private static func root(_ shape: ClientShape, into json: inout JSONWriter) {
        if shape.layouts != nil { list(of: "layout", into: &json) } else { rootValue(shape, into: &json) }
    }

    /// The root node, or the list of its children.
    private static func rootValue(_ shape: ClientShape, into json: inout JSONWriter) {
        if shape.rootIsList { list(of: "node", into: &json) } else { reference("node", into: &json) }
    }

    private static func definitions(_ shape: ClientShape, into json: inout JSONWriter) {
        let contract = shape.contract
        if let layouts = shape.layouts {
            json.key("layout")
            strictObject(required: [layouts.deviceKey, layouts.rootKey], into: &json) { json in
                json.key(layouts.deviceKey)
                typed("string", into: &json)
                json.key(layouts.rootKey)
                rootValue(shape, into: &json)
            }
        }
        discriminated(
            "node", typeKey: shape.typeKey, types: contract.components.map(\.type), prefix: "component", into: &json)
        for component in contract.components {
            let propsKey = shape.propsKey(of: component)
            let childrenKey = shape.childrenKey(of: component)
            let slots = shape.slotLists(of: component)
            var keys = [shape.typeKey] + (shape.idKey.map { [$0] } ?? [])
            keys += propsKey.map { [$0] } ?? component.props.filter(isAlwaysWritten).map(\.key)
            if let childrenKey { keys.append(childrenKey) }
            if !slots.isEmpty { keys += shape.slotsKey.map { [$0] } ?? slots }
            definition(
                "component.\(component.type)", typeKey: shape.typeKey, type: component.type, required: keys,
                into: &json
            ) { json in
                if let idKey = shape.idKey {
                    json.key(idKey)
                    stringPattern(nodeIDPattern, into: &json)
                }
                if let slotTag = shape.slotTag {
                    json.key(slotTag)
                    typed("string", into: &json)
                }
                if shape.sendsEvents {
                    json.key("events")
                    json.object { json in
                        json.member("type", "array")
                        json.member("minItems", 1)
                        json.key("items")
                        reference("event", into: &json)
                    }
                }
                if let propsKey {
                    json.key(propsKey)
                    strictObject(required: component.props.filter(isAlwaysWritten).map(\.key), into: &json) { json in
                        props(component.props, shape: shape, into: &json)
                    }
                } else {
                    props(component.props, shape: shape, into: &json)
                }
                if let childrenKey {
                    json.key(childrenKey)
                    list(of: "node", into: &json)
                }
                let slotLists = { (json: inout JSONWriter) in
                    for slot in slots {
                        json.key(slot)
                        list(of: "node", into: &json)
                    }
                }
                if !slots.isEmpty, let slotsKey = shape.slotsKey {
                    json.key(slotsKey)
                    strictObject(required: slots, into: &json, properties: slotLists)
                } else {
                    slotLists(&json)
                }
                if let fallbackKey = shape.fallbackKey {
                    json.key(fallbackKey)
                    orDrop("node", into: &json)
                }
            }
        }
        discriminated("action", typeKey: "type", types: contract.actions.map(\.kind), prefix: "action", into: &json)
        for action in contract.actions {
            let keys = ["type"] + action.fields.filter(isAlwaysWritten).map(\.key)
            definition("action.\(action.kind)", typeKey: "type", type: action.kind, required: keys, into: &json) {
                json in
                for field in action.fields {
                    json.key(field.key)
                    propType(field, shape: shape, into: &json)
                }
                // Actions are values: every profile writes them as the flat format does, inline
                // fallbacks and all.
                if shape.full {
                    json.key("fallback")
                    orDrop("action", into: &json)
                }
            }
        }
        if shape.sendsEvents { events(shape, into: &json) }
        for schema in contract.enums {
            json.object("enum.\(schema.name)") { json in json.member("enum", schema.cases.map(\.value)) }
        }
        if !contract.tokens.isEmpty { colorDefinition(contract.tokens, into: &json) }
        json.object("scalar") { json in json.member("type", ["string", "number", "boolean"]) }
        json.object("value") { json in
            json.member("type", ["string", "number", "boolean", "array", "object", "null"])
            json.key("items")
            reference("value", into: &json)
            json.key("additionalProperties")
            reference("value", into: &json)
        }
    }

    /// `event`, discriminated by name, and `event.<name>` for each event: its trigger one the
    /// version knows, its params those the event declares (never wrapped).
    private static func events(_ shape: ClientShape, into json: inout JSONWriter) {
        let events = shape.contract.events
        discriminated("event", typeKey: "name", types: events.map(\.name), prefix: "event", into: &json)
        for event in events {
            definition(
                "event.\(event.name)", typeKey: "name", type: event.name, required: ["trigger", "name", "params"],
                into: &json
            ) { json in
                json.object("trigger") { json in json.member("enum", shape.triggers) }
                json.key("params")
                strictObject(required: event.params.filter(isAlwaysWritten).map(\.key), into: &json) { json in
                    for param in event.params {
                        json.key(param.key)
                        propType(param, shape: shape, into: &json)
                    }
                }
            }
        }
    }

    /// `color`, for a version with tokens: a literal, or the name of one of its tokens.
    private static func colorDefinition(_ tokens: [ColorToken], into json: inout JSONWriter) {
        json.object("color") { json in
            json.array("anyOf") { json in
                stringPattern(colorPattern, into: &json)
                json.object { json in json.member("enum", tokens.map(\.name)) }
            }
        }
    }

    /// A component's props as members, each plain or wrapped as the profile says.
    private static func props(_ props: [PropSchema], shape: ClientShape, into json: inout JSONWriter) {
        for prop in props {
            json.key(prop.key)
            guard let wrap = shape.wrap(prop) else {
                propType(prop, shape: shape, into: &json)
                continue
            }
            strictObject(required: [wrap.typeKey, wrap.valueKey], into: &json) { json in
                json.key(wrap.typeKey)
                constant(wrap.discriminator, into: &json)
                json.key(wrap.valueKey)
                if let object = wrap.object {
                    let constants = object.constants.keys.sorted()
                    strictObject(required: [object.valueKey] + constants, into: &json) { json in
                        json.key(object.valueKey)
                        propType(prop, shape: shape, into: &json)
                        for key in constants {
                            json.key(key)
                            constant(object.constants[key] ?? "", into: &json)
                        }
                    }
                } else {
                    propType(prop, shape: shape, into: &json)
                }
            }
        }
    }

    /// An array of the definition `name`.
    private static func list(of name: String, into json: inout JSONWriter) {
        json.object { json in
            json.member("type", "array")
            json.key("items")
            reference(name, into: &json)
        }
    }

    /// `{"type":"object","properties":{…},"required":[…],"additionalProperties":false}`: an object
    /// with the members `properties` writes and no others, `required` present.
    private static func strictObject(
        required keys: [String], into json: inout JSONWriter, properties: (inout JSONWriter) -> Void
    ) {
        json.object { json in strictObjectMembers(required: keys, into: &json, properties: properties) }
    }

    /// The members of ``strictObject(required:into:properties:)``, in an object already open.
    private static func strictObjectMembers(
        required keys: [String], into json: inout JSONWriter, properties: (inout JSONWriter) -> Void
    ) {
        json.member("type", "object")
        json.object("properties", properties)
        json.member("required", keys)
        json.member("additionalProperties", false)
    }

    /// Definition `name`: an object whose `typeKey` is `type`, with the members `properties` writes
    /// and no others, `required` present.
    private static func definition(
        _ name: String, typeKey: String, type: String, required keys: [String], into json: inout JSONWriter,
        properties: (inout JSONWriter) -> Void
    ) {
        json.key(name)
        strictObject(required: keys, into: &json) { json in
            json.key(typeKey)
            constant(type, into: &json)
            properties(&json)
        }
    }

    /// Definition `name`: an object whose `typeKey` is one of `types`, checked against the
    /// definition `prefix.<type>` of its type (if/then rather than oneOf, so a validator names the
    /// one problem: an unknown type, or the key or value that is wrong). Without types (a contract
    /// without actions), `false`: nothing is valid.
    private static func discriminated(
        _ name: String, typeKey: String, types: [String], prefix: String, into json: inout JSONWriter
    ) {
        json.key(name)
        guard !types.isEmpty else {
            json.bool(false)
            return
        }
        json.object { json in
            json.member("type", "object")
            json.object("properties") { json in
                json.object(typeKey) { json in json.member("enum", types) }
            }
            json.member("required", [typeKey])
            json.array("allOf") { json in
                for type in types {
                    json.object { json in
                        json.object("if") { json in
                            json.object("properties") { json in
                                json.key(typeKey)
                                constant(type, into: &json)
                            }
                        }
                        json.key("then")
                        reference("\(prefix).\(type)", into: &json)
                    }
                }
            }
        }
    }

    /// Whether the writer always writes the prop: required, or defaulted (the default is written).
    private static func isAlwaysWritten(_ prop: PropSchema) -> Bool {
        if case .optional = prop.presence { false } else { true }
    }

    private static func propType(_ prop: PropSchema, shape: ClientShape, into json: inout JSONWriter) {
        valueType(prop.type, nonEmpty: prop.nonEmpty, tokens: !shape.contract.tokens.isEmpty, into: &json)
    }

    /// `tokens`: whether a colour may name one of the version's tokens (``colorDefinition(_:into:)``).
    private static func valueType(_ type: PropType, nonEmpty: Bool, tokens: Bool, into json: inout JSONWriter) {
        switch type {
        case .string:
            json.object { json in
                json.member("type", "string")
                if nonEmpty { json.member("minLength", 1) }
            }
        case .number: typed("number", into: &json)
        case .bool: typed("boolean", into: &json)
        case .color where tokens: reference("color", into: &json)
        case .color: stringPattern(colorPattern, into: &json)
        case .url: stringPattern(urlPattern, into: &json)
        case .enumeration(let schema): reference("enum.\(schema.name)", into: &json)
        case .action: reference("action", into: &json)
        case .scalar: reference("scalar", into: &json)
        case .list(let element):
            json.object { json in
                json.member("type", "array")
                json.key("items")
                valueType(element, nonEmpty: nonEmpty, tokens: tokens, into: &json)
            }
        case .map(let element):
            json.object { json in
                json.member("type", "object")
                json.key("additionalProperties")
                valueType(element, nonEmpty: nonEmpty, tokens: tokens, into: &json)
            }
        }
    }

    private static func typed(_ type: String, into json: inout JSONWriter) {
        json.object { json in json.member("type", type) }
    }

    private static func stringPattern(_ pattern: String, into json: inout JSONWriter) {
        json.object { json in
            json.member("type", "string")
            json.member("pattern", pattern)
        }
    }

    private static func constant(_ value: String, into json: inout JSONWriter) {
        json.object { json in json.member("const", value) }
    }

    private static func constant(_ value: Int, into json: inout JSONWriter) {
        json.object { json in json.member("const", value) }
    }

    private static func versionRange(_ version: Int, into json: inout JSONWriter) {
        json.object { json in
            json.member("type", "integer")
            json.member("minimum", 1)
            json.member("maximum", version)
        }
    }

    private static func reference(_ definition: String, into json: inout JSONWriter) {
        json.object { json in json.member("$ref", "#/$defs/\(definition)") }
    }

    /// A definition, or the string `"drop"`.
    private static func orDrop(_ definition: String, into json: inout JSONWriter) {
        json.object { json in
            json.array("oneOf") { json in
                reference(definition, into: &json)
                constant("drop", into: &json)
            }
        }
    }
}
