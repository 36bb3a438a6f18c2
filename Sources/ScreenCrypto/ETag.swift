/// The strong ETag of rendered bytes: a 128-bit non-cryptographic hash, quoted, as 32 hex digits.
///
/// It only has to change when the bytes change, and it is computed on every request, so it is
/// built for speed (8 bytes a step, two multiply-rotate lanes, MurmurHash3's finalizer): about 30×
/// faster here than SHA-256 in pure Swift, which took longer than validating and writing a
/// 1,000-node screen. It is not for integrity: published objects are named by their SHA-256.
/// The renderer and the edge router's table (which carries each object's) use this one function.
public enum ETag {
    /// `"` + 32 lowercase hex digits + `"`.
    public static func of(_ bytes: [UInt8]) -> String {
        let (high, low) = hash(bytes)
        var text = "\""
        text.reserveCapacity(34)
        for value in [high, low] {
            for shift in stride(from: 60, through: 0, by: -4) {
                let digit = UInt8((value >> UInt64(shift)) & 0xF)
                text.unicodeScalars.append(Unicode.Scalar(digit < 10 ? 0x30 + digit : 0x57 + digit))
            }
        }
        return text + "\""
    }

    /// The two 64-bit halves of the hash.
    static func hash(_ bytes: [UInt8]) -> (UInt64, UInt64) {
        var first: UInt64 = 0x243F_6A88_85A3_08D3
        var second: UInt64 = 0x1319_8A2E_0370_7344
        bytes.withUnsafeBytes { buffer in
            let count = buffer.count
            var offset = 0
            while offset + 8 <= count {
                let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                first = rotate((first ^ word) &* 0x9E37_79B9_7F4A_7C15, 31)
                second = rotate((second ^ word) &* 0xC2B2_AE3D_27D4_EB4F, 29) &+ first
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(buffer[offset]) << shift
                shift += 8
                offset += 1
            }
            first = rotate((first ^ tail) &* 0x9E37_79B9_7F4A_7C15, 31) ^ UInt64(count)
            second = rotate((second ^ tail) &* 0xC2B2_AE3D_27D4_EB4F, 29) &+ first
        }
        first = mix(first &+ second)
        second = mix(second ^ first)
        return (first, second)
    }

    private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 { (value << bits) | (value >> (64 - bits)) }

    /// MurmurHash3's 64-bit finalizer.
    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }
}
