import ScreenKit

/// Checks node IDs: the documented character set and length, and uniqueness within the payload.
///
/// A fallback is an alternative to the node it replaces, so its root may share that node's ID
/// and its subtree is checked against the rest of the screen rather than the replaced subtree.
struct IDValidator: ScreenValidator {
    func validate(_ screen: ResolvedScreen, in context: ValidationContext) -> [Diagnostic] {
        guard let root = screen.root else { return [] }
        var diagnostics: [Diagnostic] = []
        // The form of explicit IDs is checked where they were written; derived IDs inherit the
        // form of their anchor, so only their length can go wrong.
        var explicit: Set<String> = []
        forEachNode(screen.screen.content[0], screenID: screen.screen.id) { node, path in
            guard let id = node.id else { return }
            explicit.insert(id)
            guard !Self.isValidNodeID(id) else { return }
            diagnostics.append(
                ScreenRules.idInvalid.diagnostic(
                    "node ID \"\(id)\" is invalid: use letters, digits, '-', '_', '.', ':'; 1 to 128 characters",
                    at: node.source, path: path.description))
        }
        forEachNode(root, screenID: screen.screen.id) { node, path in
            guard let id = node.id, id.utf8.count > 128, !explicit.contains(id) else { return }
            diagnostics.append(
                ScreenRules.idInvalid.diagnostic(
                    "derived node ID \"\(id)\" is longer than 128 characters; give the node, or an ancestor, a shorter explicit ID",
                    at: node.source, path: path.description))
        }
        checkUnique(root, screenID: screen.screen.id, diagnostics: &diagnostics)
        return diagnostics
    }

    /// Whether `id` uses only letters, digits, `-`, `_`, `.`, `:` and has 1 to 128 characters.
    static func isValidNodeID(_ id: String) -> Bool {
        let bytes = id.utf8
        guard !bytes.isEmpty, bytes.count <= 128 else { return false }
        return bytes.allSatisfy { byte in
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A
        }
    }

    /// Walks the primary tree (no fallbacks) and reports repeated IDs; then checks each fallback
    /// subtree against the primary IDs outside the node it replaces.
    private func checkUnique(_ root: Node, screenID: String, diagnostics: inout [Diagnostic]) {
        var primary: [String: SourceLocation] = [:]
        var withFallbacks: [Node] = []
        func walk(_ node: Node, _ trail: inout [String]) {
            let id = node.id ?? ""
            trail.append(id)
            if let first = primary.updateValue(node.source, forKey: id) {
                primary[id] = first
                diagnostics.append(
                    ScreenRules.idDuplicate.diagnostic(
                        "node ID \"\(id)\" is already used by the node at \(first)", at: node.source,
                        path: trail.joined(separator: "/")))
            }
            if case .node = node.fallback { withFallbacks.append(node) }
            node.forEachChild { walk($0, &trail) }
            trail.removeLast()
        }
        var trail = [screenID]
        walk(root, &trail)
        for replaced in withFallbacks {
            guard case .node(let fallback) = replaced.fallback else { continue }
            let inside = replaced.primaryIDs
            var local: Set<String> = []
            fallback.forEachPrimaryNode { node in
                guard let id = node.id else { return }
                let clashesOutside = primary[id] != nil && !inside.contains(id)
                if clashesOutside || !local.insert(id).inserted {
                    diagnostics.append(
                        ScreenRules.idDuplicate.diagnostic(
                            "fallback node ID \"\(id)\" is already used in the screen", at: node.source,
                            path: "\(screenID)/\(replaced.id ?? "")/fallback"))
                }
            }
        }
    }
}
