import ScreenCompiler
import ScreenContract
import ScreenKit

// The Swift model's props: each component's data, the actions and enumerations.
extension SwiftClientModel {
    // MARK: Props

    /// A component's props; props of their own object (``ClientShape/propsKey(of:)``) reject
    /// keys they lack themselves, inline ones leave that to the node.
    static func dataStruct(_ component: ComponentSchema, shape: ClientShape, into out: inout SourceLines) {
        let name = typeName(component.type)
        let ownObject = shape.propsKey(of: component) != nil
        out.line("extension ScreenModel.Components {")
        out.indent()
        out.line("/// The props of `\(component.type)`.")
        members(
            name: name, props: component.props,
            owner: "\(ownObject ? "the props of " : "")component \\\"\(escapedForSource(component.type))\\\"",
            rejectsOthers: ownObject ? [] : nil, wrap: shape.wrap, into: &out)
        out.dedent()
        out.line("}")
        out.line("")
    }

    static func actionEnum(_ contract: Contract, version: Int, into out: inout SourceLines) {
        out.line("/// An action of the contract, with its fields.")
        out.open("public indirect enum Action: Decodable, Sendable {")
        for action in contract.actions {
            out.line("/// `\(action.kind)`.")
            out.line("case \(caseName(action.kind))(Actions.\(typeName(action.kind)))")
        }
        if !contract.actions.isEmpty { out.line("") }
        out.line("/// Decodes an action, rejecting a kind or a field contract \(version) does not know.")
        out.open("public init(from decoder: any Decoder) throws {")
        out.line("let container = try decoder.container(keyedBy: Key.self)")
        out.line("let kind: String = try container.value(\"type\")")
        out.line("switch kind {")
        for action in contract.actions {
            out.line("case \(literal(action.kind)):")
            out.indent()
            out.line("self = .\(caseName(action.kind))(try Actions.\(typeName(action.kind))(from: decoder))")
            out.dedent()
        }
        out.line("default:")
        out.indent()
        out.line(
            "throw Key.corrupted(container, \"type\", \"unknown action kind \\\"\\(kind)\\\" (contract \(version))\")")
        out.dedent()
        out.line("}")
        out.close("}")
        out.close("}")
        out.line("")
        out.line("/// Each action kind's fields.")
        out.line("public enum Actions {}")
        out.line("")
    }

    static func actionStruct(_ action: ActionSchema, into out: inout SourceLines) {
        out.line("extension ScreenModel.Actions {")
        out.indent()
        out.line("/// The fields of the `\(action.kind)` action.")
        members(
            name: typeName(action.kind), props: action.fields,
            owner: "action \\\"\(escapedForSource(action.kind))\\\"", rejectsOthers: ["type"], into: &out)
        out.dedent()
        out.line("}")
        out.line("")
    }

    /// A struct with one property per prop; a defaulted prop decodes to its default when absent, a
    /// wrapped one (`wrap`) to the value it wraps. With `rejectsOthers` (the keys allowed besides
    /// the props) the struct rejects keys it lacks itself; without, its node does it for it.
    static func members(
        name: String, props: [PropSchema], owner: String, rejectsOthers: [String]?,
        wrap: (PropSchema) -> ClientShape.Wrap? = { _ in nil }, into out: inout SourceLines
    ) {
        out.open("public struct \(name): Decodable, Sendable {")
        out.line("/// The wire keys of the props.")
        out.list("public static let keys: Set<String> = [", props.map { literal($0.key) }, "]")
        for prop in props {
            let type = swiftType(prop.type)
            let optional: Bool
            if case .optional = prop.presence { optional = true } else { optional = false }
            out.line("/// `\(prop.key)`: \(prop.type.name), \(presenceName(prop.presence)).")
            out.line("public let \(memberName(prop.key)): \(type)\(optional ? "?" : "")")
        }
        out.line("")
        out.line("/// Decodes the props\(rejectsOthers != nil ? ", rejecting keys it does not have" : "").")
        out.open("public init(from decoder: any Decoder) throws {")
        if props.isEmpty && rejectsOthers == nil {
            out.line("_ = decoder")
        } else {
            out.line("let container = try decoder.container(keyedBy: ScreenModel.Key.self)")
        }
        if let extra = rejectsOthers {
            let allowed =
                extra.isEmpty ? "Self.keys" : "Self.keys.union([\(extra.map(literal).joined(separator: ", "))])"
            out.call("try ScreenModel.Key.reject(", "container, allowing: \(allowed), in: \"\(owner)\"", ")")
        }
        for prop in props {
            let member = memberName(prop.key)
            // A wrapped value: `wrapped(key, discriminator[, in: valueKey, constants: [...]])`.
            let (value, optional): (String, String)
            if let wrap = wrap(prop) {
                var arguments = "\(literal(prop.key)), \(literal(wrap.discriminator))"
                if let object = wrap.object {
                    let constants = object.constants.keys.sorted().map {
                        "\(literal($0)): \(literal(object.constants[$0] ?? ""))"
                    }
                    arguments += ", in: \(literal(object.valueKey))"
                    if !constants.isEmpty { arguments += ", constants: [\(constants.joined(separator: ", "))]" }
                }
                (value, optional) = ("wrapped(\(arguments))", "optionalWrapped(\(arguments))")
            } else {
                (value, optional) = ("value(\(literal(prop.key)))", "optional(\(literal(prop.key)))")
            }
            switch prop.presence {
            case .required:
                out.line("\(member) = try container.\(value)")
            case .optional:
                out.line("\(member) = try container.\(optional)")
            case .defaulted(let defaultValue):
                if let fallback = swiftLiteral(defaultValue, type: prop.type) {
                    out.line("\(member) = try container.\(optional) ?? \(fallback)")
                } else {
                    out.line("\(member) = try container.\(value)")
                }
            }
        }
        out.close("}")
        out.close("}")
    }

    static func enumeration(_ schema: EnumSchema, into out: inout SourceLines) {
        out.line("extension ScreenModel {")
        out.indent()
        out.line("/// The values of `\(schema.name)`; any other value fails to decode.")
        out.open("public enum \(typeName(schema.name)): String, Decodable, Sendable, CaseIterable {")
        for value in schema.cases {
            out.line("case \(memberName(value.value)) = \(literal(value.value))")
        }
        out.close("}")
        out.dedent()
        out.line("}")
        out.line("")
    }
}
