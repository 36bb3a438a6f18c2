// The one JSON string escaper. Every string literal ScreenKit emits — values and keys, through
// `appendJSONString` or `JSONWriter` — is produced by `writeJSONEscaped` below.
//
// Rules: `"` and `\` are backslash-escaped; U+0008, U+0009, U+000A, U+000C and U+000D use their short
// forms (`\b \t \n \f \r`); every other code point below U+0020 becomes `\u00xx` with lowercase hex;
// U+2028 and U+2029 (UTF-8 `E2 80 A8` / `E2 80 A9`) become `\u2028` / `\u2029`. Every other byte —
// including `/`, U+007F and all other non-ASCII UTF-8 — is copied unchanged.
//
// Speed: clean stretches are found eight bytes at a time (SWAR) and copied as whole words.

/// Appends `value` as a JSON string literal (with quotes) to `out`: RFC 8259 escaping, plus U+2028 and U+2029.
public func appendJSONString(_ value: String, to out: inout [UInt8]) {
    withJSONStringUTF8(value) { utf8 in
        let length = jsonEscapedLength(utf8)
        if length == utf8.count &+ 2 {
            // Nothing to escape (every escape lengthens the literal): the bytes as they are, quoted.
            out.append(0x22)
            out.append(contentsOf: utf8)
            out.append(0x22)
            return
        }
        appendBytes(length, to: &out) { destination in
            let written = writeJSONEscaped(utf8, to: destination)
            assert(written == length, "jsonEscapedLength and writeJSONEscaped disagree")
        }
    }
}

/// Appends `count` bytes to `out`, written by `write`, which must initialize all `count` bytes at
/// the pointer it gets; cheaper for short tokens than growing `out` with placeholder bytes first.
func appendBytes(_ count: Int, to out: inout [UInt8], _ write: (UnsafeMutablePointer<UInt8>) -> Void) {
    guard count > 0 else { return }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
        write(buffer.baseAddress!)
        out.append(contentsOf: UnsafeBufferPointer(buffer))
    }
}

/// Calls `body` with the UTF-8 bytes of `value`, copying them only if the string is not contiguous.
@inline(__always)
func withJSONStringUTF8<R>(_ value: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
        // A borrowed span (bridged strings are transcoded once): unlike
        // `withContiguousStorageIfAvailable`, no retain/release of the string's storage.
        return value.utf8.span.withUnsafeBufferPointer(body)
    }
    if let result = value.utf8.withContiguousStorageIfAvailable(body) {
        return result
    }
    // Non-contiguous (bridged) storage: collect the UTF-8 once, then use the same code.
    return Array(value.utf8).withUnsafeBufferPointer(body)
}

/// An upper bound on `jsonEscapedLength` for any `count`-byte string: every byte as `\u00xx`, plus quotes.
@inline(__always)
func maxJSONEscapedLength(_ count: Int) -> Int {
    count &* 6 &+ 2
}

/// The number of bytes the escaped literal of `utf8`, including both quotes, occupies.
func jsonEscapedLength(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
    let count = utf8.count
    var length = count &+ 2
    var index = 0
    while index < count {
        if count &- index >= 8 {
            let mask = escapeMask(UInt64(littleEndian: loadWord(utf8, at: index)))
            if mask == 0 {
                index &+= 8
                continue
            }
            index &+= mask.trailingZeroBitCount &>> 3  // skip to the first byte that needs a look
        }
        let byte = utf8[index]
        index &+= 1
        if isPlainByte(byte) { continue }
        switch byte {
        case 0xE2:
            if isLineOrParagraphSeparator(utf8, leadAt: index &- 1) {
                length &+= 3  // three bytes become six: `\u2028`
                index &+= 2
            }
        case 0x22, 0x5C, 0x08, 0x09, 0x0A, 0x0C, 0x0D:
            length &+= 1  // two-character escape
        default:
            length &+= 5  // `\u00xx`
        }
    }
    return length
}

