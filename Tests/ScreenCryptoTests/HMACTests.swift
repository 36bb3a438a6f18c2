import ScreenCrypto
import Testing

@Suite("HMAC-SHA256 (RFC 4231)")
struct HMACTests {
    static func bytes(_ hex: String) -> [UInt8] {
        guard let decoded = Hex.decode(hex) else { fatalError("bad hex in test: \(hex)") }
        return decoded
    }

    static let largeKey = [UInt8](repeating: 0xaa, count: 131)

    @Test("Test case 1")
    func case1() {
        let mac = HMAC.sha256(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8))
        #expect(Hex.encode(mac) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    @Test("Test case 2: key shorter than the output length")
    func case2() {
        let mac = HMAC.sha256(
            key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(Hex.encode(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test("Test case 3: combined length of key and data larger than 64 bytes")
    func case3() {
        let mac = HMAC.sha256(
            key: [UInt8](repeating: 0xaa, count: 20), message: [UInt8](repeating: 0xdd, count: 50))
        #expect(Hex.encode(mac) == "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe")
    }

    @Test("Test case 4: 25-byte key")
    func case4() {
        let key = Self.bytes("0102030405060708090a0b0c0d0e0f10111213141516171819")
        #expect(key.count == 25)
        let mac = HMAC.sha256(key: key, message: [UInt8](repeating: 0xcd, count: 50))
        #expect(Hex.encode(mac) == "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b")
    }

    @Test("Test case 5: truncation to 128 bits")
    func case5() {
        let mac = HMAC.sha256(
            key: [UInt8](repeating: 0x0c, count: 20), message: Array("Test With Truncation".utf8))
        #expect(mac.count == 32)
        #expect(Hex.encode(Array(mac.prefix(16))) == "a3b6167473100ee06e0c796c2955552b")
    }

    @Test("Test case 6: key larger than the block size")
    func case6() {
        let mac = HMAC.sha256(
            key: Self.largeKey,
            message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
        #expect(Hex.encode(mac) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test("Test case 7: key and data larger than the block size")
    func case7() {
        let message =
            "This is a test using a larger than block-size key and a larger than block-size data. "
            + "The key needs to be hashed before being used by the HMAC algorithm."
        let mac = HMAC.sha256(key: Self.largeKey, message: Array(message.utf8))
        #expect(Hex.encode(mac) == "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2")
    }

    @Test("Empty key and message")
    func emptyKeyAndMessage() {
        // Cross-checked with Python's hmac module.
        let mac = HMAC.sha256(key: [], message: [])
        #expect(Hex.encode(mac) == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test("A 64-byte key is used as is; a 65-byte key is hashed first")
    func keyLengthBoundary() {
        let message = Array("boundary".utf8)
        let key64 = [UInt8](repeating: 0x42, count: 64)
        let key65 = [UInt8](repeating: 0x42, count: 65)
        #expect(
            HMAC.sha256(key: key65, message: message)
                == HMAC.sha256(key: SHA256.hash(key65), message: message))
        #expect(
            HMAC.sha256(key: key64, message: message)
                != HMAC.sha256(key: SHA256.hash(key64), message: message))
    }
}
