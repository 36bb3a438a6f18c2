import ScreenCompiler
import ScreenContract
import ScreenKit

/// One Swift source file a client app drops in: `Decodable` models of one frozen contract version,
/// decoding exactly what ScreenKit writes for that version's clients, in the wire profile they
/// decode, and rejecting what the version does not know (an unknown component type, action kind,
/// enum value or key, a missing discriminator).
///
/// Plain Foundation (no SwiftUI), so it compiles on Linux too; everything sits in one namespace,
/// `ScreenModel`, so the file adds a single name to the app. Components decode as the
/// `ScreenModel.Component` enum over one data struct each; defaulted props decode to their
/// default when absent; wrapped values to the value they wrap; actions as `ScreenModel.Action`;
/// enums as string-backed Swift enums.
public enum SwiftClientModel {
    /// The source for clients of `version`, whose frozen contract is `contract` and whose frozen
    /// file has SHA-256 `sha256`, in `profile` (default: the one `contract` froze); its colour
    /// tokens carry the app's colour names `colorNames` gives.
    public static func source(
        _ contract: Contract, version: Int, sha256: String, profile: WireProfile? = nil, colorNames: AppColorNames = [:]
    ) -> String {
        let shape = ClientShape(contract: contract, version: version, profile: profile ?? contract.profile, full: false)
        var out = SourceLines()
        out.generatedHeader(
            "swift --version \(version)", version: version, sha256: sha256,
            profile: shape.profile.isFlat ? nil : escapedForComment(shape.profile.name))
        out.line("import Foundation")
        out.line("")
        out.line("/// The ScreenKit contract version \(version) client model.")
        out.open("public enum ScreenModel {")
        out.line("/// The contract version these models decode.")
        out.line("public static let contractVersion = \(version)")
        out.line("")
        envelope(shape, into: &out)
        if shape.layouts != nil { layouts(shape, into: &out) }
        node(shape, into: &out)
        componentEnum(contract, into: &out)
        actionEnum(contract, version: version, into: &out)
        if shape.sendsEvents { eventTypes(shape, into: &out) }
        support(shape, into: &out)
        RenderFailureClientCode.swift(into: &out)
        out.close("}")
        for component in contract.components { dataStruct(component, shape: shape, into: &out) }
        for action in contract.actions { actionStruct(action, into: &out) }
        let eventNames = eventNames(contract)
        for event in contract.events { eventStruct(event, named: eventNames[event.name]!.type, into: &out) }
        for schema in contract.enums { enumeration(schema, into: &out) }
        tokens(contract, version: version, names: colorNames, into: &out)
        out.line("extension KeyedDecodingContainer where K == ScreenModel.Key {")
        out.indent()
        out.line("/// The value at `key`, which must be there.")
        out.open("func value<T: Decodable>(_ key: String) throws -> T {")
        out.line("try decode(T.self, forKey: ScreenModel.Key(key))")
        out.close("}")
        out.line("")
        out.line("/// The value at `key`, or nil when the key is absent.")
        out.open("func optional<T: Decodable>(_ key: String) throws -> T? {")
        out.line("try decodeIfPresent(T.self, forKey: ScreenModel.Key(key))")
        out.close("}")
        if shape.wrapsValues { wrappedValues(shape, into: &out) }
        out.dedent()
        out.line("}")
        renderer(shape, into: &out)
        while out.text.hasSuffix("\n\n") { out.dropLastNewline() }
        return out.text
    }

    // MARK: The envelope and the node

    /// The Swift type of an envelope field.
    static func swiftType(_ value: ClientShape.FieldValue) -> String {
        switch value {
        case .format, .contract, .minContract: "Int"
        case .screenID, .screenValue, .constant: "String"
        case .title: "String?"
        case .initialState: "[String: Value]"
        case .experiments: "[String: String]?"
        }
    }

    /// The Swift type of what the root path holds: the root node or its children, or the device
    /// layouts when the profile lists them.
    static func rootType(_ shape: ClientShape) -> String {
        shape.layouts != nil ? "[Layout]" : rootValueType(shape)
    }

    /// The envelope's property holding what the root path holds.
    static func rootName(_ shape: ClientShape) -> String { shape.layouts != nil ? "layouts" : "root" }

    /// The Swift type of the root node, or of the list of its children.
    static func rootValueType(_ shape: ClientShape) -> String { shape.rootIsList ? "[Node]" : "Node" }

    /// The property name of each stored envelope field, by wire key (constants are checked, not
    /// stored): the flat format's names; a member its key's, made unique (the root's name taken).
    static func propertyNames(_ shape: ClientShape) -> [String: String] {
        shape.propertyNames(root: rootName(shape)) { name, attempt in
            memberName(attempt == 1 ? name : "\(name) \(attempt)")
        }
    }

