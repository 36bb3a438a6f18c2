import ScreenKit

/// Checks node IDs: the documented character set and length, and uniqueness within the payload.
///
/// A fallback is an alternative to the node it replaces, so its root may share that node's ID
/// and its subtree is checked against the rest of the screen rather than the replaced subtree.
struct IDValidator: ScreenValidator {
    func validate(_ screen: ResolvedScreen, in context: ValidationContext) -> [Diagnostic] {
        guard let flat = screen.flat else { return [] }
        var diagnostics: [Diagnostic] = []
        // The form of explicit IDs is checked where they were written; derived IDs inherit the
        // form of their anchor, so only their length can go wrong.
        for index in flat.nodes.indices {
            guard let id = flat.authoredIDs[index], !Self.isValidNodeID(id) else { continue }
            diagnostics.append(
                ScreenRules.idInvalid.diagnostic(
                    "node ID \"\(id)\" is invalid: use letters, digits, '-', '_', '.', ':'; 1 to 128 characters",
                    at: flat.source(of: index), path: NodePath(flat: flat, index: index, authored: true).description))
        }
        var explicit: Set<String>?
        // An ID's escaped token is at least two bytes longer than the ID, so most are ruled out by it.
        for index in flat.nodes.indices
        where flat.nodes[index].idEnd - flat.nodes[index].idStart > 130 && flat.id(of: index).utf8.count > 128 {
            let id = flat.id(of: index)
            if explicit == nil { explicit = flat.explicitIDSet() }
            guard explicit?.contains(id) == false else { continue }
            diagnostics.append(
                ScreenRules.idInvalid.diagnostic(
                    "derived node ID \"\(id)\" is longer than 128 characters; give the node, or an ancestor, a shorter explicit ID",
                    at: flat.source(of: index), path: NodePath(flat: flat, index: index).description))
        }
        checkUnique(flat, diagnostics: &diagnostics)
        return diagnostics
    }

    /// Whether `id` uses only letters, digits, `-`, `_`, `.`, `:` and has 1 to 128 characters.
    static func isValidNodeID(_ id: String) -> Bool {
        var id = id
        // Over the contiguous bytes (a native string's own): faster than through the UTF-8 view.
        return id.withUTF8 { bytes in
            guard !bytes.isEmpty, bytes.count <= 128 else { return false }
            return bytes.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A
            }
        }
    }

    /// Reports repeated IDs in the primary tree (no fallbacks); then checks each fallback subtree
    /// against the primary IDs outside the node it replaces.
    private func checkUnique(_ flat: FlatScreen, diagnostics: inout [Diagnostic]) {
        for repeated in flat.primaryRepeats.map(Int.init) {
            let id = flat.id(of: repeated)
            let first = Int(flat.primaryFirst[id]!)
            diagnostics.append(
                ScreenRules.idDuplicate.diagnostic(
                    "node ID \"\(id)\" is already used by \(Self.describe(first, in: flat))",
                    at: flat.source(of: repeated), path: NodePath(flat: flat, index: repeated).description))
        }
        for replaced in flat.nodes.indices where !flat.nodes[replaced].inFallback {
            guard let fallback = flat.fallbackRoot(of: replaced) else { continue }
            var local: [String: Int] = [:]
            flat.forEachPrimaryNode(from: fallback) { index in
                // A derived ID unique by construction is shared only with the replaced node.
                if flat.derivedIDsAreUnique && flat.nodes[index].idDerived { return }
                let id = flat.id(of: index)
                let other: Int
                if flat.primaryHas(id, outside: replaced) {
                    other = Int(flat.primaryFirst[id]!)
                } else if let earlier = local.updateValue(index, forKey: id) {
                    local[id] = earlier
                    other = earlier
                } else {
                    return
                }
                diagnostics.append(
                    ScreenRules.idDuplicate.diagnostic(
                        "fallback node ID \"\(id)\" is already used by \(Self.describe(other, in: flat))",
                        at: flat.source(of: index), path: NodePath(flat: flat, index: index).description))
            }
        }
    }

    /// Names the node that already has an ID, for a message: its path, in the form of a diagnostic's
    /// node path, and where it was written.
    static func describe(_ index: Int, in flat: FlatScreen) -> String {
        "\(NodePath(flat: flat, index: index)), written at \(flat.source(of: index))"
    }
}
