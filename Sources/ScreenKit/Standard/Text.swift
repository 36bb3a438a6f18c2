/// A run of text.
public struct Text: Component {
    /// `text`: content (required), style (body), color (optional), maxLines (optional, version 2).
    public static let schema = ComponentSchema(
        type: "text",
        props: [
            .required("content", .string).accessibility(.label),
            .defaulted("style", TextStyle.body),
            .optional("color", .color).accessibility(.foreground),
            .optional("maxLines", .number),
        ]
    )

    /// The node.
    public var node: Node

    /// Text showing `content`.
    public init(
        _ content: String, id: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(content: .string(content), id: id, source: SourceLocation(file: file, line: line, column: column))
    }

    /// Text showing `content` in the locale the screen is built for (see ``LocalizedString``).
    public init(
        localized content: LocalizedString, id: String? = nil, file: String = #filePath, line: Int = #line,
        column: Int = #column
    ) {
        self.init(
            content: .localized(content), id: id, source: SourceLocation(file: file, line: line, column: column))
    }

    private init(content: Value, id: String?, source: SourceLocation) {
        node = Self.makeNode(id: id, Prop(key: "content", value: content), source: source)
    }

    /// The typographic style.
    public consuming func style(_ style: TextStyle) -> Text { setting("style", style.wireValue) }
    /// The color, as `#RRGGBB` or `#AARRGGBB`.
    public consuming func color(_ hex: String) -> Text { setting("color", .string(hex)) }
    /// The color, a token of the app's design system: its name for clients that know it, its light
    /// literal for older ones.
    public consuming func color(_ token: ColorToken) -> Text { setting("color", token.wireValue) }
    /// The most lines to show before truncating; clients before contract version 2 show all lines.
    public consuming func lineLimit(_ lines: Int) -> Text { setting("maxLines", .number(Double(lines))) }
}
