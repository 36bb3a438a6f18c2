import Foundation
import ScreenPreview
import ScreenTestSupport
import Testing

@Suite(.serialized) struct BrowserTests {
    @Test(
        .needs(.chromium))
    func everyPageLoadsWithoutConsoleErrorsAndIsScreenshotted() throws {
        let chromium = try Browser.chromium()
        try Self.expectLoads(PreviewFixture.pages, in: PreviewFixture.pages, chromium: chromium)
    }

    /// The localized screen's pages in their locale folders, and the index linking them.
    @Test(.needs(.chromium))
    func localizedPagesLoadWithoutConsoleErrorsAndAreScreenshotted() throws {
        let chromium = try Browser.chromium()
        let site = LocalizedPreviewFixture.pages
        let localized = site.filter { $0.name.contains("sign-in.html") || $0.name == "index.html" }
        #expect(localized.count == 6)
        try Self.expectLoads(localized, in: site, chromium: chromium)
    }

    /// Writes `site` to a new folder, then loads each of `pages` headless: no problem logged, a screenshot.
    static func expectLoads(_ pages: [PreviewSite.Page], in site: [PreviewSite.Page], chromium: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-browser-\(UUID().uuidString)")
        for page in site {
            let url = folder.appendingPathComponent(page.name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(page.html.utf8).write(to: url)
        }
        for page in pages {
            let screenshot = folder.appendingPathComponent(page.name + ".png")
            let (status, log) = try Browser.load(
                folder.appendingPathComponent(page.name), screenshot: screenshot, chromium: chromium)
            #expect(status == 0, "\(page.name): chromium exited \(status)")
            #expect(Browser.problems(in: log) == [], "\(page.name)")
            let png = try Data(contentsOf: screenshot)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(page.name): a PNG screenshot")
            #expect(png.count > 10_000, "\(page.name): the screenshot shows something")
        }
    }

    @Test(.needs(.chromium))
    func theCheckDetectsAConsoleErrorAndANetworkFetch() throws {
        let chromium = try Browser.chromium()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bad = folder.appendingPathComponent("bad.html")
        try Data(
            "<!doctype html><html><body><img src=\"missing.png\"><script>throw new Error('boom')</script></body></html>"
                .utf8
        ).write(to: bad)
        let (_, log) = try Browser.load(bad, screenshot: folder.appendingPathComponent("bad.png"), chromium: chromium)
        #expect(!Browser.problems(in: log).isEmpty, "a broken page is caught: \(log)")
    }
}