    static func envelope(_ shape: ClientShape, into out: inout SourceLines) {
        let names = propertyNames(shape)
        let path = shape.rootPath
        out.line("/// A screen's envelope.")
        out.open("public struct Envelope: Decodable, Sendable {")
        for field in shape.fields {
            guard let name = names[field.key] else { continue }
            out.line("/// The envelope's `\(field.key)`.")
            out.line("public let \(name): \(swiftType(field.value))")
        }
        let root = rootName(shape)
        if shape.layouts != nil {
            out.line(
                "/// The envelope's `\(path.joined(separator: "."))`: each device's layout, in the screen's order.")
        } else {
            out.line("/// The envelope's `\(path.joined(separator: "."))`.")
        }
        out.line("public let \(root): \(rootType(shape))")
        out.line("")
        out.line("/// Decodes an envelope, rejecting keys it does not have.")
        out.open("public init(from decoder: any Decoder) throws {")
        out.line("let container = try decoder.container(keyedBy: Key.self)")
        out.list("let keys: Set<String> = [", (shape.fields.map(\.key) + [path[0]]).map(literal), "]")
        out.line("try Key.reject(container, allowing: keys, in: \"the envelope\")")
        for field in shape.fields {
            let key = literal(field.key)
            let name = names[field.key] ?? ""
            switch field.value {
            case .constant(let value):
                out.line("try Key.expect(container, \(key), \(literal(value)))")
            case .format:
                out.line("\(name) = try container.value(\(key))")
                out.open("guard \(name) == 1 else {")
                out.line("throw Key.corrupted(container, \(key), \"envelope format \\(\(name)) is not 1\")")
                out.close("}")
            case .title, .experiments:
                out.line("\(name) = try container.optional(\(key))")
            case .screenValue, .screenID, .contract, .minContract, .initialState:
                out.line("\(name) = try container.value(\(key))")
            }
        }
        var container = "container"
        for (depth, key) in path.dropLast().enumerated() {
            let next = "level\(depth + 1)"
            let inner = literal(path[depth + 1])
            out.line("let \(next) = try \(container).nestedContainer(keyedBy: Key.self, forKey: Key(\(literal(key))))")
            out.line(
                "try Key.reject(\(next), allowing: [\(inner)], in: \"the envelope's \\\"\(escapedForSource(key))\\\"\")"
            )
            container = next
        }
        out.line("\(root) = try \(container).value(\(literal(path[path.count - 1])))")
        out.close("}")
        out.close("}")
        out.line("")
    }

    /// With device layouts listed: one layout.
    static func layouts(_ shape: ClientShape, into out: inout SourceLines) {
        guard let layouts = shape.layouts else { return }
        let value = rootValueType(shape)
        out.line("/// One device's layout.")
        out.open("public struct Layout: Decodable, Sendable {")
        out.line("/// The device class (`\(escapedForComment(layouts.deviceKey))`).")
        out.line("public let device: String")
        out.line("/// The layout's root (`\(escapedForComment(layouts.rootKey))`).")
        out.line("public let root: \(value)")
        out.line("")
        out.line("/// Decodes a layout, rejecting keys it does not have.")
        out.open("public init(from decoder: any Decoder) throws {")
        out.line("let container = try decoder.container(keyedBy: Key.self)")
        let device = literal(layouts.deviceKey)
        let root = literal(layouts.rootKey)
        out.line("try Key.reject(container, allowing: [\(device), \(root)], in: \"a device layout\")")
        out.line("device = try container.value(\(device))")
        out.line("root = try container.value(\(root))")
        out.close("}")
        out.close("}")
        out.line("")
    }

    /// Whether every node keeps its children in one list under the same key, its named slots tagged:
    /// the node then says whether it holds children, not where.
    static func hasUniformChildren(_ shape: ClientShape) -> Bool {
        let components = shape.contract.components
        return components.allSatisfy { shape.slotLists(of: $0).isEmpty }
            && Set(components.compactMap { shape.childrenKey(of: $0) }).count <= 1
    }

