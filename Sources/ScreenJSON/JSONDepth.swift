/// How deeply a JSON text nests, found by one linear pass over its bytes — before a recursive
/// decoder sees it, so hostile input (`[[[[…` a million deep) is refused instead of exhausting the
/// stack or the clock.
public enum JSONDepth {
    /// The byte offset at which `bytes` first nests deeper than `limit` arrays and objects, or nil
    /// when it never does. Brackets inside strings do not count; the text need not be valid JSON.
    public static func firstOffset(exceeding limit: Int, in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var depth = 0
            var offset = 0
            let count = buffer.count
            while offset < count {
                let byte = buffer[offset]
                if byte == 0x22 {  // a string: skip to its closing quote, past escapes
                    offset += 1
                    while offset < count && buffer[offset] != 0x22 {
                        offset += buffer[offset] == 0x5C ? 2 : 1
                    }
                } else if byte == 0x5B || byte == 0x7B {  // [ {
                    depth += 1
                    if depth > limit { return offset }
                } else if byte == 0x5D || byte == 0x7D {  // ] }
                    depth -= 1
                }
                offset += 1
            }
            return nil
        }
    }
}
