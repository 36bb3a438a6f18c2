// The deterministic JSON writer: every byte ScreenKit emits as JSON is appended here.

/// How the writer lays out JSON: compact (published bytes) or pretty (reviewable).
public enum JSONStyle: Sendable {
    /// No whitespace at all: `{"a":1,"b":[true]}`.
    case compact
    /// Two-space indentation, one member or element per line, `"key": value`.
    case pretty
}

/// An error the writer raises for a value JSON cannot represent.
public enum JSONWriterError: Error, Equatable, CustomStringConvertible {
    /// A NaN or infinite number; JSON has no representation for it.
    case nonFiniteNumber(Double)

    /// A one-line explanation, e.g. `number nan is not finite; JSON has no NaN or infinity`.
    public var description: String {
        switch self {
        case .nonFiniteNumber(let value):
            return "number \(value) is not finite; JSON has no NaN or infinity"
        }
    }

    /// Equal when the payloads are equal, treating any two NaNs as equal (so `.nonFiniteNumber(.nan)` matches itself).
    public static func == (lhs: JSONWriterError, rhs: JSONWriterError) -> Bool {
        switch (lhs, rhs) {
        case (.nonFiniteNumber(let left), .nonFiniteNumber(let right)):
            return left == right || (left.isNaN && right.isNaN)
        }
    }
}

/// Appends JSON tokens to a byte buffer, deterministically.
///
/// The writer inserts every separator itself (commas, colons and, in pretty style, line breaks and
/// indentation); callers only say what comes next. Inside an object every value must be preceded by
/// `key(_:)`. Several top-level values may be written one after another (e.g. separated by
/// `newline()` for JSON Lines). Misuse (a value without a key inside an object, a key outside an
/// object, unbalanced or mismatched ends) is a programming error and stops with a precondition failure.
public struct JSONWriter: Sendable {
    /// Frame flag: the container is an object (otherwise an array).
    private static let objectFlag: UInt8 = 1
    /// Frame flag: the container already has at least one member or element.
    private static let nonEmptyFlag: UInt8 = 2

    /// The output storage: the first `length` bytes are written; the rest is initialized spare room
    /// (zeros, or an earlier document's bytes), so tokens are written in place through one pointer
    /// instead of many small appends.
    private var storage: [UInt8]
    /// The number of bytes written.
    private var length = 0
    /// True for `.pretty`.
    private let pretty: Bool
    /// The capacity to reserve whenever the writer starts over.
    private let initialCapacity: Int
    /// The flags of the innermost open container (meaningless when `depth == 0`).
    private var top: UInt8 = 0
    /// The flags of the enclosing open containers, outermost first (`depth - 1` entries when open).
    private var outer: [UInt8] = []
    /// The number of open containers.
    private var depth = 0
    /// True between `key(_:)` and the member's value.
    private var afterKey = false

    /// Creates an empty writer with the given layout and initial buffer capacity in bytes.
    public init(style: JSONStyle = .compact, capacity: Int = 1024) {
        pretty = style == .pretty
        initialCapacity = max(0, capacity)
        storage = [UInt8](repeating: 0, count: initialCapacity)
    }

    /// The bytes written so far (a copy; use `takeBytes()` to take them without copying).
    public var bytes: [UInt8] {
        assertNoDuplicateKey()
        return Array(storage[..<length])
    }

    /// Whether an object may hold a key twice: only for a writer that makes deliberately malformed
    /// documents (tests of hostile input). Otherwise debug builds stop when a document written
    /// holds a key twice (a payload that cannot mean what it says); release builds check nothing.
    public var allowsRepeatedKeys = false

    /// Debug builds stop when an object of what was written holds a key twice, unless
    /// ``allowsRepeatedKeys``; release builds check nothing.
    @inline(__always)
    private func assertNoDuplicateKey() {
        assert(
            allowsRepeatedKeys || jsonFirstDuplicateKey(in: storage[..<length]) == nil,
            "JSONWriter: an object holds the key \(jsonFirstDuplicateKey(in: storage[..<length]) ?? "") twice")
    }

