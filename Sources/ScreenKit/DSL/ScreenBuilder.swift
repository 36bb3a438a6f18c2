/// Builds a list of nodes from a block of components, `if`/`else`, optionals and `for` loops.
///
/// Concrete types and one existential throughout: no generic tuple or pack types and, as in
/// Plot's builder, no `buildExpression`, so each statement adds as few constraints as possible
/// and errors name components, not builder internals. Inside a block the partial results are
/// ``ScreenBuilder/Part`` values, which hold one node without an array: a loop's iterations and an
/// `if`'s branch of one component each make no array of their own; the block's final result is
/// the `[Node]` its container keeps.
@resultBuilder
public enum ScreenBuilder {
    /// What a statement, a branch or a loop of a block contributes: no node, one, or several.
    public enum Part: ScreenContent {
        /// No node.
        case none
        /// One node, held without an array.
        case one(Node)
        /// Several nodes.
        case many([Node])

        /// The nodes, as an array.
        public var nodes: [Node] {
            switch self {
            case .none: []
            case .one(let node): [node]
            case .many(let nodes): nodes
            }
        }

        /// Itself.
        public var builderPart: ScreenBuilder.Part { self }

        /// How many nodes.
        var count: Int {
            switch self {
            case .none: 0
            case .one: 1
            case .many(let nodes): nodes.count
            }
        }

        /// Appends the nodes to `nodes`.
        public func appendNodes(to nodes: inout [Node]) {
            switch self {
            case .none: break
            case .one(let node): nodes.append(node)
            case .many(let more): nodes.append(contentsOf: more)
            }
        }
    }

    /// A block of statements: components, nodes or sections.
    public static func buildBlock(_ parts: any ScreenContent...) -> Part {
        if parts.count == 1 { return parts[0].builderPart }
        var nodes: [Node] = []
        nodes.reserveCapacity(parts.count)
        for part in parts { part.appendNodes(to: &nodes) }
        return .many(nodes)
    }

    /// An `if` without `else`.
    public static func buildOptional(_ part: Part?) -> Part {
        part ?? .none
    }

    /// The `if` branch of an `if`/`else` or a `switch` case.
    public static func buildEither(first part: Part) -> Part {
        part
    }

    /// The `else` branch of an `if`/`else` or a `switch` case.
    public static func buildEither(second part: Part) -> Part {
        part
    }

    /// A `for` loop.
    public static func buildArray(_ parts: [Part]) -> Part {
        var nodes: [Node] = []
        var count = 0
        for part in parts { count += part.count }
        nodes.reserveCapacity(count)
        for part in parts { part.appendNodes(to: &nodes) }
        return .many(nodes)
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ part: Part) -> Part {
        part
    }

    /// The block's nodes, as its container keeps them.
    public static func buildFinalResult(_ part: Part) -> [Node] {
        part.nodes
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
