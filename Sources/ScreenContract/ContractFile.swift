import Foundation
import ScreenJSON
import ScreenKit

/// The canonical JSON of a frozen contract version: format number first, everything sorted.
public enum ContractFile {
    /// The contract file format this code reads and writes.
    public static let format = 1

    /// A frozen file's content: its version, its predecessor's hash and the contract.
    public struct Content: Sendable, Hashable {
        /// The version number, 1 for the first.
        public let version: Int
        /// The lowercase hex SHA-256 of the predecessor file's bytes; nil for version 1.
        public let previous: String?
        /// The complete contract at this version.
        public let contract: Contract
    }

    /// Why a contract file could not be read.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        /// What is wrong, without the file name.
        public let description: String
    }

    /// The canonical bytes of a contract at `version`, chained to the predecessor's hash.
    public static func encode(_ contract: Contract, version: Int, previous: String?) -> [UInt8] {
        var json = JSONWriter(style: .pretty, capacity: 16 * 1024)
        json.object { json in
            json.member("format", format)
            json.member("version", version)
            json.member("previous", ifPresent: previous)
            // Only for a profile other than the flat format: files without one keep their bytes,
            // and read as the flat format.
            if !contract.profile.isFlat {
                json.key("profile")
                ProfileFile.write(contract.profile, to: &json)
            }
            json.objects("components", contract.components) { json, component in
                json.member("type", component.type)
                json.member("children", component.hasChildren)
                // Only when there are any: contracts without named slots keep their bytes.
                if !component.slots.isEmpty { json.member("slots", component.slots) }
                // Likewise for a component's own event triggers.
                if !component.triggers.isEmpty { json.member("triggers", component.triggers) }
                json.member("fallback", component.fallback.rawValue)
                write(component.props, as: "props", to: &json)
            }
            json.objects("enums", contract.enums) { json, schema in
                json.member("name", schema.name)
                json.objects("values", schema.cases) { json, value in
                    json.member("value", value.value)
                    json.member("fallback", ifPresent: value.fallback)
                    json.member("meaning", ifPresent: value.meaning)
                }
            }
            json.objects("actions", contract.actions) { json, action in
                json.member("kind", action.kind)
                json.member("fallback", action.fallback.rawValue)
                write(action.fields, as: "fields", to: &json)
            }
            // Only when there are any: contracts without analytics events keep their bytes.
            if !contract.events.isEmpty {
                json.objects("events", contract.events) { json, event in
                    json.member("name", event.name)
                    json.member("meaning", ifPresent: event.meaning)
                    write(event.params, as: "params", to: &json)
                }
            }
            // Likewise for colour tokens.
            if !contract.tokens.isEmpty {
                json.objects("tokens", contract.tokens) { json, token in
                    json.member("name", token.name)
                    json.member("light", token.light)
                    json.member("dark", ifPresent: token.dark)
                    json.member("meaning", ifPresent: token.meaning)
                }
            }
        }
        json.newline()
        return json.takeBytes()
    }

    /// `"key": [{prop}, …]`.
    private static func write(_ props: [PropSchema], as key: String, to json: inout JSONWriter) {
        json.objects(key, props) { json, prop in
            json.member("key", prop.key)
            json.member("type", prop.type.name)
            switch prop.presence {
            case .required: json.member("presence", "required")
            case .optional: json.member("presence", "optional")
            case .defaulted(let value):
                json.member("presence", "defaulted")
                json.key("default")
                write(value, to: &json)
            }
            if prop.nonEmpty { json.member("nonEmpty", true) }
            json.member("meaning", ifPresent: prop.meaning)
        }
    }

    private static func write(_ value: Value, to json: inout JSONWriter) {
        switch value {
        case .string(let string): json.string(string)
        case .number(let number): try? json.number(number)
        case .bool(let bool): json.bool(bool)
        case .list(let values):
            json.beginArray()
            for item in values { write(item, to: &json) }
            json.endArray()
        case .map(let map):
            json.beginObject()
            for key in map.keys.sorted() {
                json.key(key)
                write(map[key]!, to: &json)
            }
            json.endObject()
        case .action(let action):
            json.string("action \(action.kind)")
        case .localized(let string):
            // A default is a literal (the catalog validator refuses a localized one).
            json.string(string.defaultValue)
        }
    }

    /// Reads a contract file: the format number first, then the rest; every problem is a clear error.
    ///
    /// The limits of ``ContractLimits`` are checked first (size, nesting), then after decoding
    /// (names, element counts): a hostile file is refused in time linear in its size.
    public static func decode(_ bytes: [UInt8]) throws(ReadError) -> Content {
        guard bytes.count <= ContractLimits.maximumFileBytes else {
            throw ReadError(
                description:
                    "the file is \(bytes.count) bytes; a contract file is at most \(ContractLimits.maximumFileBytes) bytes"
            )
        }
        if let offset = JSONDepth.firstOffset(exceeding: ContractLimits.maximumJSONDepth, in: bytes) {
            throw ReadError(
                description:
                    "nests deeper than \(ContractLimits.maximumJSONDepth) levels (at byte \(offset)); a contract file never does"
            )
        }
        let document: JSONObjectReader
        let header: Int
        do {
            document = try JSONObjectReader.document(bytes, maximumDepth: ContractLimits.maximumJSONDepth)
            header = try document.int("format")
        } catch {
            throw ReadError(description: "not a contract file: \(error.description)")
        }
        guard header == format else {
            throw ReadError(description: "format \(header) is not supported (this screenkit reads format \(format))")
        }
        // A profile description has a format number of its own, read before the rest of it.
        if let profileFormat = try? document.optionalObject("profile")?.optionalInt("format"),
            profileFormat != ProfileFile.format
        {
            throw ReadError(
                description:
                    "profile format \(profileFormat) is not supported (this screenkit reads profile format \(ProfileFile.format))"
            )
        }
        let file: FileV1
        do {
            file = try FileV1(document)
        } catch {
            throw ReadError(description: error.description)
        }
        guard file.version >= 1 else {
            throw ReadError(description: "version \(file.version) is not a positive number")
        }
        try checkLimits(file)
        var enums: [String: EnumSchema] = [:]
        for entry in file.enums {
            guard enums[entry.name] == nil else { throw ReadError(description: "enum \(entry.name) is listed twice") }
            enums[entry.name] = EnumSchema(
                name: entry.name,
                cases: entry.values.map { EnumCase($0.value, fallback: $0.fallback, meaning: $0.meaning) })
        }
        func fallback(_ raw: String, of owner: String) throws(ReadError) -> FallbackRule {
            guard let rule = FallbackRule(rawValue: raw) else {
                throw ReadError(description: "\(owner): unknown fallback \"\(raw)\"")
            }
            return rule
        }
        func props(_ entries: [PropEntry], of owner: String) throws(ReadError) -> [PropSchema] {
            try entries.map { (prop) throws(ReadError) in try makeProp(prop, owner: owner, enums: enums) }
        }
        func twice(_ names: [String]) -> String? {
            var seen: Set<String> = []
            return names.first { !seen.insert($0).inserted }
        }
        // Each element's fallback is checked before its props, as the file lists them.
        let components = try file.components.map { (entry) throws(ReadError) in
            let rule = try fallback(entry.fallback, of: "component \(entry.type)")
            var component = ComponentSchema(
                type: entry.type, props: try props(entry.props, of: entry.type), hasChildren: entry.children,
                slots: entry.slots ?? [], fallback: rule, source: nil)
            component.triggers = entry.triggers ?? []
            if let name = twice(component.triggers) {
                throw ReadError(description: "component \(entry.type) lists trigger \(name) twice")
            }
            return component
        }
        let actions = try file.actions.map { (entry) throws(ReadError) in
            let rule = try fallback(entry.fallback, of: "action \(entry.kind)")
            return ActionSchema(
                kind: entry.kind, fields: try props(entry.fields, of: entry.kind), fallback: rule, source: nil)
        }
        if let name = twice(file.events.map(\.name)) { throw ReadError(description: "event \(name) is listed twice") }
        let events = try file.events.map { (entry) throws(ReadError) in
            EventSchema(
                name: entry.name, params: try props(entry.params, of: "event \(entry.name)"), meaning: entry.meaning,
                source: nil)
        }
        if let name = twice(file.tokens.map(\.name)) { throw ReadError(description: "token \(name) is listed twice") }
        let tokens = try file.tokens.map { (entry) throws(ReadError) in
            guard ColorToken.isValidName(entry.name) else {
                throw ReadError(
                    description: "token \"\(entry.name)\" is not a token name (segments such as brand.primary)")
            }
            for literal in [entry.light] + (entry.dark.map { [$0] } ?? []) where !ColorToken.isLiteral(literal) {
                throw ReadError(description: "token \(entry.name): \"\(literal)\" is not #RRGGBB or #AARRGGBB")
            }
            return ColorToken(
                name: entry.name, light: entry.light, dark: entry.dark, meaning: entry.meaning, source: nil)
        }
        let profile =
            try file.profile.map { (entry) throws(ReadError) in try ProfileFile.profile(from: entry) } ?? .flat
        let contract = Contract(
            components: components, actions: actions, enums: Array(enums.values), events: events, tokens: tokens,
            profile: profile)
        return Content(version: file.version, previous: file.previous, contract: contract)
    }

    /// Element counts and name lengths within ``ContractLimits``.
    private static func checkLimits(_ file: FileV1) throws(ReadError) {
        let maximum = ContractLimits.maximumElements
        let counts: [(String, Int)] =
            [
                ("components", file.components.count), ("actions", file.actions.count), ("enums", file.enums.count),
                ("events", file.events.count), ("tokens", file.tokens.count),
            ]
            + file.components.map { ("props of \($0.type.prefix(64))", $0.props.count) }
            + file.components.map { ("triggers of \($0.type.prefix(64))", $0.triggers?.count ?? 0) }
            + file.events.map { ("params of \($0.name.prefix(64))", $0.params.count) }
            + file.actions.map { ("fields of \($0.kind.prefix(64))", $0.fields.count) }
            + file.enums.map { ("values of \($0.name.prefix(64))", $0.values.count) }
            + (file.profile.map(ProfileFile.counts) ?? [])
        if let (what, count) = counts.first(where: { $0.1 > maximum }) {
            throw ReadError(description: "\(count) \(what); a contract file declares at most \(maximum)")
        }
        var names: [String] = []
        for component in file.components {
            names.append(component.type)
            names += component.slots ?? []
            names += component.triggers ?? []
            for prop in component.props { names += [prop.key, prop.type] }
        }
        for action in file.actions {
            names.append(action.kind)
            for field in action.fields { names += [field.key, field.type] }
        }
        for schema in file.enums { names += [schema.name] + schema.values.map(\.value) }
        for event in file.events {
            names.append(event.name)
            for param in event.params { names += [param.key, param.type] }
        }
        names += file.tokens.map(\.name)
        if let profile = file.profile { names += ProfileFile.names(of: profile) }
        if let long = names.first(where: { $0.utf8.count > ContractLimits.maximumNameBytes }) {
            throw ReadError(
                description:
                    "the name \"\(long.prefix(40))…\" is \(long.utf8.count) bytes; names and types are at most \(ContractLimits.maximumNameBytes)"
            )
        }
    }

    private static func makeProp(_ entry: PropEntry, owner: String, enums: [String: EnumSchema]) throws(ReadError)
        -> PropSchema
    {
        let depth = entry.type.utf8.prefix(while: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }).count
        guard depth <= ContractLimits.maximumTypeDepth else {
            throw ReadError(
                description:
                    "\(owner).\(entry.key): the type nests \(depth) lists or maps; a type nests at most \(ContractLimits.maximumTypeDepth)"
            )
        }
        guard let type = parseType(entry.type, enums: enums) else {
            throw ReadError(description: "\(owner).\(entry.key): unknown type \"\(entry.type)\"")
        }
        let presence: Presence
        switch (entry.presence, entry.default) {
        case ("required", nil): presence = .required
        case ("optional", nil): presence = .optional
        case ("defaulted", let value?): presence = .defaulted(value)
        case ("defaulted", nil):
            throw ReadError(description: "\(owner).\(entry.key): presence \"defaulted\" needs a \"default\"")
        case (let other, _) where !["required", "optional"].contains(other):
            throw ReadError(description: "\(owner).\(entry.key): unknown presence \"\(other)\"")
        default:
            throw ReadError(description: "\(owner).\(entry.key): only a defaulted prop has a \"default\"")
        }
        var prop = PropSchema(entry.key, type, presence, nonEmpty: entry.nonEmpty ?? false)
        prop.meaning = entry.meaning
        return prop
    }

    /// Parses a canonical type name such as `[string]` or `enum TextStyle`: the list and map
    /// brackets are peeled off iteratively, at most ``ContractLimits/maximumTypeDepth`` of them.
    static func parseType(_ name: String, enums: [String: EnumSchema]) -> PropType? {
        guard name.utf8.count <= ContractLimits.maximumNameBytes else { return nil }
        var wrappers: [Bool] = []  // true: a list, false: a map, outermost first
        var inner = Substring(name)
        while inner.count > 2, let first = inner.first, let last = inner.last,
            (first == "[" && last == "]") || (first == "{" && last == "}")
        {
            guard wrappers.count < ContractLimits.maximumTypeDepth else { return nil }
            wrappers.append(first == "[")
            inner = inner.dropFirst().dropLast()
        }
        guard var type = scalarType(String(inner), enums: enums) else { return nil }
        for isList in wrappers.reversed() { type = isList ? .list(type) : .map(type) }
        return type
    }

    /// A type name without list or map brackets.
    private static func scalarType(_ name: String, enums: [String: EnumSchema]) -> PropType? {
        switch name {
        case "string": return .string
        case "number": return .number
        case "bool": return .bool
        case "color": return .color
        case "url": return .url
        case "action": return .action
        case "scalar": return .scalar
        default: break
        }
        if name.hasPrefix("enum ") {
            return enums[String(name.dropFirst(5))].map { .enumeration($0) }
        }
        return nil
    }

    /// A contract file's members as read, before their names and counts are checked.
    private struct FileV1 {
        let version: Int
        let previous: String?
        let profile: ProfileFile.Entry?
        let components: [ComponentEntry]
        let enums: [EnumEntry]
        let actions: [ActionEntry]
        let events: [EventEntry]
        let tokens: [TokenEntry]

        init(_ file: JSONObjectReader) throws(JSONFormatError) {
            version = try file.int("version")
            previous = try file.optionalString("previous")
            profile = try file.optionalObject("profile").map { (entry) throws(JSONFormatError) in
                try ProfileFile.Entry(entry)
            }
            components = try file.objects("components").map { (entry) throws(JSONFormatError) in
                ComponentEntry(
                    type: try entry.string("type"), children: try entry.bool("children"),
                    slots: try entry.optionalStrings("slots"), triggers: try entry.optionalStrings("triggers"),
                    fallback: try entry.string("fallback"),
                    props: try PropEntry.list(entry, "props"))
            }
            enums = try file.objects("enums").map { (entry) throws(JSONFormatError) in
                EnumEntry(
                    name: try entry.string("name"),
                    values: try entry.objects("values").map { (value) throws(JSONFormatError) in
                        EnumValueEntry(
                            value: try value.string("value"), fallback: try value.optionalString("fallback"),
                            meaning: try value.optionalString("meaning"))
                    })
            }
            actions = try file.objects("actions").map { (entry) throws(JSONFormatError) in
                ActionEntry(
                    kind: try entry.string("kind"), fallback: try entry.string("fallback"),
                    fields: try PropEntry.list(entry, "fields"))
            }
            events =
                try file.optionalObjects("events")?.map { (entry) throws(JSONFormatError) in
                    EventEntry(
                        name: try entry.string("name"), meaning: try entry.optionalString("meaning"),
                        params: try PropEntry.list(entry, "params"))
                } ?? []
            tokens =
                try file.optionalObjects("tokens")?.map { (entry) throws(JSONFormatError) in
                    TokenEntry(
                        name: try entry.string("name"), light: try entry.string("light"),
                        dark: try entry.optionalString("dark"), meaning: try entry.optionalString("meaning"))
                } ?? []
        }
    }

    private struct TokenEntry {
        let name: String
        let light: String
        let dark: String?
        let meaning: String?
    }

    private struct ComponentEntry {
        let type: String
        let children: Bool
        let slots: [String]?
        let triggers: [String]?
        let fallback: String
        let props: [PropEntry]
    }

    private struct PropEntry {
        let key: String
        let type: String
        let presence: String
        let `default`: Value?
        let nonEmpty: Bool?
        let meaning: String?

        /// The props listed under `key` of `owner`.
        static func list(_ owner: JSONObjectReader, _ key: String) throws(JSONFormatError) -> [PropEntry] {
            try owner.objects(key).map { (entry) throws(JSONFormatError) in
                PropEntry(
                    key: try entry.string("key"), type: try entry.string("type"),
                    presence: try entry.string("presence"),
                    default: try entry.optional("default").map { (value) throws(JSONFormatError) in
                        try ContractFile.value(value, at: entry.path(of: "default"))
                    },
                    nonEmpty: try entry.optionalBool("nonEmpty"), meaning: try entry.optionalString("meaning"))
            }
        }
    }

    private struct EnumEntry {
        let name: String
        let values: [EnumValueEntry]
    }

    private struct EnumValueEntry {
        let value: String
        let fallback: String?
        let meaning: String?
    }

    private struct EventEntry {
        let name: String
        let meaning: String?
        let params: [PropEntry]
    }

    private struct ActionEntry {
        let kind: String
        let fallback: String
        let fields: [PropEntry]
    }

    /// A default value: a string, number, boolean, list or map of them.
    private static func value(_ json: JSONValue, at path: String) throws(JSONFormatError) -> Value {
        switch json {
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .number(let text):
            guard let number = Double(text), number.isFinite else {
                throw JSONFormatError("invalid value at \(path): \(text.prefix(40)) is not a finite number")
            }
            return .number(number)
        case .array(let items):
            var values: [Value] = []
            for (index, item) in items.enumerated() { values.append(try value(item, at: "\(path)[\(index)]")) }
            return .list(values)
        case .object(let members):
            var values: [String: Value] = [:]
            for member in members where values[member.key] == nil {
                values[member.key] = try value(member.value, at: "\(path).\(member.key)")
            }
            return .map(values)
        case .null:
            throw JSONFormatError("wrong type at \(path): expected a value, not null")
        }
    }
}
