/// A run of text.
public struct Text: Component {
    /// `text`: content (required), style (body), color (optional).
    public static let schema = ComponentSchema(
        type: "text",
        props: [
            .required("content", .string),
            .defaulted("style", TextStyle.body),
            .optional("color", .color),
        ]
    )

    /// The node.
    public var node: Node

    /// Text showing `content`.
    public init(
        _ content: String,
        id: String? = nil,
        file: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        node = Self.makeNode(
            id: id,
            props: [Prop(key: "content", value: .string(content))],
            source: SourceLocation(file: file, line: line, column: column)
        )
    }

    /// The typographic style.
    public func style(_ style: TextStyle) -> Text { setting("style", style.wireValue) }
    /// The color, as `#RRGGBB` or `#AARRGGBB`.
    public func color(_ hex: String) -> Text { setting("color", .string(hex)) }
}
