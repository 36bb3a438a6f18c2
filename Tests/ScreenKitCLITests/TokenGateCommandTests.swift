import Foundation
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// Colour tokens through the gate as a team meets it: freeze a catalog whose screen names a token,
/// commit, remove the token, and `check --against HEAD` fails; an added token is listed in the reference.
@Suite struct TokenGateCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-token-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String], catalog: Catalog) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    static let brand = ColorToken("brand.primary", light: "#0A84FF", dark: "#409CFF", meaning: "the brand's accent")

    /// A one-screen app whose title is drawn in `brand.primary`, declaring `tokens`.
    static func catalog(_ tokens: [ColorToken], uses: Bool = true) -> Catalog {
        var catalog = Catalog(screens: [
            Screen("home", title: "Home") {
                Column { uses ? Text("Welcome", id: "welcome").color(brand) : Text("Welcome", id: "welcome") }
            }
        ])
        catalog.tokens = tokens
        return catalog
    }

    @Test func removingAFrozenTokenFailsCheckAgainstTheBase() async throws {
        let frozen = Self.catalog([Self.brand])
        #expect(await run(["contract", "freeze", "--initial"], catalog: frozen).0 == .success)
        let history = try String(
            contentsOf: folder.appendingPathComponent("Screens/Contract/history/1.json"), encoding: .utf8)
        #expect(history.contains(#""name": "brand.primary""#), "\(history)")
        #expect(try Git.run(["init", "-q"], in: folder) == 0)
        #expect(try Git.run(["add", "."], in: folder) == 0)
        #expect(try Git.run(["commit", "-qm", "version 1"], in: folder) == 0)
        #expect(await run(["check", "--against", "HEAD"], catalog: frozen).0 == .success)

        let (code, out, _) = await run(["check", "--against", "HEAD"], catalog: Self.catalog([], uses: false))
        #expect(code == .violations)
        #expect(out.contains("error: [token-removed] token \"brand.primary\" was removed"), "\(out)")
        let (explained, explanation, _) = await run(["explain", "token-removed"], catalog: frozen)
        #expect(explained == .success)
        #expect(explanation.contains("Keep it declared in `Catalog.tokens`"), "\(explanation)")
        // Naming a token the catalog no longer declares is an error at the screen's line.
        let (build, out2, err2) = await run(["build"], catalog: Self.catalog([]))
        #expect(build == .violations)
        #expect((out2 + err2).contains("[token-unknown]"), "\(out2)\(err2)")
    }

    @Test func anAddedTokenIsListedInTheReference() async throws {
        #expect(await run(["contract", "freeze", "--initial"], catalog: Self.catalog([Self.brand])).0 == .success)
        let added = Self.catalog([Self.brand, ColorToken("text.secondary", light: "#6B7280")])
        #expect(await run(["check"], catalog: added).0 == .success)
        let (_, reference, _) = await run(["contract", "show", "--format", "markdown"], catalog: added)
        #expect(reference.contains("## Colour tokens"), "\(reference)")
        #expect(
            reference.contains("| `brand.primary` | `#0A84FF` | `#409CFF` | v1 | the brand's accent |"), "\(reference)")
        #expect(reference.contains("| `text.secondary` | `#6B7280` | — | pending | — |"), "\(reference)")
    }
}

