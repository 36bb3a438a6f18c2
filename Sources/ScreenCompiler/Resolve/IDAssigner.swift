import ScreenJSON
import ScreenKit

/// Gives every node without an explicit ID a deterministic derived one.
///
/// The scheme (documented in the "Writing screens" article): a derived ID is `<anchor>.<type>-<n>`, where the anchor
/// is the nearest ancestor's explicit ID (the screen ID when there is none), `<type>` the wire
/// type, and `<n>` counts, from 1 in document order, that anchor's derived nodes of that type,
/// skipping numbers that would collide with an explicit ID. A fallback root without an ID takes the
/// ID of the node it replaces. Adding a node therefore only renumbers its siblings of the same
/// type under the same anchor; giving a section an explicit ID shields everything inside it.
struct IDAssigner {
    /// Every explicit ID, when some may collide with a derived one; else empty and never consulted.
    private let explicitIDs: Set<String>
    /// Whether some explicit ID has the form of a derived one (`….…-<digits>`); only then can a
    /// derived candidate collide, so only then is each candidate looked up.
    private let mayCollide: Bool
    private let screenID: String
    private let planCount: Int
    /// The last number given, per anchor ID and type. By ID, not by node: a fallback root shares
    /// the ID of the node it replaces, and so do their counters. Each anchor ID is numbered once,
    /// and gets one counter per declared type in `planCounters`; undeclared types count by name.
    private var anchorNumbers: [String: Int] = [:]
    private var planCounters: [Int] = []
    private var otherCounters: [Counter: Int] = [:]

    private struct Counter: Hashable {
        let anchor: String
        let type: String
    }

    /// An assigner for a screen whose explicit IDs are `authoredIDs` (nil where none was given),
    /// `explicitIDCount` of them; `mayCollide` tells whether one of them ``looksDerived(_:)``.
    init(authoredIDs: [String?], mayCollide: Bool, screenID: String, planCount: Int, explicitIDCount: Int) {
        self.screenID = screenID
        self.planCount = planCount
        self.mayCollide = mayCollide
        explicitIDs = mayCollide ? Set(authoredIDs.compactMap { $0 }) : []
        // Anchors are the screen and nodes with explicit IDs: sized up front, never rehashed.
        anchorNumbers.reserveCapacity(explicitIDCount + 1)
    }

    /// Whether `id` has the form `<anchor>.<type>-<digits>`.
    static func looksDerived(_ id: String) -> Bool {
        var id = id
        // Over the contiguous bytes (a native string's own): faster than through the UTF-8 view.
        return id.withUTF8 { bytes in
            var sawDigit = false
            var sawDash = false
            // From the end: one or more digits, a dash, then a dot somewhere before it.
            for byte in bytes.reversed() {
                if !sawDash {
                    if byte >= 0x30 && byte <= 0x39 {
                        sawDigit = true
                    } else if byte == 0x2D && sawDigit {
                        sawDash = true
                    } else {
                        return false
                    }
                } else if byte == 0x2E {
                    return true
                }
            }
            return false
        }
    }

