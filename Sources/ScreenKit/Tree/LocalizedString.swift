/// A string prop's value looked up in the app's String Catalog for the locale a screen is built
/// for: a key, its text in the source language, and the typed arguments its format specifiers take.
///
/// ```swift
/// Text(localized: "Welcome back, \(name)!")               // key "Welcome back, %@!"
/// Text(localized: LocalizedString("orders.count", defaultValue: "You have \(count) orders"))
/// ```
///
/// Interpolating an `Int` writes `%lld`, a `String` `%@` and a `Double` `%lf` into the key, as
/// `String(localized:)` does, so the keys are those Xcode extracts into the catalog.
public struct LocalizedString: Sendable, Hashable {
    /// The key in the catalog.
    public var key: String
    /// The source-language format, used when the catalog has no source-language value of its own.
    public var defaultValue: String
    /// The arguments, in order: the first fills `%1$…` or the first unnumbered specifier.
    public var arguments: [Argument]
    /// The catalog's table: its file name without `.xcstrings` (`Localizable` when nil).
    public var table: String?

    /// A format argument.
    public enum Argument: Sendable, Hashable {
        /// An integer, for `%lld`, `%d` and counted (plural) forms.
        case int(Int)
        /// A string, for `%@`.
        case string(String)
        /// A floating-point number, for `%lf`, `%f`, `%.2f`.
        case double(Double)
    }

    /// A string whose key is its source-language format, as `String(localized: "Hello \(name)")`.
    public init(_ value: LocalizationValue, table: String? = nil) {
        self.key = value.format
        self.defaultValue = value.format
        self.arguments = value.arguments
        self.table = table
    }

    /// A string with a key of its own and its source-language text, as
    /// `String(localized: "orders.count", defaultValue: "You have \(count) orders")`.
    public init(_ key: String, defaultValue: LocalizationValue, table: String? = nil) {
        self.key = key
        self.defaultValue = defaultValue.format
        self.arguments = defaultValue.arguments
        self.table = table
    }

    /// A string with every part given, as a data-driven screen may build it.
    public init(key: String, defaultValue: String, arguments: [Argument], table: String? = nil) {
        self.key = key
        self.defaultValue = defaultValue
        self.arguments = arguments
        self.table = table
    }

    /// The table the key is looked up in.
    public var tableName: String { table ?? "Localizable" }
}

/// A format string with its arguments, written as an interpolated string literal.
public struct LocalizationValue: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The format: the literal text with `%` doubled and a specifier per interpolation.
    public var format: String
    /// The interpolated values, in order.
    public var arguments: [LocalizedString.Argument]

    /// A value from a literal with no interpolations.
    public init(stringLiteral value: String) {
        format = value.replacingPercent()
        arguments = []
    }

    /// A value from an interpolated literal.
    public init(stringInterpolation: StringInterpolation) {
        format = stringInterpolation.format
        arguments = stringInterpolation.arguments
    }

    /// Collects the literal runs and the typed interpolations of a literal.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var format = ""
        var arguments: [LocalizedString.Argument] = []

        /// Reserves room for the literal.
        public init(literalCapacity: Int, interpolationCount: Int) {
            format.reserveCapacity(literalCapacity + 4 * interpolationCount)
        }

        /// Appends literal text, `%` doubled.
        public mutating func appendLiteral(_ literal: String) { format += literal.replacingPercent() }

        /// Appends an integer: `%lld`.
        public mutating func appendInterpolation(_ value: Int) {
            format += "%lld"
            arguments.append(.int(value))
        }

        /// Appends a string: `%@`.
        public mutating func appendInterpolation(_ value: String) {
            format += "%@"
            arguments.append(.string(value))
        }

        /// Appends a floating-point number: `%lf`.
        public mutating func appendInterpolation(_ value: Double) {
            format += "%lf"
            arguments.append(.double(value))
        }
    }
}

extension String {
    /// The text with every `%` doubled, as a format string writes a literal percent sign.
    fileprivate func replacingPercent() -> String {
        guard utf8.contains(UInt8(ascii: "%")) else { return self }
        var out = ""
        for character in self { out += character == "%" ? "%%" : String(character) }
        return out
    }
}

extension LocalizedString: ExpressibleByStringInterpolation {
    /// A string whose key is the literal, as `Text(localized: "Welcome back")` writes it.
    public init(stringLiteral value: String) {
        self.init(LocalizationValue(stringLiteral: value))
    }

    /// A string whose key is the interpolated literal's format (`"Hello, \(name)"` → `Hello, %@`).
    public init(stringInterpolation: LocalizationValue.StringInterpolation) {
        self.init(LocalizationValue(stringInterpolation: stringInterpolation))
    }
}
