import ScreenCrypto
import Testing

@Suite("SHA-256")
struct SHA256Tests {
    /// A deterministic, non-repeating-ish test message of the given length.
    static func message(length: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 / 7 &+ 17) }
    }

    @Test("FIPS 180-4 example: \"abc\"")
    func abc() {
        #expect(
            Hex.encode(SHA256.hash("abc"))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("FIPS 180-4 example: two-block message")
    func twoBlockMessage() {
        let input = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(
            Hex.encode(SHA256.hash(input))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("FIPS 180-4 example: one million \"a\"")
    func oneMillionA() {
        let input = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(
            SHA256.hexDigest(input) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("Empty input")
    func empty() {
        let expected = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        #expect(SHA256.hexDigest([]) == expected)
        #expect(Hex.encode(SHA256.hash("")) == expected)
        #expect(Hex.encode(SHA256().finalize()) == expected)
        var hasher = SHA256()
        hasher.update(UnsafeRawBufferPointer(start: nil, count: 0))
        hasher.update([])
        hasher.update("")
        #expect(Hex.encode(hasher.finalize()) == expected)
    }

    @Test("Digest is 32 bytes")
    func digestLength() {
        #expect(SHA256.hash("x").count == 32)
        #expect(SHA256.hash(Self.message(length: 1000)).count == 32)
    }

    @Test(
        "Known digests of \"a\" repeated across padding boundaries",
        arguments: [
            (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
            (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
            (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
            (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
            (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
            (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
            (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
            (128, "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e"),
        ])
    func paddingBoundaries(length: Int, expected: String) {
        let input = [UInt8](repeating: UInt8(ascii: "a"), count: length)
        #expect(SHA256.hexDigest(input) == expected)
        #expect(Hex.encode(SHA256.hash(String(repeating: "a", count: length))) == expected)
    }

    @Test("Streaming in chunks of every size 1...130 matches one-shot")
    func streamingChunkSizes() {
        let input = Self.message(length: 1000)
        let expected = SHA256.hash(input)
        for chunkSize in 1...130 {
            var hasher = SHA256()
            var offset = 0
            while offset < input.count {
                let end = min(offset + chunkSize, input.count)
                hasher.update(Array(input[offset..<end]))
                offset = end
            }
            #expect(hasher.finalize() == expected, "chunk size \(chunkSize)")
        }
    }

    @Test(
        "Streaming across the 55/56/63/64/65-byte padding boundaries", arguments: [55, 56, 63, 64, 65])
    func streamingBoundaries(length: Int) {
        let input = Self.message(length: length)
        let expected = SHA256.hash(input)
        // Every single split point, including empty halves.
        for split in 0...length {
            var hasher = SHA256()
            hasher.update(Array(input[..<split]))
            hasher.update(Array(input[split...]))
            #expect(hasher.finalize() == expected, "length \(length), split at \(split)")
        }
        // Byte by byte, through the raw-buffer entry point.
        var hasher = SHA256()
        input.withUnsafeBytes { raw in
            for i in 0..<raw.count {
                hasher.update(UnsafeRawBufferPointer(rebasing: raw[i..<(i + 1)]))
            }
        }
        #expect(hasher.finalize() == expected, "length \(length), byte by byte")
    }

    @Test("Streaming every length 0...200 byte by byte matches one-shot")
    func streamingAllLengths() {
        for length in 0...200 {
            let input = Self.message(length: length)
            var hasher = SHA256()
            for byte in input { hasher.update([byte]) }
            #expect(hasher.finalize() == SHA256.hash(input), "length \(length)")
        }
    }

    @Test("String update hashes UTF-8 bytes")
    func stringIsUTF8() {
        let text = "héllo, wörld — 你好 🌍"
        #expect(SHA256.hash(text) == SHA256.hash(Array(text.utf8)))
        var hasher = SHA256()
        hasher.update("héllo, ")
        hasher.update(Array("wörld — ".utf8))
        hasher.update("你好 🌍")
        #expect(hasher.finalize() == SHA256.hash(text))
    }

    @Test("Copies of a hasher are independent")
    func valueSemantics() {
        var a = SHA256()
        a.update("abc")
        var b = a
        b.update("def")
        #expect(a.finalize() == SHA256.hash("abc"))
        #expect(b.finalize() == SHA256.hash("abcdef"))
    }
}

@Suite("Hex")
struct HexTests {
    @Test("Encodes lowercase, two digits per byte")
    func encode() {
        #expect(Hex.encode([]) == "")
        #expect(Hex.encode([0x00, 0x01, 0x0f, 0x10, 0xab, 0xff]) == "00010f10abff")
    }

    @Test("Round trip over all byte values")
    func roundTrip() {
        let bytes = (0...255).map { UInt8($0) }
        let encoded = Hex.encode(bytes)
        #expect(encoded.count == 512)
        #expect(Hex.decode(encoded) == bytes)
        #expect(Hex.decode(encoded.uppercased()) == bytes)
        #expect(Hex.decode("") == [])
        #expect(Hex.decode("DeadBeef") == [0xde, 0xad, 0xbe, 0xef])
    }

    @Test(
        "Rejects odd length and non-hex characters",
        arguments: ["abc", "zz", "a", "0g", "g0", "12 4", "éé", "0x12"])
    func rejects(input: String) {
        #expect(Hex.decode(input) == nil)
    }
}
