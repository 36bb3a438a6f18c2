import Foundation
import ScreenJSON
import ScreenKit

// Writing children: one list, or plain children and each named slot where the profile puts them.
extension Reshaper {
    /// Writes the children list at `offset` (its `[`) of a node planned by `plan`: one list, or
    /// its plain children and each named slot where the profile puts them (the flat envelope
    /// marks a slot's children with `"slot"`). Returns the list's end.
    mutating func writeChildren(at offset: Int, plan: NodePlan) -> Int {
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
    func markedSlot(at offset: Int) -> (slot: Range<Int>?, end: Int) {
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
