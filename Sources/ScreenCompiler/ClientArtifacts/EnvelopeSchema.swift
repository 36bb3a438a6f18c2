import ScreenContract
import ScreenJSON
import ScreenKit

/// The JSON Schema (draft 2020-12) of the envelopes one contract version's clients receive, as
/// the flat writer emits them: every component of that version with its props (required and
/// defaulted keys always present, optional ones only when set, enum values the version knows),
/// every action kind and field, the envelope fields, and `additionalProperties: false` wherever a
/// strict client rejects a key.
///
/// The full envelope's schema (``full(_:version:)``) also allows each node's and action's inline
/// `fallback`. What a schema cannot say, the compiler still checks: unique IDs, references to
/// screens and state keys, fallbacks that resolve, slots that match their parent.
public enum EnvelopeSchema {
    /// The schema of the variants for clients of `version`, whose frozen contract is `contract`.
    public static func variant(_ contract: Contract, version: Int) -> [UInt8] {
        encode(contract, version: version, full: false)
    }

    /// The schema of the full envelope written for the current `version` from `contract` (the live
    /// contract): inline fallbacks allowed.
    public static func full(_ contract: Contract, version: Int) -> [UInt8] {
        encode(contract, version: version, full: true)
    }

    /// A node ID: letters, digits, `-_.:`, 1–128 characters.
    static let nodeIDPattern = "^[A-Za-z0-9_.:-]{1,128}$"
    /// A screen ID, or a device layout's (`home.ipad`).
    static let screenIDPattern = "^[a-z0-9][a-z0-9_-]{0,63}([.][a-z0-9]{1,32})?$"
    /// A color: `#RRGGBB` or `#AARRGGBB`.
    static let colorPattern = "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"
    /// An absolute http(s) URL (the compiler checks the rest: https, or http to loopback only).
    static let urlPattern = "^https?://[^\\s]+$"

    private static func encode(_ contract: Contract, version: Int, full: Bool) -> [UInt8] {
        var json = JSONWriter(style: .pretty, capacity: 32 * 1024)
        json.beginObject()
        json.key("$schema")
        json.string("https://json-schema.org/draft/2020-12/schema")
        json.key("title")
        json.string(
            full
                ? "ScreenKit full envelope, contract \(version) (inline fallbacks)"
                : "ScreenKit envelope for clients of contract \(version)")
        json.key("type")
        json.string("object")
        json.key("properties")
        json.beginObject()
        json.key("format")
        constant(1, into: &json)
        json.key("id")
        stringPattern(screenIDPattern, into: &json)
        json.key("contract")
        versionRange(version, into: &json)
        json.key("minContract")
        versionRange(version, into: &json)
        json.key("title")
        typed("string", into: &json)
        json.key("initialState")
        json.beginObject()
        json.key("type")
        json.string("object")
        json.key("additionalProperties")
        reference("value", into: &json)
        json.endObject()
        json.key("root")
        reference("node", into: &json)
        json.endObject()
        required(["format", "id", "contract", "minContract", "initialState", "root"], into: &json)
        json.key("additionalProperties")
        json.bool(false)
        json.key("$defs")
        json.beginObject()
        definitions(contract, full: full, into: &json)
        json.endObject()
        json.endObject()
        json.newline()
        return json.takeBytes()
    }

    private static func definitions(_ contract: Contract, full: Bool, into json: inout JSONWriter) {
        let marksSlots = contract.components.contains { !$0.slots.isEmpty }
        discriminated("node", types: contract.components.map(\.type), prefix: "component", into: &json)
        for component in contract.components {
            var keys = ["type", "id"] + component.props.filter(isAlwaysWritten).map(\.key)
            if component.holdsChildren { keys.append("children") }
            strictObject("component.\(component.type)", type: component.type, required: keys, into: &json) { json in
                json.key("id")
                stringPattern(nodeIDPattern, into: &json)
                if marksSlots {
                    json.key("slot")
                    typed("string", into: &json)
                }
                for prop in component.props {
                    json.key(prop.key)
                    propType(prop, into: &json)
                }
                if component.holdsChildren {
                    json.key("children")
                    json.beginObject()
                    json.key("type")
                    json.string("array")
                    json.key("items")
                    reference("node", into: &json)
                    json.endObject()
                }
                if full {
                    json.key("fallback")
                    orDrop("node", into: &json)
                }
            }
        }
        discriminated("action", types: contract.actions.map(\.kind), prefix: "action", into: &json)
        for action in contract.actions {
            let keys = ["type"] + action.fields.filter(isAlwaysWritten).map(\.key)
            strictObject("action.\(action.kind)", type: action.kind, required: keys, into: &json) { json in
                for field in action.fields {
                    json.key(field.key)
                    propType(field, into: &json)
                }
                if full {
                    json.key("fallback")
                    orDrop("action", into: &json)
                }
            }
        }
        for schema in contract.enums {
            json.key("enum.\(schema.name)")
            json.beginObject()
            json.key("enum")
            json.beginArray()
            for value in schema.cases { json.string(value.value) }
            json.endArray()
            json.endObject()
        }
        json.key("scalar")
        json.beginObject()
        json.key("type")
        json.beginArray()
        for type in ["string", "number", "boolean"] { json.string(type) }
        json.endArray()
        json.endObject()
        json.key("value")
        json.beginObject()
        json.key("type")
        json.beginArray()
        for type in ["string", "number", "boolean", "array", "object", "null"] { json.string(type) }
        json.endArray()
        json.key("items")
        reference("value", into: &json)
        json.key("additionalProperties")
        reference("value", into: &json)
        json.endObject()
    }

