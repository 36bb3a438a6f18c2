/// A value in the node tree: a prop, an action field or an initial-state entry.
public enum Value: Sendable, Hashable {
    /// A string.
    case string(String)
    /// A number; written as an integer when it has no fraction.
    case number(Double)
    /// A Boolean.
    case bool(Bool)
    /// A list of values.
    case list([Value])
    /// A string-keyed map, written with its keys sorted.
    case map([String: Value])
    /// An action.
    case action(Action)
    /// A string looked up in the app's String Catalog for the locale the screen is built for; the
    /// compiler replaces it with the ``string(_:)`` of each locale before validating and writing.
    case localized(LocalizedString)
}

extension Value: ExpressibleByStringLiteral {
    /// Creates a string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Value: ExpressibleByIntegerLiteral {
    /// Creates a number value from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension Value: ExpressibleByFloatLiteral {
    /// Creates a number value from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension Value: ExpressibleByBooleanLiteral {
    /// Creates a Boolean value from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Value {
    /// A short name of the value's kind, for messages.
    public var kindName: String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .bool: "bool"
        case .list: "list"
        case .map: "map"
        case .action: "action"
        case .localized: "localized string"
        }
    }
}

extension Value {
    /// Whether the value is, or holds, a localized string.
    package var holdsLocalized: Bool {
        switch self {
        case .localized: true
        case .list(let values): values.contains { $0.holdsLocalized }
        case .map(let map): map.values.contains { $0.holdsLocalized }
        case .action(let action): action.holdsLocalized
        case .string, .number, .bool: false
        }
    }
}

extension Value {
    /// ``holdsLocalized`` with the plain scalars answered without a call: what a node checks as
    /// each prop is set.
    @inline(__always) var mayHoldLocalized: Bool {
        switch self {
        case .string, .number, .bool: false
        case .localized: true
        case .list, .map, .action: holdsLocalized
        }
    }
}

extension Action {
    /// Whether a field, or the fallback's, holds a localized string.
    package var holdsLocalized: Bool {
        for index in fields.indices where fields[index].value.mayHoldLocalized { return true }
        if case .action(let fallback) = fallback { return fallback.holdsLocalized }
        return false
    }
}