    /// How many bytes have been written.
    public var count: Int { length }

    /// Makes room for `capacity` bytes in all, so a document up to that size is written without
    /// moving the buffer as it grows.
    public mutating func reserveCapacity(_ capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    /// Returns the bytes written so far and leaves the writer empty and ready for a new document.
    public mutating func takeBytes() -> [UInt8] {
        assertNoDuplicateKey()
        storage.removeSubrange(length...)
        let taken = storage
        storage = [UInt8](repeating: 0, count: initialCapacity)
        length = 0
        top = 0
        outer.removeAll(keepingCapacity: true)
        depth = 0
        afterKey = false
        return taken
    }

    /// Returns a copy of the bytes written so far and leaves the writer empty, keeping its buffer
    /// for the next document: cheaper than `takeBytes()` for a writer that writes many.
    public mutating func copyBytesAndReset() -> [UInt8] {
        assertNoDuplicateKey()
        let copy = Array(storage[..<length])
        length = 0
        top = 0
        outer.removeAll(keepingCapacity: true)
        depth = 0
        afterKey = false
        return copy
    }

    /// Opens an object whose first members were written before: `head` is its opening bytes — `{`
    /// and at least one whole member, with no separator after the last — copied from a document of
    /// the same style, at the same depth. Write further members, then `endObject()`.
    public mutating func beginObject(copying head: UnsafeBufferPointer<UInt8>) {
        precondition(head.first == 0x7B, "JSONWriter: beginObject(copying:) needs bytes that open an object")
        rawValue(head)
        push(Self.objectFlag | Self.nonEmptyFlag)
    }

    /// Opens an object (`{`); write members with `key(_:)` and a value each, then `endObject()`.
    public mutating func beginObject() {
        let separator = separatorBeforeValue()
        emit(separator, 1) { $0[0] = 0x7B }  // {
        push(Self.objectFlag)
    }

    /// Closes the innermost open object (`}`).
    public mutating func endObject() {
        precondition(depth > 0 && top & Self.objectFlag != 0, "JSONWriter: endObject() without an open object")
        precondition(!afterKey, "JSONWriter: endObject() after a key with no value")
        close(0x7D)  // }
    }

    /// Opens an array (`[`); write elements as values, then `endArray()`.
    public mutating func beginArray() {
        let separator = separatorBeforeValue()
        emit(separator, 1) { $0[0] = 0x5B }  // [
        push(0)
    }

    /// Closes the innermost open array (`]`).
    public mutating func endArray() {
        precondition(depth > 0 && top & Self.objectFlag == 0, "JSONWriter: endArray() without an open array")
        close(0x5D)  // ]
    }

    /// Writes an object member name; the member's value must follow.
    public mutating func key(_ key: String) {
        precondition(depth > 0 && top & Self.objectFlag != 0, "JSONWriter: key(_:) outside an object")
        precondition(!afterKey, "JSONWriter: key(_:) after a key with no value")
        let separator = separatorBeforeMember()
        afterKey = true
        emitString(separator, key, colon: pretty ? 2 : 1)
    }

    /// Writes a string value.
    public mutating func string(_ value: String) {
        let separator = separatorBeforeValue()
        emitString(separator, value, colon: 0)
    }

    /// Writes a number value; throws `.nonFiniteNumber` for NaN or ±infinity and then writes nothing.
    public mutating func number(_ value: Double) throws(JSONWriterError) {
        guard value.isFinite else { throw .nonFiniteNumber(value) }
        if let integer = jsonExactInteger(value) {
            self.integer(integer)
            return
        }
        let separator = separatorBeforeValue()
        var text = jsonShortestText(value)
        text.withUTF8 { utf8 in
            emit(separator, utf8.count) { $0.update(from: utf8.baseAddress!, count: utf8.count) }
        }
    }

    /// Writes an integer value.
    public mutating func integer(_ value: Int) {
        let separator = separatorBeforeValue()
        let digits = jsonDecimalLength(value)
        emit(separator, digits) { writeJSONDecimal(value, length: digits, to: $0) }
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        let separator = separatorBeforeValue()
        if value {
            emit(separator, 4) { out in
                out[0] = 0x74  // t
                out[1] = 0x72  // r
                out[2] = 0x75  // u
                out[3] = 0x65  // e
            }
        } else {
            emit(separator, 5) { out in
                out[0] = 0x66  // f
                out[1] = 0x61  // a
                out[2] = 0x6C  // l
                out[3] = 0x73  // s
                out[4] = 0x65  // e
            }
        }
    }

    /// Writes `null`.
    public mutating func null() {
        let separator = separatorBeforeValue()
        emit(separator, 4) { out in
            out[0] = 0x6E  // n
            out[1] = 0x75  // u
            out[2] = 0x6C  // l
            out[3] = 0x6C  // l
        }
    }

    /// Writes an object member name given as its escaped literal, quotes included (as
    /// `appendJSONString` makes it); the member's value must follow.
    public mutating func key(escaped literal: UnsafeBufferPointer<UInt8>) {
        precondition(depth > 0 && top & Self.objectFlag != 0, "JSONWriter: key(escaped:) outside an object")
        precondition(!afterKey, "JSONWriter: key(escaped:) after a key with no value")
        let separator = separatorBeforeMember()
        afterKey = true
        let count = literal.count
        let colon = pretty ? 2 : 1
        emit(separator, count &+ colon) { out in
            if let source = literal.baseAddress { out.update(from: source, count: count) }
            out[count] = 0x3A  // :
            if colon == 2 { out[count &+ 1] = 0x20 }
        }
    }

    /// Writes an object member in one step: its name as an escaped literal, quotes included, and
    /// its value as the bytes of one complete JSON value (see `key(escaped:)` and `rawValue(_:)`).
    public mutating func member(escaped literal: UnsafeBufferPointer<UInt8>, rawValue value: UnsafeBufferPointer<UInt8>)
    {
        precondition(depth > 0 && top & Self.objectFlag != 0, "JSONWriter: member(escaped:rawValue:) outside an object")
        precondition(!afterKey, "JSONWriter: member(escaped:rawValue:) after a key with no value")
        let separator = separatorBeforeMember()
        let keyCount = literal.count
        let valueCount = value.count
        let colon = pretty ? 2 : 1
        emit(separator, keyCount &+ colon &+ valueCount) { out in
            if let source = literal.baseAddress { out.update(from: source, count: keyCount) }
            out[keyCount] = 0x3A  // :
            if colon == 2 { out[keyCount &+ 1] = 0x20 }
            if let source = value.baseAddress { (out + (keyCount &+ colon)).update(from: source, count: valueCount) }
        }
    }

    /// Writes `value`: the bytes of one complete JSON value, written as they are. A scalar made by
    /// `appendJSONString`, `appendJSONNumber` or `appendJSONInteger` fits any style and depth; a
    /// container must come from a writer of the same style, at the same depth.
    public mutating func rawValue(_ value: UnsafeBufferPointer<UInt8>) {
        let separator = separatorBeforeValue()
        let count = value.count
        emit(separator, count) { out in
            if let source = value.baseAddress { out.update(from: source, count: count) }
        }
    }

    /// Appends a line feed (`\n`), e.g. at the end of a pretty document.
    public mutating func newline() {
        emit(Separator.none, 1) { $0[0] = 0x0A }
    }

    // MARK: - Structure

    /// What precedes a token: an optional comma, then (pretty style) an optional line break and indentation.
    private struct Separator {
        /// No separator at all.
        static let none = Separator(comma: false, indentation: -1)

        /// Whether a comma comes first.
        var comma: Bool
        /// The number of spaces after a line break, or -1 for no line break.
        var indentation: Int

        /// The number of bytes the separator occupies.
        @inline(__always)
        var length: Int { (comma ? 1 : 0) &+ (indentation < 0 ? 0 : 1 &+ indentation) }

        /// Writes the separator at `out`; returns the position after it.
        @inline(__always)
        func write(to out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            var out = out
            if comma {
                out.pointee = 0x2C  // ,
                out += 1
            }
            if indentation >= 0 {
                out.pointee = 0x0A  // line feed
                out += 1
                out.initialize(repeating: 0x20, count: indentation)
                out += indentation
            }
            return out
        }
    }

    /// Updates the nesting state for a value at the current position and returns what must precede it.
    @inline(__always)
    private mutating func separatorBeforeValue() -> Separator {
        if afterKey {
            afterKey = false
            return .none
        }
        if depth == 0 { return .none }
        precondition(top & Self.objectFlag == 0, "JSONWriter: value inside an object without key(_:)")
        return separatorBeforeMember()
    }

    /// Marks the innermost container non-empty and returns what precedes its next member or element.
    @inline(__always)
    private mutating func separatorBeforeMember() -> Separator {
        let comma = top & Self.nonEmptyFlag != 0
        top |= Self.nonEmptyFlag
        return Separator(comma: comma, indentation: pretty ? depth &* 2 : -1)
    }

    /// Pushes a new innermost container with the given flags.
    @inline(__always)
    private mutating func push(_ flags: UInt8) {
        if depth > 0 { outer.append(top) }
        top = flags
        depth &+= 1
    }

    /// Pops the innermost container and writes its closing bracket (on its own line when pretty and non-empty).
    @inline(__always)
    private mutating func close(_ bracket: UInt8) {
        let wasNonEmpty = top & Self.nonEmptyFlag != 0
        depth &-= 1
        top = depth > 0 ? outer.removeLast() : 0
        let separator = Separator(comma: false, indentation: pretty && wasNonEmpty ? depth &* 2 : -1)
        emit(separator, 1) { $0[0] = bracket }
    }

    // MARK: - Output

    /// Writes `separator` and then a `count`-byte token, which `body` must write in full at the pointer it gets.
    @inline(__always)
    private mutating func emit(
        _ separator: Separator, _ count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void
    ) {
        emit(separator, atMost: count) { out in
            body(out)
            return count
        }
    }

    /// Writes `separator` and then a token of at most `maximum` bytes, which `body` writes at the
    /// pointer it gets, returning how many bytes it wrote.
    @inline(__always)
    private mutating func emit(
        _ separator: Separator, atMost maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int
    ) {
        let bound = separator.length &+ maximum
        if bound > storage.count &- length {
            grow(toFit: bound)
        }
        let start = length
        let written = storage.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress! + start
            let tokenStart = separator.write(to: base)
            return base.distance(to: tokenStart) &+ body(tokenStart)
        }
        length = start &+ written
    }

