import Foundation
import ScreenCompiler
import ScreenDesign
import ScreenKit
import ScreenTestSupport
import Testing

/// The tokens screens use, compared with the app's own colours per platform: a token the app
/// lacks is an error at the token's declaration, a literal that looks different and a missing dark
/// value are warnings (errors when the project says so), each naming the app's file.
@Suite struct AppColorRuleTests {
    typealias F = TokensFixture

    static func color(_ hex: String) -> AppColor { AppColor(literal: hex)! }

    /// An Asset Catalog with brand.primary exactly as declared, text.secondary under another name
    /// and surface.accent without a dark appearance.
    static let ios = AppPalette(
        platform: .iOS,
        colors: [
            "brand.primary": .init(
                name: "brand.primary", light: color("#0A84FF"), dark: color("#409CFF"), file: "App.xcassets/a"),
            "TextSecondary": .init(
                name: "TextSecondary", light: color("#6B7280"), dark: color("#9CA3AF"), file: "App.xcassets/b"),
            "surface.accent": .init(name: "surface.accent", light: color("#FFF4E5"), dark: nil, file: "App.xcassets/c"),
        ])

    /// Android resources with brand_primary a visibly different blue, no text_secondary, and
    /// surface_accent a system colour that cannot be compared.
    static let android = AppPalette(
        platform: .android,
        colors: [
            "brand_primary": .init(
                name: "brand_primary", light: color("#0066CC"), dark: color("#409CFF"), file: "res/values/colors.xml",
                line: 4),
            "surface_accent": .init(
                name: "surface_accent", light: nil, dark: nil, unresolved: "theme attribute ?attr/colorSurface",
                file: "res/values/colors.xml", line: 5),
        ], problems: ["res/values-night/colors.xml:3: <resources> is never closed"])

    static func check(_ options: DesignOptions, raised: Set<String> = []) -> [Diagnostic] {
        var compile = CompileOptions(history: F.history)
        compile.design = options
        compile.raisedRules = raised
        return Compiler(catalog: F.catalog).check(compile).filter {
            DesignRules.all.map(\.id).contains($0.rule)
        }
    }

