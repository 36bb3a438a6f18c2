// Reads JSON back into values that keep object members in document order, so that a document can
// be reshaped and written again deterministically.

/// A JSON value whose objects keep their members in document order and whose numbers keep their
/// text, so that writing it again with ``JSONWriter/value(_:)`` gives the same tokens.
public enum JSONValue: Sendable, Hashable {
    /// A string (unescaped).
    case string(String)
    /// A number, as its text was written (e.g. `8`, `0.25`, `1e+21`).
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONValue])
    /// An object: its members in document order.
    case object([JSONMember])

    /// The member `key` of an object (the first, if repeated); nil for other values.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, for a string value.
    public var stringValue: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// The elements, for an array value.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// The members, for an object value.
    public var members: [JSONMember]? {
        if case .object(let members) = self { members } else { nil }
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The key.
    public let key: String
    /// The value.
    public let value: JSONValue

    /// A member.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// Why bytes are not a JSON document, and where.
public struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The byte offset where reading stopped.
    public let offset: Int
    /// What was wrong there.
    public let reason: String

    /// `invalid JSON at byte 12: expected ':'`.
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// Reads a JSON document (RFC 8259) into a ``JSONValue``.
public enum JSONReader {
    /// The deepest nesting of arrays and objects read by default; deeper documents are refused, so
    /// reading never recurses without bound.
    public static let maximumDepth = 256

    /// The value of the whole document in `bytes`; nothing but whitespace may follow it, and
    /// arrays and objects may nest at most `maximumDepth` levels.
    public static func read(_ bytes: [UInt8], maximumDepth: Int = maximumDepth) throws(JSONReadError) -> JSONValue {
        var parser = Parser(bytes: bytes, maximumDepth: maximumDepth)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.offset == bytes.count else { throw parser.error("unexpected bytes after the document") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        let maximumDepth: Int
        var offset = 0

        func error(_ reason: String) -> JSONReadError { JSONReadError(offset: offset, reason: reason) }

        var next: UInt8? { offset < bytes.count ? bytes[offset] : nil }

        mutating func skipWhitespace() {
            while let byte = next, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
        }

        mutating func expect(_ byte: UInt8) throws(JSONReadError) {
            guard next == byte else { throw error("expected '\(Character(Unicode.Scalar(byte)))'") }
            offset += 1
        }

        mutating func literal(_ text: String, _ value: JSONValue) throws(JSONReadError) -> JSONValue {
            let expected = Array(text.utf8)
            guard offset + expected.count <= bytes.count,
                bytes[offset..<(offset + expected.count)].elementsEqual(expected)
            else { throw error("unknown literal") }
            offset += expected.count
            return value
        }

        mutating func value(depth: Int) throws(JSONReadError) -> JSONValue {
            guard let byte = next else { throw error("expected a value, found the end") }
            switch byte {
            case UInt8(ascii: "{"):
                guard depth < maximumDepth else { throw error("nested deeper than \(maximumDepth) levels") }
                offset += 1
                var members: [JSONMember] = []
                skipWhitespace()
                if next == UInt8(ascii: "}") {
                    offset += 1
                    return .object(members)
                }
                while true {
                    skipWhitespace()
                    guard next == UInt8(ascii: "\"") else { throw error("expected a key string") }
                    let key = try string()
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"))
                    skipWhitespace()
                    members.append(JSONMember(key, try value(depth: depth + 1)))
                    skipWhitespace()
                    if next == UInt8(ascii: ",") {
                        offset += 1
                        continue
                    }
                    try expect(UInt8(ascii: "}"))
                    return .object(members)
                }
            case UInt8(ascii: "["):
                guard depth < maximumDepth else { throw error("nested deeper than \(maximumDepth) levels") }
                offset += 1
                var elements: [JSONValue] = []
                skipWhitespace()
                if next == UInt8(ascii: "]") {
                    offset += 1
                    return .array(elements)
                }
                while true {
                    skipWhitespace()
                    elements.append(try value(depth: depth + 1))
                    skipWhitespace()
                    if next == UInt8(ascii: ",") {
                        offset += 1
                        continue
                    }
                    try expect(UInt8(ascii: "]"))
                    return .array(elements)
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return try number()
            }
        }

        mutating func number() throws(JSONReadError) -> JSONValue {
            let start = offset
            func digits(_ parser: inout Parser) -> Int {
                let from = parser.offset
                while let byte = parser.next, byte >= 0x30 && byte <= 0x39 { parser.offset += 1 }
                return parser.offset - from
            }
            if next == UInt8(ascii: "-") { offset += 1 }
            let first = next
            let integerDigits = digits(&self)
            guard integerDigits > 0 else { throw error("expected a value") }
            guard first != UInt8(ascii: "0") || integerDigits == 1 else { throw error("a number has a leading zero") }
            if next == UInt8(ascii: ".") {
                offset += 1
                guard digits(&self) > 0 else { throw error("expected digits after '.'") }
            }
            if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
                offset += 1
                if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { offset += 1 }
                guard digits(&self) > 0 else { throw error("expected digits in the exponent") }
            }
            return .number(String(decoding: bytes[start..<offset], as: UTF8.self))
        }

        mutating func hex4() throws(JSONReadError) -> UInt32 {
            guard offset + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[offset]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: throw error("a \\u escape needs four hex digits")
                }
                value = value << 4 | digit
                offset += 1
            }
            return value
        }

        /// `utf8` as a string; RFC 8259 text is UTF-8, so a byte sequence that is not (an overlong
        /// form, an encoded surrogate, a code point past U+10FFFF, a cut-off sequence) is an error,
        /// never repaired into U+FFFD.
        func validated<C: Collection<UInt8>>(_ utf8: C) throws(JSONReadError) -> String {
            guard let text = String(validating: utf8, as: UTF8.self) else {
                throw error("a string that is not valid UTF-8")
            }
            return text
        }

        mutating func string() throws(JSONReadError) -> String {
            offset += 1  // the opening quote
            // Most strings hold no escape: find the closing quote and decode the run as it is.
            var end = offset
            var ascii = true
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
                bytes[end] >= 0x20
            {
                if bytes[end] >= 0x80 { ascii = false }
                end += 1
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                if ascii {
                    defer { offset = end + 1 }
                    return String(decoding: bytes[offset..<end], as: UTF8.self)
                }
                let text = try validated(bytes[offset..<end])
                offset = end + 1
                return text
            }
            var utf8: [UInt8] = []
            while true {
                guard let byte = next else { throw error("a string is not closed") }
                offset += 1
                if byte == UInt8(ascii: "\"") { return try validated(utf8[...]) }
                guard byte >= 0x20 else {
                    offset -= 1
                    throw error("a control character in a string must be escaped")
                }
                guard byte == UInt8(ascii: "\\") else {
                    utf8.append(byte)
                    continue
                }
                guard let escape = next else { throw error("a string is not closed") }
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard offset + 2 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                            bytes[offset + 1] == UInt8(ascii: "u")
                        else { throw error("a high surrogate without its low surrogate") }
                        offset += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("a high surrogate without its low surrogate")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("a lone surrogate escape") }
                    utf8.append(contentsOf: String(Character(scalar)).utf8)
                default: throw error("an unknown escape")
                }
            }
        }
    }
}

extension JSONWriter {
    /// Writes `value` as it was read: members in order, strings escaped as this writer escapes,
    /// numbers as their text.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .string(let string): self.string(string)
        case .number(let text):
            text.utf8.withContiguousStorageIfAvailable { rawValue($0) } ?? rawValue(Array(text.utf8))
        case .bool(let bool): self.bool(bool)
        case .null: null()
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let members):
            beginObject()
            for member in members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    private mutating func rawValue(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { rawValue($0) }
    }
}
