/// How deeply a JSON text nests, found by one linear pass over its bytes — before a recursive
/// decoder sees it, so hostile input (`[[[[…` a million deep) is refused instead of exhausting the
/// stack or the clock.
public enum JSONDepth {
    /// The byte offset at which `bytes` first nests deeper than `limit` arrays and objects, or nil
    /// when it never does. Brackets inside strings do not count; the text need not be valid JSON.
    public static func firstOffset(exceeding limit: Int, in bytes: [UInt8]) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for (offset, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return offset }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }
}
