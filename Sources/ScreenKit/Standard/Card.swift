/// A rounded, padded surface grouping its children; optionally tappable.
public struct Card: Component {
    /// `card`: padding (16), cornerRadius (12), action (optional).
    public static let schema = ComponentSchema(
        type: "card",
        props: [
            .defaulted("padding", .number, 16),
            .defaulted("cornerRadius", .number, 12),
            .optional("action", .action),
        ],
        hasChildren: true
    )

    /// The node.
    public var node: Node

    /// A card of the block's children.
    public init(
        id: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        @ScreenBuilder content: () -> [Node]
    ) {
        node = Self.makeNode(
            id: id, props: [], children: content(), source: SourceLocation(file: file, line: line, column: column)
        )
    }

    /// A tappable card that runs `action`; it carries an action, so its ID is explicit.
    public init(
        id: String, action: Action, file: String = #filePath, line: Int = #line, column: Int = #column,
        @ScreenBuilder content: () -> [Node]
    ) {
        node = Self.makeNode(
            id: id, Prop(key: "action", value: .action(action)), children: content(),
            source: SourceLocation(file: file, line: line, column: column)
        )
    }

    /// Inset around the children, in points.
    public consuming func padding(_ points: Double) -> Card { setting("padding", .number(points)) }
    /// Rounded corners, in points.
    public consuming func cornerRadius(_ points: Double) -> Card { setting("cornerRadius", .number(points)) }
}
