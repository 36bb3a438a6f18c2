/// A text input bound to a state key. It binds state, so its ID is explicit.
public struct TextField: Component {
    /// `textField`: placeholder (required), stateKey (required), keyboardType (default),
    /// isSecure (false).
    public static let schema = ComponentSchema(
        type: "textField",
        props: [
            .required("placeholder", .string).accessibility(.label),
            .required("stateKey", .string, nonEmpty: true).referring(to: .stateKey),
            .defaulted("keyboardType", Keyboard.default),
            .defaulted("isSecure", .bool, false),
        ]
    )

    /// The node.
    public var node: Node

    /// A field showing `placeholder` whose text is the state value at `stateKey`.
    public init(
        _ placeholder: String, id: String, stateKey: String, file: String = #filePath, line: Int = #line,
        column: Int = #column
    ) {
        node = Self.makeNode(
            id: id,
            Prop(key: "placeholder", value: .string(placeholder)),
            Prop(key: "stateKey", value: .string(stateKey)),
            source: SourceLocation(file: file, line: line, column: column)
        )
    }

    /// A field whose placeholder is in the locale the screen is built for, its text the state
    /// value at `stateKey`.
    public init(
        localized placeholder: LocalizedString, id: String, stateKey: String, file: String = #filePath,
        line: Int = #line, column: Int = #column
    ) {
        self.init("", id: id, stateKey: stateKey, file: file, line: line, column: column)
        node.set("placeholder", .localized(placeholder))
    }

    /// The keyboard to show.
    public consuming func keyboard(_ keyboard: Keyboard) -> TextField { setting("keyboardType", keyboard.wireValue) }
    /// Whether the input is hidden, as for passwords.
    public consuming func secure(_ isSecure: Bool = true) -> TextField { setting("isSecure", .bool(isSecure)) }
}
