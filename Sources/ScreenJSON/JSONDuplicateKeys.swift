/// The first key that some object in `bytes` holds twice, as written (escapes and all), or nil.
///
/// Reads any sequence of JSON tokens, whole documents or not (a fragment, JSON Lines), assuming its
/// strings are well formed; keys are compared as their escaped bytes, which is exact for what
/// ``JSONWriter`` writes (one escaping per string). Debug builds of ``JSONWriter`` check every
/// document with it; tests check every golden and every variant.
public func jsonFirstDuplicateKey(in bytes: some Collection<UInt8>) -> String? {
    let bytes = Array(bytes)
    // One entry per open container: the keys seen in an object, nil for an array.
    var open: [Set<ArraySlice<UInt8>>?] = []
    var index = 0
    while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "{"): open.append([])
        case UInt8(ascii: "["): open.append(nil)
        case UInt8(ascii: "}"), UInt8(ascii: "]"): if !open.isEmpty { open.removeLast() }
        case UInt8(ascii: "\""):
            let start = index
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            let string = bytes[start...min(index, bytes.count - 1)]
            var next = index + 1
            while next < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: ":"), let last = open.last, var keys = last {
                if !keys.insert(string).inserted { return String(decoding: string, as: UTF8.self) }
                open[open.count - 1] = keys
            }
        default: break
        }
        index += 1
    }
    return nil
}
