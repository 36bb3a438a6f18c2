/// A vertical stack of children.
public struct Column: Component {
    /// `column`: spacing (8), padding (0), alignment (center).
    public static let schema = ComponentSchema(
        type: "column",
        props: [
            .defaulted("spacing", .number, 8),
            .defaulted("padding", .number, 0),
            .defaulted("alignment", HorizontalAlignment.center),
        ],
        hasChildren: true
    )

    /// The node.
    public var node: Node

    /// A column of the block's children.
    public init(
        id: String? = nil, spacing: Double? = nil, alignment: HorizontalAlignment? = nil, file: String = #filePath,
        line: Int = #line, column: Int = #column, @ScreenBuilder content: () -> [Node]
    ) {
        node = Self.makeNode(
            id: id, .ifSet("spacing", spacing.wire), .ifSet("alignment", alignment.wire), children: content(),
            source: SourceLocation(file: file, line: line, column: column)
        )
    }

    /// Space between children, in points.
    public consuming func spacing(_ points: Double) -> Column { setting("spacing", .number(points)) }
    /// Inset around the children, in points.
    public consuming func padding(_ points: Double) -> Column { setting("padding", .number(points)) }
    /// How children line up horizontally.
    public consuming func alignment(_ alignment: HorizontalAlignment) -> Column {
        setting("alignment", alignment.wireValue)
    }
}
