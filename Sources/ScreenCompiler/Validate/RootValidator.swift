import ScreenKit

/// Checks that a screen's body produced exactly one root node.
struct RootValidator: ScreenValidator {
    func validate(_ screen: ResolvedScreen, in context: ValidationContext) -> [Diagnostic] {
        let count = screen.screen.content.count
        guard count != 1 else { return [] }
        let detail = count == 0 ? "no node" : "\(count) nodes"
        return [
            ScreenRules.screenRoot.diagnostic(
                "screen \"\(screen.screen.id)\" has \(detail) at the top level; it needs exactly one root (wrap them in a Column)",
                at: screen.screen.source, path: screen.screen.id)
        ]
    }
}
