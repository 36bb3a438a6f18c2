import ScreenCompiler
import ScreenContract
import ScreenKit

/// The Kotlin model's envelope, device layouts and node, and their readers, in the wire profile
/// a ``ClientShape`` describes: its keys, its nested root path, its constant members, props in an
/// object of their own, named slots as lists and wrapped values.
enum KotlinEnvelope {
    /// The property name of each stored envelope field, by wire key (constants are checked, not
    /// stored): the flat format's names; a member its key's, made unique (the root's name taken).
    static func propertyNames(_ shape: ClientShape) -> [String: String] {
        shape.propertyNames(root: rootName(shape)) { name, attempt in
            KotlinClientModel.Names.member(attempt == 1 ? name : "\(name) \(attempt)", avoiding: [])
        }
    }

    /// The envelope's property holding what the root path holds.
    static func rootName(_ shape: ClientShape) -> String { shape.layouts != nil ? "layouts" : "root" }

    /// The Kotlin type of the root node, or of the list of its children.
    static func rootValueType(_ shape: ClientShape) -> String {
        shape.rootIsList ? "List<ScreenModel.Node>" : "ScreenModel.Node"
    }

    /// The Kotlin type of an envelope field.
    static func kotlinType(_ value: ClientShape.FieldValue) -> String {
        switch value {
        case .format, .contract, .minContract: "Int"
        case .screenID, .screenValue, .constant: "String"
        case .title: "String?"
        case .initialState: "Map<String, ScreenModel.Value>"
        case .experiments: "Map<String, String>?"
        }
    }

    /// Whether some component has named slots written as lists of their own.
    static func holdsSlots(_ shape: ClientShape) -> Bool {
        shape.contract.components.contains { !shape.slotLists(of: $0).isEmpty }
    }

    // MARK: Declarations

    static func declarations(_ shape: ClientShape, into out: inout SourceLines) {
        let names = propertyNames(shape)
        let path = shape.rootPath.joined(separator: ".")
        out.line("/** A screen's envelope. */")
        out.open("data class Envelope(")
        for field in shape.fields {
            guard let name = names[field.key] else { continue }
            out.line("/** The envelope's `\(KotlinClientModel.comment(field.key))`. */")
            out.line("val \(name): \(kotlinType(field.value)),")
        }
        if shape.layouts != nil {
            out.line(
                "/** The envelope's `\(KotlinClientModel.comment(path))`: each device's layout, in the screen's order. */"
            )
            out.line("val layouts: List<ScreenModel.Layout>")
        } else {
            out.line("/** The envelope's `\(KotlinClientModel.comment(path))`. */")
            out.line("val root: \(rootValueType(shape))")
        }
        out.close(")")
        out.line("")
        if let layouts = shape.layouts {
            out.line("/** One device's layout. */")
            out.open("data class Layout(")
            out.line("/** The device class (`\(KotlinClientModel.comment(layouts.deviceKey))`). */")
            out.line("val device: String,")
            out.line("/** The layout's root (`\(KotlinClientModel.comment(layouts.rootKey))`). */")
            out.line("val root: \(rootValueType(shape))")
            out.close(")")
            out.line("")
        }
        var properties: [String] = []
        if shape.idKey != nil { properties += ["/** The node's stable ID. */", "val id: String,"] }
        if shape.slotTag != nil {
            properties += ["/** The parent's named slot the node sits in, if any. */", "val slot: String?,"]
        }
        properties += ["/** The component and its props. */", "val component: ScreenModel.Component,"]
        if shape.sendsEvents {
            properties += [
                "/** The analytics events the node sends; null when it sends none. */",
                "val events: List<ScreenModel.TrackedEvent>?,",
            ]
        }
        if holdsSlots(shape) {
            properties += [
                "/** The children, for a container; null for a component without a children list. */",
                "val children: List<ScreenModel.Node>?,",
                "/** The nodes of each named slot, by slot name; null for a component without named slots. */",
                "val slots: Map<String, List<ScreenModel.Node>>?",
            ]
        } else {
            properties += [
                "/** The children (a named slot's too), for a container; null for a leaf. */",
                "val children: List<ScreenModel.Node>?",
            ]
        }
        out.line("/** One node: its component with the component's props, and its children. */")
        out.open("data class Node(")
        for property in properties { out.line(property) }
        out.close(")")
        out.line("")
    }

    // MARK: Readers

