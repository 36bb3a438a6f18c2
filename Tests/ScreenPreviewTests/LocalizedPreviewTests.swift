import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenKit
import ScreenLocalization
import ScreenTestSupport
import Testing

@testable import ScreenPreview

/// The example app compiled with its String Catalog and the pseudo-locale, as `screenkit preview`
/// compiles it with the repository's screenkit.json.
enum LocalizedPreviewFixture {
    static let translations = try! Translations(
        tables: [
            "Localizable": try! StringCatalog.decode(
                [UInt8](try! Data(contentsOf: ExampleApp.root.appendingPathComponent("Screens/Localizable.xcstrings"))),
                path: "Screens/Localizable.xcstrings")
        ], locales: ["de", "fr", "pl"])

    /// `catalog` compiled against the example's history with `translations`.
    static func compile(
        _ catalog: Catalog = App.catalog, translations: Translations = translations, pseudoLocale: Bool = true
    ) -> CompileResult {
        Compiler(catalog: catalog).compile(
            CompileOptions(
                history: ExampleApp.history.versions.map(\.contract),
                localization: LocalizationOptions(translations: translations), pseudoLocale: pseudoLocale))
    }

    static let result = compile()

    static let pages = try! PreviewSite.pages(
        for: result.screens, sourceLocale: result.locales.first ?? "?",
        previews: PreviewSite.declaredPreviews(of: App.catalog),
        design: PreviewDesign(tokens: App.catalog.tokens, diagnostics: result.diagnostics))

    static func page(_ name: String) -> String { pages.first { $0.name == name }?.html ?? "" }
}

/// The preview of localized screens: a page per locale and one in the pseudo-locale, linked by a
/// locale switcher; everything else as it was.
@Suite struct LocalizedPreviewTests {
    static let locales = ["en", "de", "fr", "pl", "pseudo"]

