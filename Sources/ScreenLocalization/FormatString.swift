/// A localized value parsed into literal text and typed placeholders (`%@`, `%2$lld`, `%.2f`,
/// `%#@apples@`, a substitution's `%arg`), so arguments can be checked and the value formatted.
public struct FormatString: Sendable, Hashable {
    /// The text as the catalog holds it.
    public let text: String
    /// The literal runs and placeholders, in order; `%%` is part of a literal, as `%`.
    public let segments: [Segment]

    /// One run of a format string.
    public enum Segment: Sendable, Hashable {
        /// Text shown as it is.
        case literal(String)
        /// An argument formatted in place.
        case placeholder(Placeholder)
    }

    /// The placeholders, in order.
    public var placeholders: [Placeholder] {
        segments.compactMap { if case .placeholder(let placeholder) = $0 { placeholder } else { nil } }
    }

    /// Parses `text` as a format string with no substitutions (so `%#@name@` is an error).
    public static func parse(_ text: String) throws(ParseError) -> FormatString {
        try parse(text, substitutions: [:], ownArgument: nil)
    }

    /// Why a text is not a format string.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, naming the specifier.
        public let description: String
        /// Whether a ``StringCatalogLimits`` limit was exceeded (rather than a malformed specifier).
        public let isLimit: Bool
    }

    /// A substitution as the `%#@name@` references to it see it: the argument it formats (nil when
    /// its `argNum` is left out: then the reference's own position), and that argument's type.
    struct Reference {
        /// Its `argNum`, if written.
        var argument: Int?
        /// The type its `formatSpecifier` takes.
        var type: ArgumentType
    }

    /// Parses `text`: `substitutions` are the `%#@name@` references it may make; `ownArgument` is
    /// what `%arg` stands for inside a substitution's variations.
    ///
    /// A reference to a substitution without `argNum` formats the argument at its own position,
    /// as `.stringsdict` did: its `N$`, else its place among the value's unnumbered specifiers
    /// (`%@ has %#@count@` references argument 2).
    static func parse(
        _ text: String, substitutions: [String: Reference],
        ownArgument: (argument: Int, type: ArgumentType)?
    ) throws(ParseError) -> FormatString {
        let bytes = Array(text.utf8)
        var segments: [Segment] = []
        var literal: [UInt8] = []
        var count = 0
        var positional: Bool?
        var types: [Int: ArgumentType] = [:]
        var nextArgument = 1
        var index = 0
        func malformed(_ specifierStart: Int, _ reason: String) -> ParseError {
            let end = min(bytes.count, max(index + 1, specifierStart + 1))
            let specifier = String(decoding: bytes[specifierStart..<min(end, specifierStart + 24)], as: UTF8.self)
            return ParseError(description: "malformed format specifier \"\(specifier)\": \(reason)", isLimit: false)
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                literal.append(byte)
                index += 1
                continue
            }
            let start = index
            index += 1
            guard index < bytes.count else { throw malformed(start, "the text ends after '%'") }
            if bytes[index] == UInt8(ascii: "%") {
                literal.append(byte)
                index += 1
                continue
            }
            var placeholder: Placeholder
            if let own = ownArgument, bytes[index...].starts(with: "arg".utf8) {
                index += 3
                placeholder = Placeholder(
                    argument: own.argument, type: own.type, substitution: nil, specifier: "%arg")
            } else {
                // An explicit argument number, `N$`.
                var position: Int?
                var digitsEnd = index
                while digitsEnd < bytes.count, isDigit(bytes[digitsEnd]) { digitsEnd += 1 }
                if digitsEnd > index, digitsEnd < bytes.count, bytes[digitsEnd] == UInt8(ascii: "$") {
                    guard bytes[index] != UInt8(ascii: "0") else {
                        index = digitsEnd
                        throw malformed(start, "argument numbers start at 1")
                    }
                    guard digitsEnd - index <= 2, let number = Int(ascii: bytes[index..<digitsEnd]),
                        number <= StringCatalogLimits.maximumPlaceholders
                    else {
                        throw ParseError(
                            description:
                                "the specifier \"\(String(decoding: bytes[start...digitsEnd], as: UTF8.self))\" names an argument beyond \(StringCatalogLimits.maximumPlaceholders), the most a value may have",
                            isLimit: true)
                    }
                    position = number
                    index = digitsEnd + 1
                }
                let isPositional = position != nil
                if let positional, positional != isPositional {
                    throw malformed(
                        start, "positional (%1$@) and non-positional (%@) specifiers are mixed in one value")
                }
                positional = isPositional
                if bytes[index...].starts(with: "#@".utf8) {
                    // A substitution reference, `%#@name@`.
                    index += 2
                    let nameStart = index
                    while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "@"), index > nameStart else {
                        throw malformed(start, "a substitution reference is %#@name@ with letters, digits or '_'")
                    }
                    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
                    index += 1
                    guard let definition = substitutions[name] else {
                        throw ParseError(
                            description: "the substitution \"\(name)\" is referenced but not defined",
                            isLimit: false)
                    }
                    if let position, let argument = definition.argument, position != argument {
                        throw malformed(start, "it names argument \(position) but its argNum is \(argument)")
                    }
                    let argument = definition.argument ?? position ?? nextArgument
                    if position == nil { nextArgument += 1 }
                    placeholder = Placeholder(
                        argument: argument, type: definition.type, substitution: name,
                        specifier: String(decoding: bytes[start..<index], as: UTF8.self))
                } else {
                    while index < bytes.count, isFlag(bytes[index]) { index += 1 }
                    try fieldWidth(start: start)
                    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                        index += 1
                        try fieldWidth(start: start)
                    }
                    var length = 0
                    for modifier in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"]
                    where bytes[index...].starts(with: modifier.utf8) {
                        length = modifier.utf8.count
                        index += length
                        break
                    }
                    guard index < bytes.count else { throw malformed(start, "the text ends before the conversion") }
                    let conversion = bytes[index]
                    index += 1
                    let type: ArgumentType
                    switch conversion {
                    case UInt8(ascii: "@"):
                        guard length == 0 else { throw malformed(start, "%@ takes no length modifier") }
                        type = .object
                    case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "o"),
                        UInt8(ascii: "x"), UInt8(ascii: "X"):
                        type = .integer
                    case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"),
                        UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
                        type = .double
                    default:
                        throw malformed(
                            start, "the conversion is one of @, d, i, u, o, x, X, f, F, e, E, g, G, a, A")
                    }
                    let argument = position ?? nextArgument
                    if position == nil { nextArgument += 1 }
                    placeholder = Placeholder(
                        argument: argument, type: type, substitution: nil,
                        specifier: String(decoding: bytes[start..<index], as: UTF8.self))
                }
            }
            count += 1
            guard count <= StringCatalogLimits.maximumPlaceholders else {
                throw ParseError(
                    description:
                        "more than \(StringCatalogLimits.maximumPlaceholders) placeholders; a value has at most \(StringCatalogLimits.maximumPlaceholders)",
                    isLimit: true)
            }
            guard placeholder.argument <= StringCatalogLimits.maximumPlaceholders else {
                throw ParseError(
                    description:
                        "\(placeholder.specifier) is argument \(placeholder.argument), beyond \(StringCatalogLimits.maximumPlaceholders), the most a value may have",
                    isLimit: true)
            }
            if let earlier = types[placeholder.argument], earlier != placeholder.type {
                throw malformed(
                    start,
                    "argument \(placeholder.argument) is used as \(earlier.rawValue) and as \(placeholder.type.rawValue)"
                )
            }
            types[placeholder.argument] = placeholder.type
            if !literal.isEmpty {
                segments.append(.literal(String(decoding: literal, as: UTF8.self)))
                literal.removeAll()
            }
            segments.append(.placeholder(placeholder))
        }
        if !literal.isEmpty { segments.append(.literal(String(decoding: literal, as: UTF8.self))) }
        return FormatString(text: text, segments: segments)

        func fieldWidth(start: Int) throws(ParseError) {
            guard index >= bytes.count || bytes[index] != UInt8(ascii: "*") else {
                throw malformed(start, "a width or precision taken from an argument ('*') is not supported")
            }
            let from = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index - from <= 3, (Int(ascii: bytes[from..<index]) ?? 0) <= StringCatalogLimits.maximumFieldWidth
            else {
                throw ParseError(
                    description:
                        "the specifier \"\(String(decoding: bytes[start..<index], as: UTF8.self))\" has a width or precision over \(StringCatalogLimits.maximumFieldWidth)",
                    isLimit: true)
            }
        }
    }

    /// The type of the argument a specifier given in a substitution's `formatSpecifier` (`lld`,
    /// `@`, `.1f`) takes, or nil when it is not one plain specifier.
    static func argumentType(ofSpecifier specifier: String) -> ArgumentType? {
        guard specifier.utf8.count <= 16, !specifier.contains("$"), !specifier.contains("%") else { return nil }
        guard let parsed = try? parse("%" + specifier), parsed.segments.count == 1,
            let placeholder = parsed.placeholders.first, placeholder.substitution == nil
        else { return nil }
        return placeholder.type
    }
}

