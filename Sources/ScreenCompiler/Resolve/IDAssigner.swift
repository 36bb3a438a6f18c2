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
    private let screenID: String
    private var counters: [String: Int] = [:]

    init(explicitIDs: Set<String>, screenID: String) {
        self.explicitIDs = explicitIDs
        self.screenID = screenID
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
        let key = anchor + "\u{0}" + type
        var number = counters[key, default: 0]
        var candidate: String
        repeat {
            number += 1
            candidate = "\(anchor).\(type)-\(number)"
        } while explicitIDs.contains(candidate)
        counters[key] = number
        return candidate
    }
}
