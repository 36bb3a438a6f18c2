/// Percent-encoding as SigV4 and S3 require.
public enum URIEncoding {
    /// Encodes everything except unreserved characters A–Z a–z 0–9 - . _ ~ (and keeps "/" when `keepSlash`).
    public static func encode(_ string: String, keepSlash: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if isUnreserved(byte) || (keepSlash && byte == UInt8(ascii: "/")) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The encoded path for an S3 object key: "/" + each segment encoded, slashes kept.
    public static func objectPath(_ key: String) -> String {
        "/" + encode(key, keepSlash: true)
    }

    /// Uppercase hex digits, as SigV4 requires in percent-escapes.
    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Whether `byte` is an RFC 3986 unreserved character.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