/// One placeholder of a ``FormatString``: which argument it formats, as what.
public struct Placeholder: Sendable, Hashable {
    /// The argument it formats, from 1: its `N$`, its position among unnumbered specifiers, or a
    /// substitution's `argNum` (when the substitution has none, its reference's `N$` or position).
    public let argument: Int
    /// The type that argument must have.
    public let type: ArgumentType
    /// The substitution a `%#@name@` reference formats; nil for a plain specifier.
    public let substitution: String?
    /// The specifier as written (`%2$lld`, `%.2f`, `%#@apples@`, `%arg`).
    public let specifier: String

    /// A placeholder as given.
    public init(argument: Int, type: ArgumentType, substitution: String?, specifier: String) {
        self.argument = argument
        self.type = type
        self.substitution = substitution
        self.specifier = specifier
    }
}

/// The type of a format argument.
public enum ArgumentType: String, Sendable, Hashable, CaseIterable {
    /// `%@`: an object, shown by its description (a string in practice).
    case object
    /// `%d`, `%lld`, `%u`, `%x`…: an integer.
    case integer
    /// `%f`, `%.2f`, `%g`, `%e`…: a floating-point number.
    case double
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

private func isFlag(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: " ")
        || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "0") || byte == UInt8(ascii: "'")
}

/// Whether `byte` may be in a substitution's name: an ASCII letter, digit or `_`.
func isNameByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
}

extension Int {
    /// The value of at most a few ASCII digits.
    fileprivate init?(ascii digits: ArraySlice<UInt8>) {
        var value = 0
        for digit in digits {
            guard isDigit(digit) else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        self = value
    }
}
