import Foundation
import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit
import ScreenTestSupport
import Testing

/// Colour tokens on the wire: a client whose contract version knows a token receives its name in
/// the colour prop, an older one the token's light literal; screens that name no token keep their
/// bytes.
@Suite struct TokenWireTests {
    typealias F = TokensFixture

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func everyEnvelopeMatchesItsGolden() {
        let result = F.compile(style: .pretty)
        #expect(result.diagnostics.filter { $0.severity == .error } == [], "\(result.diagnostics)")
        let files = EnvelopeGoldens.files(of: result)
        #expect(files.count == 8)
        for (name, bytes) in files { Golden.expect(bytes, matches: "tokens/flat/\(name)") }
    }

    @Test func theFullEnvelopeAndTheNewestVariantCarryTokenNames() throws {
        let home = try #require(F.compile().screens.first { $0.id == "home" })
        let full = Self.text(home.full)
        #expect(
            full.contains(#"{"type":"text","id":"welcome","content":"Welcome","style":"body","color":"brand.primary"}"#)
        )
        #expect(full.contains(#""type":"banner","id":"sale","background":"surface.accent","tint":"brand.primary""#))
        let v3 = try #require(home.variant(for: 3))
        #expect(v3.downgrades == [])
    }

    @Test func aVersionWithoutATokenGetsItsLightLiteral() throws {
        let home = try #require(F.compile().screens.first { $0.id == "home" })
        let v2 = try #require(home.variant(for: 2))
        #expect(Self.text(v2.envelope).contains(##""background":"#FFF4E5","tint":"brand.primary""##))
        #expect(v2.downgrades == [.tokenReplaced(nodeID: "sale", token: "surface.accent", by: "#FFF4E5")])
        #expect(v2.downgrades[0].element == "token:surface.accent" && !v2.downgrades[0].isFallback)
        let v1 = try #require(home.variant(for: 1))
        let envelope = Self.text(v1.envelope)
        #expect(envelope.contains(##""id":"welcome","content":"Welcome","style":"body","color":"#0A84FF""##))
        #expect(
            envelope.contains(##""id":"tagline","content":"New arrivals every week","style":"body","color":"#6B7280""##)
        )
        #expect(!envelope.contains("brand.") && !envelope.contains("text.secondary"))
        // Version 1 lacks the banner: its fallback column, whose text holds a literal, stands in.
        #expect(
            v1.downgrades == [
                .tokenReplaced(nodeID: "welcome", token: "brand.primary", by: "#0A84FF"),
                .tokenReplaced(nodeID: "tagline", token: "text.secondary", by: "#6B7280"),
                .tokenReplaced(nodeID: "rule", token: "text.secondary", by: "#6B7280"),
                .replaced(nodeID: "sale", type: "banner", by: "column"),
            ])
    }

    @Test func aScreenNamingNoTokenKeepsItsBytes() throws {
        // The same catalog with and without tokens declared, serving only the screen without any.
        func plain(tokens: [ColorToken]) throws -> CompiledScreen {
            var catalog = F.catalog
            catalog.screens = [F.screens[1]]
            catalog.tokens = tokens
            let result = Compiler(catalog: catalog).compile(CompileOptions(history: F.history))
            #expect(result.diagnostics.filter { $0.severity == .error } == [])
            return try #require(result.screens.first)
        }
        let with = try plain(tokens: F.catalog.tokens)
        let without = try plain(tokens: [])
        #expect(with.full == without.full)
        #expect(with.variants.map(\.envelope) == without.variants.map(\.envelope))
    }

    @Test func anUndeclaredTokenIsALocatedError() throws {
        var catalog = F.catalog
        catalog.screens = [
            Screen("typo", title: "Typo") {
                Column { Text("Hi", id: "hi").color(ColorToken("brand.primry", light: "#000000")) }
            }
        ]
        let diagnostics = Compiler(catalog: catalog).check(CompileOptions(history: F.history))
        let error = try #require(diagnostics.first { $0.rule == "token-unknown" })
        #expect(
            error.message
                == #""text" prop "color" names token "brand.primry", which the catalog does not declare; a colour is #RRGGBB, #AARRGGBB or a declared token"#
        )
        #expect(error.location?.file == #filePath)
        #expect(error.nodePath == "typo/typo.column-1/hi")
    }

    @Test func aMistypedLiteralIsStillAPropTypeError() throws {
        var catalog = F.catalog
        catalog.screens = [Screen("typo", title: "Typo") { Column { Text("Hi", id: "hi").color("#12345") } }]
        let diagnostics = Compiler(catalog: catalog).check(CompileOptions(history: F.history))
        #expect(diagnostics.map(\.rule) == ["prop-type"])
    }

    @Test func badDeclarationsAreLocatedErrors() {
        var catalog = F.catalog
        catalog.tokens += [
            ColorToken("Brand", light: "#000000"), ColorToken("brand.primary", light: "#000000"),
            ColorToken("ink", light: "black", dark: "#00000"),
        ]
        let diagnostics = Compiler(catalog: catalog).check(CompileOptions(history: F.history))
            .filter { $0.rule == "token-invalid" }
        #expect(
            diagnostics.map(\.message) == [
                #"token name "Brand" is not dot-separated segments such as brand.primary (each a lowercase letter, then letters and digits; at most 64 characters)"#,
                #"token "brand.primary" is declared twice"#,
                #"token "ink" has light "black"; a literal is #RRGGBB or #AARRGGBB"#,
                ##"token "ink" has dark "#00000"; a literal is #RRGGBB or #AARRGGBB"##,
            ])
        #expect(diagnostics.allSatisfy { $0.location?.file == #filePath })
    }
}
