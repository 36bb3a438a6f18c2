/// Why a JSON document is not the file format a reader expects: what, and where.
public struct JSONFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, with the path of the value (`missing key "type" at components[0]`).
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// One JSON object of a file format, read member by member: typed access to each member, the path
/// of the value in every error (`wrong type at screens[2].minContract: expected a whole number`),
/// and unknown members refused where the format says so.
///
/// It reads a ``JSONValue`` that ``JSONReader`` read within a depth bound, from bytes whose size the
/// caller bounded: reading one never recurses or allocates past those bounds. A key listed twice
/// reads as its first value; formats that refuse repeated keys check the bytes first
/// (``jsonFirstDuplicateKey(in:)``).
public struct JSONObjectReader: Sendable {
    /// Where this object is in the document (`""` for the document itself, `screens[2]`).
    public let path: String
    /// Its members, in document order.
    public let members: [JSONMember]

    /// The object `value`, at `path`; a value of another kind is a `wrong type` error.
    public init(_ value: JSONValue, path: String = "") throws(JSONFormatError) {
        guard case .object(let members) = value else { throw Self.wrongType(path, "an object") }
        self.path = path
        self.members = members
    }

    /// The document in `bytes`, which must be one object nesting at most `maximumDepth` levels;
    /// anything else is `invalid JSON (…)` or `wrong type`. A leading UTF-8 byte order mark is
    /// skipped, as RFC 8259 allows a reader to.
    public static func document(_ bytes: [UInt8], maximumDepth: Int) throws(JSONFormatError) -> JSONObjectReader {
        let value: JSONValue
        do {
            value =
                bytes.starts(with: [0xEF, 0xBB, 0xBF])
                ? try JSONReader.read(Array(bytes.dropFirst(3)), maximumDepth: maximumDepth)
                : try JSONReader.read(bytes, maximumDepth: maximumDepth)
        } catch {
            throw JSONFormatError("invalid JSON (\(error.description))")
        }
        return try JSONObjectReader(value)
    }