    @Test func eachPlatformsColoursAreComparedWithTheTokens() throws {
        let diagnostics = Self.check(
            DesignOptions(palettes: [Self.ios, Self.android], names: [.iOS: ["text.secondary": "TextSecondary"]]))
        let lines = diagnostics.map {
            "\($0.severity) \($0.rule) \($0.nodePath ?? "") "
                + $0.message.replacingOccurrences(
                    of: #"\(used at [^)]*TokensFixture.swift:42:\d+\)"#, with: "(used at tagline)",
                    options: .regularExpression)
        }
        #expect(
            lines == [
                "warning token-dark-missing token:surface.accent token \"surface.accent\": \"surface.accent\" in the iOS Asset Catalog has no dark value, so dark mode draws #FFF4E5 (App.xcassets/c)",
                "warning app-colors-invalid  res/values-night/colors.xml:3: <resources> is never closed",
                "warning token-differs-in-app token:brand.primary token \"brand.primary\": \"brand_primary\" in the Android resources is #0066CC in the light appearance, ΔE₀₀ 12.2 from the token's #0A84FF (tolerance 2.0): clients without the token draw another colour (res/values/colors.xml:4)",
                "error token-missing-in-app token:text.secondary token \"text.secondary\" (used at tagline): \"text_secondary\" is not a colour in the Android resources; clients that know the token draw nothing for it",
            ], "\(lines.joined(separator: "\n"))")
        #expect(
            diagnostics.allSatisfy {
                $0.rule == "app-colors-invalid" || $0.location?.file.hasSuffix("TokensFixture.swift") == true
            })
    }

    @Test func aLargerToleranceAndRaisedRulesChangeWhatFails() {
        let lenient = Self.check(DesignOptions(palettes: [Self.android], tolerance: 15))
        #expect(!lenient.contains { $0.rule == "token-differs-in-app" })
        let strict = Self.check(DesignOptions(palettes: [Self.android]), raised: ["token-differs-in-app"])
        #expect(strict.first { $0.rule == "token-differs-in-app" }?.severity == .error)
    }

    @Test func defaultNamesAreTheTokenOnIOSAndSnakeCaseOnAndroid() {
        let options = DesignOptions(palettes: [], names: [.android: ["brand.primary": "brand"]])
        #expect(options.assetName(of: "text.secondaryLabel", on: .iOS) == "text.secondaryLabel")
        #expect(options.assetName(of: "text.secondaryLabel", on: .android) == "text_secondary_label")
        #expect(options.assetName(of: "brand.primary", on: .android) == "brand")
    }

    /// A Material 3 res folder as theme builders export it: separate light and dark names, all
    /// in `values/` (tabs, comments, contrast variants, a dark role that refers to a palette colour).
    static let material3 = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ScreenDesignTests/Fixtures/res-material3").standardizedFileURL.path

    /// The design rules' lines for brand.primary and surface.accent mapped by `names` in the
    /// Material 3 folder.
    static func material3Lines(_ names: [String: AppColorName]) throws -> [String] {
        let palette = try AndroidColorsReader.read(resourcesAt: material3)
        return Self.check(DesignOptions(palettes: [palette], names: [.android: names])).filter {
            $0.nodePath == "token:brand.primary" || $0.nodePath == "token:surface.accent"
        }.map { "\($0.rule) \($0.nodePath ?? ""): \($0.message)" }
    }

    @Test func material3SeparateLightAndDarkNamesAreComparedAsOneColour() throws {
        let lines = try Self.material3Lines([
            "brand.primary": AppColorName(light: "m3_sys_light_primary", dark: "m3_sys_dark_primary"),
            "surface.accent": AppColorName(light: "m3_sys_light_surface", dark: "m3_sys_dark_surface"),
        ])
        #expect(lines.isEmpty, "\(lines)")
    }

    @Test func oneMaterial3NameAloneReadsAsNoDarkValue() throws {
        // Before separate names could be given, this was all a Material 3 app could say.
        let lines = try Self.material3Lines(["brand.primary": "m3_sys_light_primary"])
        #expect(
            lines.contains {
                $0.hasPrefix("token-dark-missing token:brand.primary") && $0.contains("\"m3_sys_light_primary\"")
            }, "\(lines)")
    }

    @Test func aDarkNameThatDiffersOrIsMissingIsReportedUnderItsOwnName() throws {
        let lines = try Self.material3Lines([
            "brand.primary": AppColorName(light: "m3_sys_light_primary", dark: "m3_sys_dark_primary_mediumContrast"),
            "surface.accent": AppColorName(light: "m3_sys_light_surface", dark: "m3_sys_drak_surface"),
        ])
        #expect(lines.count == 2, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("token-differs-in-app token:brand.primary")
                    && $0.contains(
                        "\"m3_sys_dark_primary_mediumContrast\" in the Android resources is #6FB4FF in the dark appearance"
                    )
                    && $0.contains("colors_m3.xml:14")
            }, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("token-missing-in-app token:surface.accent")
                    && $0.contains("its dark colour \"m3_sys_drak_surface\" is not a colour in the Android resources")
            }, "\(lines)")
    }

    @Test func aTokenDeclaredWithoutADarkLiteralIsAWarningAtItsDeclaration() throws {
        var catalog = F.catalog
        catalog.tokens.append(ColorToken("ink", light: "#111827"))
        let warning = try #require(
            Compiler(catalog: catalog).check(CompileOptions(history: F.history)).first {
                $0.rule == "token-dark-missing"
            })
        #expect(warning.severity == .warning && warning.location?.file == #filePath)
        #expect(warning.message.hasPrefix(#"token "ink" declares no dark literal"#))
    }
}
