import Foundation
import ScreenClients
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenTestSupport
import Testing

/// The colour tokens of each generated client: an enum of the version's tokens carrying each
/// one's colour name in the app (as `screenkit.json` maps it: one name, or Material 3's separate
/// light and dark names) and its literals, golden-tested in the three languages and compiled and
/// run with swiftc; a version without tokens declares none and keeps its bytes.
@Suite(.serialized) struct TokenClientModelTests {
    typealias F = TokensFixture

    /// iOS names text.secondary apart; Android names brand.primary's appearances apart, as
    /// Material 3 themes do.
    static let names: AppColorNames = [
        .iOS: ["text.secondary": "TextSecondary"],
        .android: ["brand.primary": AppColorName(light: "m3_sys_light_primary", dark: "m3_sys_dark_primary")],
    ]

    static let sha256 = String(repeating: "0", count: 64)

    static func source(_ language: ClientLanguage, version: Int, names: AppColorNames = names) -> String {
        let contract = F.history[version - 1]
        return language.source(
            contract, version: version, sha256: sha256, profile: contract.profile, colorNames: names)
    }

    @Test func eachLanguagesTokensMatchTheirGoldens() {
        for language in ClientLanguage.allCases {
            let file = language.fileName.replacingOccurrences(of: ".", with: "-3.")
            Golden.expect(Array(Self.source(language, version: 3).utf8), matches: "clients/tokens/\(file)")
        }
    }

    @Test func aVersionWithoutTokensDeclaresNoneWhateverTheNames() {
        #expect(F.history[0].tokens.isEmpty)
        for language in ClientLanguage.allCases {
            let named = Self.source(language, version: 1)
            #expect(named == Self.source(language, version: 1, names: [:]))
            #expect(!named.contains("ColorToken") && !named.contains("colorTokens"), "\(language)")
        }
    }

    @Test(.integration("compiles a Swift app")) func aSwiftAppMapsEachTokenToItsOwnColourName() throws {
        let folder = try ClientArtifactTests.folder("swift-tokens")
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = Self.source(.swift, version: 3)
        let main = """
            for token in ScreenModel.ColorToken.allCases {
                print(token.rawValue, token.colorName, token.darkColorName ?? "-", token.light, token.dark)
            }
            for value in ["brand.primary", "#7C2D12", "brand.primry"] {
                switch ScreenModel.ColorValue(value) {
                case .token(let token): print("token", token.colorName)
                case .literal(let literal): print("literal", literal)
                }
            }

            """
        let (status, output, executable) = try SwiftRendererCheck.compile(
            model: model, renderer: try SwiftRendererCheck.textRenderer(for: model), main: main, in: folder)
        try #require(status == 0, "swiftc: \(output)")
        let (ran, printed) = TestPython.run(executable, [])
        #expect(ran == 0)
        #expect(
            printed == """
                brand.primary brand.primary - #0A84FF #409CFF
                surface.accent surface.accent - #FFF4E5 #3B2F1E
                text.secondary TextSecondary - #6B7280 #9CA3AF
                token brand.primary
                literal #7C2D12
                literal brand.primry

                """, "\(printed)")
    }

    @Test func theAndroidEnumCarriesMaterial3sSeparateNames() {
        let kotlin = Self.source(.kotlin, version: 3)
        #expect(
            kotlin.contains(
                ##"BRAND_PRIMARY("brand.primary", "m3_sys_light_primary", "m3_sys_dark_primary", "#0A84FF", "#409CFF"),"##
            ))
        #expect(kotlin.contains(##"TEXT_SECONDARY("text.secondary", "text_secondary", null, "#6B7280", "#9CA3AF");"##))
    }
}
