import Dispatch
import Foundation
import ScreenJSON
import ScreenKit

/// Writes envelopes in a catalog's wire profile: a plain writer, apart from the hand-optimised
/// flat one, over what the flat writer produced.
///
/// A flat envelope or variant is the validated, downleveled screen — fallbacks applied, props a
/// version lacks left out, enum values and actions mapped — in a canonical form. Writing it again
/// in the profile's shape means every profile gets exactly the flat variants' downleveling, with
/// one implementation of it.
///
/// The flat bytes are re-shaped in one streaming pass, without building a tree: they are the flat
/// writer's own output, so strings are escaped by the one escaper, numbers are formatted, and each
/// node's members come in a fixed order (`type`, `id`, `slot`, props in schema order, `children`,
/// `fallback`). Values are copied as they are (token by token when the layout changes); only a
/// node's own members are moved, and a node with named slots has its children scanned once to
/// group them. The tree-based writer this replaced is kept in the tests as the reference it must
/// agree with byte for byte.
struct ProfileWriter: Sendable {
    /// The profile written.
    let profile: WireProfile
    /// The layout of the bytes written.
    let style: JSONStyle
    /// The profile's keys and each component's shape, escaped once.
    private let shape: ProfileShape

    /// A writer of `profile` (the catalog's unless given) for `catalog`'s components.
    init(catalog: Catalog, profile: WireProfile? = nil, style: JSONStyle) {
        let profile = profile ?? catalog.profile
        self.profile = profile
        self.style = style
        shape = ProfileShape(profile: profile, components: catalog.components)
    }

    /// `flat` (an envelope the flat writer wrote) in the profile's shape, with the screen's
    /// envelope `values` (``Screen/envelopeValues``).
    func write(_ flat: [UInt8], values: [String: String] = [:]) -> [UInt8] {
        var reshaper = Reshaper(shape: shape, style: style, reserving: flat.count + flat.count / 4)
        reshaper.json.beginObject()
        flat.withUnsafeBufferPointer { bytes in
            reshaper.load(bytes)
            let head = reshaper.envelopeHead()
            reshaper.writeFields(of: head, values: values)
            reshaper.writeRootPath { $0.writeRoot(at: head.root) }
        }
        reshaper.json.endObject()
        if flat.last == 0x0A { reshaper.json.newline() }
        return reshaper.json.takeBytes()
    }

    /// One document holding every device layout of screen `id`, from each layout's flat envelope
    /// (written for one client version): the envelope's fields, then at the root path the list of
    /// `{device, root}` entries, in the screen's order of layouts.
    func writeLayouts(
        of id: String, _ parts: [(device: String, flat: [UInt8])], values: [String: String] = [:],
        entry: WireProfile.Layouts
    ) -> [UInt8] {
        var reshaper = Reshaper(
            shape: shape, style: style, reserving: parts.reduce(64) { $0 + $1.flat.count + $1.flat.count / 4 })
        let heads = parts.map { part in
            part.flat.withUnsafeBufferPointer { bytes in
                reshaper.load(bytes)
                return reshaper.envelopeHead()
            }
        }
        reshaper.json.beginObject()
        // The layouts share the screen's fields; the contract field names the oldest version
        // receiving the whole document, which is the newest of those its layouts name.
        let contract = heads.compactMap(\.contractNumber).max()
        if let first = parts.first {
            first.flat.withUnsafeBufferPointer { bytes in
                reshaper.load(bytes)
                reshaper.writeFields(of: heads[0], values: values, id: id, contract: contract)
            }
        } else {
            reshaper.writeFields(of: nil, values: values, id: id, contract: contract)
        }
        let deviceKey = ProfileShape.literal(entry.deviceKey)
        let rootKey = ProfileShape.literal(entry.rootKey)
        reshaper.writeRootPath { reshaper in
            reshaper.json.beginArray()
            for (part, head) in zip(parts, heads) {
                part.flat.withUnsafeBufferPointer { bytes in
                    reshaper.load(bytes)
                    reshaper.json.beginObject()
                    deviceKey.withUnsafeBufferPointer { reshaper.json.key(escaped: $0) }
                    reshaper.json.string(part.device)
                    rootKey.withUnsafeBufferPointer { reshaper.json.key(escaped: $0) }
                    reshaper.writeRoot(at: head.root)
                    reshaper.json.endObject()
                }
            }
            reshaper.json.endArray()
        }
        reshaper.json.endObject()
        if parts.first?.flat.last == 0x0A { reshaper.json.newline() }
        return reshaper.json.takeBytes()
    }
}

