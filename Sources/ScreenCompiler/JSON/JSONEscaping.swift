// The one JSON string escaper. Every string literal ScreenKit emits — values and keys, through
// `appendJSONString` or `JSONWriter` — is produced by `writeJSONEscaped` below.
//
// Rules: `"` and `\` are backslash-escaped; U+0008, U+0009, U+000A, U+000C and U+000D use their short
// forms (`\b \t \n \f \r`); every other code point below U+0020 becomes `\u00xx` with lowercase hex;
// U+2028 and U+2029 (UTF-8 `E2 80 A8` / `E2 80 A9`) become `\u2028` / `\u2029`. Every other byte —
// including `/`, U+007F and all other non-ASCII UTF-8 — is copied unchanged.

/// Appends `value` as a JSON string literal (with quotes) to `out`: RFC 8259 escaping, plus U+2028 and U+2029.
public func appendJSONString(_ value: String, to out: inout [UInt8]) {
    withContiguousUTF8(value) { utf8 in
        let length = jsonEscapedLength(utf8)
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: length))
        out.withUnsafeMutableBufferPointer { buffer in
            writeJSONEscaped(utf8, length: length, to: buffer.baseAddress! + start)
        }
    }
}

/// Calls `body` with the UTF-8 bytes of `value`, copying them only if the string is not contiguous.
@inline(__always)
func withContiguousUTF8<R>(_ value: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = value.utf8.withContiguousStorageIfAvailable(body) {
        return result
    }
    // Non-contiguous (e.g. bridged) storage: collect the UTF-8 once, then use the same code.
    return Array(value.utf8).withUnsafeBufferPointer(body)
}

/// True for a byte that is copied as is, provided it is not the start of U+2028 / U+2029 (`E2`).
@inline(__always)
private func isPlainByte(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0xE2
}

/// True when `bytes[index]` starts U+2028 or U+2029 (`E2 80 A8` / `E2 80 A9`).
@inline(__always)
private func isLineOrParagraphSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    index &+ 2 < bytes.count && bytes[index &+ 1] == 0x80 && bytes[index &+ 2] & 0xFE == 0xA8
}

/// The number of bytes the escaped literal of `utf8`, including both quotes, occupies.
func jsonEscapedLength(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
    let count = utf8.count
    var length = count &+ 2
    var index = 0
    while index < count {
        let byte = utf8[index]
        if isPlainByte(byte) {
            index &+= 1
            continue
        }
        switch byte {
        case 0xE2:
            if isLineOrParagraphSeparator(utf8, at: index) {
                length &+= 3  // 3 bytes become `\u2028`
                index &+= 3
                continue
            }
        case 0x22, 0x5C, 0x08, 0x09, 0x0A, 0x0C, 0x0D:
            length &+= 1  // two-character escape
        default:
            length &+= 5  // `\u00xx`
        }
        index &+= 1
    }
    return length
}

/// Writes the escaped literal of `utf8`, quotes included, to `destination`; `length` must be
/// `jsonEscapedLength(utf8)`, and exactly that many bytes are written.
func writeJSONEscaped(
    _ utf8: UnsafeBufferPointer<UInt8>, length: Int, to destination: UnsafeMutablePointer<UInt8>
) {
    let count = utf8.count
    destination[0] = 0x22  // "
    destination[length &- 1] = 0x22  // "
    if length == count &+ 2 {
        // Nothing to escape: one bulk copy.
        if count > 0 {
            (destination + 1).update(from: utf8.baseAddress!, count: count)
        }
        return
    }
    var out = destination + 1
    var index = 0
    while index < count {
        let byte = utf8[index]
        index &+= 1
        if isPlainByte(byte) {
            out.pointee = byte
            out += 1
            continue
        }
        switch byte {
        case 0x22: out = writePair(0x22, to: out)  // \"
        case 0x5C: out = writePair(0x5C, to: out)  // \\
        case 0x08: out = writePair(0x62, to: out)  // \b
        case 0x0C: out = writePair(0x66, to: out)  // \f
        case 0x0A: out = writePair(0x6E, to: out)  // \n
        case 0x0D: out = writePair(0x72, to: out)  // \r
        case 0x09: out = writePair(0x74, to: out)  // \t
        case 0xE2:
            if isLineOrParagraphSeparator(utf8, at: index &- 1) {
                // `\u2028` or `\u2029`
                let last: UInt8 = utf8[index &+ 1] == 0xA8 ? 0x38 : 0x39
                out = writeUnicodeEscape(0x32, 0x30, 0x32, last, to: out)
                index &+= 2
            } else {
                out.pointee = byte
                out += 1
            }
        default:
            // Remaining control characters: `\u00xx`, lowercase hex.
            out = writeUnicodeEscape(0x30, 0x30, lowercaseHexDigit(byte >> 4), lowercaseHexDigit(byte & 0x0F), to: out)
        }
    }
}

/// Writes `\` followed by `character`; returns the position after them.
@inline(__always)
private func writePair(_ character: UInt8, to out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    out[0] = 0x5C
    out[1] = character
    return out + 2
}

/// Writes `\u` followed by four hex digits; returns the position after them.
@inline(__always)
private func writeUnicodeEscape(
    _ first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8, to out: UnsafeMutablePointer<UInt8>
) -> UnsafeMutablePointer<UInt8> {
    out[0] = 0x5C  // \
    out[1] = 0x75  // u
    out[2] = first
    out[3] = second
    out[4] = third
    out[5] = fourth
    return out + 6
}

/// The lowercase hexadecimal digit for `nibble` (0...15).
@inline(__always)
private func lowercaseHexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? 0x30 &+ nibble : 0x57 &+ nibble  // '0'... or 'a'...
}
