/// HMAC (RFC 2104) over SHA-256.
public enum HMAC {
    /// The SHA-256 block size in bytes, which is also the HMAC key-pad length.
    private static let blockSize = 64

    /// Returns the 32-byte HMAC-SHA256 of `message` under `key`.
    public static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var blockKey = key.count > blockSize ? SHA256.hash(key) : key
        blockKey.append(contentsOf: repeatElement(0, count: blockSize - blockKey.count))

        var inner = SHA256()
        inner.update(blockKey.map { $0 ^ 0x36 })
        inner.update(message)
        let innerDigest = inner.finalize()

        var outer = SHA256()
        outer.update(blockKey.map { $0 ^ 0x5c })
        outer.update(innerDigest)
        return outer.finalize()
    }
}