/// A profile's keys as escaped literals, and how each component's nodes are written.
final class ProfileShape: Sendable {
    /// The profile described.
    let profile: WireProfile
    /// The key of a node's type.
    let typeKey: [UInt8]
    /// The key of a node's ID; nil when nodes carry none.
    let idKey: [UInt8]?
    /// The key marking a child's named slot, when slots are tagged.
    let taggedSlotKey: [UInt8]?
    /// The key of the object holding a node's named slots, when they go under one.
    let slotsKey: [UInt8]?
    /// The key of a node's fallback; nil when the full envelope carries none.
    let fallbackKey: [UInt8]?
    /// The keys of a wrapped value's discriminator and value, when values are wrapped.
    let wrapKeys: (type: [UInt8], value: [UInt8])?
    /// The keys of `format`, `id`, `contract`, `minContract`, `title`, `initialState`, in that
    /// order (nil leaves the field out).
    let fieldKeys: [[UInt8]?]
    /// Each declared component's plan (the first declaration of a type).
    private let plans: [NodePlan]
    /// An open-addressing table from a component's escaped type to its index in `plans` (-1: empty).
    private let table: [Int32]

    /// The shape of `profile` for `components`.
    init(profile: WireProfile, components: [ComponentSchema]) {
        self.profile = profile
        let nodes = profile.nodes
        typeKey = Self.literal(nodes.typeKey)
        idKey = nodes.idKey.map(Self.literal)
        switch nodes.slots {
        case .tagged(let key): (taggedSlotKey, slotsKey) = (Self.literal(key), nil)
        case .members: (taggedSlotKey, slotsKey) = (nil, nil)
        case .under(let key): (taggedSlotKey, slotsKey) = (nil, Self.literal(key))
        }
        fallbackKey = nodes.fallbackKey.map(Self.literal)
        wrapKeys = profile.values.wrapping.map { (Self.literal($0.typeKey), Self.literal($0.valueKey)) }
        let envelope = profile.envelope
        fieldKeys = [
            envelope.format, envelope.screenID, envelope.contract, envelope.minContract, envelope.title,
            envelope.initialState,
        ].map { $0.map(Self.literal) }
        var plans: [NodePlan] = []
        var seen: Set<String> = []
        for component in components where seen.insert(component.type).inserted {
            plans.append(NodePlan(type: component.type, schema: component, profile: profile))
        }
        var size = 8
        while size < plans.count * 2 { size *= 2 }
        var table = [Int32](repeating: -1, count: size)
        for (index, plan) in plans.enumerated() {
            var slot = plan.typeToken.withUnsafeBufferPointer { Self.hash($0) } & (size - 1)
            while table[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            table[slot] = Int32(index)
        }
        self.plans = plans
        self.table = table
    }

    /// `string` as an escaped JSON string literal, quotes included.
    static func literal(_ string: String) -> [UInt8] {
        var bytes: [UInt8] = []
        appendJSONString(string, to: &bytes)
        return bytes
    }

    /// `""`, the type of a node without one.
    static let emptyType: [UInt8] = [0x22, 0x22]

    /// Whether `a` and `b` hold the same bytes.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return memcmp(left, right, a.count) == 0
    }

    /// FNV-1a of `bytes`.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash)
    }

    /// The plan of the component whose escaped type is `token` (a string literal read from a flat
    /// node, or `""` for a node without one).
    func plan(forType token: UnsafeBufferPointer<UInt8>) -> NodePlan {
        let mask = table.count - 1
        var slot = Self.hash(token) & mask
        while true {
            let index = Int(table[slot])
            if index < 0 { break }
            let plan = plans[index]
            if plan.typeToken.withUnsafeBufferPointer({ Self.equal($0, token) }) { return plan }
            slot = (slot + 1) & mask
        }
        // A type the catalog does not declare (validation reports it): the profile's defaults.
        let type = (try? JSONReader.read(Array(token)))?.stringValue ?? ""
        return NodePlan(type: type, schema: nil, profile: profile)
    }
}

/// How nodes of one component type are written in a profile.
final class NodePlan: Sendable {
    /// The escaped type.
    let typeToken: [UInt8]
    /// The key props go under, or nil when they are written inline.
    let propsKey: [UInt8]?
    /// The key of the children list.
    let childrenKey: [UInt8]
    /// Whether the component declares plain children (next to named slots).
    let hasChildren: Bool
    /// The named slots, escaped, in declaration order, when the profile writes them as lists of
    /// their own; empty when they are tagged (or there are none).
    let groupedSlots: [[UInt8]]
    /// The props whose values are wrapped: by the first declaration of each key.
    let wraps: [Wrap]