/// Writes the escaped literal of `utf8`, quotes included, to `destination` and returns the number of
/// bytes written, which is `jsonEscapedLength(utf8)`; `destination` must have room for that many.
func writeJSONEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) -> Int {
    let count = utf8.count
    destination.pointee = 0x22  // "
    var out = destination + 1
    var index = 0
    while index < count {
        if count &- index >= 8 {
            // Copy the whole word, then keep only its clean prefix. Writing all eight bytes is safe:
            // at least `count - index + 1` bytes (the rest and the closing quote) are still to come.
            let word = loadWord(utf8, at: index)
            UnsafeMutableRawPointer(out).storeBytes(of: word, as: UInt64.self)
            let mask = escapeMask(UInt64(littleEndian: word))
            if mask == 0 {
                out += 8
                index &+= 8
                continue
            }
            let clean = mask.trailingZeroBitCount &>> 3
            out += clean
            index &+= clean
        }
        let byte = utf8[index]
        index &+= 1
        if isPlainByte(byte) {
            out.pointee = byte
            out += 1
            continue
        }
        switch byte {
        case 0x22: out = writeShortEscape(0x22, to: out)  // \"
        case 0x5C: out = writeShortEscape(0x5C, to: out)  // \\
        case 0x08: out = writeShortEscape(0x62, to: out)  // \b
        case 0x0C: out = writeShortEscape(0x66, to: out)  // \f
        case 0x0A: out = writeShortEscape(0x6E, to: out)  // \n
        case 0x0D: out = writeShortEscape(0x72, to: out)  // \r
        case 0x09: out = writeShortEscape(0x74, to: out)  // \t
        case 0xE2:
            if isLineOrParagraphSeparator(utf8, leadAt: index &- 1) {
                // `\u2028` or `\u2029`
                let last: UInt8 = utf8[index &+ 1] == 0xA8 ? 0x38 : 0x39
                out = writeUnicodeEscape(0x32, 0x30, 0x32, last, to: out)
                index &+= 2
            } else {
                out.pointee = byte  // another character starting with E2, e.g. "€"
                out += 1
            }
        default:
            // The remaining control characters: `\u00xx`, lowercase hex.
            out = writeUnicodeEscape(0x30, 0x30, lowercaseHexDigit(byte &>> 4), lowercaseHexDigit(byte & 0x0F), to: out)
        }
    }
    out.pointee = 0x22  // "
    return destination.distance(to: out) &+ 1
}

/// True for a byte that is copied as is, unless it is the `E2` lead byte of U+2028 / U+2029.
@inline(__always)
private func isPlainByte(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0xE2
}

/// True when the `E2` at `bytes[index]` starts U+2028 or U+2029 (`E2 80 A8` / `E2 80 A9`).
@inline(__always)
private func isLineOrParagraphSeparator(_ bytes: UnsafeBufferPointer<UInt8>, leadAt index: Int) -> Bool {
    index &+ 2 < bytes.count && bytes[index &+ 1] == 0x80 && bytes[index &+ 2] & 0xFE == 0xA8
}

/// Loads the 8 bytes at `bytes[index...]` in memory order; `index + 8` must not exceed `bytes.count`.
@inline(__always)
private func loadWord(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
    UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
}

/// For 8 bytes packed little-endian in `word` (byte 0 lowest), a mask whose lowest set bit lies in the
/// first byte that is below 0x20, `"`, `\` or `E2` (all zero when there is none), tested all at once.
/// Bits above the first such byte may be spurious; only the lowest set bit is meaningful.
@inline(__always)
private func escapeMask(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    // Bytes below 0x20 (the classic "has less than" test, exact for thresholds up to 0x80).
    let control = (word &- ones &* 0x20) & ~word
    // A byte equal to `c` is a zero byte of `word ^ (ones * c)` (the classic "has zero byte" test).
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let lead = word ^ (ones &* 0xE2)
    let quoteZero = (quote &- ones) & ~quote
    let backslashZero = (backslash &- ones) & ~backslash
    let leadZero = (lead &- ones) & ~lead
    return (control | quoteZero | backslashZero | leadZero) & highBits
}

/// Writes `\` followed by `character`; returns the position after them.
@inline(__always)
private func writeShortEscape(_ character: UInt8, to out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    out[0] = 0x5C  // \
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
