import ScreenCompiler
import ScreenContract
import ScreenKit

/// One TypeScript module a web client drops in: readonly types of one frozen contract version and
/// an exported `decode(json: unknown)` that validates exactly what ScreenKit writes for that
/// version's clients, as strictly as ``SwiftClientModel``: an unknown component type, action kind,
/// enum value or key, a missing required value or a value of the wrong type throws a `DecodeError`
/// whose message starts with the JSON path (`$.root.children[2].style: unknown value "huge" of
/// TextStyle`). Defaulted props decode to their default when absent.
///
/// Nodes decode as a union discriminated on `type` (`{type, id, props, children, slots}`),
/// actions as one discriminated on `kind` (`{kind, fields}`), contract enums as string-literal
/// unions. Props and fields keep their wire keys as property names (quoted unless plain
/// identifiers that are no reserved words); type names are derived from wire names and made
/// unique. No runtime dependency; plain TypeScript (no `satisfies`, no `const` type parameters)
/// proven with tsc 4.8 under `--strict --noUncheckedIndexedAccess`.
///
/// Generated from the same ``ClientShape`` as the Swift model, so every wire profile decodes: keys
/// and placements of the profile (props under a key, named slot lists, a nested root path, a root
/// that is a list or device layouts, envelope members of its own, wrapped values) are read from
/// the wire and decode to the same profile-independent types.
public enum TypeScriptClientModel {
    /// The module for clients of `version`, whose frozen contract is `contract` and whose frozen
    /// file has SHA-256 `sha256`, in `profile` (default: the one `contract` froze).
    public static func source(_ contract: Contract, version: Int, sha256: String, profile: WireProfile? = nil)
        -> String
    {
        let shape = ClientShape(contract: contract, version: version, profile: profile ?? contract.profile, full: false)
        let names = Names(contract)
        var out = SourceLines()
        out.generatedHeader(
            "typescript --version \(version)", version: version, sha256: sha256,
            profile: shape.profile.isFlat ? nil : escaped(shape.profile.name))
        out.line("")
        out.line("/** The contract version this module decodes. */")
        out.line("export const contractVersion = \(version);")
        out.line("")
        declarations(shape, names, into: &out)
        decoders(shape, names, into: &out)
        support(into: &out)
        if shape.wrapsValues { unwrap(shape, into: &out) }
        renderer(shape, into: &out)
        while out.text.hasSuffix("\n\n") { out.dropLastNewline() }
        return out.text
    }

    // MARK: Types

    static func declarations(_ shape: ClientShape, _ names: Names, into out: inout SourceLines) {
        let contract = shape.contract
        out.line("/** A state value: any JSON value. */")
        out.line(
            "export type Value = string | number | boolean | null | readonly Value[] | { readonly [key: string]: Value };"
        )
        out.line("")
        out.line("/** A scalar prop: a string, a number or a boolean. */")
        out.line("export type Scalar = string | number | boolean;")
        out.line("")
        out.line("/** A screen's envelope. */")
        out.open("export interface Envelope {")
        let envelopeNames = propertyNames(shape)
        for field in shape.fields {
            guard let name = envelopeNames[field.key] else { continue }
            let type: String
            switch field.value {
            case .format: type = "1"
            case .contract, .minContract: type = "number"
            case .screenID, .screenValue, .constant: type = "string"
            case .title: type = "string"
            case .initialState: type = "{ readonly [key: string]: Value }"
            case .experiments: type = "{ readonly [key: string]: string }"
            }
            out.line("readonly \(property(name))\(field.isRequired ? "" : "?"): \(type);")
        }
        out.line("readonly \(rootName(shape)): \(shape.layouts != nil ? "readonly Layout[]" : rootValueType(shape));")
        out.close("}")
        out.line("")
        if let layouts = shape.layouts {
            interface(
                "Layout", doc: "One device's layout (`\(escaped(layouts.deviceKey))`, `\(escaped(layouts.rootKey))`).",
                ["device: string", "root: \(rootValueType(shape))"], into: &out)
        }
        out.line("/** One node of the tree: a component of contract \(shape.version) with its props. */")
        union("Node", contract.components.map { names.node[$0.type] ?? "" }, into: &out)
        for component in contract.components {
            var members = ["type: \(literal(component.type))"]
            if shape.idKey != nil { members.append("id: string") }
            if shape.slotTag != nil { members.append("slot?: string") }
            members.append("props: \(names.props[component.type] ?? "")")
            if shape.sendsEvents { members.append("events?: readonly TrackedEvent[]") }
            if shape.childrenKey(of: component) != nil { members.append("children: readonly Node[]") }
            let slots = shape.slotLists(of: component)
            if !slots.isEmpty {
                members.append(
                    "slots: { \(slots.map { "readonly \(property($0)): readonly Node[]" }.joined(separator: "; ")) }")
            }
            interface(
                names.node[component.type] ?? "", doc: "A `\(escaped(component.type))` node.", members, into: &out)
            fields(
                names.props[component.type] ?? "", component.props, names,
                doc: "The props of `\(escaped(component.type))`.", into: &out)
        }
        out.line("/** An action of contract \(shape.version), with its fields. */")
        union("Action", contract.actions.map { names.action[$0.kind] ?? "" }, into: &out)
        for action in contract.actions {
            interface(
                names.action[action.kind] ?? "", doc: "A `\(escaped(action.kind))` action.",
                ["kind: \(literal(action.kind))", "fields: \(names.fields[action.kind] ?? "")"], into: &out)
            fields(
                names.fields[action.kind] ?? "", action.fields, names,
                doc: "The fields of the `\(escaped(action.kind))` action.", into: &out)
        }
        if shape.sendsEvents { eventDeclarations(shape, names, into: &out) }
        for schema in contract.enums {
            out.line("/** The values of `\(escaped(schema.name))`; any other value fails to decode. */")
            union(names.enumeration[schema.name] ?? "", schema.cases.map { literal($0.value) }, into: &out)
        }
        tokens(contract, version: shape.version, into: &out)
    }

