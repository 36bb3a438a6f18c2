/// Lowercase hexadecimal encoding.
public enum Hex {
    /// The ASCII codes of the sixteen lowercase hex digits.
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Encodes `bytes` as a lowercase hexadecimal string, two characters per byte.
    public static func encode(_ bytes: [UInt8]) -> String {
        guard !bytes.isEmpty else { return "" }
        return digits.withUnsafeBufferPointer { table in
            String(unsafeUninitializedCapacity: bytes.count * 2) { out in
                var i = 0
                for byte in bytes {
                    out[i] = table[Int(byte &>> 4)]
                    out[i + 1] = table[Int(byte & 0x0f)]
                    i += 2
                }
                return i
            }
        }
    }

    /// Decodes a hexadecimal string (either case); returns nil on odd length or a non-hex character.
    public static func decode(_ string: String) -> [UInt8]? {
        let utf8 = string.utf8
        guard utf8.count % 2 == 0 else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count / 2)
        var high: UInt8? = nil
        for code in utf8 {
            guard let nibble = value(of: code) else { return nil }
            if let h = high {
                result.append(h << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return result
    }

    /// Returns the value of one ASCII hex digit, or nil if `code` is not one.
    private static func value(of code: UInt8) -> UInt8? {
        switch code {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return code &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return code &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return code &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }
}
