import ExampleScreens
import Foundation
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// `check --format markdown --baseline DIR --screenshots OUTDIR`: before/after pictures of each
/// changed screen's affected contract versions, taken with headless Chromium; said plainly when
/// there is no browser.
@Suite struct ReviewScreenshotTests {
    /// A folder holding the example contract, and the CLI run in it.
    let cli: ContractCommandTests
    var folder: URL { cli.folder }

    init() throws { cli = try ContractCommandTests() }

    func run(_ arguments: [String], catalog: Catalog = App.catalog) async -> (ExitCode, String, String) {
        await cli.run(arguments, catalog: catalog)
    }

    /// The example app with the first screen's (sign-in's) title changed: every version changes.
    static var changed: Catalog {
        var catalog = App.catalog
        catalog.screens[0].title = "Welcome back, reviewer"
        return catalog
    }

    @Test(.needs(.chromium))
    func changedScreensArePhotographedBeforeAndAfter() async throws {
        let chromium = try Browser.chromium()
        #expect(await run(["build", "--out", "base-dist"]).0 == .success)
        let (code, markdown, errors) = await run(
            [
                "check", "--format", "markdown", "--baseline", "base-dist", "--screenshots", "shots", "--chromium",
                chromium,
            ], catalog: Self.changed)
        #expect(code == .success)
        #expect(!errors.contains("screenshots were not taken"), "\(errors)")
        let shots = folder.appendingPathComponent("shots")
        let files = try FileManager.default.contentsOfDirectory(atPath: shots.path).sorted()
        #expect(
            files == [
                "sign-in@1-after.png", "sign-in@1-before.png", "sign-in@2-after.png", "sign-in@2-before.png",
                "sign-in@3-after.png", "sign-in@3-before.png", "sign-in@4-after.png", "sign-in@4-before.png",
            ])
        for contract in [1, 2, 3, 4] {
            let before = try Data(contentsOf: shots.appendingPathComponent("sign-in@\(contract)-before.png"))
            let after = try Data(contentsOf: shots.appendingPathComponent("sign-in@\(contract)-after.png"))
            for image in [before, after] {
                #expect(Array(image.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                #expect(image.count > 2000)
            }
            #expect(before != after, "contract \(contract): the pictures should differ")
            #expect(
                markdown.contains(
                    "- `sign-in` contract \(contract): ![before](shots/sign-in@\(contract)-before.png) → ![after](shots/sign-in@\(contract)-after.png)"
                ), "\(markdown)")
        }
        #expect(markdown.contains("### Before and after"))
        #expect(!markdown.contains("- `home`"))

        let (_, served, _) = await run(
            [
                "check", "--format", "markdown", "--baseline", "base-dist", "--screenshots", "shots", "--chromium",
                chromium, "--screenshot-url", "https://ci.example.com/shots",
            ], catalog: Self.changed)
        #expect(served.contains("![after](https://ci.example.com/shots/sign-in@1-after.png)"), "\(served)")
    }

    @Test func withoutChromiumTheReportSaysNoPicturesWereTaken() async throws {
        #expect(await run(["build", "--out", "base-dist"]).0 == .success)
        let (code, markdown, errors) = await run(
            [
                "check", "--format", "markdown", "--baseline", "base-dist", "--screenshots", "shots", "--chromium",
                folder.appendingPathComponent("no-such-chromium").path,
            ], catalog: Self.changed)
        #expect(code == .success)
        #expect(markdown.contains("screenshots were not taken: headless Chromium was not found"), "\(markdown)")
        #expect(errors.contains("screenshots were not taken"), "\(errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("shots").path))
        // Nothing on PATH either (the test's environment is empty): the same.
        let (_, plain, _) = await run(
            ["check", "--format", "markdown", "--baseline", "base-dist", "--screenshots", "shots"],
            catalog: Self.changed)
        #expect(plain.contains("screenshots were not taken"), "\(plain)")
        #expect(await run(["check", "--screenshots", "shots"]).0 == .usage)
    }
}
