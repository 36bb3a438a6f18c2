/// The type of a prop or action field, as the contract records it.
public indirect enum PropType: Sendable, Hashable {
    /// Any string.
    case string
    /// A finite number.
    case number
    /// A Boolean.
    case bool
    /// A hex color string, `#RRGGBB` or `#AARRGGBB`.
    case color
    /// An absolute URL string.
    case url
    /// One value of a closed set of strings.
    case enumeration(EnumSchema)
    /// An action.
    case action
    /// A string, number or Boolean.
    case scalar
    /// A list of values of one type.
    case list(PropType)
    /// A map from strings to values of one type.
    case map(PropType)

    /// The canonical name written in contracts and messages, e.g. `[string]` or `enum TextStyle`.
    public var name: String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .bool: "bool"
        case .color: "color"
        case .url: "url"
        case .enumeration(let schema): "enum \(schema.name)"
        case .action: "action"
        case .scalar: "scalar"
        case .list(let element): "[\(element.name)]"
        case .map(let element): "{\(element.name)}"
        }
    }
}
