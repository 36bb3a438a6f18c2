import Foundation
import ScreenJSON
import ScreenKit

// Writing nodes: each node's type, ID, props (wrapped where the profile wraps values) and fallback.
extension Reshaper {
    /// The key of a node's analytics events, the same in every profile.
    static let eventsKey = ProfileShape.literal("events")

    /// Writes each node of the list at `offset` (its `[`) into the open array; returns the list's end.
    @discardableResult
    mutating func writeElements(at offset: Int) -> Int {
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
    mutating func writeNode(at start: Int) -> Int {
        guard byte(start) == 0x7B else { return copyValue(at: start) }
        // The node's own members up to its children or fallback: type, ID, slot and props.
        var type: Range<Int>?
        var id: Range<Int>?
        var slot: Range<Int>?
        var events: Range<Int>?
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
                case .events: events = value..<valueEnd
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
        // A node's events go beside its props (never among them, nor wrapped), as in the flat format.
        if let events {
            key(Self.eventsKey)
            copyValue(at: events.lowerBound, end: events.upperBound)
        }

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
    mutating func writeType(_ token: UnsafeBufferPointer<UInt8>) -> NodePlan {
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
    mutating func writeProps(from first: Int, plan: NodePlan) {
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
}
