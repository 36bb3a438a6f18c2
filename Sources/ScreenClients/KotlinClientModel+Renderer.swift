import ScreenContract
import ScreenKit

/// The renderer interface of the Kotlin client model: `ScreenModelRenderer<Output>`, one function
/// per component of the version, and `ScreenModelActionHandler`, one `suspend` function per action
/// kind, each with a driver. A Compose or View app plugs in its own output; its compiler refuses
/// a renderer that leaves out a component of the version it declares, or reads a prop it lacks.
extension KotlinClientModel {
    /// The interfaces' own functions, which no component or action kind may shadow.
    static let drivers: Set<String> = ["render", "perform"]

    /// The function name of each component type or action kind among `wires`.
    static func functionNames(_ wires: [String]) -> [String: String] {
        var used = drivers
        var names: [String: String] = [:]
        for wire in wires {
            let name = Names.member(wire, avoiding: used)
            used.insert(name)
            names[wire] = name
        }
        return names
    }

    static func renderer(_ shape: ClientShape, _ names: Names, into out: inout SourceLines) {
        let contract = shape.contract
        let version = shape.version
        guard !contract.components.isEmpty else { return }
        let functions = functionNames(contract.components.map(\.type))
        out.line("")
        out.line("/**")
        out.line(" * Renders the components of contract \(version) into the app's own [Output] (a Compose")
        out.line(" * `@Composable` function, a `View`, a string): one function per component, given its typed")
        out.line(" * props, its rendered children and named slots, and the node. An app that declares contract")
        out.line(" * \(version) and leaves a component out does not compile. [render] walks a node depth first.")
        out.line(" */")
        out.open("interface ScreenModelRenderer<Output> {")
        for component in contract.components {
            var parameters = ["props: ScreenModel.Component.\(names.component[component.type] ?? "")"]
            if shape.childrenKey(of: component) != nil { parameters.append("children: List<Output>") }
            if !shape.slotLists(of: component).isEmpty { parameters.append("slots: Map<String, List<Output>>") }
            parameters.append("node: ScreenModel.Node")
            out.line("/** `\(comment(component.type))`. */")
            out.line("fun \(functions[component.type] ?? "")(\(parameters.joined(separator: ", "))): Output")
            out.line("")
        }
        out.line("/** Renders [node]: its children and slots first, then the node itself. */")
        out.open("fun render(node: ScreenModel.Node): Output = when (val props = node.component) {")
        for component in contract.components {
            var arguments = ["props"]
            if shape.childrenKey(of: component) != nil {
                arguments.append("node.children.orEmpty().map { render(it) }")
            }
            if !shape.slotLists(of: component).isEmpty {
                arguments.append("node.slots.orEmpty().mapValues { slot -> slot.value.map { render(it) } }")
            }
            arguments.append("node")
            out.line(
                "is ScreenModel.Component.\(names.component[component.type] ?? "") -> this.\(functions[component.type] ?? "")(\(arguments.joined(separator: ", ")))"
            )
        }
        out.close("}")
        if shape.layouts == nil {
            out.line("")
            if shape.rootIsList {
                out.line("/** Renders an envelope's root nodes. */")
                out.line("fun render(envelope: ScreenModel.Envelope): List<Output> = envelope.root.map { render(it) }")
            } else {
                out.line("/** Renders an envelope's root. */")
                out.line("fun render(envelope: ScreenModel.Envelope): Output = render(envelope.root)")
            }
        }
        out.close("}")
        guard !contract.actions.isEmpty else {
            out.line("")
            out.line(
                "// Contract \(version) declares no action kinds: there is no ScreenModelActionHandler or perform(action)."
            )
            return
        }
        let actions = functionNames(contract.actions.map(\.kind))
        out.line("")
        out.line("/**")
        out.line(" * Runs the actions of contract \(version): one `suspend` function per action kind, given its")
        out.line(" * typed fields. An app that declares contract \(version) and leaves a kind out does not compile.")
        out.line(" * [perform] runs an action.")
        out.line(" */")
        out.open("interface ScreenModelActionHandler {")
        for action in contract.actions {
            let type = "ScreenModel.Action.\(names.action[action.kind] ?? "")"
            let name = actions[action.kind] ?? ""
            if SwiftClientModel.isSequence(action) {
                out.line(
                    "/** `\(comment(action.kind))`: by default, its actions in order, each after the one before. */")
                out.line("suspend fun \(name)(action: \(type)) { for (next in action.actions) perform(next) }")
            } else {
                out.line("/** `\(comment(action.kind))`. */")
                out.line("suspend fun \(name)(action: \(type))")
            }
            out.line("")
        }
        out.line("/** Runs [action]. */")
        out.open("suspend fun perform(action: ScreenModel.Action) {")
        out.open("when (action) {")
        for action in contract.actions {
            // `this.`: a kind named like the parameter (`action`) still calls its function.
            out.line(
                "is ScreenModel.Action.\(names.action[action.kind] ?? "") -> this.\(actions[action.kind] ?? "")(action)"
            )
        }
        out.close("}")
        out.close("}")
        out.close("}")
    }
}
