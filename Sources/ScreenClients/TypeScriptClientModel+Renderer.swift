import ScreenContract
import ScreenKit

/// The renderer interface of the TypeScript client model: `Renderer<Output>`, a mapped type with
/// one function per component type of the version, and `ActionHandler`, one per action kind, each
/// with a driver (`render`, `perform`). An app's `tsc` refuses a renderer that leaves out a
/// component of the version it declares, or reads a prop the version lacks.
extension TypeScriptClientModel {
    /// The names the renderer interface declares, kept from the contract's own types.
    static let rendererNames: Set<String> = ["Renderer", "Rendered", "ActionHandler"]

    static func renderer(_ shape: ClientShape, into out: inout SourceLines) {
        let contract = shape.contract
        let version = shape.version
        guard !contract.components.isEmpty else { return }
        let children = contract.components.contains { shape.childrenKey(of: $0) != nil }
        let slots = contract.components.contains { !shape.slotLists(of: $0).isEmpty }
        out.line("")
        out.line("/**")
        out.line(" * What a node of type `N` passes its renderer function besides its props: its rendered children")
        out.line(" * and named slots.")
        out.line(" */")
        var parts: [String] = []
        if children {
            parts.append(
                "(N extends { readonly children: readonly Node[] } ? { readonly children: readonly Output[] } : {})")
        }
        if slots {
            parts.append(
                "(N extends { readonly slots: infer S } ? { readonly slots: { readonly [K in keyof S]: readonly Output[] } } : {})"
            )
        }
        if parts.isEmpty {
            out.line("export type Rendered<N extends Node, Output> = {};")
        } else {
            out.line("export type Rendered<N extends Node, Output> =")
            out.indent()
            for (index, part) in parts.enumerated() { out.line(part + (index == parts.count - 1 ? ";" : " &")) }
            out.dedent()
        }
        out.line("")
        out.line("/**")
        out.line(" * Renders the components of contract \(version) into the app's own `Output` (DOM nodes, React")
        out.line(" * elements, a string): one function per component type, given its typed props, its rendered")
        out.line(
            " * children and slots, and the node. A renderer of contract \(version) that leaves one out does not compile."
        )
        out.line(" */")
        out.open("export type Renderer<Output> = {")
        out.line(
            "readonly [N in Node as N[\"type\"]]: (props: N[\"props\"], rendered: Rendered<N, Output>, node: N) => Output;"
        )
        out.close("};")
        out.line("")
        out.line("/** Renders `node` with `renderer`: its children and slots first, then the node itself. */")
        out.open("export function render<Output>(renderer: Renderer<Output>, node: Node): Output {")
        out.line("const rendered: { children?: Output[]; slots?: { [name: string]: Output[] } } = {};")
        if children {
            out.open("if (\"children\" in node) {")
            out.line("rendered.children = node.children.map((child) => render(renderer, child));")
            out.close("}")
        }
        if slots {
            out.open("if (\"slots\" in node) {")
            out.line("const drawn: { [name: string]: Output[] } = {};")
            out.open("for (const [name, nodes] of Object.entries(node.slots)) {")
            out.line("drawn[name] = (nodes as readonly Node[]).map((child) => render(renderer, child));")
            out.close("}")
            out.line("rendered.slots = drawn;")
            out.close("}")
        }
        out.line(
            "const draw = renderer[node.type] as unknown as (props: unknown, rendered: unknown, node: Node) => Output;")
        out.line("return draw(node.props, rendered, node);")
        out.close("}")
        if shape.layouts == nil {
            out.line("")
            if shape.rootIsList {
                out.line("/** Renders an envelope's root nodes. */")
                out.open(
                    "export function renderEnvelope<Output>(renderer: Renderer<Output>, envelope: Envelope): Output[] {"
                )
                out.line("return envelope.root.map((node) => render(renderer, node));")
            } else {
                out.line("/** Renders an envelope's root. */")
                out.open(
                    "export function renderEnvelope<Output>(renderer: Renderer<Output>, envelope: Envelope): Output {")
                out.line("return render(renderer, envelope.root);")
            }
            out.close("}")
        }
        guard !contract.actions.isEmpty else {
            out.line("")
            out.line("// Contract \(version) declares no action kinds: there is no ActionHandler or perform().")
            return
        }
        out.line("")
        out.line("/**")
        out.line(" * Runs the actions of contract \(version): one function per action kind, given its typed fields")
        out.line(" * and the action (a `sequence` function runs `perform` on each of its actions in turn). A")
        out.line(" * handler of contract \(version) that leaves one out does not compile.")
        out.line(" */")
        out.open("export type ActionHandler = {")
        out.line("readonly [A in Action as A[\"kind\"]]: (fields: A[\"fields\"], action: A) => void | Promise<void>;")
        out.close("};")
        out.line("")
        out.line("/** Runs `action` with `handler`. */")
        out.open("export async function perform(handler: ActionHandler, action: Action): Promise<void> {")
        out.line(
            "const run = handler[action.kind] as unknown as (fields: unknown, action: Action) => void | Promise<void>;")
        out.line("await run(action.fields, action);")
        out.close("}")
    }
}
