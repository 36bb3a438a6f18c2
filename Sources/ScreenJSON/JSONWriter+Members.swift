/// A value that writes itself as one JSON object's members, so that it can be a member's value or
/// an array's element in one call: `json.member("locales", locales)`.
public protocol JSONObjectWritable {
    /// Writes this value's members into the object `json` has open.
    func writeMembers(into json: inout JSONWriter)
}

/// One way to write an object member: `json.member("id", screen.id)` — the key, then the value —
/// for every value type the file formats hold (`ifPresent:` leaves a nil value's member out), and
/// `json.object("key") { … }` and `json.array("key") { … }` for what a closure writes.
extension JSONWriter {
    /// `"key":"value"`.
    public mutating func member(_ key: String, _ value: String) {
        self.key(key)
        string(value)
    }

    /// `"key":value` for an integer.
    public mutating func member(_ key: String, _ value: Int) {
        self.key(key)
        integer(value)
    }

    /// `"key":true` or `"key":false`.
    public mutating func member(_ key: String, _ value: Bool) {
        self.key(key)
        bool(value)
    }

    /// `"key":["a","b"]`.
    public mutating func member(_ key: String, _ values: [String]) {
        self.key(key)
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// `"key":[1,2]`.
    public mutating func member(_ key: String, _ values: [Int]) {
        self.key(key)
        beginArray()
        for value in values { integer(value) }
        endArray()
    }

    /// `"key":"value"`, or nothing when `value` is nil.
    public mutating func member(_ key: String, ifPresent value: String?) {
        if let value { member(key, value) }
    }

    /// `"key":value`, or nothing when `value` is nil.
    public mutating func member(_ key: String, ifPresent value: Int?) {
        if let value { member(key, value) }
    }

    /// `"key":"value"`, or `"key":null` when `value` is nil.
    public mutating func member(_ key: String, orNull value: String?) {
        self.key(key)
        if let value { string(value) } else { null() }
    }

    /// `"key":{"a":"…","b":"…"}`, the map's keys sorted.
    public mutating func member(_ key: String, sorted map: [String: String]) {
        object(key) { json in
            for name in map.keys.sorted() { json.member(name, map[name]!) }
        }
    }

    /// `"key":{…}` with the members `value` writes.
    public mutating func member(_ key: String, _ value: some JSONObjectWritable) {
        self.key(key)
        object(value)
    }

    /// `"key":{…}` with the members `value` writes, or nothing when `value` is nil.
    public mutating func member(_ key: String, ifPresent value: (some JSONObjectWritable)?) {
        if let value { member(key, value) }
    }

    /// `"key":[{…},{…}]`, each element an object of the members it writes.
    public mutating func member(_ key: String, _ values: [some JSONObjectWritable]) {
        self.key(key)
        beginArray()
        for value in values { object(value) }
        endArray()
    }

    /// `"key":{…}` with the members `body` writes.
    public mutating func object<Failure: Error>(
        _ key: String, _ body: (inout JSONWriter) throws(Failure) -> Void
    ) throws(Failure) {
        self.key(key)
        try object(body)
    }

    /// `"key":[…]` with the values `body` writes.
    public mutating func array<Failure: Error>(
        _ key: String, _ body: (inout JSONWriter) throws(Failure) -> Void
    ) throws(Failure) {
        self.key(key)
        beginArray()
        try body(&self)
        endArray()
    }

    /// `"key":[{…},{…}]`: one object per item of `items`, with the members `body` writes for it.
    public mutating func objects<Items: Sequence>(
        _ key: String, _ items: Items, _ body: (inout JSONWriter, Items.Element) -> Void
    ) {
        array(key) { json in
            for item in items {
                json.object { json in body(&json, item) }
            }
        }
    }

    /// `{…}` with the members `value` writes.
    public mutating func object(_ value: some JSONObjectWritable) {
        beginObject()
        value.writeMembers(into: &self)
        endObject()
    }

    /// `{…}` with the members `body` writes.
    public mutating func object<Failure: Error>(_ body: (inout JSONWriter) throws(Failure) -> Void) throws(Failure) {
        beginObject()
        try body(&self)
        endObject()
    }
}