    /// `Trigger`, `TrackedEvent` (one member per event) and each event's params.
    static func eventDeclarations(_ shape: ClientShape, _ names: Names, into out: inout SourceLines) {
        out.line("/** The triggers contract \(shape.version) knows. */")
        union("Trigger", shape.triggers.map(literal), into: &out)
        out.line("/** An analytics event a node sends, with its params. */")
        union("TrackedEvent", shape.contract.events.map { names.event[$0.name] ?? "" }, into: &out)
        for event in shape.contract.events {
            interface(
                names.event[event.name] ?? "", doc: "A `\(escaped(event.name))` event.",
                ["trigger: Trigger", "name: \(literal(event.name))", "params: \(names.params[event.name] ?? "")"],
                into: &out)
            fields(
                names.params[event.name] ?? "", event.params, names,
                doc: "The params of the `\(escaped(event.name))` event.", into: &out)
        }
    }

    /// The envelope's property holding what the root path holds.
    static func rootName(_ shape: ClientShape) -> String { shape.layouts != nil ? "layouts" : "root" }

    /// The type of the root node, or of the list of its children.
    static func rootValueType(_ shape: ClientShape) -> String {
        shape.rootIsList ? "readonly Node[]" : "Node"
    }

    /// The envelope's property name of each stored field, by wire key (constants are checked, not
    /// stored): the flat format's names; a member its key, made unique (the root's name taken).
    static func propertyNames(_ shape: ClientShape) -> [String: String] {
        var names: [String: String] = [:]
        var used: Set<String> = [rootName(shape)]
        for field in shape.fields where field.isStandard { used.insert(field.name) }
        for field in shape.fields {
            if case .constant = field.value { continue }
            if field.isStandard {
                names[field.key] = field.name
                continue
            }
            var name = field.name
            var attempt = 1
            while used.contains(name) {
                attempt += 1
                name = "\(field.name)\(attempt)"
            }
            used.insert(name)
            names[field.key] = name
        }
        return names
    }

    /// `export interface name { readonly member; … }` with a doc comment.
    static func interface(_ name: String, doc: String, _ members: [String], into out: inout SourceLines) {
        out.line("/** \(doc) */")
        out.open("export interface \(name) {")
        for member in members { out.line("readonly \(member);") }
        out.close("}")
        out.line("")
    }

    /// `export type name = a | b | …;`, one member a line when long; `never` when there is none.
    static func union(_ name: String, _ members: [String], into out: inout SourceLines) {
        let single = "export type \(name) = \(members.isEmpty ? "never" : members.joined(separator: " | "));"
        if single.count <= 100 {
            out.line(single)
        } else {
            out.line("export type \(name) =")
            out.indent()
            for (index, member) in members.enumerated() {
                out.line("| \(member)\(index == members.count - 1 ? ";" : "")")
            }
            out.dedent()
        }
        out.line("")
    }

    /// An interface with one readonly property per prop; optional ones may be absent, defaulted
    /// ones are always there after decoding.
    static func fields(
        _ name: String, _ props: [PropSchema], _ names: Names, doc: String, into out: inout SourceLines
    ) {
        out.line("/** \(doc) */")
        if props.isEmpty {
            out.line("export interface \(name) {}")
            out.line("")
            return
        }
        out.open("export interface \(name) {")
        for prop in props {
            let optional: Bool
            if case .optional = prop.presence { optional = true } else { optional = false }
            out.line(
                "/** `\(escaped(prop.key))`: \(escaped(prop.type.name)), \(SwiftClientModel.presenceName(prop.presence)). */"
            )
            out.line("readonly \(property(prop.key))\(optional ? "?" : ""): \(names.type(prop.type));")
        }
        out.close("}")
        out.line("")
    }
}
