import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenKit
import ScreenTestSupport
import Testing

@testable import ScreenPreview

/// The preview of a screen with experiments: every combination of its arms, each with every
/// client version side by side.
@Suite struct ExperimentPreviewTests {
    /// The home page's HTML.
    static let home = PreviewFixture.pages.first { $0.name == "home.html" }!.html

    /// The sections of a page, one per combination, in order.
    static func combinations(_ html: String) -> [String] {
        Array(html.components(separatedBy: "<section class=\"combination\"").dropFirst())
    }

    /// A combination section's label: the text of its heading before any status.
    static func label(_ section: String) -> String? {
        guard let start = section.range(of: "<h2 class=\"arms\">"),
            let end = section.range(of: "</h2>", range: start.upperBound..<section.endIndex)
        else { return nil }
        let heading = section[start.upperBound..<end.lowerBound]
        return String(heading.prefix { $0 != "<" })
    }

    /// A section per combination, labelled with its arms, the control first and marked, each with both versions.
    @Test func theHomePageShowsEveryCombinationControlFirstEachWithEveryVersion() throws {
        let screen = try #require(PreviewFixture.screens.first { $0.id == "home" })
        #expect(screen.combinations.count == 4)
        let sections = Self.combinations(Self.home)
        #expect(
            sections.map(Self.label) == [
                "promo-order: control · cart-reminder: off",
                "promo-order: control · cart-reminder: on",
                "promo-order: shipping-first · cart-reminder: off",
                "promo-order: shipping-first · cart-reminder: on",
            ])
        #expect(sections.first?.hasPrefix(" data-arms=\"promo-order=control;cart-reminder=off\" data-control>") == true)
        #expect(sections.first?.contains("<span class=\"status control\">control</span></h2>") == true)
        for section in sections.dropFirst() {
            #expect(!section.contains("data-control"))
            #expect(!section.contains("status control"))
        }
        for section in sections {
            for contract in [1, 2, 3, 4] {
                #expect(
                    section.contains(
                        "<section class=\"version\" data-contract=\"\(contract)\"><h3>Contract \(contract) "))
            }
            #expect(section.components(separatedBy: "<section class=\"version\"").count == 5, "four columns each")
        }
        #expect(Self.home.contains("4 combinations of promo-order (A/B test"))
    }

    /// Each combination's columns render its own arms: the flagged text only where the flag is on.
    @Test func eachCombinationShowsItsOwnArms() throws {
        let sections = Self.combinations(Self.home)
        #expect(sections.count == 4)
        for section in sections {
            let label = Self.label(section) ?? ""
            let reminderOn = label.hasSuffix("cart-reminder: on")
            let shippingFirst = label.hasPrefix("promo-order: shipping-first")
            let columns = section.components(separatedBy: "<section class=\"version\"").dropFirst()
            #expect(columns.count == 4)
            for column in columns {
                #expect(
                    column.contains("Still thinking about the Aeropress?") == reminderOn,
                    "the flagged card's text only where cart-reminder is on: \(label)")
                let shipping = try #require(column.range(of: "Free shipping over €50"))
                let coldBrew = try #require(column.range(of: "cold brew&quot; week"))
                #expect((shipping.lowerBound < coldBrew.lowerBound) == shippingFirst, "\(label)")
            }
        }
        #expect(Self.home.components(separatedBy: "Still thinking about the Aeropress?").count == 1 + 2 * 4)
    }

    /// Every node of every combination's variants appears, by ID, in that combination's column.
    @Test func everyNodeOfEveryCombinationAppearsInItsColumn() throws {
        let screen = try #require(PreviewFixture.screens.first { $0.id == "home" })
        let sections = Self.combinations(Self.home)
        #expect(sections.count == screen.combinations.count)
        for (combination, section) in zip(screen.combinations, sections) {
            for variant in combination.variants {
                let column = PreviewFixture.section(section, contract: variant.contract)
                #expect(!column.isEmpty)
                let envelope = try #require(
                    try JSONSerialization.jsonObject(with: Data(variant.envelope)) as? [String: Any])
                var stack = [try #require(envelope["root"] as? [String: Any])]
                while let node = stack.popLast() {
                    let id = try #require(node["id"] as? String)
                    #expect(column.contains("data-node-id=\"\(HTML.escape(id))\""), "\(combination.arms): \(id)")
                    stack.append(contentsOf: node["children"] as? [[String: Any]] ?? [])
                }
            }
        }
    }

    /// The index names a screen's experiments and its number of combinations, and only for such screens.
    @Test func theIndexMarksScreensWithExperiments() throws {
        let index = try #require(PreviewFixture.pages.first { $0.name == "index.html" }).html
        #expect(
            index.contains(
                "<a href=\"home.html\">home</a><span class=\"experiments\" data-combinations=\"4\">experiments: promo-order, cart-reminder · 4 combinations</span></td>"
            ))
        #expect(index.components(separatedBy: "<span class=\"experiments\"").count == 2, "only home")
        #expect(index.contains("7 screens · contract versions 1, 2, 3, 4 · 1 with experiments"))
        let plain = PreviewSite.index(PreviewFixture.screens.filter { $0.combinations.isEmpty })
        #expect(!plain.contains("experiments"), "an index without experiments stays as it was")
    }

    /// Pages of screens without experiments keep one row of versions and the former stylesheet.
    @Test func pagesWithoutExperimentsKeepTheirFormerShape() throws {
        for screen in PreviewFixture.screens where screen.combinations.isEmpty {
            let html = try PreviewSite.page(screen)
            #expect(!html.contains("combination"), "\(screen.id)")
            #expect(!html.contains(PreviewSite.experimentStylesheet), "\(screen.id)")
            #expect(html.contains("<main class=\"versions\"><section class=\"version\""), "\(screen.id)")
        }
        #expect(Self.home.contains(PreviewSite.experimentStylesheet + "</style>"))
    }

    /// A fallback found in only some combinations is listed in the index with the combinations it is in.
    @Test func theIndexSaysWhichCombinationsAFallbackIsLimitedTo() throws {
        var catalog = App.catalog
        catalog.screens = [
            Screen("flagged", title: "Flagged") {
                Column(id: "body") {
                    Flag("big-hello") {
                        Text("Hello").style(.display)
                    } off: {
                        Text("Hello")
                    }
                }
            }
        ]
        let result = ExampleApp.compile(catalog)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let screen = try #require(result.screens.first)
        #expect(screen.combinations.map(\.arms) == [["big-hello": "off"], ["big-hello": "on"]])
        let index = PreviewSite.index([screen])
        #expect(index.contains("TextStyle.display → largeTitle (only with big-hello: on)</td>"), "\(index)")
        let page = try PreviewSite.page(screen)
        let sections = Self.combinations(page)
        #expect(sections.map(Self.label) == ["big-hello: off", "big-hello: on"])
        #expect(!PreviewFixture.section(sections[0], contract: 1).contains("sk-marked"))
        #expect(PreviewFixture.section(sections[1], contract: 1).contains("TextStyle.display → largeTitle"))
        #expect(page.contains("flag: on when “big-hello” is true; control: off"))
    }
}
