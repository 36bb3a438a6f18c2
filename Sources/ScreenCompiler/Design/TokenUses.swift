import ScreenKit

/// Where screens name each colour token: the first node per token, found by walking every screen
/// (fallbacks and experiment arms included) through the colour props their components declare.
enum TokenUses {
    /// The first use of each token named in `screens`, keyed by token name.
    static func collect(in screens: [Screen], catalog: Catalog) -> [String: SourceLocation] {
        guard !catalog.tokens.isEmpty else { return [:] }
        var first: [String: SourceLocation] = [:]
        var colorKeys: [String: [String]] = [:]
        for component in catalog.components where colorKeys[component.type] == nil {
            colorKeys[component.type] = component.props.filter { holdsColor($0.type) }.map(\.key)
        }
        func names(in value: Value, into found: inout [String]) {
            switch value {
            case .string(let text) where ColorToken.isTokenName(text): found.append(text)
            case .list(let items): for item in items { names(in: item, into: &found) }
            case .map(let items): for item in items.values { names(in: item, into: &found) }
            default: break
            }
        }
        func visit(_ node: Node, depth: Int) {
            guard depth <= ScreenLimits.maximumDepth else { return }
            for key in colorKeys[node.type] ?? [] {
                guard let value = node[prop: key] else { continue }
                var found: [String] = []
                names(in: value, into: &found)
                for name in found where first[name] == nil { first[name] = node.source }
            }
            node.forEachChild { visit(copy $0, depth: depth + 1) }
            if case .node(let fallback)? = node.fallback { visit(fallback, depth: depth + 1) }
            for arm in node.experiment?.arms ?? [] { arm.content.forEach { visit($0, depth: depth + 1) } }
        }
        for screen in screens { screen.content.forEach { visit($0, depth: 0) } }
        return first
    }

    /// Whether a prop of `type` may hold a colour.
    static func holdsColor(_ type: PropType) -> Bool {
        switch type {
        case .color: true
        case .list(let element), .map(let element): holdsColor(element)
        default: false
        }
    }
}
