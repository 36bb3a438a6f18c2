/// Streaming SHA-256 (FIPS 180-4).
public struct SHA256: Sendable {
    /// The eight 32-bit words of the running hash value.
    private struct State: Sendable {
        var h0: UInt32 = 0x6a09_e667
        var h1: UInt32 = 0xbb67_ae85
        var h2: UInt32 = 0x3c6e_f372
        var h3: UInt32 = 0xa54f_f53a
        var h4: UInt32 = 0x510e_527f
        var h5: UInt32 = 0x9b05_688c
        var h6: UInt32 = 0x1f83_d9ab
        var h7: UInt32 = 0x5be0_cd19
    }

    /// A fixed 64-byte block buffer, stored inline (no heap allocation).
    private typealias Block = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    private static let blockSize = 64

    private var state = State()
    private var buffer: Block = (0, 0, 0, 0, 0, 0, 0, 0)
    private var bufferCount = 0
    private var totalLength: UInt64 = 0

    /// Creates a hasher in the initial SHA-256 state.
    public init() {}

    /// Feeds raw bytes into the hash.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let count = bytes.count
        totalLength &+= UInt64(count)
        var offset = 0

        if bufferCount > 0 {
            let take = Swift.min(Self.blockSize - bufferCount, count)
            let start = bufferCount
            withUnsafeMutableBytes(of: &buffer) { buf in
                buf.baseAddress!.advanced(by: start).copyMemory(from: base, byteCount: take)
            }
            bufferCount += take
            offset = take
            if bufferCount == Self.blockSize {
                let block = buffer
                withUnsafeBytes(of: block) { raw in
                    Self.compress(&state, raw.baseAddress!, blocks: 1)
                }
                bufferCount = 0
            }
        }

        let fullBlocks = (count - offset) / Self.blockSize
        if fullBlocks > 0 {
            Self.compress(&state, base.advanced(by: offset), blocks: fullBlocks)
            offset += fullBlocks * Self.blockSize
        }

        let rest = count - offset
        if rest > 0 {
            let start = bufferCount
            withUnsafeMutableBytes(of: &buffer) { buf in
                buf.baseAddress!.advanced(by: start).copyMemory(
                    from: base.advanced(by: offset), byteCount: rest)
            }
            bufferCount += rest
        }
    }

    /// Feeds an array of bytes into the hash.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds the UTF-8 encoding of a string into the hash.
    public mutating func update(_ string: String) {
        var string = string
        string.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// Applies the final padding and returns the 32-byte digest.
    public consuming func finalize() -> [UInt8] {
        let bitLength = totalLength &* 8
        var block = buffer
        var used = bufferCount
        var state = self.state
        withUnsafeMutableBytes(of: &block) { buf in
            let p = buf.baseAddress!
            p.storeBytes(of: 0x80, toByteOffset: used, as: UInt8.self)
            used += 1
            if used > Self.blockSize - 8 {
                (p + used).initializeMemory(as: UInt8.self, repeating: 0, count: Self.blockSize - used)
                Self.compress(&state, UnsafeRawPointer(p), blocks: 1)
                used = 0
            }
            (p + used).initializeMemory(as: UInt8.self, repeating: 0, count: Self.blockSize - 8 - used)
            p.storeBytes(of: bitLength.bigEndian, toByteOffset: Self.blockSize - 8, as: UInt64.self)
            Self.compress(&state, UnsafeRawPointer(p), blocks: 1)
        }
        let words = [state.h0, state.h1, state.h2, state.h3, state.h4, state.h5, state.h6, state.h7]
        return [UInt8](unsafeUninitializedCapacity: 32) { out, initialized in
            let raw = UnsafeMutableRawPointer(out.baseAddress!)
            for (i, word) in words.enumerated() {
                raw.storeBytes(of: word.bigEndian, toByteOffset: i * 4, as: UInt32.self)
            }
            initialized = 32
        }
    }

    /// Returns the SHA-256 digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Returns the SHA-256 digest of the UTF-8 encoding of `string`.
    public static func hash(_ string: String) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(string)
        return hasher.finalize()
    }

    /// Returns the lowercase hexadecimal SHA-256 digest of `bytes`.
    public static func hexDigest(_ bytes: [UInt8]) -> String {
        Hex.encode(hash(bytes))
    }

    // MARK: - Compression

    /// The 64 round constants (first 32 bits of the fractional parts of the cube roots of the first 64 primes).
    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
        0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7,
        0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc,
        0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351,
        0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e,
        0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585,
        0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f,
        0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
        0xc671_78f2,
    ]

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x &>> n) | (x &<< (32 &- n))
    }

    /// Runs the compression function over `blocks` consecutive 64-byte blocks starting at `data`.
    private static func compress(_ state: inout State, _ data: UnsafeRawPointer, blocks: Int) {
        k.withUnsafeBufferPointer { kBuffer in
            let k = kBuffer.baseAddress!
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { wBuffer in
                let w = wBuffer.baseAddress!
                var h0 = state.h0
                var h1 = state.h1
                var h2 = state.h2
                var h3 = state.h3
                var h4 = state.h4
                var h5 = state.h5
                var h6 = state.h6
                var h7 = state.h7
                var p = data
                for _ in 0..<blocks {
                    for t in 0..<16 {
                        w[t] = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: t &* 4, as: UInt32.self))
                    }
                    for t in 16..<64 {
                        let x = w[t &- 15]
                        let y = w[t &- 2]
                        let s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x &>> 3)
                        let s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y &>> 10)
                        w[t] = w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
                    }

                    var a = h0
                    var b = h1
                    var c = h2
                    var d = h3
                    var e = h4
                    var f = h5
                    var g = h6
                    var h = h7
                    for t in 0..<64 {
                        let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                        let ch = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ ch &+ k[t] &+ w[t]
                        let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                        let maj = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ maj
                        h = g
                        g = f
                        f = e
                        e = d &+ t1
                        d = c
                        c = b
                        b = a
                        a = t1 &+ t2
                    }
                    h0 &+= a
                    h1 &+= b
                    h2 &+= c
                    h3 &+= d
                    h4 &+= e
                    h5 &+= f
                    h6 &+= g
                    h7 &+= h
                    p += 64
                }
                state.h0 = h0
                state.h1 = h1
                state.h2 = h2
                state.h3 = h3
                state.h4 = h4
                state.h5 = h5
                state.h6 = h6
                state.h7 = h7
            }
        }
    }
}