    static func envelopeReader(_ shape: ClientShape, into out: inout SourceLines) {
        let path = shape.rootPath
        let literal = KotlinClientModel.literal
        out.open("fun envelope(json: JSONObject, path: String): Envelope {")
        let keys = (shape.fields.map(\.key) + [path[0]]).map(literal).joined(separator: ", ")
        out.line("reject(json, path, setOf(\(keys)), \"the envelope\")")
        var arguments: [String] = []
        for field in shape.fields {
            let key = literal(field.key)
            switch field.value {
            case .constant(let value):
                out.line("expect(json, path, \(key), \(literal(value)))")
            case .format:
                out.line("val format = required(json, path, \(key)) { v, p -> int(v, p) }")
                out.line(
                    "if (format != 1) throw DecodingException(child(path, \(key)), \"envelope format \" + format + \" is not 1\")"
                )
                arguments.append("format")
            case .screenID, .screenValue:
                arguments.append("required(json, path, \(key)) { v, p -> string(v, p) }")
            case .contract, .minContract:
                arguments.append("required(json, path, \(key)) { v, p -> int(v, p) }")
            case .title:
                arguments.append("optional(json, path, \(key)) { v, p -> string(v, p) }")
            case .initialState:
                arguments.append("required(json, path, \(key)) { v, p -> map(v, p) { v1, p1 -> value(v1, p1) } }")
            case .experiments:
                arguments.append("optional(json, path, \(key)) { v, p -> map(v, p) { v1, p1 -> string(v1, p1) } }")
            }
        }
        var container = "json"
        var containerPath = "path"
        for (depth, key) in path.dropLast().enumerated() {
            let next = "level\(depth + 1)"
            out.line("val \(next) = required(\(container), \(containerPath), \(literal(key))) { v, p -> obj(v, p) }")
            out.line("val \(next)Path = child(\(containerPath), \(literal(key)))")
            let owner = "the envelope's \"\(key)\""
            out.line("reject(\(next), \(next)Path, setOf(\(literal(path[depth + 1]))), \(literal(owner)))")
            (container, containerPath) = (next, "\(next)Path")
        }
        let root =
            shape.layouts != nil
            ? "list(v, p) { v1, p1 -> layout(v1, p1) }"
            : shape.rootIsList ? "list(v, p) { v1, p1 -> node(v1, p1) }" : "node(v, p)"
        arguments.append(
            "required(\(container), \(containerPath), \(literal(path[path.count - 1]))) { v, p -> \(root) }")
        out.open("return Envelope(")
        for (index, argument) in arguments.enumerated() {
            out.line(argument + (index == arguments.count - 1 ? "" : ","))
        }
        out.close(")")
        out.close("}")
        out.line("")
        if let layouts = shape.layouts {
            let device = literal(layouts.deviceKey)
            let rootKey = literal(layouts.rootKey)
            let value = shape.rootIsList ? "list(v, p) { v1, p1 -> node(v1, p1) }" : "node(v, p)"
            out.open("fun layout(raw: Any?, path: String): Layout {")
            out.line("val json = obj(raw, path)")
            out.line("reject(json, path, setOf(\(device), \(rootKey)), \"a device layout\")")
            out.line(
                "return Layout(required(json, path, \(device)) { v, p -> string(v, p) }, required(json, path, \(rootKey)) { v, p -> \(value) })"
            )
            out.close("}")
            out.line("")
        }
    }

    static func nodeReader(_ shape: ClientShape, _ names: KotlinClientModel.Names, into out: inout SourceLines) {
        let literal = KotlinClientModel.literal
        let typeKey = literal(shape.typeKey)
        let slots = holdsSlots(shape)
        out.open("fun node(raw: Any?, path: String): Node {")
        out.line("val json = obj(raw, path)")
        out.line("val type = required(json, path, \(typeKey)) { v, p -> string(v, p) }")
        if let idKey = shape.idKey {
            out.line("val id = required(json, path, \(literal(idKey))) { v, p -> string(v, p) }")
        }
        if let slotTag = shape.slotTag {
            out.line("val slot = optional(json, path, \(literal(slotTag))) { v, p -> string(v, p) }")
        }
        if shape.sendsEvents {
            out.line(
                "val events = optional(json, path, \"events\") { v, p -> list(v, p) { v1, p1 -> trackedEvent(v1, p1) } }"
            )
        }
        out.line("val component: Component")
        out.line("val keys: Set<String>")
        out.line("val childrenKey: String?")
        if slots { out.line("val slotNames: List<String>") }
        out.open("when (type) {")
        for component in shape.contract.components {
            let name = names.component[component.type] ?? ""
            out.open("\(literal(component.type)) -> {")
            if let propsKey = shape.propsKey(of: component) {
                let key = literal(propsKey)
                out.line(
                    "component = component\(name)(required(json, path, \(key)) { v, p -> obj(v, p) }, child(path, \(key)))"
                )
                out.line("keys = setOf(\(key))")
            } else {
                // A component without props is an object: nothing to read (the node rejects any key).
                out.line(
                    "component = \(component.props.isEmpty ? "Component.\(name)" : "component\(name)(json, path)")")
                out.line("keys = setOf(\(component.props.map { literal($0.key) }.joined(separator: ", ")))")
            }
            out.line("childrenKey = \(shape.childrenKey(of: component).map(literal) ?? "null")")
            if slots {
                out.line("slotNames = listOf(\(shape.slotLists(of: component).map(literal).joined(separator: ", ")))")
            }
            out.close("}")
        }
        out.line(
            "else -> throw DecodingException(child(path, \(typeKey)), \"unknown component type \\\"\" + type + \"\\\" (contract \(shape.version))\")"
        )
        out.close("}")
        let own =
            ([shape.typeKey] + [shape.idKey, shape.slotTag, shape.sendsEvents ? "events" : nil].compactMap { $0 })
            .map(literal)
        var allowed = "keys + setOf(\(own.joined(separator: ", "))) + listOfNotNull(childrenKey)"
        if slots {
            if let slotsKey = shape.slotsKey {
                allowed += " + (if (slotNames.isEmpty()) emptyList() else listOf(\(literal(slotsKey))))"
            } else {
                allowed += " + slotNames"
            }
        }
        out.line("val allowed = \(allowed)")
        out.line("reject(json, path, allowed, \"component \\\"\" + type + \"\\\"\")")
        out.line(
            "val children = if (childrenKey == null) null else required(json, path, childrenKey) { v, p -> list(v, p) { v1, p1 -> node(v1, p1) } }"
        )
        var arguments = [
            shape.idKey != nil ? "id" : nil, shape.slotTag != nil ? "slot" : nil, "component",
            shape.sendsEvents ? "events" : nil, "children",
        ]
        if slots {
            if let slotsKey = shape.slotsKey {
                let key = literal(slotsKey)
                out.open("val slots = if (slotNames.isEmpty()) null else {")
                out.line("val lists = required(json, path, \(key)) { v, p -> obj(v, p) }")
                out.line("val listsPath = child(path, \(key))")
                out.line(
                    "reject(lists, listsPath, slotNames.toSet(), \"the slots of component \\\"\" + type + \"\\\"\")")
                out.line("slotLists(lists, listsPath, slotNames)")
                out.close("}")
            } else {
                out.line("val slots = if (slotNames.isEmpty()) null else slotLists(json, path, slotNames)")
            }
            arguments.append("slots")
        }
        out.line("return Node(\(arguments.compactMap { $0 }.joined(separator: ", ")))")
        out.close("}")
        out.line("")
        if slots {
            out.open("fun slotLists(json: JSONObject, path: String, names: List<String>): Map<String, List<Node>> {")
            out.line("val lists = LinkedHashMap<String, List<Node>>()")
            out.line(
                "for (name in names) lists[name] = required(json, path, name) { v, p -> list(v, p) { v1, p1 -> node(v1, p1) } }"
            )
            out.line("return lists")
            out.close("}")
            out.line("")
        }
    }