    /// Writes `separator`, `value` as an escaped string literal and, when `colon` is 1 or 2, `:` or `: `.
    @inline(__always)
    private mutating func emitString(_ separator: Separator, _ value: String, colon: Int) {
        withJSONStringUTF8(value) { utf8 in
            // Short strings: reserve the worst case and escape in one pass; long ones: measure first.
            let literalBound =
                utf8.count <= 4096 ? maxJSONEscapedLength(utf8.count) : jsonEscapedLength(utf8)
            emit(separator, atMost: literalBound &+ colon) { out in
                let literalLength = writeJSONEscaped(utf8, to: out)
                if colon > 0 {
                    out[literalLength] = 0x3A  // :
                    if colon == 2 { out[literalLength &+ 1] = 0x20 }
                }
                return literalLength &+ colon
            }
        }
    }

    /// Makes room for `count` more bytes. The array's own capacity grows geometrically; the zeroed
    /// spare region is extended at most 64 KiB beyond the need at a time, so pages are touched just
    /// before they are written rather than up to a whole doubling ahead.
    @inline(never)
    private mutating func grow(toFit count: Int) {
        let needed = length + count
        let step = min(max(storage.count, 256), 1 << 16)
        let newSize = max(needed, storage.count + step)
        storage.append(contentsOf: repeatElement(0, count: newSize - storage.count))
    }
}
