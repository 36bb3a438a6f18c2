import Foundation
import ScreenJSON
import ScreenKit

/// Where an envelope's fields and root are in flat bytes.
struct EnvelopeHead {
    /// The value of `format`, `id`, `contract`, `minContract`, `title`, `experiments`,
    /// `initialState` (the first of each), where present.
    var fields: [Range<Int>?] = Array(repeating: nil, count: 7)
    /// Where the root's value starts, if there is one.
    var root: Int?
    /// The `contract` field, when it is an integer.
    var contractNumber: Int?
}

/// One object member in flat bytes: the key's literal and the value's bytes.
struct Member {
    /// Where the key's literal starts (its opening quote).
    var keyStart: Int
    /// Where the key's literal ends (after its closing quote).
    var keyEnd: Int
    /// Where the value starts.
    var valueStart: Int
    /// Where the value ends.
    var valueEnd: Int
}

/// Re-shapes flat documents into a profile's bytes: reads the bytes loaded last, writes to `json`.
struct Reshaper {
    /// The profile's keys and plans.
    let shape: ProfileShape
    /// The profile's bytes written so far.
    var json: JSONWriter
    /// Whether the output is compact.
    let compact: Bool
    /// The flat document being read; valid only while its owner lends it (see ``load(_:)``).
    var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Whether values are copied as whole byte ranges: compact flat bytes written compactly.
    var copiesRaw = false
    /// The props of the nodes being written, innermost last.
    var props: [Member] = []
    /// The plan of the last node written.
    var lastPlan: NodePlan?

    /// A reshaper writing in `style` that makes room for `capacity` bytes of output up front.
    init(shape: ProfileShape, style: JSONStyle, reserving capacity: Int) {
        self.shape = shape
        compact = style == .compact
        // Room reserved, not filled: the writer zeroes only what it uses, and taking its bytes
        // leaves it a small buffer, not another of this size.
        json = JSONWriter(style: style, capacity: 256)
        json.reserveCapacity(capacity)
        props.reserveCapacity(64)
    }

    /// Reads `bytes` from now on; the caller keeps them alive while they are read.
    mutating func load(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // The flat writer's pretty output breaks the line after the envelope's opening brace.
        copiesRaw = compact && !(bytes.count > 1 && bytes[1] == 0x0A)
    }

    // MARK: Reading

    /// Stops: the bytes are not what the flat writer writes.
    func malformed(_ offset: Int) -> Never {
        preconditionFailure(
            "the flat envelope writer wrote bytes that are not JSON in its canonical form (at \(offset))")
    }

