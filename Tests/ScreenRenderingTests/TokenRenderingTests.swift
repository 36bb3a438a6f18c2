import Foundation
import ScreenCompiler
import ScreenContract
import ScreenCrypto
import ScreenKit
import ScreenRendering
import ScreenTestSupport
import Testing

/// Colour tokens at request time: each client gets the bytes `build` wrote for its version, the
/// token's name or its light literal.
@Suite struct TokenRenderingTests {
    typealias F = TokensFixture

    static var files: [[UInt8]] { FrozenFiles.chain(F.history) }

    @Test(arguments: [1, 2, 3])
    func eachVersionGetsTheBytesBuildWrote(version: Int) throws {
        let renderer = try ScreenRenderer(catalog: F.catalog, history: .embedded(Self.files))
        let built = try #require(F.compile().screens.first { $0.id == "home" })
        let rendered = try renderer.render(screenID: "home", for: .version(version))
        #expect(rendered.bytes == built.variants[version - 1].envelope)
        let perRequest = try renderer.render(F.screens[0], for: .version(version))
        #expect(perRequest.bytes == rendered.bytes)
        let text = String(decoding: rendered.bytes, as: UTF8.self)
        #expect(text.contains(#""color":"brand.primary""#) == (version > 1), "\(text)")
    }
}

/// The accessibility rules at the renderer's start-up: warnings the server can log, or a refusal
/// for the rules it is told to enforce.
@Suite struct AccessibilityStartupTests {
    typealias F = TokensFixture

    @Test func findingsAreWarningsOrRefuseStartUpWhenRaised() throws {
        let renderer = try ScreenRenderer(catalog: F.catalog, history: .embedded(TokenRenderingTests.files))
        // #0A84FF on white is 3.6:1: a warning at the node's line.
        let warning = try #require(renderer.warnings.first { $0.rule == "contrast-low" })
        #expect(
            warning.nodePath == "home/column/welcome" && warning.location?.file.hasSuffix("TokensFixture.swift") == true
        )
        do {
            _ = try ScreenRenderer(
                catalog: F.catalog, history: .embedded(TokenRenderingTests.files), errors: ["contrast-low"])
            Issue.record("started although contrast-low is an error")
        } catch {
            #expect(error.diagnostics.contains { $0.rule == "contrast-low" && $0.severity == .error })
        }
    }
}
