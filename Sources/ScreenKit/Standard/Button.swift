/// A tappable button that runs an action. It carries an action, so its ID is explicit.
public struct Button: Component {
    /// `button`: label (required), action (required), style (primary), isEnabled (true).
    public static let schema = ComponentSchema(
        type: "button",
        props: [
            .required("label", .string).accessibility(.label),
            .required("action", .action),
            .defaulted("style", ButtonStyle.primary),
            .defaulted("isEnabled", .bool, true),
        ]
    )

    /// The node.
    public var node: Node

    /// A button labelled `label` that runs `action`.
    public init(
        _ label: String, id: String, action: Action, file: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(
            label: .string(label), id: id, action: action,
            source: SourceLocation(file: file, line: line, column: column))
    }

    /// A button labelled `label` in the locale the screen is built for, running `action`.
    public init(
        localized label: LocalizedString, id: String, action: Action, file: String = #filePath, line: Int = #line,
        column: Int = #column
    ) {
        self.init(
            label: .localized(label), id: id, action: action,
            source: SourceLocation(file: file, line: line, column: column))
    }

    private init(label: Value, id: String, action: Action, source: SourceLocation) {
        node = Self.makeNode(
            id: id, Prop(key: "label", value: label), Prop(key: "action", value: .action(action)),
            source: source)
    }

    /// The visual style.
    public consuming func style(_ style: ButtonStyle) -> Button { setting("style", style.wireValue) }
    /// Whether the button can be tapped.
    public consuming func enabled(_ isEnabled: Bool) -> Button { setting("isEnabled", .bool(isEnabled)) }
}
