/// A horizontal stack of children.
public struct Row: Component {
    /// `row`: spacing (8), alignment (center).
    public static let schema = ComponentSchema(
        type: "row",
        props: [
            .defaulted("spacing", .number, 8),
            .defaulted("alignment", VerticalAlignment.center),
        ],
        hasChildren: true
    )

    /// The node.
    public var node: Node

    /// A row of the block's children.
    public init(
        id: String? = nil, spacing: Double? = nil, alignment: VerticalAlignment? = nil, file: String = #filePath,
        line: Int = #line, column: Int = #column, @ScreenBuilder content: () -> [Node]
    ) {
        node = Self.makeNode(
            id: id, .ifSet("spacing", spacing.wire), .ifSet("alignment", alignment.wire), children: content(),
            source: SourceLocation(file: file, line: line, column: column)
        )
    }

    /// Space between children, in points.
    public consuming func spacing(_ points: Double) -> Row { setting("spacing", .number(points)) }
    /// How children line up vertically.
    public consuming func alignment(_ alignment: VerticalAlignment) -> Row { setting("alignment", alignment.wireValue) }
}
