import ScreenJSON
import ScreenKit

// Node IDs: explicit ones checked and recorded, derived ones numbered as ``IDAssigner`` numbers them,
// and the rules on fallbacks' IDs.
extension FusedWriter {
    /// Writes the node's ID member (only checks it where the node is not written): `explicit`, else
    /// the ID of the node a fallback root stands in for, else one derived from its anchor and type.
    /// Returns the anchor of its children's derived IDs, and its ID.
    mutating func writeID(
        _ explicit: String?, plan planIndex: Int, anchor: Int, place: Place
    ) throws(Doubt) -> (anchor: Int, id: FusedNodeID) {
        if let explicit {
            // Valid IDs need no escaping; one that looks derived could collide with a derived one.
            guard IDValidator.isValidNodeID(explicit), !IDAssigner.looksDerived(explicit) else {
                throw Doubt("an invalid ID or one that looks derived")
            }
            if place.isPrimary {
                guard explicitIDs.updateValue(primaryCount, forKey: explicit) == nil,
                    fallbackIDs.isEmpty || !fallbackIDs.contains(explicit)
                else { throw Doubt("a repeated ID") }
                primaryCount += 1
            } else {
                try checkFallbackID(explicit)
            }
            let id = FusedNodeID.explicit(anchor: writer.fusedAnchors.count)
            if place.isWritten { writeExplicitID(explicit, id: id, inFallback: !place.isPrimary) }
            addAnchor(explicit)
            return (writer.fusedAnchors.count - 1, id)
        }
        if place.isFallbackRoot, let (replaced, replacedAnchor) = place.standsFor {
            if case .explicit(let anchor) = replaced {
                let name = writer.fusedAnchors[anchor]
                try checkFallbackID(name)
                if place.isWritten { writeExplicitID(name, id: replaced, inFallback: true) }
                return (replacedAnchor, replaced)
            }
            // A derived ID, unique by construction, anchors the fallback's derived IDs.
            if place.isWritten, case .derived(let anchor, let plan, let number) = replaced {
                writeDerivedID(anchor: anchor, plan: plan, number: number)
                writer.fusedNode = replaced
            }
            addAnchor(replaced.id(anchors: writer.fusedAnchors, types: table.typeNames))
            return (writer.fusedAnchors.count - 1, replaced)
        }
        if place.isPrimary { primaryCount += 1 }
        guard table.plans[planIndex].typeIsVerbatim else { throw Doubt("a type to escape") }
        if anchorIndices[anchor] < 0 {
            let name = writer.fusedAnchors[anchor]
            if let number = anchorNumbers[name] {
                anchorIndices[anchor] = number
            } else {
                anchorIndices[anchor] = anchorNumbers.count
                anchorNumbers[name] = anchorNumbers.count
                planCounters.append(contentsOf: repeatElement(0, count: table.plans.count))
            }
        }
        let counter = anchorIndices[anchor] * table.plans.count + planIndex
        let number = planCounters[counter] + 1
        planCounters[counter] = number
        // The ID is at most 128 bytes: its token, the anchor, a dot, the type, a dash, the number
        // and two quotes, at most 130.
        let length =
            anchorTokens[anchor].count + Int(table.plans[planIndex].typeEnd - table.plans[planIndex].typeStart)
            + jsonDecimalLength(number) + 2
        guard length <= 130 else { throw Doubt("a derived ID too long") }
        let id = FusedNodeID.derived(anchor: anchor, plan: planIndex, number: number)
        if place.isWritten {
            writeDerivedID(anchor: anchor, plan: planIndex, number: number)
            writer.fusedNode = id
        }
        return (anchor, id)
    }

    /// Writes the ID member `explicit` of the node `id`; one in a fallback the variant writes is
    /// noted for ``checkWrittenFallbackIDs()``.
    @inline(__always)
    mutating func writeExplicitID(_ explicit: String, id: FusedNodeID, inFallback: Bool) {
        writeKey(table.idKey)
        writer.json.string(explicit)
        writer.fusedNode = id
        if inFallback { writtenFallbackIDs.append(explicit) }
    }

    /// Writes the ID member `"<anchor>.<type>-<number>"`: the anchor is a valid ID, a derived one or
    /// the screen's ID, the type verbatim, so the token needs no escaping.
    @inline(__always)
    mutating func writeDerivedID(anchor: Int, plan planIndex: Int, number: Int) {
        let idKey = table.idKey
        let plan = table.plans[planIndex]
        let anchorBytes = anchorTokens[anchor]
        let typeLength = Int(plan.typeEnd - plan.typeStart) - 2
        let digits = jsonDecimalLength(number)
        let length = anchorBytes.count + typeLength + digits + 4
        context.planTokens.withUnsafeBufferPointer { arena in
            anchorArena.withUnsafeBufferPointer { anchors in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { token in
                    let out = token.baseAddress!
                    out[0] = 0x22  // "
                    (out + 1).update(from: anchors.baseAddress! + anchorBytes.lowerBound, count: anchorBytes.count)
                    var position = 1 + anchorBytes.count
                    out[position] = 0x2E  // .
                    (out + position + 1).update(from: arena.baseAddress! + Int(plan.typeStart) + 1, count: typeLength)
                    position += 1 + typeLength
                    out[position] = 0x2D  // -
                    writeJSONDecimal(number, length: digits, to: out + position + 1)
                    out[length - 1] = 0x22  // "
                    writer.json.member(
                        escaped: UnsafeBufferPointer(rebasing: arena[Int(idKey.lowerBound)..<Int(idKey.upperBound)]),
                        rawValue: UnsafeBufferPointer(token))
                }
            }
        }
    }

    /// The IDs of the fallbacks the variant writes in place of nodes it lacks: none may be a kept
    /// primary node's (one the variant did not remove, before or after it) or another written
    /// fallback node's, as ``EnvelopeWriter/checkFallbackIDs(_:)`` requires. Derived IDs are unique
    /// by construction.
    func checkWrittenFallbackIDs() throws(Doubt) {
        guard !writtenFallbackIDs.isEmpty else { return }
        var seen: Set<String> = []
        for id in writtenFallbackIDs {
            if let primary = explicitIDs[id], !removedNodes.contains(where: { $0.contains(primary) }) {
                throw Doubt("a written fallback's ID a kept node has")
            }
            guard seen.insert(id).inserted else { throw Doubt("an ID two written fallback nodes have") }
        }
    }

    /// Adds an anchor of derived IDs.
    mutating func addAnchor(_ id: String) {
        writer.fusedAnchors.append(id)
        anchorIndices.append(-1)
        let start = anchorArena.count
        anchorArena.append(contentsOf: id.utf8)
        anchorTokens.append(start..<anchorArena.count)
    }

    /// Checks the explicit ID `id` of a node of a primary node's fallback (its root's, or a node's
    /// under it through children): no primary node outside the replaced one has it, no other node
    /// of the fallback has it, and no later primary node may have it.
    mutating func checkFallbackID(_ id: String) throws(Doubt) {
        guard var check = fallbackCheck else { return }
        if let primary = explicitIDs[id], primary < check.replacedOrdinal {
            throw Doubt("a fallback ID used elsewhere")
        }
        guard check.ids.insert(id).inserted else { throw Doubt("an ID repeated within a fallback") }
        fallbackCheck = check
        fallbackIDs.insert(id)
    }
}