    /// Gives every node its ID, in document order: explicit, inherited by a fallback root, or
    /// derived. Each node's ID is escaped into `tree.bytes` (``FlatNode/idStart``); a derived ID is
    /// written there straight from its anchor's and type's tokens, and made a string only when asked
    /// for (see ``FlatScreen/id(of:)``). Returns the IDs that neither were written explicitly nor
    /// are their token without its quotes (something in them was escaped), by node.
    mutating func assign(_ tree: inout FlatScreen.Builder) -> [Int32: String] {
        let count = tree.nodes.count
        var escaped: [Int32: String] = [:]
        // For each node: the index of the node whose ID its children's derived IDs start with, or
        // -1 for the screen ID. Parents come before children, so it is known when needed.
        var innerAnchors: [Int32] = []
        innerAnchors.reserveCapacity(count)
        // Each anchor node's number in `anchorNumbers`, once a derived child needed it (-1: not yet).
        var anchorNumber = [Int](repeating: -1, count: count)
        var screenNumber = -1
        // Whether a node's token is its ID in quotes, byte for byte (nothing in it was escaped).
        var verbatim = [Bool](repeating: false, count: count)
        let screenToken = Self.append(screenID, to: &tree.bytes)
        let skipping = mayCollide ? explicitIDs : nil
        /// The ID of node `node` (-1: the screen), assigned already.
        func id(_ node: Int) -> String {
            guard node >= 0 else { return screenID }
            return FlatScreen.id(
                of: node, authoredIDs: tree.authoredIDs, escapedIDs: escaped, nodes: tree.nodes, bytes: tree.bytes)
        }
        for index in 0..<count {
            let parent = Int(tree.nodes[index].parent)
            let anchor = parent < 0 ? -1 : Int(innerAnchors[parent])
            if let explicit = tree.authoredIDs[index] {
                innerAnchors.append(Int32(index))
                let token = Self.append(explicit, to: &tree.bytes)
                (tree.nodes[index].idStart, tree.nodes[index].idEnd) = (token.start, token.end)
                verbatim[index] = token.verbatim
                continue
            }
            if tree.nodes[index].isFallbackRoot {
                if !verbatim[parent] { escaped[Int32(index)] = id(parent) }
                innerAnchors.append(Int32(index))
                (tree.nodes[index].idStart, tree.nodes[index].idEnd) = (
                    tree.nodes[parent].idStart, tree.nodes[parent].idEnd
                )
                tree.nodes[index].idDerived = tree.nodes[parent].idDerived
                verbatim[index] = verbatim[parent]
                continue
            }
            innerAnchors.append(Int32(anchor))
            tree.nodes[index].idDerived = true
            let plan = Int(tree.nodes[index].plan)
            let number: Int
            if plan >= 0 {
                var anchorIndex = anchor < 0 ? screenNumber : anchorNumber[anchor]
                if anchorIndex < 0 {
                    anchorIndex = self.number(of: id(anchor))
                    if anchor < 0 { screenNumber = anchorIndex } else { anchorNumber[anchor] = anchorIndex }
                }
                let slot = anchorIndex * planCount + plan
                number = planCounters[slot] + 1
                planCounters[slot] = number
            } else {
                let key = Counter(anchor: id(anchor), type: tree.type(of: index))
                number = otherCounters[key, default: 0] + 1
                otherCounters[key] = number
            }
            let anchorToken =
                anchor < 0
                ? (start: screenToken.start, end: screenToken.end, verbatim: screenToken.verbatim)
                : (start: tree.nodes[anchor].idStart, end: tree.nodes[anchor].idEnd, verbatim: verbatim[anchor])
            let typeToken = plan >= 0 ? tree.table.plans[plan].typeRange : nil
            if skipping == nil, anchorToken.verbatim, let typeToken, tree.table.plans[plan].typeIsVerbatim {
                // The common case: anchor and type need no escaping, and no explicit ID can collide.
                let token = Self.appendDerived(
                    anchor: anchorToken.start..<anchorToken.end, type: typeToken, number: number, to: &tree.bytes)
                (tree.nodes[index].idStart, tree.nodes[index].idEnd) = (token.lowerBound, token.upperBound)
                verbatim[index] = true
            } else {
                let (derived, last) = Self.derive(
                    anchor: id(anchor), type: tree.type(of: index), after: number - 1, skipping: skipping)
                if plan >= 0 {
                    planCounters[(anchor < 0 ? screenNumber : anchorNumber[anchor]) * planCount + plan] = last
                } else {
                    otherCounters[Counter(anchor: id(anchor), type: tree.type(of: index))] = last
                }
                let token = Self.append(derived, to: &tree.bytes)
                (tree.nodes[index].idStart, tree.nodes[index].idEnd) = (token.start, token.end)
                verbatim[index] = token.verbatim
                if !token.verbatim { escaped[Int32(index)] = derived }
            }
        }
        return escaped
    }

    /// Escapes `id` onto `bytes`: where its token is, and whether it is `id` in quotes unchanged.
    private static func append(_ id: String, to bytes: inout [UInt8]) -> (start: Int32, end: Int32, verbatim: Bool) {
        let start = bytes.count
        appendJSONString(id, to: &bytes)
        return (Int32(start), Int32(bytes.count), bytes.count - start == id.utf8.count + 2)
    }

    /// Writes the token `"<anchor>.<type>-<number>"` onto `bytes` from the anchor's and the type's
    /// verbatim tokens there, and returns where it is.
    private static func appendDerived(
        anchor: Range<Int32>, type: Range<Int32>, number: Int, to bytes: inout [UInt8]
    ) -> Range<Int32> {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var digitCount = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            var rest = number
            repeat {
                digitCount += 1
                buffer[24 - digitCount] = UInt8(0x30 + rest % 10)
                rest /= 10
            } while rest > 0
        }
        let anchorLength = anchor.count - 2
        let typeLength = type.count - 2
        let start = bytes.count
        let length = anchorLength + typeLength + digitCount + 4
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { token in
            bytes.withUnsafeBufferPointer { arena in
                let base = arena.baseAddress!
                var out = token.baseAddress!
                out.pointee = 0x22  // "
                out += 1
                out.update(from: base + Int(anchor.lowerBound) + 1, count: anchorLength)
                out += anchorLength
                out.pointee = 0x2E  // .
                out += 1
                out.update(from: base + Int(type.lowerBound) + 1, count: typeLength)
                out += typeLength
                out.pointee = 0x2D  // -
                out += 1
                withUnsafeBytes(of: digits) { digits in
                    for position in 0..<digitCount { out[position] = digits[24 - digitCount + position] }
                }
                out[digitCount] = 0x22  // "
            }
            bytes.append(contentsOf: UnsafeBufferPointer(token))
        }
        return Int32(start)..<Int32(bytes.count)
    }

    /// The number of the anchor ID `name`, giving it the next one (and its counters) when new.
    private mutating func number(of name: String) -> Int {
        if let number = anchorNumbers[name] { return number }
        let number = anchorNumbers.count
        anchorNumbers[name] = number
        planCounters.append(contentsOf: repeatElement(0, count: planCount))
        return number
    }

    /// The first free ID `<anchor>.<type>-<n>` with `n` after `last`, and its `n`.
    private static func derive(
        anchor: String, type: String, after last: Int, skipping explicitIDs: Set<String>?
    ) -> (id: String, number: Int) {
        var number = last
        var candidate: String
        repeat {
            number += 1
            let suffix = String(number)
            candidate = ""
            candidate.reserveCapacity(anchor.utf8.count + type.utf8.count + suffix.utf8.count + 2)
            candidate += anchor
            candidate += "."
            candidate += type
            candidate += "-"
            candidate += suffix
        } while explicitIDs?.contains(candidate) == true
        return (candidate, number)
    }
}
