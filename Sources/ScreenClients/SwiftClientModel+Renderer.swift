import ScreenContract
import ScreenKit

/// The renderer interface of the Swift client model: `ScreenModelRenderer`, one requirement per
/// component of the version, and `ScreenModelActionHandler`, one per action kind, each with a
/// driver. No UI framework is imported: an app plugs in its own views (SwiftUI's `AnyView`, a
/// `UIView`, a string), and its compiler refuses a renderer that leaves out a component of the
/// version it declares, or reads a prop the version lacks.
extension SwiftClientModel {
    /// The parameters of `component`'s requirement: its props, its rendered children and slots,
    /// the node.
    static func rendererParameters(_ component: ComponentSchema, shape: ClientShape) -> String {
        var parameters = ["_ props: ScreenModel.Components.\(typeName(component.type))"]
        if shape.childrenKey(of: component) != nil { parameters.append("children: [Output]") }
        if !shape.slotLists(of: component).isEmpty { parameters.append("slots: [String: [Output]]") }
        parameters.append("node: ScreenModel.Node")
        return parameters.joined(separator: ", ")
    }

    /// `func name(parameters)` and `tail` on one line when it fits in 120 columns; else the
    /// parameters on a line of their own, as swift-format writes them.
    static func declaration(
        _ name: String, _ parameters: String, _ tail: String, depth: Int, into out: inout SourceLines
    ) {
        let single = "func \(name)(\(parameters))\(tail)"
        guard 4 * depth + single.count > 120 else { return out.line(single) }
        out.line("func \(name)(")
        out.indent()
        out.line(parameters)
        out.dedent()
        out.line(")\(tail)")
    }

    /// Whether `action` is the standard `sequence`: its actions run in order by default.
    static func isSequence(_ action: ActionSchema) -> Bool {
        action.kind == "sequence" && action.fields.contains { $0.key == "actions" && $0.type == .list(.action) }
    }

    /// The renderer protocol and its driver, then the action handler's, each left out when the
    /// version has no component or no action kind (a switch over an empty enum never runs).
    static func renderer(_ shape: ClientShape, into out: inout SourceLines) {
        let contract = shape.contract
        let version = shape.version
        guard !contract.components.isEmpty else { return }
        out.line("")
        out.line("/// Renders the components of contract \(version) into the app's own `Output` (a SwiftUI view, a")
        out.line("/// `UIView`, a string): one requirement per component, each given its typed props, its")
        out.line("/// rendered children and named slots, and the node. An app that declares contract \(version) and")
        out.line("/// leaves a component out does not compile. `render(_:)` walks a node depth first.")
        out.open("public protocol ScreenModelRenderer {")
        out.line("/// What one node renders to.")
        out.line("associatedtype Output")
        for component in contract.components {
            out.line("")
            out.line("/// The `\(escapedForComment(component.type))` component.")
            declaration(
                caseName(component.type), rendererParameters(component, shape: shape), " -> Output", depth: 1,
                into: &out)
        }
        out.close("}")
        out.line("")
        out.open("extension ScreenModelRenderer {")
        out.line("/// Renders `node`: its children and slots first, then the node itself.")
        out.open("public func render(_ node: ScreenModel.Node) -> Output {")
        out.line("switch node.component {")
        for component in contract.components {
            var arguments = ["props"]
            if shape.childrenKey(of: component) != nil {
                arguments.append("children: (node.children ?? []).map(render)")
            }
            if !shape.slotLists(of: component).isEmpty {
                arguments.append("slots: (node.slots ?? [:]).mapValues { $0.map(render) }")
            }
            arguments.append("node: node")
            out.line("case .\(caseName(component.type))(let props):")
            out.indent()
            out.call("return \(caseName(component.type))(", arguments.joined(separator: ", "), ")")
            out.dedent()
        }
        out.line("}")
        out.close("}")
        if shape.layouts == nil {
            out.line("")
            if shape.rootIsList {
                out.line("/// Renders an envelope's root nodes.")
                out.open("public func render(_ envelope: ScreenModel.Envelope) -> [Output] {")
                out.line("envelope.root.map(render)")
            } else {
                out.line("/// Renders an envelope's root.")
                out.open("public func render(_ envelope: ScreenModel.Envelope) -> Output {")
                out.line("render(envelope.root)")
            }
            out.close("}")
        }
        out.close("}")
        guard !contract.actions.isEmpty else {
            out.line("")
            out.line(
                "// Contract \(version) declares no action kinds: there is no ScreenModelActionHandler or perform(_:).")
            return
        }
        out.line("")
        out.line("/// Runs the actions of contract \(version): one requirement per action kind, each given its")
        out.line("/// typed fields. An app that declares contract \(version) and leaves a kind out does not compile.")
        out.line("/// `perform(_:)` runs an action.")
        out.open("public protocol ScreenModelActionHandler {")
        for (index, action) in contract.actions.enumerated() {
            if index > 0 { out.line("") }
            out.line(
                "/// The `\(escapedForComment(action.kind))` action\(isSequence(action) ? " (by default, its actions run in order)" : "")."
            )
            declaration(
                caseName(action.kind), "_ action: ScreenModel.Actions.\(typeName(action.kind))", " async", depth: 1,
                into: &out)
        }
        out.close("}")
        out.line("")
        out.open("extension ScreenModelActionHandler {")
        out.line("/// Runs `action`.")
        out.open("public func perform(_ action: ScreenModel.Action) async {")
        out.line("switch action {")
        for action in contract.actions {
            out.line("case .\(caseName(action.kind))(let fields):")
            out.indent()
            out.line("await \(caseName(action.kind))(fields)")
            out.dedent()
        }
        out.line("}")
        out.close("}")
        for action in contract.actions where isSequence(action) {
            out.line("")
            out.line("/// Runs each action of the sequence in order, each after the one before has finished.")
            out.open(
                "public func \(caseName(action.kind))(_ action: ScreenModel.Actions.\(typeName(action.kind))) async {")
            out.line("for next in action.actions { await perform(next) }")
            out.close("}")
        }
        out.close("}")
    }
}