    /// Definition `name`: an object whose `type` is `type`, with the members `properties` writes
    /// and no others, `required` present.
    private static func strictObject(
        _ name: String, type: String, required keys: [String], into json: inout JSONWriter,
        properties: (inout JSONWriter) -> Void
    ) {
        json.key(name)
        json.beginObject()
        json.key("type")
        json.string("object")
        json.key("properties")
        json.beginObject()
        json.key("type")
        constant(type, into: &json)
        properties(&json)
        json.endObject()
        required(keys, into: &json)
        json.key("additionalProperties")
        json.bool(false)
        json.endObject()
    }

    /// Definition `name`: an object whose `type` is one of `types`, checked against the definition
    /// `prefix.<type>` of its type (if/then rather than oneOf, so a validator names the one
    /// problem: an unknown type, or the key or value that is wrong).
    private static func discriminated(_ name: String, types: [String], prefix: String, into json: inout JSONWriter) {
        json.key(name)
        json.beginObject()
        json.key("type")
        json.string("object")
        json.key("properties")
        json.beginObject()
        json.key("type")
        json.beginObject()
        json.key("enum")
        json.beginArray()
        for type in types { json.string(type) }
        json.endArray()
        json.endObject()
        json.endObject()
        required(["type"], into: &json)
        json.key("allOf")
        json.beginArray()
        for type in types {
            json.beginObject()
            json.key("if")
            json.beginObject()
            json.key("properties")
            json.beginObject()
            json.key("type")
            constant(type, into: &json)
            json.endObject()
            json.endObject()
            json.key("then")
            reference("\(prefix).\(type)", into: &json)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    /// Whether the writer always writes the prop: required, or defaulted (the default is written).
    private static func isAlwaysWritten(_ prop: PropSchema) -> Bool {
        if case .optional = prop.presence { false } else { true }
    }

    private static func propType(_ prop: PropSchema, into json: inout JSONWriter) {
        valueType(prop.type, nonEmpty: prop.nonEmpty, into: &json)
    }

    private static func valueType(_ type: PropType, nonEmpty: Bool, into json: inout JSONWriter) {
        switch type {
        case .string:
            json.beginObject()
            json.key("type")
            json.string("string")
            if nonEmpty {
                json.key("minLength")
                json.integer(1)
            }
            json.endObject()
        case .number: typed("number", into: &json)
        case .bool: typed("boolean", into: &json)
        case .color: stringPattern(colorPattern, into: &json)
        case .url: stringPattern(urlPattern, into: &json)
        case .enumeration(let schema): reference("enum.\(schema.name)", into: &json)
        case .action: reference("action", into: &json)
        case .scalar: reference("scalar", into: &json)
        case .list(let element):
            json.beginObject()
            json.key("type")
            json.string("array")
            json.key("items")
            valueType(element, nonEmpty: nonEmpty, into: &json)
            json.endObject()
        case .map(let element):
            json.beginObject()
            json.key("type")
            json.string("object")
            json.key("additionalProperties")
            valueType(element, nonEmpty: nonEmpty, into: &json)
            json.endObject()
        }
    }

    private static func typed(_ type: String, into json: inout JSONWriter) {
        json.beginObject()
        json.key("type")
        json.string(type)
        json.endObject()
    }

    private static func stringPattern(_ pattern: String, into json: inout JSONWriter) {
        json.beginObject()
        json.key("type")
        json.string("string")
        json.key("pattern")
        json.string(pattern)
        json.endObject()
    }

    private static func constant(_ value: String, into json: inout JSONWriter) {
        json.beginObject()
        json.key("const")
        json.string(value)
        json.endObject()
    }

    private static func constant(_ value: Int, into json: inout JSONWriter) {
        json.beginObject()
        json.key("const")
        json.integer(value)
        json.endObject()
    }

    private static func versionRange(_ version: Int, into json: inout JSONWriter) {
        json.beginObject()
        json.key("type")
        json.string("integer")
        json.key("minimum")
        json.integer(1)
        json.key("maximum")
        json.integer(version)
        json.endObject()
    }

    private static func reference(_ definition: String, into json: inout JSONWriter) {
        json.beginObject()
        json.key("$ref")
        json.string("#/$defs/\(definition)")
        json.endObject()
    }

    /// A definition, or the string `"drop"`.
    private static func orDrop(_ definition: String, into json: inout JSONWriter) {
        json.beginObject()
        json.key("oneOf")
        json.beginArray()
        reference(definition, into: &json)
        constant("drop", into: &json)
        json.endArray()
        json.endObject()
    }

    private static func required(_ keys: [String], into json: inout JSONWriter) {
        json.key("required")
        json.beginArray()
        for key in keys { json.string(key) }
        json.endArray()
    }
}
