/// A scrolling container.
public struct ScrollView: Component {
    /// `scrollView`: axis (vertical).
    public static let schema = ComponentSchema(
        type: "scrollView", props: [.defaulted("axis", ScrollAxis.vertical)], hasChildren: true
    )

    /// The node.
    public var node: Node

    /// A scroll view of the block's children.
    public init(
        _ axis: ScrollAxis? = nil, id: String? = nil, file: String = #filePath, line: Int = #line,
        column: Int = #column, @ScreenBuilder content: () -> [Node]
    ) {
        node = Self.makeNode(
            id: id, .ifSet("axis", axis.wire), children: content(),
            source: SourceLocation(file: file, line: line, column: column)
        )
    }
}
