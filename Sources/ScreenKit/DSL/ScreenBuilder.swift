/// Builds a list of nodes from a block of components, `if`/`else`, optionals and `for` loops.
///
/// Concrete `[Node]` and one existential throughout: no generic tuple or pack types and, as in
/// Plot's builder, no `buildExpression`, so each statement adds as few constraints as possible
/// and errors name components, not builder internals.
@resultBuilder
public enum ScreenBuilder {
    /// A block of statements: components, nodes or sections.
    public static func buildBlock(_ parts: any ScreenContent...) -> [Node] {
        if parts.count == 1 { return parts[0].nodes }
        var nodes: [Node] = []
        nodes.reserveCapacity(parts.count)
        for part in parts { part.appendNodes(to: &nodes) }
        return nodes
    }

    /// An `if` without `else`.
    public static func buildOptional(_ part: [Node]?) -> [Node] {
        part ?? []
    }

    /// The `if` branch of an `if`/`else` or a `switch` case.
    public static func buildEither(first part: [Node]) -> [Node] {
        part
    }

    /// The `else` branch of an `if`/`else` or a `switch` case.
    public static func buildEither(second part: [Node]) -> [Node] {
        part
    }

    /// A `for` loop.
    public static func buildArray(_ parts: [[Node]]) -> [Node] {
        var nodes: [Node] = []
        var count = 0
        for part in parts { count += part.count }
        nodes.reserveCapacity(count)
        for part in parts { nodes.append(contentsOf: part) }
        return nodes
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ part: [Node]) -> [Node] {
        part
    }
}

/// Builds a list of actions, for `.sequence { ... }`.
@resultBuilder
public enum ActionBuilder {
    /// One action.
    public static func buildExpression(_ action: Action) -> [Action] {
        [action]
    }

    /// A block of actions.
    public static func buildBlock(_ parts: [Action]...) -> [Action] {
        if parts.count == 1 { return parts[0] }
        var actions: [Action] = []
        for part in parts { actions.append(contentsOf: part) }
        return actions
    }

    /// An `if` without `else`.
    public static func buildOptional(_ part: [Action]?) -> [Action] {
        part ?? []
    }

    /// The `if` branch.
    public static func buildEither(first part: [Action]) -> [Action] {
        part
    }

    /// The `else` branch.
    public static func buildEither(second part: [Action]) -> [Action] {
        part
    }

    /// A `for` loop.
    public static func buildArray(_ parts: [[Action]]) -> [Action] {
        parts.flatMap { $0 }
    }
}
