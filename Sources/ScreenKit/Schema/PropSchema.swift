/// Whether a prop must be set, may be omitted, or has a default written when omitted.
public enum Presence: Sendable, Hashable {
    /// Must be set.
    case required
    /// May be omitted; an omitted value is left out of the payload, never written as `null`.
    case optional
    /// May be omitted; the default is written explicitly so strict clients always find the key.
    case defaulted(Value)
}

/// The declaration of one prop or action field: wire key, type and presence.
public struct PropSchema: Sendable, Hashable {
    /// The wire key; the contract, so it never changes.
    public var key: String
    /// The type.
    public var type: PropType
    /// Required, optional or defaulted.
    public var presence: Presence
    /// Whether an empty string is refused.
    public var nonEmpty: Bool

    /// Creates a prop declaration.
    public init(_ key: String, _ type: PropType, _ presence: Presence, nonEmpty: Bool = false) {
        self.key = key
        self.type = type
        self.presence = presence
        self.nonEmpty = nonEmpty
    }

    /// A required prop.
    public static func required(_ key: String, _ type: PropType, nonEmpty: Bool = false) -> PropSchema {
        PropSchema(key, type, .required, nonEmpty: nonEmpty)
    }

    /// An optional prop, omitted from the payload when not set.
    public static func optional(_ key: String, _ type: PropType) -> PropSchema {
        PropSchema(key, type, .optional)
    }

    /// A prop with a default value, written explicitly when not set.
    public static func defaulted(_ key: String, _ type: PropType, _ value: Value) -> PropSchema {
        PropSchema(key, type, .defaulted(value))
    }

    /// An enum prop with a default case, written explicitly when not set.
    public static func defaulted<E: WireEnum>(_ key: String, _ value: E) -> PropSchema {
        PropSchema(key, .enumeration(E.schema), .defaulted(.string(value.rawValue)))
    }

    /// The default value, if the prop has one.
    public var defaultValue: Value? {
        if case .defaulted(let value) = presence { return value }
        return nil
    }
}
