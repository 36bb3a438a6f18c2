/// A thin horizontal rule (contract version 2); older clients drop it.
public struct Divider: Component {
    /// `divider`: thickness (1), color (optional); falls back to nothing.
    public static let schema = ComponentSchema(
        type: "divider",
        props: [
            .defaulted("thickness", .number, 1),
            .optional("color", .color),
        ],
        fallback: .drop
    )

    /// The node.
    public var node: Node

    /// A divider.
    public init(id: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column) {
        node = Self.makeNode(id: id, nil, source: SourceLocation(file: file, line: line, column: column))
    }

    /// The line's thickness, in points.
    public consuming func thickness(_ points: Double) -> Divider { setting("thickness", .number(points)) }
    /// The line's color, as `#RRGGBB` or `#AARRGGBB`.
    public consuming func color(_ hex: String) -> Divider { setting("color", .string(hex)) }
    /// The line's color, a token of the app's design system: its name for clients that know it, its light
    /// literal for older ones.
    public consuming func color(_ token: ColorToken) -> Divider { setting("color", token.wireValue) }
}
