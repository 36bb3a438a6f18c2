import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenLocalization
import Testing

/// The localization rules over a catalog in the shape real apps ship (19 locales, a few
/// translations that cannot be read, plural forms missing in locales no one serves): the served
/// locales build with one warning, and each imperfection is a located error only where it touches
/// a served locale and a key a screen uses.
@Suite struct ShippedCatalogRulesTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ScreenLocalizationTests/Fixtures/ShippedApp.xcstrings")

    static func text() throws -> String { try String(contentsOf: fixture, encoding: .utf8) }

    static func compile(
        _ screens: [Screen], locales: [String], untranslated: Severity = .error, text: String? = nil
    ) throws -> CompileResult {
        let source = try text ?? Self.text()
        let catalog = try StringCatalog.decode(Array(source.utf8), path: "ShippedApp.xcstrings")
        let options = LocalizationOptions(
            translations: try Translations(tables: ["Localizable": catalog], locales: locales),
            untranslated: untranslated, paths: ["Localizable": "ShippedApp.xcstrings"])
        let app = Catalog(screens: screens)
        return Compiler(catalog: app).compile(CompileOptions(history: [Contract.live(app).0], localization: options))
    }

    static let followers = LocalizedString(
        key: "account.label.followers %lld %@", defaultValue: "%lld followers (%@)", arguments: [.int(5), .string("5")])
    static let thread = LocalizedString(
        key: "thread.summary %lld %lld", defaultValue: "%lld posts from %lld people", arguments: [.int(3), .int(1)])

    /// A profile screen using the substitution and plural keys, and `Color`, whose Catalan is unreadable.
    static let profile = Screen("profile") {
        Column(id: "page") {
            Text(localized: followers, id: "followers")
            Text(localized: thread, id: "thread")
            Text(localized: "\(4) people", id: "people")
            Text(localized: "Color", id: "color")
        }
    }

    static func rules(_ result: CompileResult, _ severity: Severity) -> [String] {
        result.diagnostics.filter { $0.severity == severity }.map(\.rule)
    }

    @Test func theServedLocalesBuildWithOneWarningForWhatWasSkipped() throws {
        let result = try Self.compile([Self.profile], locales: ["de", "ja"])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(Self.rules(result, .warning) == ["string-translation-invalid", "string-key-unused"])
        let skipped = result.diagnostics.first { $0.rule == "string-translation-invalid" }
        #expect(skipped?.location == nil)
        #expect(
            skipped?.message
                == "ShippedApp.xcstrings: 4 unreadable translations skipped, in keys no screen uses or locales not served: key \"Color\" (ca): the value \"Colo%r\": malformed format specifier \"%r\": the conversion is one of @, d, i, u, o, x, X, f, F, e, E, g, G, a, A; key \"banner.offline %lld\" (de): the value \"Du bist offline. Neuer Versuch in %lld Sek%\": malformed format specifier \"%\": the text ends after '%'; key \"feed.count.posts %lld\" (ca): the value \"% publicacions\": malformed format specifier \"% pu\": the conversion is one of @, d, i, u, o, x, X, f, F, e, E, g, G, a, A; key \"feed.count.posts %lld\" (sv): unknown state \"reviewed\"; a state is translated, needs_review, new or stale"
        )
        // The screens are written in each served locale, formatted as the app would.
        let screen = try #require(result.screens.first)
        #expect(screen.localizations.map(\.locale) == ["de", "ja"])
        let german = String(decoding: screen.localizations[0].screen.variants[0].envelope, as: UTF8.self)
        for text in ["\"5 Follower\"", "\"3 Beiträge von 1 Teilnehmendem\"", "\"4 Personen\"", "\"Farbe\""] {
            #expect(german.contains(text), "\(text) in \(german)")
        }
        let japanese = String(decoding: screen.localizations[1].screen.variants[0].envelope, as: UTF8.self)
        #expect(japanese.contains("\"1人から3件の投稿\"") && japanese.contains("\"5 フォロワー\""), "\(japanese)")
    }

    @Test func checksRunOverServedLocalesOnly() throws {
        // Belarusian, Ukrainian, Spanish, Catalan, Italian and Portuguese lack plural forms the
        // screen's keys need, and Polish and Ukrainian have forms to review: no one is served them.
        let served = try Self.compile([Self.profile], locales: ["de", "ja", "zh-Hans"], untranslated: .warning)
        #expect(!served.hasErrors, "\(served.diagnostics)")
        // Serve Brazilian Portuguese, and its missing "many" and its unit to review are errors at the line.
        let line = #line + 1
        let brazil = Screen("brazil") { Text(localized: "\(4) people", id: "people") }
        let result = try Self.compile([brazil], locales: ["de", "pt-BR"])
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.rule) == ["string-plural-missing"], "\(errors)")
        #expect(errors.first?.location?.line == line)
        #expect(
            errors.first?.message.contains(
                "its pt-BR translation has no plural form for many, which pt-BR uses (CLDR 47: one, many, other)")
                == true, "\(errors)")
        // `needs_review` inside a served locale's plural forms is untranslated, as it always was.
        let polish = try Self.compile([brazil], locales: ["pl"])
        #expect(
            polish.diagnostics.filter { $0.severity == .error }.map(\.message) == [
                "\"text\" prop \"content\" uses key \"%lld people\": its pl translation is \"needs_review\", not \"translated\"; it is served as it is"
            ])
    }

    @Test func anUnreadableTranslationAScreenIsServedIsAnErrorAtTheSwiftLine() throws {
        let line = #line + 2
        let offline = Screen("offline") {
            Text(
                localized: LocalizedString(
                    key: "banner.offline %lld", defaultValue: "You’re offline. Retrying in %lld s",
                    arguments: [.int(30)]),
                id: "banner")
        }
        // German is served to de-AT along the chain: the error names it once, not as untranslated too.
        let result = try Self.compile([offline], locales: ["de-AT", "ja"])
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.rule) == ["string-translation-invalid"], "\(result.diagnostics)")
        #expect(errors.first?.location?.line == line)
        #expect(errors.first?.nodePath == "offline/banner")
        #expect(
            errors.first?.message
                == "\"text\" prop \"content\" uses key \"banner.offline %lld\": ShippedApp.xcstrings cannot read its de translation, so it is left out: the value \"Du bist offline. Neuer Versuch in %lld Sek%\": malformed format specifier \"%\": the text ends after '%'"
        )
        #expect(result.screens.isEmpty)
        // The skipped warning lists the three others, not this one.
        let skipped = result.diagnostics.first { $0.rule == "string-translation-invalid" && $0.severity == .warning }
        #expect(
            skipped?.message.contains("3 unreadable translations skipped") == true, "\(String(describing: skipped))")
        // Not served German: a warning, and the key is served in Japanese and English.
        let japanese = try Self.compile([offline], locales: ["ja"])
        #expect(!japanese.hasErrors, "\(japanese.diagnostics)")
        // Serve Catalan, and the profile's unreadable Catalan "Color" is an error.
        let catalan = try Self.compile([Self.profile], locales: ["ca"], untranslated: .warning)
        #expect(
            catalan.diagnostics.filter { $0.rule == "string-translation-invalid" }.map(\.severity) == [
                .error, .warning,
            ],
            "\(catalan.diagnostics)")
    }

    @Test func anUnreadableEntryAScreenUsesIsAnErrorNotAMissingKey() throws {
        let text = try Self.text().replacingOccurrences(
            of: "\"shouldTranslate\" : false", with: "\"shouldTranslate\" : \"no\"")
        let name = Screen("name") { Text(localized: "ScreenKit", id: "name") }
        let result = try Self.compile([name], locales: ["de"], text: text)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(
            errors.map(\.message) == [
                "\"text\" prop \"content\" uses key \"ScreenKit\": ShippedApp.xcstrings cannot read its entry, so it is left out: \"shouldTranslate\" must be true or false, not the string \"no\""
            ])
        // Unused, the same entry is one more line of the warning.
        let unused = try Self.compile([Self.profile], locales: ["de"], text: text)
        #expect(!unused.hasErrors, "\(unused.diagnostics)")
        #expect(
            unused.diagnostics.first { $0.rule == "string-translation-invalid" }?.message.contains(
                "key \"ScreenKit\" (every locale): \"shouldTranslate\" must be true or false") == true)
    }
}
