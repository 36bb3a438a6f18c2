/// A remote image.
public struct Image: Component {
    /// `image`: url (required), contentMode (fit), width, height (optional), cornerRadius (0),
    /// accessibilityLabel (optional).
    public static let schema = ComponentSchema(
        type: "image",
        props: [
            .required("url", .url),
            .defaulted("contentMode", ContentMode.fit),
            .optional("width", .number).accessibility(.width),
            .optional("height", .number).accessibility(.height),
            .defaulted("cornerRadius", .number, 0),
            .optional("accessibilityLabel", .string).accessibility(.imageDescription),
        ]
    )

    /// The node.
    public var node: Node

    /// An image loaded from `url`.
    public init(url: String, id: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column) {
        node = Self.makeNode(
            id: id, Prop(key: "url", value: .string(url)),
            source: SourceLocation(file: file, line: line, column: column)
        )
    }

    /// How the image fills its frame.
    public consuming func contentMode(_ mode: ContentMode) -> Image { setting("contentMode", mode.wireValue) }
    /// A fixed width and/or height, in points.
    public consuming func frame(width: Double? = nil, height: Double? = nil) -> Image {
        setting("width", width.wire).setting("height", height.wire)
    }
    /// Rounded corners, in points.
    public consuming func cornerRadius(_ points: Double) -> Image { setting("cornerRadius", .number(points)) }
    /// What a screen reader says for the image.
    public consuming func accessibilityLabel(_ label: String) -> Image { setting("accessibilityLabel", .string(label)) }
    /// What a screen reader says for the image, in the locale the screen is built for.
    public consuming func accessibilityLabel(localized label: LocalizedString) -> Image {
        setting("accessibilityLabel", .localized(label))
    }
    /// Marks the image decorative: an empty label, which screen readers skip.
    public consuming func decorative() -> Image { setting("accessibilityLabel", .string("")) }
}
