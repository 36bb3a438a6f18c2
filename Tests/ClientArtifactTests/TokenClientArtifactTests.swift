import Foundation
import ScreenClients
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenTestSupport
import Testing

/// The JSON Schema of a version with colour tokens accepts a literal or one of that version's
/// tokens in every colour prop, and refuses a token the version does not know; a version without
/// tokens keeps the literal-only pattern.
@Suite(.serialized) struct TokenClientArtifactTests {
    typealias F = TokensFixture

    static func variants(_ result: CompileResult, version: Int) -> [(String, [UInt8])] {
        EnvelopeGoldens.files(of: result).filter { $0.name.hasSuffix("@\(version).json") }.map { ($0.name, $0.bytes) }
    }

    /// `payload` with `replace` replaced by `with` (which must occur).
    static func edited(_ payload: [UInt8], _ replace: String, _ with: String) -> [UInt8] {
        let text = String(decoding: payload, as: UTF8.self)
        #expect(text.contains(replace), "\(replace) is not in \(text)")
        return Array(text.replacingOccurrences(of: replace, with: with).utf8)
    }

    @Test func theSchemasMatchTheirGoldens() {
        for version in 1...3 {
            Golden.expect(
                EnvelopeSchema.variant(F.history[version - 1], version: version),
                matches: "clients/tokens/schema-\(version).json")
        }
        // Without tokens, a colour stays the literal pattern, with no `color` definition.
        let v1 = String(decoding: EnvelopeSchema.variant(F.history[0], version: 1), as: UTF8.self)
        #expect(!v1.contains("#/$defs/color") && v1.contains(#""pattern": "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$""#))
    }

    @Test(.integration("Python's jsonschema")) func everyVariantIsValidAndUnknownTokensAreNot() throws {
        let result = F.compile()
        for version in 1...3 {
            let schema = EnvelopeSchema.variant(F.history[version - 1], version: version)
            let payloads = Self.variants(result, version: version)
            let (status, output) = try ClientArtifactTests.validate(schema, payloads)
            #expect(status == 0, "\(version): \(output)")
            #expect(output.split(separator: "\n").filter { $0.hasPrefix("valid ") }.count == payloads.count)
        }
        let home = try #require(result.screens.first { $0.id == "home" })
        let wrong: [(version: Int, name: String, bytes: [UInt8])] = [
            (
                1, "token-in-a-version-without.json",
                Self.edited(home.variant(for: 1)!.envelope, ##""color":"#0A84FF""##, #""color":"brand.primary""#)
            ),
            (
                2, "token-of-a-later-version.json",
                Self.edited(
                    home.variant(for: 2)!.envelope, ##""background":"#FFF4E5""##, #""background":"surface.accent""#)
            ),
            (
                3, "misspelt-token.json",
                Self.edited(home.variant(for: 3)!.envelope, #""color":"brand.primary""#, #""color":"brand.primry""#)
            ),
            (
                3, "bad-literal.json",
                Self.edited(home.variant(for: 3)!.envelope, ##""color":"#7C2D12""##, ##""color":"#7C2D1""##)
            ),
        ]
        for (version, name, bytes) in wrong {
            let schema = EnvelopeSchema.variant(F.history[version - 1], version: version)
            let (status, output) = try ClientArtifactTests.validate(schema, [(name, bytes)])
            #expect(status == 1 && output.hasPrefix("invalid "), "\(name): \(output)")
        }
        let fulls = result.screens.map { ($0.id + ".json", $0.full) }
        let (status, output) = try ClientArtifactTests.validate(EnvelopeSchema.full(F.history[2], version: 3), fulls)
        #expect(status == 0, "full: \(output)")
    }
}
