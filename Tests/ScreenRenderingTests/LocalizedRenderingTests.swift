import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenTestSupport
import Testing

@testable import ScreenRendering

/// Request-time localization: the locale negotiated from `Accept-Language`, screens built from data
/// written in it (plural forms by their numbers), catalog screens as start-up wrote them per
/// locale, the response headers, and what refuses start-up.
@Suite struct LocalizedRenderingTests {
    /// The example app's String Catalog for its locales, as the example servers configure it.
    static let strings = ScreenRenderer.Strings(catalogs: EmbeddedStringCatalogs.catalogs, locales: App.locales)
    static let renderer = try! ScreenRenderer(
        catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files), strings: strings)
    /// The same renderer without String Catalogs.
    static let plain = try! ScreenRenderer(catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files))

    /// The text of the orders screen's count line for `orders` orders in `locale`.
    static func orderCount(_ orders: Int, locale: String?) throws -> String {
        let rendered = try renderer.render(
            OrdersScreen.screen(for: .sample(orders: orders)), for: .version(renderer.current), locale: locale)
        return try #require(texts(in: rendered.bytes).first { $0.contains("\(orders)") })
    }

    /// Every string value in a JSON document.
    static func texts(in bytes: [UInt8]) throws -> [String] {
        var found: [String] = []
        func visit(_ value: Any) {
            if let text = value as? String { found.append(text) }
            if let list = value as? [Any] { for item in list { visit(item) } }
            if let map = value as? [String: Any] { for key in map.keys.sorted() { visit(map[key]!) } }
        }
        visit(try JSONSerialization.jsonObject(with: Data(bytes)))
        return found
    }

    @Test func theEmbeddedCatalogIsTheStringCatalogByteForByte() throws {
        let file = ExampleApp.root.appendingPathComponent("Screens/Localizable.xcstrings")
        let bytes = try [UInt8](Data(contentsOf: file))
        let source = EmbeddedStringCatalogSource.swift(
            catalogs: [("Localizable", bytes)], typeName: "EmbeddedStringCatalogs",
            origin: "Screens/Localizable.xcstrings")
        let generated = ExampleApp.root.appendingPathComponent("Screens/EmbeddedStringCatalogs.swift")
        #expect(EmbeddedStringCatalogs.catalogs.map(\.table) == ["Localizable"])
        #expect(
            EmbeddedStringCatalogs.catalogs.first?.bytes == bytes,
            "Screens/EmbeddedStringCatalogs.swift is stale: regenerate it with `swift run screenkit strings embed`")
        #expect(
            try [UInt8](Data(contentsOf: generated)) == Array(source.utf8),
            "Screens/EmbeddedStringCatalogs.swift is not what `screenkit strings embed` writes: run it"
        )
    }

    @Test func polishPluralFormsFollowTheNumberOfOrders() throws {
        #expect(try Self.orderCount(1, locale: "pl") == "Masz 1 zamówienie")
        #expect(try Self.orderCount(2, locale: "pl") == "Masz 2 zamówienia")
        #expect(try Self.orderCount(5, locale: "pl") == "Masz 5 zamówień")
        #expect(try Self.orderCount(22, locale: "pl") == "Masz 22 zamówienia")
        #expect(try Self.orderCount(1, locale: nil) == "You have 1 order")
        #expect(try Self.orderCount(5, locale: "en") == "You have 5 orders")
        let rendered = try Self.renderer.render(
            OrdersScreen.screen(for: .sample(name: "Ada", orders: 0)), for: .version(2), locale: "pl-PL")
        #expect(rendered.locale == "pl")
        #expect(try Self.texts(in: rendered.bytes).contains("Cześć, Ada"))
        #expect(try Self.texts(in: rendered.bytes).contains("Nie masz jeszcze zamówień"))
    }

    /// A string the checker never saw (built per request, not declared in `requestTimeStrings`):
    /// a key German lacks is served in English and the response names both languages, never German
    /// alone; a `String` given to `%lld` is served and counted; each is a counted request-time
    /// problem. A screen whose strings are all translated is answered as before, counting none.
    @Test func aStringTheCheckerNeverSawIsNamedHonestlyAndCounted() throws {
        let metrics = ContractHealthMetrics(catalogScreens: ["orders"], limits: .init(current: Self.renderer.current))
        let observed = Self.renderer.observed(by: metrics)
        let missing = Screen("orders") {
            Column(id: "list") {
                Text(localized: LocalizedString("orders.count", defaultValue: "You have \(3) orders"), id: "count")
                Text(localized: LocalizedString("orders.never-declared", defaultValue: "Not translated"), id: "new")
            }
        }
        let english = observed.respond(missing, contractHeader: "2", ifNoneMatch: nil, acceptLanguage: "de")
        #expect(english.status == 200)
        #expect(english.header("Content-Language") == "de, en", "German and the English that stood in")
        #expect(try Self.texts(in: english.body).contains("Not translated"))
        let wrongType = Screen("orders") {
            Text(
                localized:
                    LocalizedString(
                        key: "orders.count", defaultValue: "You have %@ orders", arguments: [.string("many")]),
                id: "count")
        }
        let mismatched = observed.respond(wrongType, contractHeader: "2", ifNoneMatch: nil, acceptLanguage: "de")
        #expect(mismatched.status == 200)
        #expect(mismatched.header("Content-Language") == "de")
        let fine = observed.respond(
            OrdersScreen.screen(for: .sample(orders: 5)), contractHeader: "2", ifNoneMatch: nil, acceptLanguage: "de")
        #expect(fine.header("Content-Language") == "de")
        let exposition = metrics.exposition(countersOnly: true)
        #expect(
            exposition.contains(
                #"screenkit_request_time_string_problems_total{screen="orders",rule="string-untranslated"} 1"#),
            "\(exposition)")
        #expect(
            exposition.contains(
                #"screenkit_request_time_string_problems_total{screen="orders",rule="string-arguments-mismatch"} 1"#),
            "\(exposition)")
        // Without any such string, the exposition has no such family.
        let quiet = ContractHealthMetrics(catalogScreens: ["orders"], limits: .init(current: Self.renderer.current))
        _ = Self.renderer.observed(by: quiet).respond(
            OrdersScreen.screen(for: .sample(orders: 5)), contractHeader: "2", ifNoneMatch: nil, acceptLanguage: "de")
        #expect(!quiet.exposition(countersOnly: true).contains("request_time_string_problems"))
    }

    @Test func acceptLanguageIsNegotiatedAndNamedInTheResponse() throws {
        let customer = Customer.sample(orders: 5)
        let response = Self.renderer.respond(
            OrdersScreen.screen(for: customer), contractHeader: "2", ifNoneMatch: nil,
            acceptLanguage: "de-AT,de;q=0.9")
        #expect(response.status == 200)
        #expect(response.header("Content-Language") == "de")
        #expect(response.header("Vary") == "ScreenKit-Contract, Accept-Language")
        #expect(try Self.texts(in: response.body).contains("Du hast 5 Bestellungen"))
        // Quality values order the ranges; q=0 is never chosen.
        #expect(Self.renderer.locale(for: "fr;q=0.5, pl;q=0.8, de;q=0") == "pl")
        #expect(Self.renderer.locale(for: "it, *") == "en")
        // The ETag differs per locale, and a 304 names the language too.
        let english = Self.renderer.respond(
            OrdersScreen.screen(for: customer), contractHeader: "2", ifNoneMatch: nil, acceptLanguage: nil)
        #expect(english.header("Content-Language") == "en")
        #expect(english.header("ETag") != response.header("ETag"))
        let notModified = Self.renderer.respond(
            OrdersScreen.screen(for: customer), contractHeader: "2", ifNoneMatch: response.header("ETag"),
            acceptLanguage: "de")
        #expect(notModified.status == 304 && notModified.header("Content-Language") == "de")
        // A catalog screen with experiments varies with the override header and the language.
        let home = Self.renderer.respond(screenID: "home", contractHeader: "2", ifNoneMatch: nil, acceptLanguage: "fr")
        #expect(home.header("Vary") == "ScreenKit-Contract, ScreenKit-Arm, Accept-Language")
        #expect(home.header("Content-Language") == "fr")
    }

    @Test func aMalformedOrHugeAcceptLanguageGetsTheSourceLanguage() throws {
        let screen = OrdersScreen.screen(for: .sample(orders: 5))
        let huge = String(repeating: "a,", count: 50_000)
        for header in [";;;q=abc", huge, "de;q=abc", "-,;,=", String(repeating: "de-", count: 2000) + "x", ""] {
            let started = ContinuousClock.now
            let response = Self.renderer.respond(screen, contractHeader: "2", ifNoneMatch: nil, acceptLanguage: header)
            #expect(ContinuousClock.now - started < .seconds(1), "\(header.prefix(20))")
            #expect(response.status == 200, "\(header.prefix(20))")
            #expect(response.header("Content-Language") == "en", "\(header.prefix(20))")
            #expect(try Self.texts(in: response.body).contains("You have 5 orders"))
        }
    }

    @Test func aRendererWithoutStringCatalogsAnswersExactlyAsBefore() throws {
        let screen = OrdersScreen.screen(for: .sample(orders: 5))
        let response = Self.plain.respond(screen, contractHeader: "2", ifNoneMatch: nil, acceptLanguage: "pl")
        #expect(
            response.headers.map(\.name) == [
                "Content-Type", "ETag", "Cache-Control", "Vary", "ScreenKit-Contract", "ScreenKit-Release",
            ])
        #expect(response.header("Vary") == "ScreenKit-Contract")
        #expect(response == Self.plain.respond(screen, contractHeader: "2", ifNoneMatch: nil))
        #expect(try Self.texts(in: response.body).contains("You have 5 orders"))
        #expect(Self.plain.locales.isEmpty && Self.plain.locale(for: "pl") == nil)
        let product = Self.plain.respond(screenID: "product-aeropress", contractHeader: "2", ifNoneMatch: nil)
        #expect(product.header("Content-Language") == nil)
        // Catalog screens without localized strings are the same bytes with catalogs configured.
        let localized = try Self.renderer.render(screenID: "product-aeropress", for: .version(2), locale: "pl")
        #expect(localized.bytes == product.body && localized.locale == "pl")
        // In the source language the English bytes are the ones `build` writes without catalogs.
        for screen in ExampleApp.compact.screens {
            for variant in screen.variants {
                #expect(
                    try Self.renderer.render(screenID: screen.id, for: .version(variant.contract)).bytes
                        == variant.envelope, "\(screen.id)@\(variant.contract)")
            }
        }
    }

    @Test func aCatalogScreenIsServedAsStartUpWroteItPerLocale() throws {
        let french = try Self.renderer.render(screenID: "sign-in", for: .version(2), locale: "fr-CA")
        #expect(french.locale == "fr")
        #expect(try Self.texts(in: french.bytes).contains("Bon retour"))
        let english = try Self.renderer.render(screenID: "sign-in", for: .version(2))
        #expect(english.locale == "en")
        #expect(try Self.texts(in: english.bytes).contains("Welcome back"))
        #expect(english.etag != french.etag)
        #expect(Self.renderer.locales == ["en", "de", "fr", "pl"])
    }

    /// Per request, localized strings are replaced as the tree is flattened; at start-up and in
    /// `build`, by a walk of the tree first. Both give the same bytes: for every catalog screen,
    /// locale and version, and for a screen holding localized strings in every place one can be —
    /// a prop, a fallback's subtree (written for the clients that lack the component), an action's
    /// fields (nested in a sequence too), a list, and the initial state.
    @Test func localizingWhileFlatteningWritesWhatTheLocalizersWalkWrites() throws {
        let renderer = Self.renderer
        let compiler = Compiler(catalog: App.catalog)
        let history = compiler.prepare(EmbeddedContractHistory.files.map { try! ContractFile.decode($0).contract })
        var alert = Action.showAlert(title: "t", message: "m")
        alert.fields[0].value = .localized("Keep shopping")
        alert.fields[1].value = .localized(LocalizedString("orders.count", defaultValue: "You have \(3) orders"))
        let tagged = Screen("tagged", title: "Tagged", initialState: ["note": .localized("No orders yet")]) {
            Column(id: "body") {
                Text(localized: "Keep shopping", id: "lead")
                ProductCard(
                    title: "Kettle", price: "€1", imageURL: "https://cdn.example.com/k.png", id: "card",
                    action: .sequence(alert, .navigate(to: "home"))
                )
                .fallback(Card(id: "card") { Text(localized: "No orders yet", id: "gone") })
                Button("Go", id: "go", action: alert)
            }
        }
        let screens = App.catalog.screens.filter { $0.layouts.isEmpty } + [tagged]
        var compared = 0
        for screen in screens.map({ ExperimentResolution.resolve($0, arms: [:]) }) {
            for locale in [nil, "de", "fr", "pl"] {
                let served = locale ?? "en"
                let walked = Localizer(translations: renderer.translations, locale: served).localize(screen)
                for version in (screen.minContract ?? 1)...renderer.current {
                    let rendered = try renderer.render(screen, for: .version(version), locale: locale)
                    let reference = try #require(
                        compiler.variant(of: walked, for: version, history: history).variant,
                        "\(screen.id) \(served) @\(version)")
                    #expect(rendered.bytes == reference.bytes, "\(screen.id) in \(served) for contract \(version)")
                    compared += 1
                }
            }
        }
        #expect(compared >= 4 * (screens.count + 1))
        // The screen holding strings everywhere is written in German, fallback included.
        let german = try Self.texts(in: try renderer.render(tagged, for: .version(1), locale: "de").bytes)
        #expect(!german.contains("Keep shopping") && !german.contains("No orders yet"))
    }

    @Test func startUpRefusesALocaleWithoutPluralRulesAndAMalformedCatalog() throws {
        func refusal(_ strings: ScreenRenderer.Strings) -> String {
            do {
                _ = try ScreenRenderer(
                    catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files), strings: strings)
                return ""
            } catch {
                return error.description
            }
        }
        let catalogs = EmbeddedStringCatalogs.catalogs
        let unknown = refusal(.init(catalogs: catalogs, locales: ["de", "xx"]))
        #expect(unknown.contains("[string-locales-invalid]"), "\(unknown)")
        #expect(unknown.contains("locale \"xx\" has no CLDR plural rules"), "\(unknown)")
        let truncated = Array(#"{"sourceLanguage":"en","strings":"#.utf8)
        let malformed = refusal(.init(catalogs: [("Localizable", truncated)], locales: ["de"]))
        #expect(malformed.contains("[string-catalog-invalid] Localizable.xcstrings"), "\(malformed)")
        // A locale the catalog does not translate breaks a localization rule: an error by default,
        // served along the fallback chain when untranslated strings are warnings.
        let untranslated = refusal(.init(catalogs: catalogs, locales: ["it"]))
        #expect(untranslated.contains("[string-untranslated]"), "\(untranslated)")
        #expect(refusal(.init(catalogs: catalogs, locales: ["it"], untranslated: .warning)).isEmpty)
        // A translator's typo in a locale not served (Catalan) starts; served, it refuses start-up
        // at the Swift line of the screen that uses the key.
        let german =
            #""de" : {"# + "\n" + #"          "stringUnit" : {"# + "\n" + #"            "state" : "translated","#
        let text = String(decoding: catalogs[0].bytes, as: UTF8.self)
        #expect(text.contains(german))
        let typo = text.replacingOccurrences(
            of: german, with: #""ca" : { "stringUnit" : { "state" : "translated", "value" : "50% menys" } },"# + german)
        let withTypo = [(table: catalogs[0].table, bytes: Array(typo.utf8))]
        #expect(refusal(.init(catalogs: withTypo, locales: App.locales)).isEmpty)
        let served = refusal(.init(catalogs: withTypo, locales: ["ca"], untranslated: .warning))
        #expect(served.contains("error: [string-translation-invalid]"), "\(served)")
        #expect(
            served.contains("cannot read its ca translation, so it is left out: the value \"50% menys\""), "\(served)")
    }
}
