import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit

// The Swift model's shared support, and how wire names become Swift names and literals.
extension SwiftClientModel {
    // MARK: Shared support

    static func support(_ shape: ClientShape, into out: inout SourceLines) {
        out.line("/// A scalar prop: a string, a number or a bool.")
        out.open("public enum Scalar: Decodable, Sendable, Equatable {")
        out.line("case string(String)")
        out.line("case number(Double)")
        out.line("case bool(Bool)")
        out.line("")
        out.line("/// Decodes a string, a number or a bool.")
        out.open("public init(from decoder: any Decoder) throws {")
        out.line("let container = try decoder.singleValueContainer()")
        out.open("if let bool = try? container.decode(Bool.self) {")
        out.line("self = .bool(bool)")
        out.close("} else if let number = try? container.decode(Double.self) {")
        out.indent()
        out.line("self = .number(number)")
        out.close("} else {")
        out.indent()
        out.line("self = .string(try container.decode(String.self))")
        out.close("}")
        out.close("}")
        out.close("}")
        out.line("")
        out.line("/// A state value: a scalar, a list, a map or null.")
        out.open("public indirect enum Value: Decodable, Sendable, Equatable {")
        for line in [
            "case string(String)", "case number(Double)", "case bool(Bool)", "case list([Value])",
            "case map([String: Value])", "case null",
        ] {
            out.line(line)
        }
        out.line("")
        out.line("/// Decodes any JSON value.")
        out.open("public init(from decoder: any Decoder) throws {")
        out.line("let container = try decoder.singleValueContainer()")
        out.open("if container.decodeNil() {")
        out.line("self = .null")
        out.close("} else if let bool = try? container.decode(Bool.self) {")
        out.indent()
        out.line("self = .bool(bool)")
        out.close("} else if let number = try? container.decode(Double.self) {")
        out.indent()
        out.line("self = .number(number)")
        out.close("} else if let string = try? container.decode(String.self) {")
        out.indent()
        out.line("self = .string(string)")
        out.close("} else if let list = try? container.decode([Value].self) {")
        out.indent()
        out.line("self = .list(list)")
        out.close("} else {")
        out.indent()
        out.line("self = .map(try container.decode([String: Value].self))")
        out.close("}")
        out.close("}")
        out.close("}")
        out.line("")
        out.line("/// Any wire key.")
        out.open("struct Key: CodingKey {")
        out.line("let stringValue: String")
        out.line("var intValue: Int? { nil }")
        out.line("init(_ string: String) { stringValue = string }")
        out.line("init?(stringValue: String) { self.stringValue = stringValue }")
        out.line("init?(intValue: Int) { nil }")
        out.line("")
        out.line("/// Throws when `container` has a key outside `allowing`.")
        out.open(
            "static func reject(_ container: KeyedDecodingContainer<Key>, allowing: Set<String>, in owner: String) throws {"
        )
        out.open("for key in container.allKeys where !allowing.contains(key.stringValue) {")
        out.line(
            "let message = \"unknown key \\\"\\(key.stringValue)\\\" in \\(owner) (contract \\(contractVersion))\"")
        out.line("throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: message)")
        out.close("}")
        out.close("}")
        out.line("")
        out.line("/// The error for a value of `container` at `key` that these models cannot decode.")
        out.open(
            "static func corrupted(_ container: KeyedDecodingContainer<Key>, _ key: String, _ message: String) -> Error {"
        )
        out.line("DecodingError.dataCorruptedError(forKey: Key(key), in: container, debugDescription: message)")
        out.close("}")
        let hasConstants = shape.fields.contains { if case .constant = $0.value { true } else { false } }
        if hasConstants || shape.wrapsValues {
            out.line("")
            out.line("/// Throws unless `container` holds the string `value` at `key`.")
            out.open(
                "static func expect(_ container: KeyedDecodingContainer<Key>, _ key: String, _ value: String) throws {")
            out.line("let found: String = try container.value(key)")
            out.open("guard found == value else {")
            out.line("throw corrupted(container, key, \"\\\"\\(key)\\\" is \\\"\\(found)\\\", not \\\"\\(value)\\\"\")")
            out.close("}")
            out.close("}")
        }
        if shape.contract.components.contains(where: { !shape.slotLists(of: $0).isEmpty }) {
            out.line("")
            out.line("/// The node list at each of `names` in `container`, which must all be there, by name.")
            out.open(
                "static func lists(_ names: [String], in container: KeyedDecodingContainer<Key>) throws -> [String: [Node]] {"
            )
            out.line("var lists: [String: [Node]] = [:]")
            out.line("for name in names { lists[name] = try container.value(name) }")
            out.line("return lists")
            out.close("}")
        }
        out.close("}")
    }

