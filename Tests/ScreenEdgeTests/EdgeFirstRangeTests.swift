import Foundation
import ScreenCompiler
import ScreenTestSupport
import Testing

@testable import ScreenEdge

/// The one-match path the routers decide most `Accept-Language` headers by
/// (`SCREENKIT_FIRST_RANGE`) picks what the item-by-item negotiation picks, for locales with
/// regions and scripts, and is left out where lookup could differ.
@Suite struct EdgeFirstRangeTests {
    static let locales = Manifest.Locales(
        source: "en", available: ["de", "de_CH", "pt-BR", "zh-Hant-TW", "zh", "es-419"])

    @Test func tagsWithMoreSubtagsComeFirstAndEveryLetterMatchesBothCases() throws {
        let pattern = try #require(EdgeFirstRange.pattern(of: Self.locales))
        #expect(
            pattern
                == "^(?=[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8}){0,15}(?![^,]))"
                + "([Zz][Hh]-[Hh][Aa][Nn][Tt]-[Tt][Ww]|[Dd][Ee]-[Cc][Hh]|[Ee][Ss]-419|[Pp][Tt]-[Bb][Rr]|[Dd][Ee]|[Ee][Nn]|[Zz][Hh])"
                + "(?:-[A-Za-z0-9]{1,8})*(?![^,])")
    }

    @Test func noPatternWhereLookupSkipsATagsSubtagsOrTheTagIsNoRange() {
        #expect(EdgeFirstRange.pattern(of: nil) == nil)
        #expect(EdgeFirstRange.pattern(of: Manifest.Locales(source: "en", available: ["de-a-foo"])) == nil)
        #expect(EdgeFirstRange.pattern(of: Manifest.Locales(source: "en", available: ["x-klingon"])) == nil)
        #expect(EdgeFirstRange.pattern(of: Manifest.Locales(source: "en", available: ["1de"])) == nil)
        #expect(EdgeFirstRange.pattern(of: Manifest.Locales(source: "en", available: ["sr@latin"])) == nil)
        #expect(EdgeFirstRange.pattern(of: Manifest.Locales(source: "en", available: ["de"])) != nil)
    }

    /// 4,000 headers made at random from what browsers and hostile clients send — regions, scripts,
    /// case, single-letter subtags, 17 subtags, spaces, parameters, empty items, characters that
    /// fold to ASCII letters (K, ſ), a newline — each decided by `skLocale` with the pattern and by
    /// `skNegotiate` alone: the same locale for every one, and the pattern decides the headers whose
    /// first item is such a range (as browsers send theirs).
    @Test(.needs(.node)) func theOneMatchPathPicksWhatTheNegotiationPicks() throws {
        let pattern = try #require(EdgeFirstRange.pattern(of: Self.locales))
        let tags = EdgeTable.tags(of: Self.locales).map { "\"\($0.tag)\":\"\($0.locale)\"" }.joined(separator: ",")
        let ranges = [
            "de", "DE", "de-AT", "de-ch", "DE-CH-x", "de-CH-1996", "pt", "pt-BR", "pt-br-x-a", "zh", "zh-Hant",
            "zh-hant-TW", "zh-Hant-TW-a", "es-419", "es-41", "en", "en-US", "*", "xx", "de-a-b", "x-klingon", "1de",
            "de_AT", "", " de", "de ", "de-", "de--at", "dé", "de-\u{212A}", "\u{17F}v", "de-toolongsubtag",
            "de-" + Array(repeating: "a1", count: 15).joined(separator: "-"),
            "de-" + Array(repeating: "a1", count: 16).joined(separator: "-"), "de\nfr",
        ]
        let qualities = ["", "", "", ";q=1", ";q=0.9", ";q=0", ";q=abc", " ; q=0.3", ";Q=0.7"]
        var random = SplitMix64(seed: 4647)
        let headers = (0..<4000).map { _ in
            (0..<Int.random(in: 1...4, using: &random)).map { _ in
                ranges.randomElement(using: &random)! + qualities.randomElement(using: &random)!
            }.joined(separator: Bool.random(using: &random) ? "," : ", ")
        }
        let script =
            EdgeRouter.part(EdgeScriptSource.routerCore) + """

                var SCREENKIT_TABLE = null;
                var locales = { source: "en", tags: { \(tags) } };
                var firstRange = /\(pattern)/;
                var headers = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
                var differ = [], matched = 0;
                for (var i = 0; i < headers.length; i++) {
                  var fast = skLocale(locales, headers[i], firstRange), slow = skNegotiate(locales, headers[i]);
                  if (fast !== slow) differ.push([headers[i], fast, slow]);
                  if (firstRange.exec(headers[i]) !== null) matched++;
                }
                console.log(JSON.stringify({ differ: differ.slice(0, 20), matched: matched }));
                """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-range-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("range.cjs")
        let input = folder.appendingPathComponent("headers.json")
        try Data(script.utf8).write(to: file)
        try JSONSerialization.data(withJSONObject: headers).write(to: input)
        let result = TestPython.run(try ExternalTool.node.require()[0], [file.path, input.path])
        try #require(result.status == 0, "\(result.output)")
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output)")
        let differ = answer["differ"] as? [Any] ?? ["unreadable"]
        #expect(differ.isEmpty, "the one-match path and the negotiation differ: \(differ)")
        // A third of the first items have no parameters, and about half of those find a locale.
        #expect((answer["matched"] as? Int ?? 0) > 400, "\(answer)")
    }
}
