/// Whether a prop must be set, may be omitted, or has a default written when omitted.
public enum Presence: Sendable, Hashable {
    /// Must be set.
    case required
    /// May be omitted; an omitted value is left out of the payload, never written as `null`.
    case optional
    /// May be omitted; the default is written explicitly so strict clients always find the key.
    case defaulted(Value)
}

/// What a string prop names, so references can be checked before publishing.
public enum Reference: String, Sendable, Hashable {
    /// A screen ID in the catalog (or declared external).
    case screen
    /// A key of the screen's initial state.
    case stateKey
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
    /// What the string (or each string of a list) names; checked by the compiler, not part of the contract.
    public var reference: Reference?
    /// What the value means (a unit, a role: "price in cents, tax included"); frozen with the prop,
    /// so a repurposed key shows up in review.
    public var meaning: String?
    /// Where the prop was declared in Swift, when known; not part of the contract.
    public var source: SourceLocation?
    /// What the prop is to assistive technology and the accessibility rules (a label, a colour, a
    /// background, a size); checked by the compiler, not part of the contract.
    public var accessibility: AccessibilityRole?

    /// Creates a prop declaration.
    public init(
        _ key: String, _ type: PropType, _ presence: Presence, nonEmpty: Bool = false, source: SourceLocation? = nil
    ) {
        self.key = key
        self.type = type
        self.presence = presence
        self.nonEmpty = nonEmpty
        self.source = source
    }

    /// A required prop.
    public static func required(
        _ key: String, _ type: PropType, nonEmpty: Bool = false, file: String = #filePath, line: Int = #line
    ) -> PropSchema {
        PropSchema(key, type, .required, nonEmpty: nonEmpty, source: SourceLocation(file: file, line: line, column: 1))
    }

    /// An optional prop, omitted from the payload when not set.
    public static func optional(
        _ key: String, _ type: PropType, file: String = #filePath, line: Int = #line
    ) -> PropSchema {
        PropSchema(key, type, .optional, source: SourceLocation(file: file, line: line, column: 1))
    }

    /// A prop with a default value, written explicitly when not set.
    public static func defaulted(
        _ key: String, _ type: PropType, _ value: Value, file: String = #filePath, line: Int = #line
    ) -> PropSchema {
        PropSchema(key, type, .defaulted(value), source: SourceLocation(file: file, line: line, column: 1))
    }

    /// An enum prop with a default case, written explicitly when not set.
    public static func defaulted<E: WireEnum>(
        _ key: String, _ value: E, file: String = #filePath, line: Int = #line
    ) -> PropSchema {
        PropSchema(
            key, .enumeration(E.schema), .defaulted(.string(value.rawValue)),
            source: SourceLocation(file: file, line: line, column: 1))
    }

    /// A copy whose value names a screen or a state key.
    public func referring(to reference: Reference) -> PropSchema {
        var copy = self
        copy.reference = reference
        return copy
    }

    /// A copy that the accessibility rules read as `role`: a label, a colour, a background or a size.
    public func accessibility(_ role: AccessibilityRole) -> PropSchema {
        var copy = self
        copy.accessibility = role
        return copy
    }

    /// A copy whose meaning is frozen with it (see ``meaning``).
    public func meaning(_ meaning: String) -> PropSchema {
        var copy = self
        copy.meaning = meaning
        return copy
    }

    /// Equal when the contract is equal: the source location, reference and accessibility role do not count.
    public static func == (lhs: PropSchema, rhs: PropSchema) -> Bool {
        lhs.key == rhs.key && lhs.type == rhs.type && lhs.presence == rhs.presence && lhs.nonEmpty == rhs.nonEmpty
            && lhs.meaning == rhs.meaning
    }

    /// Hashes what the contract holds, not the source location.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(type)
        hasher.combine(presence)
        hasher.combine(nonEmpty)
        hasher.combine(meaning)
    }

    /// The default value, if the prop has one.
    public var defaultValue: Value? {
        if case .defaulted(let value) = presence { return value }
        return nil
    }
}