    /// A wrapped prop: its escaped key, its discriminator and the object around its value, if any.
    struct Wrap: Sendable {
        /// The prop's key.
        let key: [UInt8]
        /// The discriminator of the prop's type.
        let discriminator: [UInt8]
        /// The key of the value in its object, and the object's fixed members in key order.
        let object: (valueKey: [UInt8], constants: [(key: [UInt8], value: [UInt8])])?
    }

    /// The plan of `type` (declared by `schema`, if at all) in `profile`.
    init(type: String, schema: ComponentSchema?, profile: WireProfile) {
        let nodes = profile.nodes
        typeToken = ProfileShape.literal(type)
        switch nodes.placement(of: type) {
        case .inline: propsKey = nil
        case .under(let key): propsKey = ProfileShape.literal(key)
        }
        childrenKey = ProfileShape.literal(nodes.childrenKey(of: type))
        hasChildren = schema?.hasChildren == true
        if case .tagged = nodes.slots {
            groupedSlots = []
        } else {
            groupedSlots = (schema?.slots ?? []).map(ProfileShape.literal)
        }
        var wraps: [Wrap] = []
        if let wrapping = profile.values.wrapping, let schema {
            var seen: Set<String> = []
            for prop in schema.props where seen.insert(prop.key).inserted {
                guard let discriminator = wrapping.discriminator(for: prop.type) else { continue }
                let object = wrapping.object(for: prop.type).map { object in
                    (
                        valueKey: ProfileShape.literal(object.valueKey),
                        constants: object.constants.keys.sorted().map {
                            (key: ProfileShape.literal($0), value: ProfileShape.literal(object.constants[$0]!))
                        }
                    )
                }
                wraps.append(
                    Wrap(
                        key: ProfileShape.literal(prop.key), discriminator: ProfileShape.literal(discriminator),
                        object: object))
            }
        }
        self.wraps = wraps
    }
}

/// Where an envelope's fields and root are in flat bytes.
private struct EnvelopeHead {
    /// The value of `format`, `id`, `contract`, `minContract`, `title`, `initialState` (the first
    /// of each), where present.
    var fields: [Range<Int>?] = Array(repeating: nil, count: 6)
    /// Where the root's value starts, if there is one.
    var root: Int?
    /// The `contract` field, when it is an integer.
    var contractNumber: Int?
}

/// One object member in flat bytes: the key's literal and the value's bytes.
private struct Member {
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
private struct Reshaper {
    /// The profile's keys and plans.
    let shape: ProfileShape
    /// The profile's bytes written so far.
    var json: JSONWriter
    /// Whether the output is compact.
    let compact: Bool
    /// The flat document being read; valid only while its owner lends it (see ``load(_:)``).
    private var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Whether values are copied as whole byte ranges: compact flat bytes written compactly.
    private var copiesRaw = false
    /// The props of the nodes being written, innermost last.
    private var props: [Member] = []
    /// The plan of the last node written.
    private var lastPlan: NodePlan?

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
    private func malformed(_ offset: Int) -> Never {
        preconditionFailure(
            "the flat envelope writer wrote bytes that are not JSON in its canonical form (at \(offset))")
    }

