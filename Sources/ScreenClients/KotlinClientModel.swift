import ScreenCompiler
import ScreenContract
import ScreenKit

/// One Kotlin source file an Android app drops in: immutable models of one frozen contract version
/// and a decoder over `org.json` (what Android ships, so the app adds no dependency), as strict as
/// ``SwiftClientModel``: an unknown component type, action kind, enum value or key, a missing
/// required key or a value of the wrong type throws `ScreenModel.DecodingException`, whose message
/// starts with the JSON path (`$.root.children[2].type`).
///
/// Plain Kotlin that compiles from 1.3 to 2.x (no sealed interfaces, value classes, trailing
/// commas or `entries`): everything sits in `object ScreenModel`, so the file adds a single name to
/// its package. Components are data classes of the sealed class `ScreenModel.Component` (an
/// `object` when they have no props), actions of `ScreenModel.Action`, contract enums enum classes
/// with UPPER_SNAKE entries carrying their wire value; defaulted props decode to their default.
/// Every wire profile: its keys, nested root path, constant members, device layouts, props in an
/// object of their own, named slots as lists and wrapped values, as ``ClientShape`` describes them.
public enum KotlinClientModel {
    /// Whether `name` is a Kotlin package name: dot-separated identifiers, none a keyword.
    public static func isPackageName(_ name: String) -> Bool {
        name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
                return false
            }
            let word = part.unicodeScalars.allSatisfy {
                $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
            }
            return word && part.allSatisfy(\.isASCII) && !Names.keywords.contains(String(part))
        }
    }

    /// The package a version's file is in when none is given: one per version, so an app can hold several.
    public static func defaultPackage(version: Int) -> String { "screenkit.contract.v\(version)" }

    /// The source for clients of `version`, whose frozen contract is `contract` and whose frozen
    /// file has SHA-256 `sha256`, in the Kotlin package `package`, for `profile` (default: the one
    /// `contract` froze); its colour tokens carry the app's colour names `colorNames` gives.
    public static func source(
        _ contract: Contract, version: Int, sha256: String, package: String, profile: WireProfile? = nil,
        colorNames: AppColorNames = [:]
    ) -> String {
        let shape = ClientShape(contract: contract, version: version, profile: profile ?? contract.profile, full: false)
        let names = Names(contract)
        var out = SourceLines()
        out.generatedHeader(
            "kotlin --version \(version) --package \(package)", version: version, sha256: sha256,
            profile: shape.profile.isFlat ? nil : SwiftClientModel.escapedForComment(shape.profile.name))
        out.line("// Plain Kotlin (1.3 to 2.x) over org.json, which Android ships.")
        for line in names.renamedLines(contract) { out.line(line) }
        out.line("@file:Suppress(\"unused\", \"MemberVisibilityCanBePrivate\", \"RemoveRedundantQualifierName\")")
        out.line("")
        out.line("package \(package)")
        out.line("")
        out.line("import org.json.JSONArray")
        out.line("import org.json.JSONException")
        out.line("import org.json.JSONObject")
        out.line("")
        out.line("/** The ScreenKit contract version \(version) client model. */")
        out.open("object ScreenModel {")
        out.line("/** The contract version these models decode. */")
        out.line("const val CONTRACT_VERSION: Int = \(version)")
        out.line("")
        out.line(
            "/** Decodes an envelope from its JSON text; throws [DecodingException] for what this version does not know. */"
        )
        out.open("fun decode(json: String): Envelope {")
        out.line("val root = try {")
        out.line("    JSONObject(json)")
        out.line("} catch (error: JSONException) {")
        out.line("    throw DecodingException(\"\\$\", \"not a JSON object: \" + error.message)")
        out.line("}")
        out.line("return decode(root)")
        out.close("}")
        out.line("")
        out.line("/** Decodes an envelope from a parsed JSON object. */")
        out.line("fun decode(json: JSONObject): Envelope = Wire.envelope(json, \"\\$\")")
        out.line("")
        out.line("/** What the decoder refuses: [path] is the JSON path of the offending value. */")
        out.line("class DecodingException(val path: String, val reason: String) : Exception(path + \": \" + reason)")
        out.line("")
        RenderFailureClientCode.kotlin(into: &out)
        declarations(shape, names, colorNames: colorNames, into: &out)
        wire(shape, names, into: &out)
        out.close("}")
        renderer(shape, names, into: &out)
        return out.text
    }

    // MARK: Declarations

    private static func declarations(
        _ shape: ClientShape, _ names: Names, colorNames: AppColorNames, into out: inout SourceLines
    ) {
        let contract = shape.contract
        KotlinEnvelope.declarations(shape, into: &out)
        sealed(
            "Component", "A component of contract \(shape.version), with its props.",
            contract.components.map { ("`\(comment($0.type))`.", names.component[$0.type] ?? "", $0.props) }, names,
            into: &out)
        sealed(
            "Action", "An action of contract \(shape.version), with its fields.",
            contract.actions.map { ("The `\(comment($0.kind))` action.", names.action[$0.kind] ?? "", $0.fields) },
            names, into: &out)
        if shape.sendsEvents {
            out.line("/** An analytics event a node sends: on which trigger, which event, with which params. */")
            out.line("data class TrackedEvent(val trigger: String, val event: ScreenModel.EventParams)")
            out.line("")
            sealed(
                "EventParams", "An analytics event of contract \(shape.version), with its params.",
                contract.events.map { ("The `\(comment($0.name))` event.", names.event[$0.name] ?? "", $0.params) },
                names, into: &out)
        }
        for schema in contract.enums { enumeration(schema, names, into: &out) }
        tokens(contract, version: shape.version, names: colorNames, into: &out)
        out.line("/** A scalar prop: a string, a number or a bool. */")
        out.open("sealed class Scalar {")
        out.line("data class Text(val value: String) : Scalar()")
        out.line("data class Number(val value: Double) : Scalar()")
        out.line("data class Bool(val value: Boolean) : Scalar()")
        out.close("}")
        out.line("")
        out.line("/** A state value: a scalar, a list, a map or null. */")
        out.open("sealed class Value {")
        out.line("data class Text(val value: String) : Value()")
        out.line("data class Number(val value: Double) : Value()")
        out.line("data class Bool(val value: Boolean) : Value()")
        out.line("data class Array(val items: List<ScreenModel.Value>) : Value()")
        out.line("data class Object(val members: Map<String, ScreenModel.Value>) : Value()")
        out.line("object Null : Value()")
        out.close("}")
        out.line("")
    }

    /// The sealed class `name` with one subclass per member (its doc, name and props).
    private static func sealed(
        _ name: String, _ doc: String, _ subclasses: [(doc: String, name: String, props: [PropSchema])], _ names: Names,
        into out: inout SourceLines
    ) {
        out.line("/** \(doc) */")
        out.open("sealed class \(name) {")
        for subclass in subclasses {
            out.line("/** \(subclass.doc) */")
            members(subclass.name, subclass.props, parent: name, names, into: &out)
        }
        out.close("}")
        out.line("")
    }

    /// A data class of `parent` with one property per prop, or an object when there are none.
    private static func members(
        _ name: String, _ props: [PropSchema], parent: String, _ names: Names, into out: inout SourceLines
    ) {
        guard !props.isEmpty else {
            out.line("object \(name) : \(parent)() { override fun toString(): String = \(literal(name)) }")
            return
        }
        let properties = Names.properties(props)
        out.open("data class \(name)(")
        for (index, prop) in props.enumerated() {
            let optional: Bool
            if case .optional = prop.presence { optional = true } else { optional = false }
            out.line(
                "/** `\(comment(prop.key))`: \(comment(prop.type.name)), \(comment(SwiftClientModel.presenceName(prop.presence))). */"
            )
            let separator = index == props.count - 1 ? "" : ","
            out.line("val \(properties[index]): \(kotlinType(prop.type, names))\(optional ? "?" : "")\(separator)")
        }
        out.close(") : \(parent)()")
    }

    private static func enumeration(_ schema: EnumSchema, _ names: Names, into out: inout SourceLines) {
        let name = names.enumeration[schema.name] ?? ""
        out.line("/** The values of `\(comment(schema.name))`; any other value fails to decode. */")
        out.open("enum class \(name)(val wire: String) {")
        let entries = Names.entries(schema)
        for (index, value) in schema.cases.enumerated() {
            let separator = index == schema.cases.count - 1 ? ";" : ","
            out.line("\(entries[index])(\(literal(value.value)))\(separator)")
        }
        out.line("")
        out.open("companion object {")
        out.line("/** The entry written as [wire], or null when the contract has none. */")
        out.line("fun fromWire(wire: String): \(name)? = values().firstOrNull { it.wire == wire }")
        out.close("}")
        out.close("}")
        out.line("")
    }

    // MARK: The decoder

    private static func wire(_ shape: ClientShape, _ names: Names, into out: inout SourceLines) {
        let version = shape.version
        let contract = shape.contract
        out.line("/** The decoder: one function per type, each given the raw value and its JSON path. */")
        out.open("private object Wire {")
        KotlinEnvelope.envelopeReader(shape, into: &out)
        KotlinEnvelope.nodeReader(shape, names, into: &out)
        out.open("fun action(raw: Any?, path: String): Action {")
        out.line("val json = obj(raw, path)")
        out.line("val kind = required(json, path, \"type\") { v, p -> string(v, p) }")
        let unknown =
            "throw DecodingException(child(path, \"type\"), \"unknown action kind \\\"\" + kind + \"\\\" (contract \(version))\")"
        if contract.actions.isEmpty {
            out.line(unknown)
        } else {
            out.open("return when (kind) {")
            for action in contract.actions {
                out.line("\(literal(action.kind)) -> action\(names.action[action.kind] ?? "")(json, path)")
            }
            out.line("else -> \(unknown)")
            out.close("}")
        }
        out.close("}")
        out.line("")
        for component in contract.components where !component.props.isEmpty || shape.propsKey(of: component) != nil {
            let name = names.component[component.type] ?? ""
            let ownObject = shape.propsKey(of: component) != nil
            reader(
                "component\(name)", type: "Component.\(name)", props: component.props, rejects: ownObject ? [] : nil,
                owner: "\(ownObject ? "the props of " : "")component \"\(component.type)\"", names, wrap: shape.wrap,
                into: &out)
        }
        for action in contract.actions {
            let name = names.action[action.kind] ?? ""
            reader(
                "action\(name)", type: "Action.\(name)", props: action.fields, rejects: ["type"],
                owner: "action \"\(action.kind)\"", names, into: &out)
        }
        if shape.sendsEvents { eventReaders(shape, names, into: &out) }
        for schema in contract.enums {
            let name = names.enumeration[schema.name] ?? ""
            out.open("fun enum\(name)(raw: Any?, path: String): \(name) {")
            out.line("val wire = string(raw, path)")
            out.line(
                "return \(name).fromWire(wire) ?: throw DecodingException(path, \"unknown \(escaped(schema.name)) value \\\"\" + wire + \"\\\" (contract \(version))\")"
            )
            out.close("}")
            out.line("")
        }
        KotlinEnvelope.support(shape, into: &out)
        support(version, into: &out)
        out.close("}")
    }

    /// `trackedEvent`, reading a node's event (its trigger one the version knows), and one reader
    /// per event's params, rejecting any other key.
    private static func eventReaders(_ shape: ClientShape, _ names: Names, into out: inout SourceLines) {
        let version = shape.version
        out.open("fun trackedEvent(raw: Any?, path: String): TrackedEvent {")
        out.line("val json = obj(raw, path)")
        out.line("reject(json, path, setOf(\"trigger\", \"name\", \"params\"), \"an event\")")
        out.line("val trigger = required(json, path, \"trigger\") { v, p -> string(v, p) }")
        out.line("val triggers = setOf(\(shape.triggers.map(literal).joined(separator: ", ")))")
        out.line(
            "if (trigger !in triggers) throw DecodingException(child(path, \"trigger\"), \"unknown trigger \\\"\" + trigger + \"\\\" (contract \(version))\")"
        )
        out.line("val name = required(json, path, \"name\") { v, p -> string(v, p) }")
        out.line("val params = required(json, path, \"params\") { v, p -> obj(v, p) }")
        out.line("val paramsPath = child(path, \"params\")")
        out.open("val event = when (name) {")
        for event in shape.contract.events {
            out.line("\(literal(event.name)) -> event\(names.event[event.name] ?? "")(params, paramsPath)")
        }
        out.line(
            "else -> throw DecodingException(child(path, \"name\"), \"unknown event \\\"\" + name + \"\\\" (contract \(version))\")"
        )
        out.close("}")
        out.line("return TrackedEvent(trigger, event)")
        out.close("}")
        out.line("")
        for event in shape.contract.events {
            let name = names.event[event.name] ?? ""
            reader(
                "event\(name)", type: "EventParams.\(name)", props: event.params, rejects: [],
                owner: "the params of event \"\(event.name)\"", names, into: &out)
        }
    }

    /// The reader of a component's props or an action's fields; with `rejects` (the keys allowed
    /// besides the props), it rejects keys it lacks itself; without, its node does it for it.
    private static func reader(
        _ function: String, type: String, props: [PropSchema], rejects: [String]?, owner: String, _ names: Names,
        wrap: (PropSchema) -> ClientShape.Wrap? = { _ in nil }, into out: inout SourceLines
    ) {
        out.open("fun \(function)(json: JSONObject, path: String): \(type) {")
        if let extra = rejects {
            let keys = (props.map(\.key) + extra).map(literal).joined(separator: ", ")
            out.line("reject(json, path, setOf(\(keys)), \(literal(owner)))")
        }
        if props.isEmpty {
            out.line("return \(type)")
            out.close("}")
            out.line("")
            return
        }
        out.open("return \(type)(")
        for (index, prop) in props.enumerated() {
            let value =
                wrap(prop).map { KotlinEnvelope.wrapped($0, decoder(prop.type, names, depth: 1)) }
                ?? decoder(prop.type, names, depth: 0)
            let read = "(json, path, \(literal(prop.key))) { v, p -> \(value) }"
            let separator = index == props.count - 1 ? "" : ","
            switch prop.presence {
            case .required:
                out.line("required\(read)\(separator)")
            case .optional:
                out.line("optional\(read)\(separator)")
            case .defaulted(let value):
                if let fallback = kotlinLiteral(value, type: prop.type, names) {
                    out.line("optional\(read) ?: \(fallback)\(separator)")
                } else {
                    // Not a plain scalar: the writer always writes it.
                    out.line("required\(read)\(separator)")
                }
            }
        }
        out.close(")")
        out.close("}")
        out.line("")
    }

    /// The expression decoding a value of `type` held in `v`/`p` (suffixed by `depth` when nested).
    private static func decoder(_ type: PropType, _ names: Names, depth: Int) -> String {
        let (value, path) = depth == 0 ? ("v", "p") : ("v\(depth)", "p\(depth)")
        switch type {
        case .string, .color, .url: return "string(\(value), \(path))"
        case .number: return "number(\(value), \(path))"
        case .bool: return "bool(\(value), \(path))"
        case .enumeration(let schema): return "enum\(names.enumeration[schema.name] ?? "")(\(value), \(path))"
        case .action: return "action(\(value), \(path))"
        case .scalar: return "scalar(\(value), \(path))"
        case .list(let element), .map(let element):
            let function: String
            if case .list = type { function = "list" } else { function = "map" }
            let inner = "v\(depth + 1), p\(depth + 1)"
            return "\(function)(\(value), \(path)) { \(inner) -> \(decoder(element, names, depth: depth + 1)) }"
        }
    }

    /// The shared readers: each checks the raw value's JSON type and throws with its path.
    private static func support(_ version: Int, into out: inout SourceLines) {
        let lines = """
            fun child(path: String, key: String): String =
                if (key.isNotEmpty() && key.all { it == '_' || it in 'a'..'z' || it in 'A'..'Z' || it in '0'..'9' } && !key[0].isDigit()) {
                    "$path.$key"
                } else {
                    path + "[" + JSONObject.quote(key) + "]"
                }

            fun kind(raw: Any?): String = when (raw) {
                null, JSONObject.NULL -> "null"
                is String -> "a string"
                is Boolean -> "a bool"
                is kotlin.Number -> "a number"
                is JSONArray -> "an array"
                is JSONObject -> "an object"
                else -> "an unexpected value"
            }

            fun mismatch(raw: Any?, path: String, expected: String): DecodingException =
                DecodingException(path, "expected " + expected + ", found " + kind(raw))

            fun reject(json: JSONObject, path: String, allowed: Set<String>, owner: String) {
                for (key in json.keys()) {
                    if (key !in allowed) {
                        throw DecodingException(child(path, key), "unknown key \\"" + key + "\\" in " + owner + " (contract CONTRACT)")
                    }
                }
            }

            fun <T> required(json: JSONObject, path: String, key: String, read: (Any?, String) -> T): T {
                if (!json.has(key)) throw DecodingException(path, "missing required key \\"" + key + "\\"")
                return read(json.opt(key), child(path, key))
            }

            fun <T> optional(json: JSONObject, path: String, key: String, read: (Any?, String) -> T): T? {
                if (!json.has(key) || json.isNull(key)) return null
                return read(json.opt(key), child(path, key))
            }

            fun obj(raw: Any?, path: String): JSONObject = raw as? JSONObject ?: throw mismatch(raw, path, "an object")

            fun string(raw: Any?, path: String): String = raw as? String ?: throw mismatch(raw, path, "a string")

            fun bool(raw: Any?, path: String): Boolean = raw as? Boolean ?: throw mismatch(raw, path, "a bool")

            fun number(raw: Any?, path: String): Double {
                val number = raw as? kotlin.Number ?: throw mismatch(raw, path, "a number")
                val value = number.toDouble()
                if (value.isNaN() || value.isInfinite()) throw mismatch(raw, path, "a finite number")
                return value
            }

            fun int(raw: Any?, path: String): Int {
                val value = number(raw, path)
                if (value != Math.floor(value) || value < Int.MIN_VALUE || value > Int.MAX_VALUE) {
                    throw mismatch(raw, path, "an integer")
                }
                return value.toInt()
            }

            fun <T> list(raw: Any?, path: String, read: (Any?, String) -> T): List<T> {
                val array = raw as? JSONArray ?: throw mismatch(raw, path, "an array")
                val items = ArrayList<T>(array.length())
                for (index in 0 until array.length()) items.add(read(array.opt(index), path + "[" + index + "]"))
                return items
            }

            fun <T> map(raw: Any?, path: String, read: (Any?, String) -> T): Map<String, T> {
                val json = obj(raw, path)
                val members = LinkedHashMap<String, T>()
                for (key in json.keys()) members[key] = read(json.opt(key), child(path, key))
                return members
            }

            fun scalar(raw: Any?, path: String): Scalar = when (raw) {
                is String -> Scalar.Text(raw)
                is Boolean -> Scalar.Bool(raw)
                is kotlin.Number -> Scalar.Number(number(raw, path))
                else -> throw mismatch(raw, path, "a string, a number or a bool")
            }

            fun value(raw: Any?, path: String): Value = when (raw) {
                null, JSONObject.NULL -> Value.Null
                is String -> Value.Text(raw)
                is Boolean -> Value.Bool(raw)
                is kotlin.Number -> Value.Number(number(raw, path))
                is JSONArray -> Value.Array(list(raw, path) { v, p -> value(v, p) })
                is JSONObject -> Value.Object(map(raw, path) { v, p -> value(v, p) })
                else -> throw mismatch(raw, path, "a JSON value")
            }
            """
        for line in lines.split(separator: "\n", omittingEmptySubsequences: false) {
            out.line(String(line).replacingOccurrences(of: "CONTRACT", with: "\(version)"))
        }
    }

    // MARK: Names and literals

    /// The Kotlin names of a contract's types: idiomatic, and clear of each other, of the file's own
    /// names and of the Kotlin types it uses (a component `list` would shadow `List`).
    struct Names {
        /// The `Component` subclass of each component type.
        var component: [String: String] = [:]
        /// The `Action` subclass of each action kind.
        var action: [String: String] = [:]
        /// The enum class of each contract enum.
        var enumeration: [String: String] = [:]
        /// The `EventParams` subclass of each analytics event.
        var event: [String: String] = [:]

        static let reserved: Set<String> = [
            "Any", "Array", "Boolean", "Double", "Int", "List", "Long", "Map", "Nothing", "Number", "Set", "String",
            "Unit", "Object", "Suppress", "Math", "ArrayList", "LinkedHashMap", "JSONArray", "JSONException",
            "JSONObject", "ScreenModel", "Envelope", "Layout", "Node", "Component", "Action", "Scalar", "Value", "Wire",
            "DecodingException", "Companion", "Exception", "TrackedEvent", "EventParams",
        ]

        init(_ contract: Contract) {
            // A version with tokens declares the token types too.
            let reserved = Self.reserved.union(contract.tokens.isEmpty ? [] : ["ColorToken", "ColorValue"])
            component = Self.unique(contract.components.map(\.type), suffix: "Component", reserved: reserved)
            action = Self.unique(contract.actions.map(\.kind), suffix: "Action", reserved: reserved)
            enumeration = Self.unique(contract.enums.map(\.name), suffix: "Enum", reserved: reserved)
            event = Self.unique(
                contract.events.map(\.name), suffix: "Event", reserved: reserved, name: SwiftClientModel.eventTypeName)
        }

        /// A comment line per contract element whose Kotlin type is not its plain name (a name
        /// Kotlin or this file already uses): `// Renamed: component "list" is ScreenModel.Component.ListComponent
        /// (List is taken).`
        func renamedLines(_ contract: Contract) -> [String] {
            var lines: [String] = []
            let kinds: [(String, [String], [String: String], String, (String) -> String)] = [
                ("component", contract.components.map(\.type), component, "Component", SwiftClientModel.typeName),
                ("action kind", contract.actions.map(\.kind), action, "Action", SwiftClientModel.typeName),
                ("enum", contract.enums.map(\.name), enumeration, "", SwiftClientModel.typeName),
                ("event", contract.events.map(\.name), event, "EventParams", SwiftClientModel.eventTypeName),
            ]
            for (kind, wires, names, parent, plain) in kinds {
                for wire in wires {
                    guard let name = names[wire], name != plain(wire) else { continue }
                    let qualified = "ScreenModel." + (parent.isEmpty ? "" : parent + ".") + name
                    lines.append(
                        "// Renamed: \(kind) \"\(SwiftClientModel.escapedForComment(wire))\" is \(qualified) (\(plain(wire)) is taken)."
                    )
                }
            }
            return lines
        }

        /// A type name per wire name, suffixed when reserved, numbered when taken.
        private static func unique(
            _ wires: [String], suffix: String, reserved: Set<String>,
            name typeName: (String) -> String = SwiftClientModel.typeName
        ) -> [String: String] {
            var names: [String: String] = [:]
            var used = reserved
            for wire in wires {
                var name = typeName(wire)
                if used.contains(name) { name += suffix }
                name = numbered(name, avoiding: used)
                used.insert(name)
                names[wire] = name
            }
            return names
        }

        private static func numbered(_ name: String, avoiding used: Set<String>) -> String {
            var candidate = name
            var attempt = 1
            while used.contains(candidate) {
                attempt += 1
                candidate = "\(name)\(attempt)"
            }
            return candidate
        }

        /// A property name per prop: lower camel case, numbered when taken, keywords backquoted.
        static func properties(_ props: [PropSchema]) -> [String] {
            var used: Set<String> = []
            return props.map { prop in
                let name = member(prop.key, avoiding: used)
                used.insert(name)
                return name
            }
        }

        /// A property name for `wire`: lower camel case, numbered when in `used`, backquoted when a keyword.
        static func member(_ wire: String, avoiding used: Set<String>) -> String {
            var name = SwiftClientModel.typeName(wire)
            let leading = name.prefix { $0.isUppercase }.count
            let lowered = leading > 1 && leading < name.count ? leading - 1 : leading
            name = name.prefix(lowered).lowercased() + name.dropFirst(lowered)
            if name.first?.isNumber == true { name = "_" + name }
            name = numbered(name, avoiding: used)
            return keywords.contains(name) ? "`\(name)`" : name
        }

        /// An UPPER_SNAKE entry name per enum value, numbered when taken.
        static func entries(_ schema: EnumSchema) -> [String] { entries(schema.cases.map(\.value)) }

        /// An UPPER_SNAKE entry name per wire value, numbered when taken.
        static func entries(_ wires: [String]) -> [String] {
            var used: Set<String> = []
            return wires.map { value in
                var name = ""
                var previous: Character?
                for character in SwiftClientModel.typeName(value) {
                    if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { name += "_" }
                    name += character.uppercased()
                    previous = character
                }
                if name.first?.isNumber == true { name = "_" + name }
                name = numbered(name, avoiding: used)
                used.insert(name)
                return name
            }
        }

        /// Kotlin's hard keywords.
        static let keywords: Set<String> = [
            "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is",
            "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof",
            "val", "var", "when", "while",
        ]
    }

    /// The Kotlin type of a prop of `type`.
    private static func kotlinType(_ type: PropType, _ names: Names) -> String {
        switch type {
        case .string, .color, .url: "String"
        case .number: "Double"
        case .bool: "Boolean"
        case .enumeration(let schema): "ScreenModel.\(names.enumeration[schema.name] ?? "")"
        case .action: "ScreenModel.Action"
        case .scalar: "ScreenModel.Scalar"
        case .list(let element): "List<\(kotlinType(element, names))>"
        case .map(let element): "Map<String, \(kotlinType(element, names))>"
        }
    }

    /// A Kotlin literal of a scalar default, or nil for one that is not a plain scalar.
    private static func kotlinLiteral(_ value: Value, type: PropType, _ names: Names) -> String? {
        switch (type, value) {
        case (.string, .string(let text)), (.color, .string(let text)), (.url, .string(let text)):
            return literal(text)
        case (.number, .number(let number)):
            return number.isFinite ? "\(number)" : nil
        case (.bool, .bool(let bool)):
            return "\(bool)"
        case (.enumeration(let schema), .string(let text)):
            guard let index = schema.cases.firstIndex(where: { $0.value == text }) else { return nil }
            return "ScreenModel.\(names.enumeration[schema.name] ?? "").\(Names.entries(schema)[index])"
        default:
            return nil
        }
    }

    /// A Kotlin string literal.
    static func literal(_ text: String) -> String { "\"\(escaped(text))\"" }

    /// `text` escaped for a Kotlin string literal (`$` too, which would start a template).
    static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar -> String in
            if scalar == "$" { return "\\$" }
            if scalar.value < 0x20 && !["\n", "\r", "\t"].contains(scalar) {
                let hex = String(scalar.value, radix: 16)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            return SwiftClientModel.escapedForSource(String(scalar))
        }.joined()
    }

    /// `text` for a KDoc comment: on one line, unable to close it.
    static func comment(_ text: String) -> String {
        text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "*/", with: "*\\/")
    }
}
