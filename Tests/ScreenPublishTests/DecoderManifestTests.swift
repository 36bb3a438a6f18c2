import Foundation
import ScreenCompiler
import ScreenCrypto
import Testing

/// The decoders published beside each version's schema: listed in the manifest, read back with
/// every name checked before it becomes a path.
@Suite struct DecoderManifestTests {
    static let hash = String(repeating: "a", count: 64)

    static func manifest(_ decoders: String) -> [UInt8] {
        Array(
            """
            {"format":1,"contract":2,"history":["\(hash)","\(hash)"],"screens":[],"decoders":\(decoders)}
            """.utf8)
    }

    @Test func decodersRoundTrip() throws {
        var manifest = Manifest(contract: 2, history: [Self.hash, Self.hash], screens: [], previous: nil)
        manifest.decoders = [
            .init(contract: 1, language: .swift, object: Self.hash),
            .init(contract: 2, language: .typescript, object: Self.hash),
        ]
        let read = try Manifest.decode(manifest.encoded())
        #expect(read.decoders == manifest.decoders)
        #expect(read.encoded() == manifest.encoded())
        #expect(
            BucketLayout.aliases(of: read)["contracts/2/ScreenModel.ts"] == Self.hash
                && BucketLayout.aliases(of: read)["contracts/1/ScreenModel.swift"] == Self.hash)
        // Without decoders the member is not written: older manifests keep their bytes.
        let none = Manifest(contract: 2, history: [Self.hash, Self.hash], screens: [], previous: nil)
        #expect(!String(decoding: none.encoded(), as: UTF8.self).contains("decoders"))
    }

    @Test func aHostileDecoderEntryIsRefusedWithAClearError() {
        let cases: [(String, String)] = [
            (
                #"[{"contract":1,"language":"../x","object":"\#(Self.hash)"}]"#,
                #"a decoder in "../x", not one of swift, typescript, kotlin"#
            ),
            (
                #"[{"contract":3,"language":"swift","object":"\#(Self.hash)"}]"#,
                "a decoder of contract 3, which is not a frozen version (1 to 2)"
            ),
            (#"[{"contract":0,"language":"swift","object":"\#(Self.hash)"}]"#, "a decoder of contract 0"),
            (#"[{"contract":1,"language":"swift","object":"x"}]"#, #"names "x", which is not a SHA-256"#),
            (
                "["
                    + Array(repeating: #"{"contract":1,"language":"swift","object":"\#(Self.hash)"}"#, count: 7).joined(
                        separator: ",") + "]",
                "lists 7 decoders; a manifest lists at most one per frozen version and language"
            ),
        ]
        for (decoders, message) in cases {
            do {
                _ = try Manifest.decode(Self.manifest(decoders))
                Issue.record("accepted \(decoders)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
}
