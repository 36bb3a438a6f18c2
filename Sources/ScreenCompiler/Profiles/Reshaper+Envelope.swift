import Foundation
import ScreenJSON
import ScreenKit

// Writing an envelope: its fields in the profile's keys, the path to its root, values as they are.
extension Reshaper {
    /// Writes the value at `offset` as it is (`end`, when known, is where it ends); returns its end.
    @discardableResult
    mutating func copyValue(at offset: Int, end: Int? = nil) -> Int {
        guard copiesRaw else { return walkValue(at: offset) }
        let end = end ?? valueEnd(offset)
        json.rawValue(slice(offset, end))
        return end
    }

    /// Writes the value at `offset` token by token, laid out in the writer's style; returns its end.
    mutating func walkValue(at offset: Int) -> Int {
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
    mutating func member(_ key: UnsafeBufferPointer<UInt8>, value: Int, end: Int) {
        if copiesRaw {
            json.member(escaped: key, rawValue: slice(value, end))
        } else {
            json.key(escaped: key)
            _ = walkValue(at: value)
        }
    }

    /// Writes the key `key` (an escaped literal).
    @inline(__always)
    mutating func key(_ key: [UInt8]) {
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
}
