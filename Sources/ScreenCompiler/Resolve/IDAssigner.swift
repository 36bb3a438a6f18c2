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
    private let explicitIDs: Set<String>
    /// Whether some explicit ID has the form of a derived one (`….…-<digits>`); only then can a
    /// derived candidate collide, so only then is each candidate looked up.
    private let mayCollide: Bool
    private let screenID: String
    /// The last number given, per anchor ID and type. By ID, not by node: a fallback root shares
    /// the ID of the node it replaces, and so do their counters.
    private var counters: [Counter: Int] = [:]

    private struct Counter: Hashable {
        let anchor: String
        let type: String
    }

    init(explicitIDs: Set<String>, screenID: String) {
        self.explicitIDs = explicitIDs
        self.screenID = screenID
        mayCollide = explicitIDs.contains(where: Self.looksDerived)
    }

    /// Whether `id` has the form `<anchor>.<type>-<digits>`.
    private static func looksDerived(_ id: String) -> Bool {
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
        for index in nodes.indices {
            let parent = Int(nodes[index].parent)
            let anchor = parent < 0 ? -1 : innerAnchors[parent]
            if let explicit = tree.authoredIDs[index] {
                ids.append(explicit)
                innerAnchors.append(Int32(index))
            } else if nodes[index].isFallbackRoot {
                ids.append(ids[parent])
                innerAnchors.append(Int32(index))
            } else {
                ids.append(derive(anchor: anchor < 0 ? screenID : ids[Int(anchor)], type: tree.types[index]))
                innerAnchors.append(anchor)
            }
        }
        return ids
    }

    private mutating func derive(anchor: String, type: String) -> String {
        let key = Counter(anchor: anchor, type: type)
        var number = counters[key, default: 0]
        var candidate: String
        repeat {
            number += 1
            candidate = anchor + "." + type + "-" + String(number)
        } while mayCollide && explicitIDs.contains(candidate)
        counters[key] = number
        return candidate
    }
}