    @Test func theSignInScreenHasAPagePerLocaleAndThePseudoLocaleInFolders() throws {
        #expect(!LocalizedPreviewFixture.result.hasErrors, "\(LocalizedPreviewFixture.result.diagnostics)")
        #expect(LocalizedPreviewFixture.result.locales == ["en", "de", "fr", "pl"])
        let names = LocalizedPreviewFixture.pages.map(\.name)
        let plain = PreviewFixture.pages.map(\.name)
        #expect(
            names.filter { !plain.contains($0) } == [
                "de/sign-in.html", "fr/sign-in.html", "pl/sign-in.html", "pseudo/sign-in.html",
            ])
        #expect(Set(plain).isSubset(of: Set(names)))
        // Pages of screens without localized strings keep their bytes.
        for page in PreviewFixture.pages where page.name != "sign-in.html" && page.name != "index.html" {
            #expect(LocalizedPreviewFixture.page(page.name) == page.html, "\(page.name)")
        }
    }

    @Test func theGermanPageIsInGerman() {
        let german = LocalizedPreviewFixture.page("de/sign-in.html")
        #expect(german.contains("<p class=\"sk sk-text sk-text-largeTitle\" data-node-id=\"welcome\""))
        #expect(german.contains(">Willkommen zurück</p>"))
        #expect(german.contains("Passwort vergessen?</button>"))
        #expect(german.contains("<main class=\"versions\" lang=\"de\">"))
        #expect(german.contains("<title>sign-in (de) — ScreenKit preview</title>"))
        #expect(german.contains("<a href=\"../index.html\">All screens</a>"))
        #expect(!german.contains("Welcome back"))
        #expect(LocalizedPreviewFixture.page("sign-in.html").contains(">Welcome back</p>"))
        #expect(LocalizedPreviewFixture.page("fr/sign-in.html").contains(">Bon retour</p>"))
        #expect(LocalizedPreviewFixture.page("pl/sign-in.html").contains(">Witaj ponownie</p>"))
    }

    /// Every page of the screen links every locale and the pseudo-locale, its own marked current.
    @Test func theSwitcherLinksEveryLocaleAndThePseudoLocale() {
        for (current, name) in zip(
            Self.locales, Self.locales.map { $0 == "en" ? "sign-in.html" : "\($0)/sign-in.html" })
        {
            let html = LocalizedPreviewFixture.page(name)
            let root = current == "en" ? "" : "../"
            let links = Self.locales.map { locale in
                let href = root + (locale == "en" ? "sign-in.html" : "\(locale)/sign-in.html")
                return "<a href=\"\(href)\"\(locale == current ? " aria-current=\"page\"" : "")>\(locale)</a>"
            }
            #expect(
                html.contains("<nav class=\"locales\" aria-label=\"Locales\">Locale: " + links.joined(separator: " ")),
                "\(name)")
            #expect(html.contains(PreviewSite.localeStylesheet + "</style>"), "\(name)")
            #expect(html.components(separatedBy: "aria-current=\"page\"").count == 2, "\(name): one current locale")
        }
        let index = LocalizedPreviewFixture.page("index.html")
        #expect(
            index.contains(
                "<a href=\"sign-in.html\">sign-in</a><span class=\"locales\">in <a href=\"de/sign-in.html\">de</a> <a href=\"fr/sign-in.html\">fr</a> <a href=\"pl/sign-in.html\">pl</a> <a href=\"pseudo/sign-in.html\">pseudo</a></span></td>"
            ))
        #expect(index.components(separatedBy: "<span class=\"locales\"").count == 2, "only sign-in")
        #expect(!PreviewFixture.pages.contains { $0.html.contains("class=\"locales\"") })
    }

    /// Localized text is accented, padded and bracketed; literal text stays as written.
    @Test func thePseudoPageShowsLocalizedTextBracketedAndLiteralTextAsIs() {
        let pseudo = LocalizedPreviewFixture.page("pseudo/sign-in.html")
        #expect(pseudo.contains(">[Ŵéļçöɱé ƀáçķ ~~~~]</p>"))
        #expect(pseudo.contains("placeholder=\"[Éɱáíļ ~]\""))
        #expect(pseudo.contains(">[Šíĝñ íñ ~~]</button>"))
        #expect(pseudo.contains("[Šíĝñ íñ ţö šéé ýöúŕ öŕðéŕš &amp; šáṽéð ƀŕéŵš. ~~~~~~~~~~~~~~~~]"))
        // The title and the logo's label are literals: not localized, so not transformed.
        #expect(pseudo.contains("<div class=\"nav-title\">Sign In</div>"))
        #expect(pseudo.contains("aria-label=\"Brew &amp; Co. logo\""))
        #expect(pseudo.contains("<span class=\"pseudo-note\">pseudo-locale:"))
        #expect(pseudo.contains("<main class=\"versions\">"), "the pseudo-locale is no language")
        #expect(!LocalizedPreviewFixture.page("de/sign-in.html").contains("<span class=\"pseudo-note\">"))
    }

    /// `build` and `publish` compile without the pseudo-locale: it is the preview's alone.
    @Test func withoutTheOptionNoScreenHasThePseudoLocale() throws {
        let result = LocalizedPreviewFixture.compile(pseudoLocale: false)
        let signIn = try #require(result.screens.first { $0.id == "sign-in" })
        #expect(signIn.localizations.map(\.locale) == ["de", "fr", "pl"])
        #expect(result.locales == ["en", "de", "fr", "pl"])
        #expect(CompileOptions().pseudoLocale == false)
        let pseudo = try #require(
            LocalizedPreviewFixture.result.screens.first { $0.id == "sign-in" }?.localizations.last)
        #expect(pseudo.locale == Localizer.pseudoLocale)
    }

    /// Markup in a translation is text on the page, never markup.
    @Test func markupInATranslationIsEscaped() throws {
        let unit: [String: Any] = [
            "stringUnit": ["state": "translated", "value": "<script>alert(\"x\")</script> & <b>"]
        ]
        let strings: [String: Any] = ["Hello": ["localizations": ["de": unit]]]
        let bytes = [UInt8](
            try JSONSerialization.data(
                withJSONObject: ["sourceLanguage": "en", "version": "1.0", "strings": strings] as [String: Any]))
        let translations = try Translations(
            tables: ["Localizable": try StringCatalog.decode(bytes, path: "Localizable.xcstrings")], locales: ["de"])
        var catalog = App.catalog
        catalog.screens = [
            Screen("hello", title: "Hi") { Column(id: "body") { Text(localized: "Hello", id: "hello") } }
        ]
        catalog.requestTimeStrings = []
        let result = LocalizedPreviewFixture.compile(catalog, translations: translations)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let pages = try PreviewSite.pages(for: result.screens)
        #expect(pages.map(\.name) == ["index.html", "hello.html", "de/hello.html", "pseudo/hello.html"])
        let german = try #require(pages.first { $0.name == "de/hello.html" }).html
        #expect(german.contains(">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;</p>"))
        #expect(!german.contains("<script"))
        #expect(!german.contains("<b>"))
        let pseudo = try #require(pages.first { $0.name == "pseudo/hello.html" }).html
        #expect(pseudo.contains(">[Ĥéļļö ~]</p>"))
    }

    /// The reviewed pages: sign-in in German and in the pseudo-locale.
    @Test func localizedPagesMatchTheirGoldens() {
        for name in ["de/sign-in.html", "pseudo/sign-in.html"] {
            Golden.expect(Array(LocalizedPreviewFixture.page(name).utf8), matches: "preview/\(name)")
        }
    }
}
