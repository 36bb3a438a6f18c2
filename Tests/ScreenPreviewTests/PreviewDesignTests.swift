import Foundation
import ScreenCompiler
import ScreenKit
import ScreenPreview
import ScreenTestSupport
import Testing

/// The preview draws colour tokens in their colours, with a switch to the dark appearance that
/// needs no script, and marks accessibility findings on the node they concern; pages without
/// tokens or findings keep their bytes.
@Suite struct PreviewDesignTests {
    typealias F = TokensFixture

    static let result = F.compile()
    static let design = PreviewDesign(tokens: F.catalog.tokens, diagnostics: result.diagnostics)
    static let pages = try! PreviewSite.pages(for: result.screens, design: design)

    static func page(_ name: String) -> String { pages.first { $0.name == name }!.html }

    @Test func tokensAreDrawnInTheirLiteralsWithADarkSwitch() {
        let home = Self.page("home.html")
        Golden.expect(Array(home.utf8), matches: "preview/tokens/home.html")
        // The variants for versions that know a token draw it through its custom property…
        #expect(home.contains(#"style="color:var(--t-brand-primary)""#))
        #expect(home.contains(#"background:var(--t-surface-accent)"#) == false)  // banner is drawn generically
        // …set to the light literal, and to the dark one while the switch is on.
        #expect(home.contains(":root{--t-brand-primary:#0A84FF;--t-text-secondary:#6B7280"))
        #expect(home.contains("#sk-dark:checked~main{--t-brand-primary:#409CFF;--t-text-secondary:#9CA3AF"))
        #expect(home.hasPrefix("<!doctype html>") && home.contains("<body>\n<input type=\"checkbox\" id=\"sk-dark\""))
        #expect(home.contains(#"<label for="sk-dark">dark appearance</label>"#))
        #expect(!home.contains("<script"))
        // Version 1 receives the literal: drawn as such, in both appearances.
        let v1 = home.components(separatedBy: "<section class=\"version\" data-contract=\"").first {
            $0.hasPrefix("1\"")
        }!
        #expect(v1.contains(#"style="color:#0A84FF""#) && !v1.contains("var(--t-"))
    }

    @Test func accessibilityFindingsAreMarkedOnTheirNodes() {
        let home = Self.page("home.html")
        // #0A84FF on white is 3.6:1.
        #expect(
            home.contains(
                #"<p class="sk sk-text sk-text-body sk-finding" data-node-id="welcome" style="color:var(--t-brand-primary)"><span class="sk-finding-badge" title=""#
            ), "\(home)")
        #expect(home.contains(">contrast-low</span>Welcome</p>"))
        #expect(home.contains(".sk-finding{outline:2px dotted #dc2626"))
    }

    @Test func aPageWithoutTokensOrFindingsKeepsItsBytes() throws {
        var catalog = F.catalog
        catalog.screens = [Screen("calm", title: "Calm") { Column { Text("Plain", id: "plain") } }]
        let result = Compiler(catalog: catalog).compile(CompileOptions(history: F.history))
        let with = try PreviewSite.pages(
            for: result.screens, design: PreviewDesign(tokens: catalog.tokens, diagnostics: result.diagnostics))
        let without = try PreviewSite.pages(for: result.screens)
        #expect(with == without)
    }
}
