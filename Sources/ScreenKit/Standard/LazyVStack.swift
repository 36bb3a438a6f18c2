/// A vertical stack that creates its children lazily, for long lists.
public struct LazyVStack: Component {
    /// `lazyVStack`: spacing (8).
    public static let schema = ComponentSchema(
        type: "lazyVStack", props: [.defaulted("spacing", .number, 8)], hasChildren: true
    )

    /// The node.
    public var node: Node

    /// A lazy stack of the block's children.
    public init(
        id: String? = nil, spacing: Double? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        @ScreenBuilder content: () -> [Node]
    ) {
        node = Self.makeNode(
            id: id, .ifSet("spacing", spacing.wire), children: content(),
            source: SourceLocation(file: file, line: line, column: column)
        )
    }
}