    /// The byte at `offset`, or 0 past the end.
    @inline(__always)
    func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    /// The first offset from `offset` that is not whitespace.
    @inline(__always)
    func skipWhitespace(_ offset: Int) -> Int {
        var offset = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            offset += 1
        }
        return offset
    }

    /// Requires `expected` at `offset`; the offset after it, and after any whitespace.
    @inline(__always)
    func expect(_ expected: UInt8, at offset: Int) -> Int {
        guard byte(offset) == expected else { malformed(offset) }
        return skipWhitespace(offset + 1)
    }

    /// The end of the string literal starting at `offset` (its opening quote).
    @inline(__always)
    func stringEnd(_ offset: Int) -> Int {
        guard byte(offset) == 0x22, let base = bytes.baseAddress else { malformed(offset) }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        var index = offset + 1
        while true {
            // Eight bytes at a time up to the first quote or backslash: a byte of `word` equals
            // `b` when that byte of `word ^ b…b` is zero, found as the lowest byte whose
            // subtraction borrows (later bytes may be flagged falsely, never earlier ones).
            while index &+ 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let quotes = word ^ 0x2222_2222_2222_2222
                let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let found =
                    ((quotes &- 0x0101_0101_0101_0101) & ~quotes | (backslashes &- 0x0101_0101_0101_0101) & ~backslashes)
                    & 0x8080_8080_8080_8080
                if found != 0 {
                    index &+= found.trailingZeroBitCount >> 3
                    break
                }
                index &+= 8
            }
            guard index < count else { malformed(offset) }
            switch base[index] {
            case 0x22: return index &+ 1
            case 0x5C: index &+= 2
            default: index &+= 1
            }
        }
    }

    /// The end of the value starting at `offset`.
    func valueEnd(_ offset: Int) -> Int {
        switch byte(offset) {
        case 0x22:
            return stringEnd(offset)
        case 0x7B, 0x5B:
            var depth = 0
            var index = offset
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x22:
                    index = stringEnd(index)
                    continue
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D:
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            malformed(offset)
        default:
            var index = offset
            while index < bytes.count {
                switch bytes[index] {
                case 0x2C, 0x7D, 0x5D, 0x3A, 0x20, 0x0A, 0x0D, 0x09: break
                default:
                    index += 1
                    continue
                }
                break
            }
            guard index > offset else { malformed(offset) }
            return index
        }
    }

    /// Whether the literal `start..<end` is `literal` (quotes included).
    @inline(__always)
    func key(_ start: Int, _ end: Int, is literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - start == count else { return false }
        let expected = literal.utf8Start
        for index in 0..<count where bytes[start + index] != expected[index] { return false }
        return true
    }

    /// What a flat node's member is, by its key.
    enum NodeKey {
        case type, id, slot, events, children, fallback, prop
    }

    /// What the member of a flat node whose key is the literal `start..<end` is.
    @inline(__always)
    func nodeKey(_ start: Int, _ end: Int) -> NodeKey {
        switch end - start {
        case 4: return key(start, end, is: "\"id\"") ? .id : .prop
        case 6:
            if key(start, end, is: "\"type\"") { return .type }
            return key(start, end, is: "\"slot\"") ? .slot : .prop
        case 8: return shape.sendsEvents && key(start, end, is: "\"events\"") ? .events : .prop
        case 10:
            if key(start, end, is: "\"children\"") { return .children }
            return key(start, end, is: "\"fallback\"") ? .fallback : .prop
        default: return .prop
        }
    }

    /// The bytes `start..<end`.
    @inline(__always)
    func slice(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// Reads a member's key at `offset` (its opening quote): the key's end and where its value starts.
    @inline(__always)
    func memberKey(at offset: Int) -> (keyEnd: Int, value: Int) {
        let keyEnd = stringEnd(offset)
        return (keyEnd, expect(0x3A, at: skipWhitespace(keyEnd)))
    }

    /// After a member's or an element's value (ending at `offset`): where the next one starts, or
    /// nil, and then the container's end.
    @inline(__always)
    func next(after offset: Int, closing: UInt8) -> (next: Int?, end: Int) {
        let offset = skipWhitespace(offset)
        switch byte(offset) {
        case 0x2C: return (skipWhitespace(offset + 1), 0)
        case closing: return (nil, offset + 1)
        default: malformed(offset)
        }
    }

    /// The envelope's fields and where its root starts. The root is the envelope's last member.
    mutating func envelopeHead() -> EnvelopeHead {
        var head = EnvelopeHead()
        var offset = expect(0x7B, at: skipWhitespace(0))
        guard byte(offset) != 0x7D else { return head }
        while true {
            let (keyEnd, value) = memberKey(at: offset)
            if key(offset, keyEnd, is: "\"root\"") {
                head.root = value
                return head
            }
            let end = valueEnd(value)
            let names: [StaticString] = [
                "\"format\"", "\"id\"", "\"contract\"", "\"minContract\"", "\"title\"", "\"experiments\"",
                "\"initialState\"",
            ]
            if let field = names.firstIndex(where: { key(offset, keyEnd, is: $0) }), head.fields[field] == nil {
                head.fields[field] = value..<end
                if field == 2, byte(value) != 0x22, byte(value) != 0x7B, byte(value) != 0x5B {
                    head.contractNumber = Int(String(decoding: slice(value, end), as: UTF8.self))
                }
            }
            guard let following = next(after: end, closing: 0x7D).next else { return head }
            offset = following
        }
    }
}