    /// The byte at `offset`, or 0 past the end.
    @inline(__always)
    private func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    /// The first offset from `offset` that is not whitespace.
    @inline(__always)
    private func skipWhitespace(_ offset: Int) -> Int {
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
    private func expect(_ expected: UInt8, at offset: Int) -> Int {
        guard byte(offset) == expected else { malformed(offset) }
        return skipWhitespace(offset + 1)
    }

    /// The end of the string literal starting at `offset` (its opening quote).
    @inline(__always)
    private func stringEnd(_ offset: Int) -> Int {
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
    private func valueEnd(_ offset: Int) -> Int {
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
    private func key(_ start: Int, _ end: Int, is literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - start == count else { return false }
        let expected = literal.utf8Start
        for index in 0..<count where bytes[start + index] != expected[index] { return false }
        return true
    }

    /// What a flat node's member is, by its key.
    private enum NodeKey {
        case type, id, slot, children, fallback, prop
    }

    /// What the member of a flat node whose key is the literal `start..<end` is.
    @inline(__always)
    private func nodeKey(_ start: Int, _ end: Int) -> NodeKey {
        switch end - start {
        case 4: return key(start, end, is: "\"id\"") ? .id : .prop
        case 6:
            if key(start, end, is: "\"type\"") { return .type }
            return key(start, end, is: "\"slot\"") ? .slot : .prop
        case 10:
            if key(start, end, is: "\"children\"") { return .children }
            return key(start, end, is: "\"fallback\"") ? .fallback : .prop
        default: return .prop
        }
    }

    /// The bytes `start..<end`.
    @inline(__always)
    private func slice(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// Reads a member's key at `offset` (its opening quote): the key's end and where its value starts.
    @inline(__always)
    private func memberKey(at offset: Int) -> (keyEnd: Int, value: Int) {
        let keyEnd = stringEnd(offset)
        return (keyEnd, expect(0x3A, at: skipWhitespace(keyEnd)))
    }

    /// After a member's or an element's value (ending at `offset`): where the next one starts, or
    /// nil, and then the container's end.
    @inline(__always)
    private func next(after offset: Int, closing: UInt8) -> (next: Int?, end: Int) {
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
                "\"format\"", "\"id\"", "\"contract\"", "\"minContract\"", "\"title\"", "\"initialState\"",
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

    // MARK: Writing

    /// Writes the value at `offset` as it is (`end`, when known, is where it ends); returns its end.
    @discardableResult
    private mutating func copyValue(at offset: Int, end: Int? = nil) -> Int {
        guard copiesRaw else { return walkValue(at: offset) }
        let end = end ?? valueEnd(offset)
        json.rawValue(slice(offset, end))
        return end
    }

    /// Writes the value at `offset` token by token, laid out in the writer's style; returns its end.
    private mutating func walkValue(at offset: Int) -> Int {
        switch byte(offset) {
        case 0x7B:
            json.beginObject()
            var offset = skipWhitespace(offset + 1)
            if byte(offset) == 0x7D {
                json.endObject()
                return offset + 1
            }
            while true {
                let (keyEnd, value) = memberKey(at: offset)
                json.key(escaped: slice(offset, keyEnd))
                // (The value is written before `next` borrows the reshaper: a copy would share the output.)
                let valueEnd = walkValue(at: value)
                let (following, end) = next(after: valueEnd, closing: 0x7D)
                guard let following else {
                    json.endObject()
                    return end
                }
                offset = following
            }
        case 0x5B:
            json.beginArray()
            var offset = skipWhitespace(offset + 1)
            if byte(offset) == 0x5D {
                json.endArray()
                return offset + 1
            }
            while true {
                let valueEnd = walkValue(at: offset)
                let (following, end) = next(after: valueEnd, closing: 0x5D)
                guard let following else {
                    json.endArray()
                    return end
                }
                offset = following
            }
        default:
            let end = valueEnd(offset)
            json.rawValue(slice(offset, end))
            return end
        }
    }

    /// Writes a member whose key is the escaped `key` and whose value is at `value..<end`.
    @inline(__always)
    private mutating func member(_ key: UnsafeBufferPointer<UInt8>, value: Int, end: Int) {
        if copiesRaw {
            json.member(escaped: key, rawValue: slice(value, end))
        } else {
            json.key(escaped: key)
            _ = walkValue(at: value)
        }
    }

    /// Writes the key `key` (an escaped literal).
    @inline(__always)
    private mutating func key(_ key: [UInt8]) {
        key.withUnsafeBufferPointer { json.key(escaped: $0) }
    }

    /// The envelope's own members (constants, the screen's `values`), then its fields under the
    /// profile's keys (`id` and `contract` replaced when given).
    mutating func writeFields(
        of head: EnvelopeHead?, values: [String: String], id: String? = nil, contract: Int? = nil
    ) {
        for member in shape.profile.envelope.members {
            switch member.value {
            case .constant(let value):
                json.key(member.key)
                json.string(value)
            case .screenValue(let name):
                // Validation requires every value the profile reads (`envelope-value-missing`).
                guard let value = values[name] else { continue }
                json.key(member.key)
                json.string(value)
            }
        }
        for (field, fieldKey) in shape.fieldKeys.enumerated() {
            guard let fieldKey else { continue }
            if field == 1, let id {
                key(fieldKey)
                json.string(id)
            } else if field == 2, let contract {
                key(fieldKey)
                json.integer(contract)
            } else if let range = head?.fields[field] {
                key(fieldKey)
                copyValue(at: range.lowerBound, end: range.upperBound)
            }
        }
    }

    /// The objects of the root path, with what `body` writes at its last key.
    mutating func writeRootPath(_ body: (inout Reshaper) -> Void) {
        let path = shape.profile.envelope.rootPath
        for key in path.dropLast() {
            json.key(key)
            json.beginObject()
        }
        json.key(path.last ?? "root")
        body(&self)
        for _ in path.dropLast() { json.endObject() }
    }

    /// The root node whose value starts at `offset` (`null` when there is none), or its children as
    /// a list (`rootChildrenOnly`).
    mutating func writeRoot(at offset: Int?) {
        guard shape.profile.envelope.rootChildrenOnly else {
            if let offset { writeNode(at: offset) } else { json.null() }
            return
        }
        json.beginArray()
        // The root's first `children` member, if it is a list.
        if let offset, byte(offset) == 0x7B {
            var member = skipWhitespace(offset + 1)
            while byte(member) != 0x7D {
                let (keyEnd, value) = memberKey(at: member)
                if key(member, keyEnd, is: "\"children\"") {
                    if byte(value) == 0x5B { writeElements(at: value) }
                    break
                }
                guard let following = next(after: valueEnd(value), closing: 0x7D).next else { break }
                member = following
            }
        }
        json.endArray()
    }

    /// Writes each node of the list at `offset` (its `[`) into the open array; returns the list's end.
    @discardableResult
    private mutating func writeElements(at offset: Int) -> Int {
        var element = expect(0x5B, at: offset)
        if byte(element) == 0x5D { return element + 1 }
        while true {
            // (The node is written before `next` borrows the reshaper: a copy would share the output.)
            let nodeEnd = writeNode(at: element)
            let (following, end) = next(after: nodeEnd, closing: 0x5D)
            guard let following else { return end }
            element = following
        }
    }

    /// Writes the node at `offset` (or a `"drop"` fallback, as it is) in the profile's shape;
    /// returns its end.
    @discardableResult
    private mutating func writeNode(at start: Int) -> Int {
        guard byte(start) == 0x7B else { return copyValue(at: start) }
        // The node's own members up to its children or fallback: type, ID, slot and props.
        var type: Range<Int>?
        var id: Range<Int>?
        var slot: Range<Int>?
        let firstProp = props.count
        var pending: (key: Int, keyEnd: Int, value: Int)?
        var end = 0
        var offset = skipWhitespace(start + 1)
        if byte(offset) == 0x7D {
            end = offset + 1
        } else {
            while true {
                let (keyEnd, value) = memberKey(at: offset)
                let role = nodeKey(offset, keyEnd)
                if role == .children || role == .fallback {
                    pending = (offset, keyEnd, value)
                    break
                }
                let valueEnd = valueEnd(value)
                switch role {
                case .type: type = value..<valueEnd
                case .id: id = value..<valueEnd
                case .slot: slot = value..<valueEnd
                default:
                    props.append(Member(keyStart: offset, keyEnd: keyEnd, valueStart: value, valueEnd: valueEnd))
                }
                let (following, close) = next(after: valueEnd, closing: 0x7D)
                guard let following else {
                    end = close
                    break
                }
                offset = following
            }
        }

        json.beginObject()
        let plan: NodePlan
        if let type, byte(type.lowerBound) == 0x22 {
            plan = writeType(slice(type.lowerBound, type.upperBound))
        } else {
            plan = ProfileShape.emptyType.withUnsafeBufferPointer { writeType($0) }
        }
        if let idKey = shape.idKey, let id {
            idKey.withUnsafeBufferPointer { member($0, value: id.lowerBound, end: id.upperBound) }
        }
        if let slotKey = shape.taggedSlotKey, let slot {
            slotKey.withUnsafeBufferPointer { member($0, value: slot.lowerBound, end: slot.upperBound) }
        }
        if let propsKey = plan.propsKey {
            key(propsKey)
            json.beginObject()
            writeProps(from: firstProp, plan: plan)
            json.endObject()
        } else {
            writeProps(from: firstProp, plan: plan)
        }
        props.removeLast(props.count - firstProp)

        // Then its children, and its fallback: in this order, each at most once.
        var sawChildren = false
        var sawFallback = false
        while let (keyStart, keyEnd, value) = pending {
            let valueEnd: Int
            if key(keyStart, keyEnd, is: "\"children\"") {
                guard !sawChildren, !sawFallback else { malformed(keyStart) }
                sawChildren = true
                valueEnd = byte(value) == 0x5B ? writeChildren(at: value, plan: plan) : self.valueEnd(value)
            } else if key(keyStart, keyEnd, is: "\"fallback\"") {
                guard !sawFallback else { malformed(keyStart) }
                sawFallback = true
                if let fallbackKey = shape.fallbackKey {
                    key(fallbackKey)
                    valueEnd = writeNode(at: value)
                } else {
                    valueEnd = self.valueEnd(value)
                }
            } else {
                malformed(keyStart)
            }
            let (following, close) = next(after: valueEnd, closing: 0x7D)
            if let following {
                let (keyEnd, value) = memberKey(at: following)
                pending = (following, keyEnd, value)
            } else {
                pending = nil
                end = close
            }
        }
        json.endObject()
        return end
    }

    /// Writes the node's type, the escaped `token`; returns its type's plan.
    @inline(__always)
    private mutating func writeType(_ token: UnsafeBufferPointer<UInt8>) -> NodePlan {
        shape.typeKey.withUnsafeBufferPointer { json.member(escaped: $0, rawValue: token) }
        // Siblings are often of one type: the last plan is tried first.
        if let last = lastPlan, last.typeToken.withUnsafeBufferPointer({ ProfileShape.equal($0, token) }) {
            return last
        }
        let plan = shape.plan(forType: token)
        lastPlan = plan
        return plan
    }

    /// Writes the props from `first` on, each plain or wrapped with its type's discriminator.
    private mutating func writeProps(from first: Int, plan: NodePlan) {
        var index = first
        while index < props.count {
            let prop = props[index]
            index += 1
            let name = slice(prop.keyStart, prop.keyEnd)
            guard let wrapKeys = shape.wrapKeys,
                let wrap = plan.wraps.first(where: { $0.key.withUnsafeBufferPointer { $0.elementsEqual(name) } })
            else {
                member(name, value: prop.valueStart, end: prop.valueEnd)
                continue
            }
            json.key(escaped: name)
            json.beginObject()
            wrapKeys.type.withUnsafeBufferPointer { type in
                wrap.discriminator.withUnsafeBufferPointer { json.member(escaped: type, rawValue: $0) }
            }
            key(wrapKeys.value)
            if let object = wrap.object {
                json.beginObject()
                object.valueKey.withUnsafeBufferPointer { member($0, value: prop.valueStart, end: prop.valueEnd) }
                for constant in object.constants {
                    constant.key.withUnsafeBufferPointer { key in
                        constant.value.withUnsafeBufferPointer { json.member(escaped: key, rawValue: $0) }
                    }
                }
                json.endObject()
            } else {
                copyValue(at: prop.valueStart, end: prop.valueEnd)
            }
            json.endObject()
        }
    }

    /// Writes the children list at `offset` (its `[`) of a node planned by `plan`: one list, or
    /// its plain children and each named slot where the profile puts them (the flat envelope
    /// marks a slot's children with `"slot"`). Returns the list's end.
    private mutating func writeChildren(at offset: Int, plan: NodePlan) -> Int {
        guard !plan.groupedSlots.isEmpty else {
            key(plan.childrenKey)
            json.beginArray()
            let end = writeElements(at: offset)
            json.endArray()
            return end
        }
        // Each child, with the slot it marks (the first `slot` member, if a string).
        var children: [(start: Int, slot: Range<Int>?)] = []
        var end = 0
        var element = expect(0x5B, at: offset)
        if byte(element) == 0x5D {
            end = element + 1
        } else {
            while true {
                let (slot, elementEnd) = markedSlot(at: element)
                children.append((element, slot))
                let (following, close) = next(after: elementEnd, closing: 0x5D)
                guard let following else {
                    end = close
                    break
                }
                element = following
            }
        }
        if plan.hasChildren {
            key(plan.childrenKey)
            json.beginArray()
            for child in children where child.slot == nil { writeNode(at: child.start) }
            json.endArray()
        }
        if let slotsKey = shape.slotsKey {
            key(slotsKey)
            json.beginObject()
        }
        for name in plan.groupedSlots {
            key(name)
            json.beginArray()
            name.withUnsafeBufferPointer { name in
                for child in children {
                    guard let slot = child.slot, slice(slot.lowerBound, slot.upperBound).elementsEqual(name) else {
                        continue
                    }
                    writeNode(at: child.start)
                }
            }
            json.endArray()
        }
        if shape.slotsKey != nil { json.endObject() }
        return end
    }

    /// The slot the child at `offset` marks (its first `slot` member, when a string), and its end.
    private func markedSlot(at offset: Int) -> (slot: Range<Int>?, end: Int) {
        guard byte(offset) == 0x7B else { return (nil, valueEnd(offset)) }
        var slot: Range<Int>?
        var found = false
        var member = skipWhitespace(offset + 1)
        if byte(member) == 0x7D { return (nil, member + 1) }
        while true {
            let (keyEnd, value) = memberKey(at: member)
            let end = valueEnd(value)
            if !found, key(member, keyEnd, is: "\"slot\"") {
                found = true
                if byte(value) == 0x22 { slot = value..<end }
            }
            let (following, close) = next(after: end, closing: 0x7D)
            guard let following else { return (slot, close) }
            member = following
        }
    }
}

extension Compiler {
    /// `screens` (compiled from ``screens``, in order) in the wire profile of each version
    /// (`views`, oldest first; the full envelope in the catalog's profile): unchanged for the flat
    /// format; with a profile that lists layouts, each screen's device layouts merged into one
    /// document per envelope and variant.
    func shaped(_ screens: [CompiledScreen], views: [VersionView], style: JSONStyle) -> [CompiledScreen] {
        guard !catalog.profile.isFlat || views.contains(where: { !$0.profile.isFlat }) else { return screens }
        let writers = ProfileWriters(catalog: catalog, views: views, style: style)
        let values = Dictionary(self.screens.map { ($0.id, $0.envelopeValues) }) { first, _ in first }
        guard catalog.profile.envelope.layouts != nil else {
            return Self.shaped(screens, writers: writers, values: values)
        }
        let byID = Dictionary(screens.map { ($0.id, $0) }) { first, _ in first }
        return catalog.screens.compactMap { screen in
            if screen.layouts.isEmpty {
                return byID[screen.id].map { shaped($0, writers: writers, values: screen.envelopeValues) }
            }
            let parts = screen.layouts.compactMap { layout in
                byID[Screen.layoutID(screen.id, device: layout.device)].map { (layout.device, $0) }
            }
            guard parts.count == screen.layouts.count, let first = parts.first?.1,
                parts.allSatisfy({ $0.1.variants.count == first.variants.count })
            else { return nil }
            func merged(_ writer: ProfileWriter, _ flats: [(String, [UInt8])]) -> [UInt8] {
                writer.writeLayouts(
                    of: screen.id, flats, values: screen.envelopeValues,
                    entry: writer.profile.envelope.layouts ?? WireProfile.Layouts())
            }
            return CompiledScreen(
                id: screen.id, minContract: first.minContract, contract: first.contract,
                full: merged(writers.full, parts.map { ($0.0, $0.1.full) }),
                variants: first.variants.indices.map { index in
                    let version = first.variants[index].contract
                    return CompiledScreen.Variant(
                        contract: version,
                        envelope: merged(
                            writers.writer(for: version), parts.map { ($0.0, $0.1.variants[index].envelope) }),
                        downgrades: parts.flatMap { $0.1.variants[index].downgrades })
                })
        }
    }

    /// `screen`'s envelopes, each written in its version's profile.
    private func shaped(_ screen: CompiledScreen, writers: ProfileWriters, values: [String: String]) -> CompiledScreen {
        func variants(_ variants: [CompiledScreen.Variant]) -> [CompiledScreen.Variant] {
            variants.map {
                CompiledScreen.Variant(
                    contract: $0.contract,
                    envelope: writers.writer(for: $0.contract).write($0.envelope, values: values),
                    downgrades: $0.downgrades)
            }
        }
        var shaped = CompiledScreen(
            id: screen.id, minContract: screen.minContract, contract: screen.contract,
            full: writers.full.write(screen.full, values: values), variants: variants(screen.variants))
        shaped.experiments = screen.experiments
        shaped.combinations = screen.combinations.map {
            .init(arms: $0.arms, full: writers.full.write($0.full, values: values), variants: variants($0.variants))
        }
        return shaped
    }

    /// Every envelope of `screens`, each written in its version's profile (one screen per layout),
    /// all of them at once on the processors available. A variant that shares its flat bytes with
    /// the one before (the same payload) and is written in the same profile shares its bytes again.
    private static func shaped(
        _ screens: [CompiledScreen], writers: ProfileWriters, values: [String: [String: String]]
    ) -> [CompiledScreen] {
        // One job per envelope written: the full envelope (variant -1) or a variant; `source`
        // is, for each envelope in order, the job whose bytes it takes.
        var jobs: [(screen: Int, variant: Int)] = []
        var source: [Int] = []
        for (index, screen) in screens.enumerated() {
            jobs.append((index, -1))
            source.append(jobs.count - 1)
            for (variant, written) in screen.variants.enumerated() {
                if variant > 0, written.envelope == screen.variants[variant - 1].envelope,
                    writers.writer(for: written.contract).profile
                        == writers.writer(for: screen.variants[variant - 1].contract).profile
                {
                    source.append(source[source.count - 1])
                } else {
                    jobs.append((index, variant))
                    source.append(jobs.count - 1)
                }
            }
        }
        let written = ShapedEnvelopes(count: jobs.count)
        let planned = jobs
        DispatchQueue.concurrentPerform(iterations: planned.count) { job in
            let (index, variant) = planned[job]
            let screen = screens[index]
            let screenValues = values[screen.id] ?? [:]
            written[job] =
                variant < 0
                ? writers.full.write(screen.full, values: screenValues)
                : writers.writer(for: screen.variants[variant].contract).write(
                    screen.variants[variant].envelope, values: screenValues)
        }
        let bytes = written.values
        var next = 0
        return screens.map { screen in
            let full = bytes[source[next]]
            next += 1
            let variants = screen.variants.map { variant in
                defer { next += 1 }
                return CompiledScreen.Variant(
                    contract: variant.contract, envelope: bytes[source[next]], downgrades: variant.downgrades)
            }
            var shaped = CompiledScreen(
                id: screen.id, minContract: screen.minContract, contract: screen.contract, full: full,
                variants: variants)
            // The other combinations of a screen's experiment arms (few, and rare): one by one.
            let screenValues = values[screen.id] ?? [:]
            shaped.experiments = screen.experiments
            shaped.combinations = screen.combinations.enumerated().map { index, combination in
                index == 0
                    ? CompiledScreen.Combination(arms: combination.arms, full: full, variants: variants)
                    : CompiledScreen.Combination(
                        arms: combination.arms, full: writers.full.write(combination.full, values: screenValues),
                        variants: combination.variants.map {
                            CompiledScreen.Variant(
                                contract: $0.contract,
                                envelope: writers.writer(for: $0.contract).write($0.envelope, values: screenValues),
                                downgrades: $0.downgrades)
                        })
            }
            return shaped
        }
    }

    /// One document holding every device layout of `screen`, from each layout's flat variant for
    /// clients of `version`, in the profile that version's clients decode (see
    /// ``WireProfile/Envelope/layouts``).
    public func shapedLayouts(
        of screen: Screen, _ parts: [(device: String, flat: [UInt8])], for version: Int, history: PreparedHistory,
        style: JSONStyle = .compact
    ) -> [UInt8] {
        let profile = history.profile(for: version)
        return ProfileWriter(catalog: catalog, profile: profile, style: style).writeLayouts(
            of: screen.id, parts, values: screen.envelopeValues,
            entry: profile.envelope.layouts ?? WireProfile.Layouts())
    }

    /// `bytes` (`screen`'s flat variant for clients of `version`) in the wire profile those clients
    /// decode (unchanged for the flat format).
    public func shaped(
        _ bytes: [UInt8], of screen: Screen, for version: Int, history: PreparedHistory, style: JSONStyle = .compact
    ) -> [UInt8] {
        let profile = history.profile(for: version)
        guard !profile.isFlat else { return bytes }
        return ProfileWriter(catalog: catalog, profile: profile, style: style).write(
            bytes, values: screen.envelopeValues)
    }
}

/// Envelopes written by parallel workers, each index written exactly once.
final class ShapedEnvelopes: @unchecked Sendable {
    /// Guards `storage`.
    private let lock = NSLock()
    /// The envelopes, empty until written.
    private var storage: [[UInt8]]

    /// Room for `count` envelopes.
    init(count: Int) {
        storage = Array(repeating: [], count: count)
    }

    /// The envelope at `index`.
    subscript(index: Int) -> [UInt8] {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    /// The envelopes in order.
    var values: [[UInt8]] { lock.withLock { storage } }
}

/// A profile writer per distinct profile of the served versions, and the catalog's for the full
/// envelope.
struct ProfileWriters: Sendable {
    /// The writer of the catalog's profile.
    let full: ProfileWriter
    private let byVersion: [Int: ProfileWriter]

    init(catalog: Catalog, views: [VersionView], style: JSONStyle) {
        full = ProfileWriter(catalog: catalog, style: style)
        var byVersion: [Int: ProfileWriter] = [:]
        for view in views where view.profile != catalog.profile {
            byVersion[view.version] = ProfileWriter(catalog: catalog, profile: view.profile, style: style)
        }
        self.byVersion = byVersion
    }

    /// The writer for clients of `version`.
    func writer(for version: Int) -> ProfileWriter { byVersion[version] ?? full }
}