    static func node(_ shape: ClientShape, into out: inout SourceLines) {
        let contract = shape.contract
        let version = shape.version
        let uniform = hasUniformChildren(shape)
        let holdsSlots = contract.components.contains { !shape.slotLists(of: $0).isEmpty }
        out.line(
            shape.idKey == nil
                ? "/// One node: its component with the component's props, and its children."
                : "/// One node: its ID, its component with the component's props, and its children.")
        out.open("public struct Node: Decodable, Sendable {")
        if shape.idKey != nil {
            out.line("/// The node's stable ID.")
            out.line("public let id: String")
        }
        if shape.slotTag != nil {
            out.line("/// The parent's named slot the node sits in, if any.")
            out.line("public let slot: String?")
        }
        out.line("/// The component and its props.")
        out.line("public let component: Component")
        if shape.sendsEvents {
            out.line("/// The analytics events the node sends; nil when it sends none.")
            out.line("public let events: [TrackedEvent]?")
        }
        if holdsSlots {
            out.line("/// The children, for a container; nil for a component without a children list.")
            out.line("public let children: [Node]?")
            out.line("/// The nodes of each named slot, by slot name; nil for a component without named slots.")
            out.line("public let slots: [String: [Node]]?")
        } else {
            out.line("/// The children (a named slot's too), for a container; nil for a leaf.")
            out.line("public let children: [Node]?")
        }
        out.line("")
        out.line("/// Decodes a node, rejecting a component type or a key contract \(version) does not know.")
        out.open("public init(from decoder: any Decoder) throws {")
        out.line("let container = try decoder.container(keyedBy: Key.self)")
        out.line("let type: String = try container.value(\(literal(shape.typeKey)))")
        if let idKey = shape.idKey { out.line("id = try container.value(\(literal(idKey)))") }
        if let slotTag = shape.slotTag { out.line("slot = try container.optional(\(literal(slotTag)))") }
        if shape.sendsEvents { out.line("events = try container.optional(\"events\")") }
        out.line("let keys: Set<String>")
        if uniform {
            out.line("let holdsChildren: Bool")
        } else {
            out.line("let childrenKey: String?")
            if holdsSlots { out.line("let slotNames: [String]") }
        }
        out.line("switch type {")
        for component in contract.components {
            let name = typeName(component.type)
            out.line("case \(literal(component.type)):")
            out.indent()
            if let propsKey = shape.propsKey(of: component) {
                out.line("let props = try container.superDecoder(forKey: Key(\(literal(propsKey))))")
                out.line("component = .\(caseName(component.type))(try Components.\(name)(from: props))")
                out.line("keys = [\(literal(propsKey))]")
            } else {
                out.line("component = .\(caseName(component.type))(try Components.\(name)(from: decoder))")
                out.line("keys = Components.\(name).keys")
            }
            let childrenKey = shape.childrenKey(of: component)
            if uniform {
                out.line("holdsChildren = \(childrenKey != nil)")
            } else {
                out.line("childrenKey = \(childrenKey.map(literal) ?? "nil")")
                if holdsSlots {
                    out.line("slotNames = [\(shape.slotLists(of: component).map(literal).joined(separator: ", "))]")
                }
            }
            out.dedent()
        }
        out.line("default:")
        out.indent()
        out.line(
            "throw Key.corrupted(container, \"type\", \"unknown component type \\\"\\(type)\\\" (contract \(version))\")"
        )
        out.dedent()
        out.line("}")
        let own =
            "["
            + ([shape.typeKey] + [shape.idKey, shape.slotTag, shape.sendsEvents ? "events" : nil].compactMap { $0 })
            .map(literal).joined(separator: ", ")
            + "]"
        if uniform {
            let childrenKey = literal(
                contract.components.lazy.compactMap { shape.childrenKey(of: $0) }.first
                    ?? shape.profile.nodes.childrenKey)
            out.line("let allowed = keys.union(\(own)).union(holdsChildren ? [\(childrenKey)] : [])")
            out.line("try Key.reject(container, allowing: allowed, in: \"component \\\"\\(type)\\\"\")")
            out.line("children = holdsChildren ? try container.value(\(childrenKey)) : nil")
        } else {
            out.line("var allowed = keys.union(\(own))")
            out.line("if let childrenKey { allowed.insert(childrenKey) }")
            if holdsSlots {
                if let slotsKey = shape.slotsKey {
                    out.line("if !slotNames.isEmpty { allowed.insert(\(literal(slotsKey))) }")
                } else {
                    out.line("allowed.formUnion(slotNames)")
                }
            }
            out.line("try Key.reject(container, allowing: allowed, in: \"component \\\"\\(type)\\\"\")")
            out.open("if let childrenKey {")
            out.line("children = try container.value(childrenKey)")
            out.close("} else {")
            out.indent()
            out.line("children = nil")
            out.close("}")
            if holdsSlots {
                out.open("if slotNames.isEmpty {")
                out.line("slots = nil")
                out.close("} else {")
                out.indent()
                if let slotsKey = shape.slotsKey {
                    out.line(
                        "let lists = try container.nestedContainer(keyedBy: Key.self, forKey: Key(\(literal(slotsKey))))"
                    )
                    out.line(
                        "try Key.reject(lists, allowing: Set(slotNames), in: \"the slots of component \\\"\\(type)\\\"\")"
                    )
                    out.line("slots = try Key.lists(slotNames, in: lists)")
                } else {
                    out.line("slots = try Key.lists(slotNames, in: container)")
                }
                out.close("}")
            }
        }
        out.close("}")
        out.close("}")
        out.line("")
    }

    static func componentEnum(_ contract: Contract, into out: inout SourceLines) {
        out.line("/// A component of the contract, with its props.")
        out.open("public enum Component: Sendable {")
        for component in contract.components {
            out.line("/// `\(component.type)`.")
            out.line("case \(caseName(component.type))(Components.\(typeName(component.type)))")
        }
        out.close("}")
        out.line("")
        out.line("/// Each component's props.")
        out.line("public enum Components {}")
        out.line("")
    }
}
