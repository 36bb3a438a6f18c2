/// Empty space: fixed when a size is given, flexible otherwise.
public struct Spacer: Component {
    /// `spacer`: height, width (optional).
    public static let schema = ComponentSchema(
        type: "spacer", props: [.optional("height", .number), .optional("width", .number)]
    )

    /// The node.
    public var node: Node

    /// A spacer, optionally of fixed height and/or width.
    public init(
        height: Double? = nil, width: Double? = nil, id: String? = nil, file: String = #filePath, line: Int = #line,
        column: Int = #column
    ) {
        node = Self.makeNode(
            id: id, .ifSet("height", height.wire), .ifSet("width", width.wire),
            source: SourceLocation(file: file, line: line, column: column)
        )
    }
}
