// A renderer of the example app's contract 4, as an iOS team writes it over the generated
// ScreenModel.swift (`screenkit contract codegen swift --version 4`). The "Rendering on the
// client" article shows it; RenderingOnTheClientTests compiles it with that file and runs it.

// snippet: outline-renderer
/// Draws contract 4's screens as an indented outline. A SwiftUI app writes the same conformance
/// with `Output = AnyView`, a UIKit app with `Output = UIView`: one function per component, and
/// the compiler refuses the conformance when one is missing.
struct OutlineRenderer: ScreenModelRenderer {
    func button(_ props: ScreenModel.Components.Button, node: ScreenModel.Node) -> String {
        props.isEnabled ? "[\(props.label)]" : "[\(props.label)] (disabled)"
    }
    func card(_ props: ScreenModel.Components.Card, children: [String], node: ScreenModel.Node) -> String {
        group("card", children)
    }
    func column(_ props: ScreenModel.Components.Column, children: [String], node: ScreenModel.Node) -> String {
        group("column", children)
    }
    func divider(_ props: ScreenModel.Components.Divider, node: ScreenModel.Node) -> String { "—" }
    func image(_ props: ScreenModel.Components.Image, node: ScreenModel.Node) -> String {
        "image \(props.accessibilityLabel ?? props.url)"
    }
    func lazyVStack(_ props: ScreenModel.Components.LazyVStack, children: [String], node: ScreenModel.Node)
        -> String
    { group("list", children) }
    func productCard(_ props: ScreenModel.Components.ProductCard, node: ScreenModel.Node) -> String {
        "product \(props.title), \(props.price)"
    }
    func row(_ props: ScreenModel.Components.Row, children: [String], node: ScreenModel.Node) -> String {
        group("row", children)
    }
    func scrollView(_ props: ScreenModel.Components.ScrollView, children: [String], node: ScreenModel.Node)
        -> String
    { group("scroll", children) }
    func spacer(_ props: ScreenModel.Components.Spacer, node: ScreenModel.Node) -> String { "·" }
    func text(_ props: ScreenModel.Components.Text, node: ScreenModel.Node) -> String {
        // A token is drawn in the app's own colour, named by the token's enum; a literal as it is.
        switch props.color.map(ScreenModel.ColorValue.init) {
        case .token(let token)?: "\"\(props.content)\" in \(token.colorName)"
        case .literal(let hex)?: "\"\(props.content)\" in \(hex)"
        case nil: "\"\(props.content)\""
        }
    }
    func textField(_ props: ScreenModel.Components.TextField, node: ScreenModel.Node) -> String {
        "field \(props.placeholder) → \(props.stateKey)"
    }

    /// `name`, then each child's lines indented.
    private func group(_ name: String, _ children: [String]) -> String {
        ([name] + children.flatMap { $0.split(separator: "\n").map { "  " + $0 } }).joined(separator: "\n")
    }
}

/// Runs contract 4's actions; a `sequence` runs its actions in order by default.
actor ActionLog: ScreenModelActionHandler {
    private(set) var done: [String] = []

    func apiCall(_ action: ScreenModel.Actions.ApiCall) async { done.append("\(action.method) \(action.endpoint)") }
    func navigate(_ action: ScreenModel.Actions.Navigate) async { done.append("open \(action.destination)") }
    func openURL(_ action: ScreenModel.Actions.OpenURL) async { done.append("browse \(action.url)") }
    func share(_ action: ScreenModel.Actions.Share) async { done.append("share \(action.url)") }
    func showAlert(_ action: ScreenModel.Actions.ShowAlert) async { done.append("alert \(action.title)") }
    func updateState(_ action: ScreenModel.Actions.UpdateState) async { done.append("set \(action.key)") }
}
// snippet: end