    /// The readers of constant members and wrapped values, when the profile has them.
    static func support(_ shape: ClientShape, into out: inout SourceLines) {
        let hasConstants = shape.fields.contains { if case .constant = $0.value { true } else { false } }
        guard hasConstants || shape.wrapsValues else { return }
        out.open("fun expect(json: JSONObject, path: String, key: String, value: String) {")
        out.line("val found = required(json, path, key) { v, p -> string(v, p) }")
        out.line(
            "if (found != value) throw DecodingException(child(path, key), \"expected \\\"\" + value + \"\\\", found \\\"\" + found + \"\\\"\")"
        )
        out.close("}")
        out.line("")
        guard let wrapping = shape.profile.values.wrapping else { return }
        let typeKey = KotlinClientModel.literal(wrapping.typeKey)
        let valueKey = KotlinClientModel.literal(wrapping.valueKey)
        out.line("/** The value wrapped as {\(typeKey): discriminator, \(valueKey): value}; with [inner], in an object")
        out.line(" * under that key beside string [constants]. */")
        out.open("fun <T> wrapped(")
        out.line("raw: Any?, path: String, discriminator: String, inner: String?, constants: Map<String, String>,")
        out.line("read: (Any?, String) -> T")
        out.close("): T {")
        out.indent()
        out.line("val wrapper = obj(raw, path)")
        out.line("reject(wrapper, path, setOf(\(typeKey), \(valueKey)), \"a wrapped value\")")
        out.line("expect(wrapper, path, \(typeKey), discriminator)")
        out.line("if (inner == null) return required(wrapper, path, \(valueKey), read)")
        out.line("val value = required(wrapper, path, \(valueKey)) { v, p -> obj(v, p) }")
        out.line("val valuePath = child(path, \(valueKey))")
        out.line("reject(value, valuePath, constants.keys + inner, \"a wrapped value\")")
        out.line("for (name in constants.keys.sorted()) expect(value, valuePath, name, constants.getValue(name))")
        out.line("return required(value, valuePath, inner, read)")
        out.close("}")
        out.line("")
    }

    /// The expression reading `prop` wrapped as `wrap`, `read` reading the value it wraps (in `v1`/`p1`).
    static func wrapped(_ wrap: ClientShape.Wrap, _ read: String) -> String {
        let literal = KotlinClientModel.literal
        guard let object = wrap.object else {
            return "wrapped(v, p, \(literal(wrap.discriminator)), null, emptyMap()) { v1, p1 -> \(read) }"
        }
        let constants = object.constants.keys.sorted().map {
            "\(literal($0)) to \(literal(object.constants[$0] ?? ""))"
        }
        let map = constants.isEmpty ? "emptyMap()" : "mapOf(\(constants.joined(separator: ", ")))"
        return
            "wrapped(v, p, \(literal(wrap.discriminator)), \(literal(object.valueKey)), \(map)) { v1, p1 -> \(read) }"
    }
}
