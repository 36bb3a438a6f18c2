import ScreenKit

/// Gives every node without an explicit ID a deterministic derived one.
///
/// The scheme (documented in the README): a derived ID is `<anchor>.<type>-<n>`, where the anchor
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

    /// An assigner for a screen whose explicit IDs are `authoredIDs` (nil where none was given).
    init(authoredIDs: [String?], screenID: String, planCount: Int) {
        self.screenID = screenID
        self.planCount = planCount
        mayCollide = authoredIDs.contains { $0.map(Self.looksDerived) ?? false }
        explicitIDs = mayCollide ? Set(authoredIDs.compactMap { $0 }) : []
    }

    /// Whether `id` has the form `<anchor>.<type>-<digits>`.
    static func looksDerived(_ id: String) -> Bool {
        let utf8 = Array(id.utf8)
        guard let dash = utf8.lastIndex(of: 0x2D), dash + 1 < utf8.count, utf8[..<dash].contains(0x2E) else {
            return false
        }
        return utf8[(dash + 1)...].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Every node's ID, in document order: explicit, inherited by a fallback root, or derived.
    mutating func assign(_ tree: FlatScreen.Builder) -> [String] {
        let nodes = tree.nodes
        var ids: [String] = []
        ids.reserveCapacity(nodes.count)
        // For each node: the index of the node whose ID its children's derived IDs start with, or
        // -1 for the screen ID. Parents come before children, so it is known when needed.
        var innerAnchors: [Int32] = []
        innerAnchors.reserveCapacity(nodes.count)
        // Each anchor node's number in `anchorNumbers`, once a derived child needed it (-1: not yet).
        var anchorNumber = [Int](repeating: -1, count: nodes.count)
        var screenNumber = -1
        let skipping = mayCollide ? explicitIDs : nil
        for index in nodes.indices {
            let parent = Int(nodes[index].parent)
            let anchor = parent < 0 ? -1 : Int(innerAnchors[parent])
            if let explicit = tree.authoredIDs[index] {
                ids.append(explicit)
                innerAnchors.append(Int32(index))
            } else if nodes[index].isFallbackRoot {
                ids.append(ids[parent])
                innerAnchors.append(Int32(index))
            } else {
                let name = anchor < 0 ? screenID : ids[anchor]
                let type = tree.type(of: index)
                let plan = Int(nodes[index].plan)
                if plan >= 0 {
                    var number = anchor < 0 ? screenNumber : anchorNumber[anchor]
                    if number < 0 {
                        number = self.number(of: name)
                        if anchor < 0 { screenNumber = number } else { anchorNumber[anchor] = number }
                    }
                    let slot = number * planCount + plan
                    let (id, last) = Self.derive(
                        anchor: name, type: type, after: planCounters[slot], skipping: skipping)
                    planCounters[slot] = last
                    ids.append(id)
                } else {
                    let key = Counter(anchor: name, type: type)
                    let (id, last) = Self.derive(
                        anchor: name, type: type, after: otherCounters[key, default: 0], skipping: skipping)
                    otherCounters[key] = last
                    ids.append(id)
                }
                innerAnchors.append(Int32(anchor))
            }
        }
        return ids
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
