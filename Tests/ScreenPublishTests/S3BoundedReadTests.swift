import Foundation
import ScreenCompiler
import ScreenPublish
import Testing

extension S3IntegrationTests {
    /// A bounded read is a ranged GET: the store sends at most one byte past the limit, the entity
    /// tag is the whole object's (the pointer's compare-and-swap still works), and an empty object
    /// (which has no byte 0 to range over) reads as empty.
    @Test(.integration("the S3 test server")) func aBoundedReadFetchesAtMostOneBytePastTheLimit() async throws {
        try await server.control("POST", "/__fault__/reset")
        let bucket = try server.bucket(prefix: "\(prefix)-bounded")
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 5_000)
        #expect(try await bucket.create("big.json", bytes: bytes, metadata: .immutable) == .created)
        let whole = try #require(try await bucket.read("big.json"))
        let head = try #require(try await bucket.read("big.json", maximumBytes: 100))
        #expect(head.bytes == Array(bytes.prefix(101)))
        #expect(head.etag == whole.etag && !whole.etag.isEmpty)
        let exact = try #require(try await bucket.read("big.json", maximumBytes: 5_000))
        #expect(exact.bytes == bytes)
        #expect(try await bucket.create("empty.json", bytes: [], metadata: .immutable) == .created)
        #expect(try await bucket.read("empty.json", maximumBytes: 100)?.bytes == [])
        #expect(try await bucket.read("missing.json", maximumBytes: 100) == nil)
    }
}
