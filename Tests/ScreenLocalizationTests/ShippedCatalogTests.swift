import Foundation
import ScreenLocalization
import Testing

/// A String Catalog in the shape real apps ship (`Fixtures/ShippedApp.xcstrings`: 19 locales kept
/// through Xcode and a translation platform): substitutions with and without `argNum`, `%arg`
/// forms and positional `%2$@` inside them, partial locales, `needs_review` plural forms, region
/// locales, keys that are source text with punctuation and line breaks, an empty key — and a few
/// translations that cannot be read, which are left out while the rest is used.
@Suite struct ShippedCatalogTests {
    static func catalog() throws -> StringCatalog {
        try StringCatalog.decode(StringCatalogTests.fixture("ShippedApp.xcstrings"), path: "ShippedApp.xcstrings")
    }

    static func translations(_ locales: [String]) throws -> Translations {
        try Translations(tables: ["Localizable": catalog()], locales: locales)
    }

    /// The 19 locales, as Xcode sorts them.
    static let locales = [
        "ar", "be", "ca", "cs", "de", "en", "en-GB", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt-BR", "ru", "sv",
        "uk",
        "zh-Hans",
    ]

    @Test func readsAroundTheTranslationsItCannotReadAndKeepsTheRest() throws {
        let catalog = try Self.catalog()
        #expect(catalog.entries.count == 15)
        #expect(Set(catalog.entries.values.flatMap(\.localizations.keys)) == Set(Self.locales))
        #expect(
            catalog.problems.map(\.description) == [
                "ShippedApp.xcstrings: key \"Color\", locale ca: the value \"Colo%r\": malformed format specifier \"%r\": the conversion is one of @, d, i, u, o, x, X, f, F, e, E, g, G, a, A",
                "ShippedApp.xcstrings: key \"banner.offline %lld\", locale de: the value \"Du bist offline. Neuer Versuch in %lld Sek%\": malformed format specifier \"%\": the text ends after '%'",
                "ShippedApp.xcstrings: key \"feed.count.posts %lld\", locale ca: the value \"% publicacions\": malformed format specifier \"% pu\": the conversion is one of @, d, i, u, o, x, X, f, F, e, E, g, G, a, A",
                "ShippedApp.xcstrings: key \"feed.count.posts %lld\", locale sv: unknown state \"reviewed\"; a state is translated, needs_review, new or stale",
            ])
        #expect(catalog.problems.allSatisfy { !$0.isLimit })
        // Only the unreadable localizations are left out: their keys' other locales are there.
        #expect(catalog.entries["Color"]?.localizations.keys.sorted() == ["de", "en-GB", "ja", "pt-BR", "zh-Hans"])
        #expect(catalog.entries["feed.count.posts %lld"]?.localizations.keys.sorted() == ["de", "en", "es", "ja"])
        #expect(catalog.entries["banner.offline %lld"]?.localizations["de"] == nil)
    }

    @Test func keysAsRealCatalogsWriteThem() throws {
        let catalog = try Self.catalog()
        let empty = try #require(catalog.entries[""])
        #expect(empty.localizations.isEmpty && empty.shouldTranslate)
        #expect(catalog.entries["ScreenKit"]?.shouldTranslate == false)
        #expect(catalog.entries["Old onboarding title"]?.extractionState == "stale")
        #expect(catalog.entries["onboarding.title"]?.extractionState == "extracted_with_value")
        let question = try #require(catalog.entries["Are you sure?\nYou can’t undo this."])
        guard case .unit(.translated, let french) = question.localizations["fr"]?.value else {
            Issue.record("French is not a translated unit")
            return
        }
        #expect(french.text == "Êtes-vous sûr\u{202F}?\nCette action est irréversible.")
        #expect(catalog.entries["“%@” was saved to your library."]?.localizations.count == 3)
        // A key present in 12 of the 19 locales.
        #expect(catalog.entries["account.label.followers %lld %@"]?.localizations.count == 12)
        // `needs_review` inside plural forms.
        guard case .plural(let polish) = catalog.entries["%lld people"]?.localizations["pl"]?.value else {
            Issue.record("Polish is not plural")
            return
        }
        guard case .unit(.needsReview, _) = polish[.other], case .unit(.translated, _) = polish[.few] else {
            Issue.record("the Polish forms' states are not as written")
            return
        }
    }

    @Test func aSubstitutionWithoutArgNumFormatsTheArgumentAtItsReference() throws {
        let catalog = try Self.catalog()
        let german = try #require(catalog.entries["account.label.followers %lld %@"]?.localizations["de"])
        let followers = try #require(german.substitutions["followers"])
        #expect(followers.argument == 1 && followers.type == .integer && followers.formatSpecifier == "lld")
        // Its forms show argument 2, by position.
        guard case .unit(_, let one) = followers.plural[.one] else {
            Issue.record("followers.one is not a unit")
            return
        }
        #expect(one.placeholders == [Placeholder(argument: 2, type: .object, substitution: nil, specifier: "%2$@")])
        // Two references without argNum: the first is argument 1, the second argument 2.
        let thread = try #require(catalog.entries["thread.summary %lld %lld"]?.localizations["de"])
        #expect(thread.substitutions["posts"]?.argument == 1 && thread.substitutions["participants"]?.argument == 2)
        // Numbered references without argNum take their numbers (Japanese puts the people first).
        let japanese = try #require(catalog.entries["thread.summary %lld %lld"]?.localizations["ja"])
        #expect(japanese.substitutions["posts"]?.argument == 1 && japanese.substitutions["participants"]?.argument == 2)
        // One with argNum and one without, in one localization.
        let polish = try #require(catalog.entries["thread.summary %lld %lld"]?.localizations["pl"])
        #expect(polish.substitutions["posts"]?.argument == 1 && polish.substitutions["participants"]?.argument == 2)
    }

    @Test func formatsAsTheAppWould() throws {
        let translations = try Self.translations(["de", "ja", "pl", "pt-BR", "zh-Hans", "en-GB"])
        func format(_ key: String, _ arguments: [FormatArgument], _ locale: String) -> String {
            translations.format(key, table: "Localizable", defaultValue: key, arguments: arguments, locale: locale)
        }
        let thread = "thread.summary %lld %lld"
        #expect(format(thread, [.integer(3), .integer(1)], "de") == "3 Beiträge von 1 Teilnehmendem")
        #expect(format(thread, [.integer(1), .integer(4)], "de") == "1 Beitrag von 4 Teilnehmenden")
        #expect(format(thread, [.integer(3), .integer(2)], "ja") == "2人から3件の投稿")
        #expect(format(thread, [.integer(5), .integer(22)], "pl") == "5 wpisów od 22 osób")
        let followers = "account.label.followers %lld %@"
        #expect(format(followers, [.integer(5), .object("5")], "de") == "5 Follower")
        #expect(format(followers, [.integer(1), .object("1")], "en") == "1 follower")
        #expect(format(followers, [.integer(1200), .object("1.2K")], "en") == "1.2K followers")
        #expect(format(followers, [.integer(2), .object("2")], "pt-BR") == "2 seguidores")
        let people = [1, 2, 5, 12, 22, 25].map { format("%lld people", [.integer($0)], "pl") }
        #expect(people == ["1 osoba", "2 osoby", "5 osób", "12 osób", "22 osoby", "25 osób"])
        // Region locales: their own value, else the language's, else the source text.
        #expect(format("Color", [], "en-GB") == "Colour")
        #expect(format("Color", [], "pt-BR") == "Cor")
        #expect(format("Color", [], "zh-Hans") == "颜色")
        #expect(format("Color", [], "en") == "Color")
        #expect(format("%1$@ sent you %2$lld messages", [.object("Ada"), .integer(3)], "ja") == "Adaから3件のメッセージが届きました")
        #expect(format("Save 20%% today", [], "de") == "Heute 20\u{A0}% sparen")
        // A key whose German cannot be read is served along the chain, never as a broken text.
        #expect(format("banner.offline %lld", [.integer(5)], "de") == "You’re offline. Retrying in 5 s")
    }

    @Test func theServedLocalesAreTheConfiguredOnesTheSourceAndTheirChains() throws {
        let translations = try Self.translations(["de-AT", "ja", "pt-BR"])
        #expect(Self.locales.filter { translations.serves(catalogLocale: $0) } == ["de", "en", "ja", "pt-BR"])
        #expect(translations.serves(catalogLocale: "de-AT") && translations.serves(catalogLocale: "pt_br"))
        #expect(translations.serves(catalogLocale: "pt"))
        #expect(!translations.serves(catalogLocale: "ca") && !translations.serves(catalogLocale: "en-GB"))
    }
}