    /// The value of member `key`, if there is one (the first, if repeated).
    public func value(_ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    /// The path of member `key`.
    public func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Member `key`, which must be present.
    public func required(_ key: String) throws(JSONFormatError) -> JSONValue {
        guard let value = value(key) else {
            throw JSONFormatError("missing key \"\(key)\"\(path.isEmpty ? "" : " at \(path)")")
        }
        return value
    }

    /// Member `key`, present or not; `null` reads as not present.
    public func optional(_ key: String) -> JSONValue? {
        guard let value = value(key), value != .null else { return nil }
        return value
    }

    /// Member `key` as a string.
    public func string(_ key: String) throws(JSONFormatError) -> String {
        try Self.string(try required(key), at: path(of: key))
    }

    /// Member `key` as a string, or nil when it is missing or `null`.
    public func optionalString(_ key: String) throws(JSONFormatError) -> String? {
        guard let value = optional(key) else { return nil }
        return try Self.string(value, at: path(of: key))
    }

    /// Member `key` as a whole number.
    public func int(_ key: String) throws(JSONFormatError) -> Int {
        try Self.int(try required(key), at: path(of: key))
    }

    /// Member `key` as a whole number, or nil when it is missing or `null`.
    public func optionalInt(_ key: String) throws(JSONFormatError) -> Int? {
        guard let value = optional(key) else { return nil }
        return try Self.int(value, at: path(of: key))
    }

    /// Member `key` as `true` or `false`.
    public func bool(_ key: String) throws(JSONFormatError) -> Bool {
        guard case .bool(let flag) = try required(key) else { throw Self.wrongType(path(of: key), "a boolean") }
        return flag
    }

    /// Member `key` as `true` or `false`, or nil when it is missing or `null`.
    public func optionalBool(_ key: String) throws(JSONFormatError) -> Bool? {
        guard let value = optional(key) else { return nil }
        guard case .bool(let flag) = value else { throw Self.wrongType(path(of: key), "a boolean") }
        return flag
    }

    /// Member `key` as a list of strings.
    public func strings(_ key: String) throws(JSONFormatError) -> [String] {
        try Self.strings(try required(key), at: path(of: key))
    }

    /// Member `key` as a list of strings, or nil when it is missing or `null`.
    public func optionalStrings(_ key: String) throws(JSONFormatError) -> [String]? {
        guard let value = optional(key) else { return nil }
        return try Self.strings(value, at: path(of: key))
    }

    /// Member `key` as an object.
    public func object(_ key: String) throws(JSONFormatError) -> JSONObjectReader {
        try JSONObjectReader(try required(key), path: path(of: key))
    }

    /// Member `key` as an object, or nil when it is missing or `null`.
    public func optionalObject(_ key: String) throws(JSONFormatError) -> JSONObjectReader? {
        guard let value = optional(key) else { return nil }
        return try JSONObjectReader(value, path: path(of: key))
    }

    /// Member `key` as a list of objects.
    public func objects(_ key: String) throws(JSONFormatError) -> [JSONObjectReader] {
        try Self.objects(try required(key), at: path(of: key))
    }

    /// Member `key` as a list of objects, or nil when it is missing or `null`.
    public func optionalObjects(_ key: String) throws(JSONFormatError) -> [JSONObjectReader]? {
        guard let value = optional(key) else { return nil }
        return try Self.objects(value, at: path(of: key))
    }

    /// Member `key` as an object of strings (`{"a": "x"}`).
    public func stringMap(_ key: String) throws(JSONFormatError) -> [String: String] {
        let object = try self.object(key)
        var map: [String: String] = [:]
        for member in object.members where map[member.key] == nil {
            map[member.key] = try Self.string(member.value, at: object.path(of: member.key))
        }
        return map
    }

    /// Refuses a member whose key is not in `known`, and a key given twice:
    /// `clients[0] has an unknown key "os" (known: a, b)`, `the file has the key "a" twice`.
    public func refuseUnknownKeys(_ known: [String]) throws(JSONFormatError) {
        let place = path.isEmpty ? "the file" : path
        var seen: Set<String> = []
        for member in members {
            guard known.contains(member.key) else {
                throw JSONFormatError(
                    "\(place) has an unknown key \"\(member.key.prefix(40))\" (known: \(known.sorted().joined(separator: ", ")))"
                )
            }
            guard seen.insert(member.key).inserted else {
                throw JSONFormatError("\(place) has the key \"\(member.key.prefix(40))\" twice")
            }
        }
    }

    /// `value` as a string.
    public static func string(_ value: JSONValue, at path: String) throws(JSONFormatError) -> String {
        guard case .string(let text) = value else { throw wrongType(path, "a string") }
        return text
    }

    /// `value` as a whole number that fits an `Int` (`2`, not `2.5` or `1e400`).
    public static func int(_ value: JSONValue, at path: String) throws(JSONFormatError) -> Int {
        guard case .number(let text) = value else { throw wrongType(path, "a whole number") }
        if let number = Int(text) { return number }
        // `2.0` and `2e0` are whole numbers too, as JSONDecoder read them.
        guard let number = Double(text), number.rounded() == number, abs(number) < 9.0e15 else {
            throw wrongType(path, "a whole number")
        }
        return Int(number)
    }

    /// `value` as a list of strings.
    public static func strings(_ value: JSONValue, at path: String) throws(JSONFormatError) -> [String] {
        guard case .array(let items) = value else { throw wrongType(path, "a list of strings") }
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { strings.append(try string(item, at: "\(path)[\(index)]")) }
        return strings
    }

    /// `value` as a list of objects.
    public static func objects(_ value: JSONValue, at path: String) throws(JSONFormatError) -> [JSONObjectReader] {
        guard case .array(let items) = value else { throw wrongType(path, "a list of objects") }
        var objects: [JSONObjectReader] = []
        objects.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            objects.append(try JSONObjectReader(item, path: "\(path)[\(index)]"))
        }
        return objects
    }

    /// `wrong type at path: expected what`.
    static func wrongType(_ path: String, _ what: String) -> JSONFormatError {
        JSONFormatError("wrong type\(path.isEmpty ? "" : " at \(path)"): expected \(what)")
    }
}
