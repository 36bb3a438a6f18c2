/// A closed set of string values, such as `TextStyle`, as the contract records it.
public struct EnumSchema: Sendable, Hashable {
    /// The enum's contract name, e.g. `TextStyle`.
    public var name: String
    /// The values, in declaration order.
    public var cases: [EnumCase]

    /// Creates an enum declaration.
    public init(name: String, cases: [EnumCase]) {
        self.name = name
        self.cases = cases
    }

    /// Whether `value` is one of the cases.
    public func contains(_ value: String) -> Bool {
        cases.contains { $0.value == value }
    }
}

/// One value of an enum and, for values added later, the older value clients get instead.
public struct EnumCase: Sendable, Hashable {
    /// The wire value.
    public var value: String
    /// The value an older client that does not know this one receives.
    public var fallback: String?
    /// What the value means, frozen with it (see ``PropSchema/meaning``).
    public var meaning: String?

    /// Creates an enum case.
    public init(_ value: String, fallback: String? = nil, meaning: String? = nil) {
        self.value = value
        self.fallback = fallback
        self.meaning = meaning
    }
}

/// A Swift enum whose raw values are wire values of a contract enum.
///
/// Its ``contractName`` is its identity in the contract, declared like a component's wire type so
/// that renaming the Swift type changes nothing (enum names never reach the wire, but the frozen
/// history refers to them).
public protocol WireEnum: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// The enum's contract name, e.g. `"TextStyle"`; never changes once frozen.
    static var contractName: String { get }
    /// The older value a client that does not know this one receives; nil for original values.
    var fallback: Self? { get }
    /// What the value means, frozen with it; nil for none.
    var meaning: String? { get }
}

extension WireEnum {
    /// No fallback: the value has been in the contract since its first version.
    public var fallback: Self? { nil }

    /// No recorded meaning.
    public var meaning: String? { nil }

    /// The enum's declaration, derived from its cases.
    public static var schema: EnumSchema {
        EnumSchema(
            name: contractName,
            cases: allCases.map { EnumCase($0.rawValue, fallback: $0.fallback?.rawValue, meaning: $0.meaning) }
        )
    }

    /// The value as written on the wire.
    public var wireValue: Value { .string(rawValue) }
}