    /// The container's readers of wrapped values, with the profile's discriminator and value keys.
    static func wrappedValues(_ shape: ClientShape, into out: inout SourceLines) {
        guard let wrapping = shape.profile.values.wrapping else { return }
        let typeKey = literal(wrapping.typeKey)
        let valueKey = literal(wrapping.valueKey)
        out.line("")
        out.line("/// The value at `key`, wrapped as `{\(typeKey): discriminator, \(valueKey): value}`; with")
        out.line("/// `valueKey`, the value sits in an object under that key, beside string `constants`.")
        out.open("func wrapped<T: Decodable>(")
        out.line(
            "_ key: String, _ discriminator: String, in valueKey: String? = nil, constants: [String: String] = [:]")
        out.close(") throws -> T {")
        out.indent()
        out.line("let wrapper = try nestedContainer(keyedBy: ScreenModel.Key.self, forKey: ScreenModel.Key(key))")
        out.line("let owner = \"the value of \\\"\\(key)\\\"\"")
        out.line("try ScreenModel.Key.reject(wrapper, allowing: [\(typeKey), \(valueKey)], in: owner)")
        out.line("try ScreenModel.Key.expect(wrapper, \(typeKey), discriminator)")
        out.line("guard let valueKey else { return try wrapper.value(\(valueKey)) }")
        out.line(
            "let object = try wrapper.nestedContainer(keyedBy: ScreenModel.Key.self, forKey: ScreenModel.Key(\(valueKey)))"
        )
        out.line("try ScreenModel.Key.reject(object, allowing: Set(constants.keys).union([valueKey]), in: owner)")
        out.line(
            "for name in constants.keys.sorted() { try ScreenModel.Key.expect(object, name, constants[name] ?? \"\") }")
        out.line("return try object.value(valueKey)")
        out.close("}")
        out.line("")
        out.line("/// The wrapped value at `key` (see `wrapped`), or nil when the key is absent.")
        out.open("func optionalWrapped<T: Decodable>(")
        out.line(
            "_ key: String, _ discriminator: String, in valueKey: String? = nil, constants: [String: String] = [:]")
        out.close(") throws -> T? {")
        out.indent()
        out.line("guard contains(ScreenModel.Key(key)) else { return nil }")
        out.line("return try wrapped(key, discriminator, in: valueKey, constants: constants) as T")
        out.close("}")
    }

    /// `text` for a `//` comment: escaped as in a string literal, so it stays on one line.
    static func escapedForComment(_ text: String) -> String { escapedForSource(text) }

    // MARK: Names and literals

    /// `name(wire)` for each of `wires`, numbered (`Name2`) when an earlier one took it.
    static func uniqueNames(_ wires: [String], _ name: (String) -> String) -> [String: String] {
        var names: [String: String] = [:]
        var used: Set<String> = []
        for wire in wires {
            var candidate = name(wire)
            var attempt = 1
            while used.contains(candidate) {
                attempt += 1
                candidate = name(wire) + "\(attempt)"
            }
            used.insert(candidate)
            names[wire] = candidate
        }
        return names
    }

    /// A Swift type name for a wire name: `image-banner` → `ImageBanner`, `text` → `Text`.
    static func typeName(_ wire: String) -> String {
        let name = camelCase(wire)
        return (name.first.map { String($0).uppercased() } ?? "") + name.dropFirst()
    }

    /// An enum case for a wire type: `image-banner` → `imageBanner`, `TextCard` → `textCard`,
    /// backquoted when a keyword.
    static func caseName(_ wire: String) -> String {
        let name = camelCase(wire)
        return memberName((name.first.map { String($0).lowercased() } ?? "") + name.dropFirst())
    }

    /// A property or case name for a wire key, backquoted when it is a Swift keyword.
    static func memberName(_ wire: String) -> String {
        var name = camelCase(wire)
        if let first = name.first, first.isNumber { name = "_" + name }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// Letters and digits, each other character starting a new word: `max-lines` → `maxLines`.
    static func camelCase(_ wire: String) -> String {
        var name = ""
        var upperNext = false
        for scalar in wire.unicodeScalars {
            let isWordCharacter =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_"
            if !isWordCharacter {
                upperNext = !name.isEmpty
                continue
            }
            let character = Character(scalar)
            name.append(upperNext ? Character(String(character).uppercased()) : character)
            upperNext = false
        }
        return name.isEmpty ? "_" : name
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil",
        "rethrows", "super", "self", "Self", "throw", "throws", "true", "try", "Type", "Protocol", "any", "some",
    ]

    /// The Swift type a prop of `type` decodes to.
    static func swiftType(_ type: PropType) -> String {
        switch type {
        case .string, .color, .url: "String"
        case .number: "Double"
        case .bool: "Bool"
        case .enumeration(let schema): "ScreenModel.\(typeName(schema.name))"
        case .action: "ScreenModel.Action"
        case .scalar: "ScreenModel.Scalar"
        case .list(let element): "[\(swiftType(element))]"
        case .map(let element): "[String: \(swiftType(element))]"
        }
    }

    /// A Swift literal of a scalar default, or nil for one that is not a plain scalar.
    static func swiftLiteral(_ value: Value, type: PropType) -> String? {
        switch (type, value) {
        case (.string, .string(let text)), (.color, .string(let text)), (.url, .string(let text)):
            literal(text)
        case (.number, .number(let number)): number.isFinite ? "\(number)" : nil
        case (.bool, .bool(let bool)): "\(bool)"
        case (.enumeration(let schema), .string(let text)) where schema.contains(text):
            ".\(memberName(text).filter { $0 != "`" })"
        default: nil
        }
    }

    static func presenceName(_ presence: Presence) -> String {
        switch presence {
        case .required: "required"
        case .optional: "optional"
        case .defaulted(let value): "default \(Compatibility.describe(value))"
        }
    }

    /// A Swift string literal.
    static func literal(_ text: String) -> String { "\"\(escapedForSource(text))\"" }

    /// `text` escaped for a Swift string literal.
    static func escapedForSource(_ text: String) -> String {
        ScalarEscaping.escape(text) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\"": "\\\""
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: scalar.value < 0x20 ? "\\u{\(String(scalar.value, radix: 16))}" : nil
            }
        }
    }
}
