import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenPreview
import ScreenTestSupport
import Testing

/// The example app compiled against its history, for the preview.
enum PreviewFixture {
    static let screens = ExampleApp.compact.screens

    /// The site as `screenkit preview` writes it: with the components' declared previews.
    static let pages = try! PreviewSite.pages(
        for: screens, previews: PreviewSite.declaredPreviews(of: App.catalog),
        design: PreviewDesign(tokens: App.catalog.tokens, diagnostics: ExampleApp.compact.diagnostics))

    /// The HTML of one version's column of a page.
    static func section(_ html: String, contract: Int) -> String {
        let parts = html.components(separatedBy: "<section class=\"version\" data-contract=\"")
        return parts.first { $0.hasPrefix("\(contract)\"") } ?? ""
    }
}

@Suite struct PreviewTests {
    @Test func everyPageMatchesItsGolden() {
        #expect(
            PreviewFixture.pages.map(\.name).sorted()
                == (["index"] + App.catalog.screens.map(\.id)).map { "\($0).html" }.sorted())
        for page in PreviewFixture.pages {
            Golden.expect(Array(page.html.utf8), matches: "preview/\(page.name)")
        }
    }

    @Test func everyNodeOfEveryVariantAppearsWithItsID() throws {
        for screen in PreviewFixture.screens {
            let html = try #require(PreviewFixture.pages.first { $0.name == "\(screen.id).html" }).html
            for variant in screen.variants {
                let section = PreviewFixture.section(html, contract: variant.contract)
                #expect(!section.isEmpty)
                let envelope = try JSONSerialization.jsonObject(with: Data(variant.envelope)) as! [String: Any]
                var stack = [envelope["root"] as! [String: Any]]
                while let node = stack.popLast() {
                    let id = node["id"] as! String
                    #expect(
                        section.contains("data-node-id=\"\(HTML.escape(id))\""),
                        "\(screen.id) @ \(variant.contract): \(id)")
                    stack.append(contentsOf: node["children"] as? [[String: Any]] ?? [])
                }
            }
        }
    }

    @Test func fallbacksDropsAndCustomComponentsAreVisibleAndMarked() throws {
        let home = try #require(PreviewFixture.pages.first { $0.name == "home.html" }).html
        let v1 = PreviewFixture.section(home, contract: 1)
        #expect(v1.contains("sk-fallback"))
        #expect(v1.contains("fallback: card for productCard"))
        #expect(v1.contains("TextStyle.display → largeTitle"))
        let v2 = PreviewFixture.section(home, contract: 2)
        #expect(
            v2.contains(#"<div class="sk-declared" data-node-id="card-kettle" data-type="productCard">"#),
            "an app's own component is drawn with its declared preview where its clients know it")
        #expect(!v2.contains("sk-fallback"))
        let settings = try #require(PreviewFixture.pages.first { $0.name == "settings.html" }).html
        #expect(
            PreviewFixture.section(settings, contract: 1).contains(
                "<div class=\"sk-dropped\" data-dropped-id=\"settings.divider-1\" data-type=\"divider\">dropped: divider</div>"
            ))
        // Version 2 knows the divider but not its token: it gets the light literal, marked.
        #expect(
            PreviewFixture.section(settings, contract: 2).contains(
                "class=\"sk sk-divider sk-marked\" data-node-id=\"settings.divider-1\" style=\"border-top:1px solid #E5E7EB\"><span class=\"sk-badge\">token separator → #E5E7EB</span>"
            ))
        #expect(
            PreviewFixture.section(settings, contract: 4).contains(
                "class=\"sk sk-divider\" data-node-id=\"settings.divider-1\" style=\"border-top:1px solid var(--t-separator)\""
            ))
    }

    @Test func pagesAreSelfContained() {
        for page in PreviewFixture.pages {
            #expect(!page.html.contains("<script"))
            #expect(!page.html.contains("<img"), "images are placeholders: no network fetch")
            #expect(!page.html.contains("<link"))
            #expect(!page.html.contains("url("))
            #expect(page.html.hasPrefix("<!doctype html>"))
        }
    }

    @Test func layoutFollowsTheComponentsMeaning() throws {
        let signIn = try #require(PreviewFixture.pages.first { $0.name == "sign-in.html" }).html
        #expect(signIn.contains("data-node-id=\"form\" style=\"gap:16px;padding:24px;align-items:flex-start\""))
        #expect(signIn.contains("<input type=\"password\" placeholder=\"Password\""))
        #expect(signIn.contains("<input type=\"email\" placeholder=\"Email\""))
        #expect(signIn.contains("class=\"sk sk-button sk-button-plain\" data-node-id=\"forgot-password\""))
        #expect(signIn.contains("style=\"width:96px;height:96px;border-radius:0px\""))
        let product = try #require(PreviewFixture.pages.first { $0.name == "product-kettle.html" }).html
        #expect(product.contains("disabled>Sold out</button>"))
        #expect(product.contains("color:rgba(180,83,9,1.00)"))
    }

    @Test(arguments: [
        ("plain", "plain"), ("a & b", "a &amp; b"), ("<b>", "&lt;b&gt;"), ("\"q\" 'a'", "&quot;q&quot; &#39;a&#39;"),
        ("line\u{2028}sep", "line&#x2028;sep"), ("é 😀", "é 😀"),
    ])
    func htmlEscaping(input: String, expected: String) {
        #expect(HTML.escape(input) == expected)
    }
}