/// The app's colours named in `screenkit.json`, compared through the command line: the readers'
/// fixtures (an Asset Catalog in Xcode's layout, an Android `res` folder) against a catalog whose
/// screen names three tokens.
@Suite struct AppColorCommandTests {
    let folder: URL
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ScreenDesignTests/Fixtures")

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-colors-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String], catalog: Catalog, config: String) async throws -> (ExitCode, String, String) {
        try Data(config.utf8).write(to: folder.appendingPathComponent("screenkit.json"))
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    static let brand = ColorToken("brand.primary", light: "#0A84FF", dark: "#409CFF")
    static let surface = ColorToken("surface.accent", light: "#FFF4E5", dark: "#FFF4E5")
    static let missing = ColorToken("text.tertiary", light: "#9CA3AF", dark: "#6B7280")
    static let declarationLine = #line - 1

    static var catalog: Catalog {
        var catalog = Catalog(screens: [
            Screen("home", title: "Home") {
                Column {
                    Text("Welcome", id: "welcome").style(.title).color(brand)
                    Divider(id: "rule").color(surface)
                    Divider(id: "faint").color(missing)
                }
            }
        ])
        catalog.tokens = [brand, surface, missing]
        return catalog
    }

    var config: String {
        """
        {"format": 1, "assetCatalogs": ["\(Self.fixtures.path)/App.xcassets"], "androidResources": ["\(Self.fixtures.path)/res"],
         "iosColorNames": {"brand.primary": "BrandPrimary", "surface.accent": "Brand/Surface"}}
        """
    }

    @Test func aTokenTheAppLacksFailsCheckAtItsDeclarationAndTheRestWarn() async throws {
        let (code, stdout, stderr) = try await run(["build"], catalog: Self.catalog, config: config)
        let out = stdout + stderr
        #expect(code == .violations)
        #expect(out.contains("build failed: 2 errors; nothing was written"), "\(out)")
        let file = "TokenGateCommandTests.swift:\(Self.declarationLine):1"
        #expect(
            out.contains(
                "\(file): error: [token-missing-in-app] token \"text.tertiary\""), "\(out)")
        #expect(out.contains("\"text_tertiary\" is not a colour in the Android resources"), "\(out)")
        #expect(out.contains("\"text.tertiary\" is not a colour in the iOS Asset Catalog"), "\(out)")
        // Brand/Surface has no dark appearance in the catalog; surface_accent no night value.
        #expect(
            out.contains(
                "warning: [token-dark-missing] token \"surface.accent\": \"Brand/Surface\" in the iOS Asset Catalog has no dark value"
            ), "\(out)")
        #expect(
            out.contains(
                "warning: [token-dark-missing] token \"surface.accent\": \"surface_accent\" in the Android resources has no dark value"
            ), "\(out)")
        // The catalog's typo is reported, not fatal.
        #expect(
            out.contains("warning: [app-colors-invalid]") && out.contains("Broken.colorset/Contents.json"), "\(out)")
        #expect(!out.contains("brand.primary\": \"BrandPrimary\""), "brand.primary matches on both platforms: \(out)")
    }

    @Test func separateLightAndDarkNamesAreReadFromTheConfig() async throws {
        // Material 3 names each appearance apart: the dark name draws its own night value, if any.
        let config = """
            {"format": 1, "androidResources": ["\(Self.fixtures.path)/res"],
             "androidColorNames": {"surface.accent": {"light": "surface_accent", "dark": "brand_primary"}}}
            """
        let (_, stdout, stderr) = try await run(["build"], catalog: Self.catalog, config: config)
        let out = stdout + stderr
        #expect(!out.contains("\"surface_accent\" in the Android resources has no dark value"), "\(out)")
        #expect(
            out.contains("\"brand_primary\" in the Android resources is #409CFF in the dark appearance"), "\(out)")
    }

    @Test func rulesListedInErrorsFail() async throws {
        var catalog = Self.catalog
        catalog.screens = [Screen("home", title: "Home") { Column { Text("Faint", id: "faint").color("#AAAAAA") } }]
        let warned = try await run(["build"], catalog: catalog, config: #"{"format": 1}"#)
        #expect(warned.0 == .success && (warned.1 + warned.2).contains("warning: [contrast-low]"), "\(warned)")
        let failed = try await run(["build"], catalog: catalog, config: #"{"format": 1, "errors": ["contrast-low"]}"#)
        #expect(failed.0 == .violations && (failed.1 + failed.2).contains("error: [contrast-low]"), "\(failed)")
    }

    @Test func explainKnowsTheDesignAndAccessibilityRules() async throws {
        for (rule, says) in [
            ("contrast-low", "WCAG 2.2 AA"), ("image-label-missing", ".decorative()"),
            ("control-name-missing", "screen reader"), ("tap-target-small", "44 pt"),
            ("text-truncated", "pseudo-locale"),
            ("token-missing-in-app", "iosColorNames"), ("token-differs-in-app", "ΔE₀₀"),
            ("token-dark-missing", "values-night"),
            ("app-colors-invalid", "Contents.json"),
        ] {
            let (code, out, _) = try await run(["explain", rule], catalog: Self.catalog, config: #"{"format": 1}"#)
            #expect(code == .success && out.contains(says), "\(rule): \(out)")
        }
    }

    @Test func badColourConfigsAreClearErrorsAndWriteNothing() async throws {
        let cases: [(String, ExitCode, String)] = [
            (
                #"{"format": 1, "assetCatalogs": ["Nowhere.xcassets"]}"#, .failure,
                "Nowhere.xcassets: not an Asset Catalog folder"
            ),
            (#"{"format": 1, "assetCatalogs": ["Assets"]}"#, .usage, "which is not an .xcassets Asset Catalog"),
            (#"{"format": 1, "androidResources": "nowhere/res"}"#, .failure, "nowhere/res: not an Android res folder"),
            (
                #"{"format": 1, "errors": ["prop-type"]}"#, .usage,
                "\"errors\" names prop-type, which is not a rule that warns"
            ),
            (#"{"format": 1, "iosColorNames": {"Brand": "X"}}"#, .usage, "\"iosColorNames\" must map token names"),
            (
                #"{"format": 1, "androidColorNames": {"brand.primary": {"light": "m3_sys_light_primary"}}}"#, .usage,
                "or to {\"light\": name, \"dark\": name}, at most 10000 (\"brand.primary\")"
            ),
            (
                #"{"format": 1, "androidColorNames": {"brand.primary": {"light": "a", "dark": "b", "night": "c"}}}"#,
                .usage, "\"androidColorNames\" must map token names"
            ),
            (#"{"format": 1, "androidColorNames": {"brand.primary": 7}}"#, .usage, "\"androidColorNames\" must map"),
            (#"{"format": 1, "colorTolerance": -1}"#, .usage, "\"colorTolerance\" must be a ΔE₀₀ from 0 to 100"),
        ]
        for (config, expected, message) in cases {
            let (code, _, errors) = try await run(["build"], catalog: Self.catalog, config: config)
            #expect(code == expected, "\(config)")
            #expect(errors.contains(message), "\(config): \(errors)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("dist").path))
        }
    }
}
