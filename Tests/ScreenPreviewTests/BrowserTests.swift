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

    /// The script a page is measured with: each badge's box against every piece of text in the
    /// phones (its own node's first), written into the body for `--dump-dom`.
    static let badgeProbe = """
        <script>addEventListener("load", () => {
          const badges = [...document.querySelectorAll(".sk-badge,.sk-finding-badge")];
          const covered = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          const texts = [];
          while (walker.nextNode()) {
            const text = walker.currentNode;
            if (!text.data.trim() || !text.parentElement.closest(".phone")) continue;
            if (text.parentElement.closest(".sk-badge,.sk-finding-badge")) continue;
            const range = document.createRange();
            range.selectNodeContents(text);
            texts.push([text, [...range.getClientRects()]]);
          }
          for (const badge of badges) {
            const b = badge.getBoundingClientRect();
            for (const [text, rects] of texts) {
              if (rects.some((r) => r.width > 0 && r.left < b.right - 0.5 && b.left < r.right - 0.5
                  && r.top < b.bottom - 0.5 && b.top < r.bottom - 0.5)) {
                covered.push(badge.textContent + " covers " + JSON.stringify(text.data.slice(0, 40)));
              }
            }
          }
          document.body.setAttribute("data-badges", String(badges.length));
          document.body.setAttribute("data-covered", JSON.stringify(covered));
        });</script>
        """

    /// Every fallback badge and every finding badge sits beside its node, over no text: not its
    /// own node's (the fallback's text on a narrow node) and not a neighbour's.
    @Test(.needs(.chromium))
    func noBadgeCoversTheTextItMarksOrAnyOther() throws {
        let chromium = try Browser.chromium()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-badges-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages =
            PreviewFixture.pages.map { ("example-" + $0.name, $0.html) }
            + LocalizedPreviewFixture.pages.filter { $0.name.hasSuffix("sign-in.html") }.map {
                ("localized-" + $0.name.replacingOccurrences(of: "/", with: "-"), $0.html)
            }
            + PreviewDesignTests.pages.map { ("design-" + $0.name, $0.html) }
        var badges = 0
        for (name, html) in pages where html.contains("-badge\"") {
            let page = folder.appendingPathComponent(name)
            try Data(html.replacingOccurrences(of: "</body>", with: Self.badgeProbe + "</body>").utf8).write(to: page)
            let dom = folder.appendingPathComponent(name + ".dom")
            let process = try Browser.startDumpingDOM(
                page, virtualTime: 2000, chromium: chromium, dom: dom, log: folder.appendingPathComponent(name + ".log")
            )
            process.waitUntilExit()
            let dumped = try String(contentsOf: dom, encoding: .utf8)
            let count = dumped.firstMatch(of: /data-badges="(\d+)"/).map { Int($0.1) ?? 0 }
            let measured = try #require(count, "\(name): the page was not measured")
            badges += measured
            let covered = dumped.firstMatch(of: /data-covered="([^"]*)"/).map { String($0.1) } ?? "?"
            #expect(covered == "[]", "\(name): \(covered.replacingOccurrences(of: "&quot;", with: "\""))")
        }
        #expect(badges > 20, "\(badges) badges measured")
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
