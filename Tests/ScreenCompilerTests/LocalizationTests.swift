import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenLocalization
import Testing

/// Localized strings: the DSL's keys and arguments, formatting along the fallback chain with CLDR
/// plural forms, per-locale output, and every localization rule with its clear error at the
/// Swift line.
@Suite struct LocalizationTests {
    /// A String Catalog as Xcode writes it, with a plural, a substitution, a partial locale, a
    /// `new` unit and a device variation.
    static let catalogText = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld items" : {
              "localizations" : {
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Artikel" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Artikel" } }
                    }
                  }
                },
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } }
                    }
                  }
                },
                "pl" : {
                  "variations" : {
                    "plural" : {
                      "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld elementy" } },
                      "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld elementów" } },
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld element" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld elementu" } }
                    }
                  }
                }
              }
            },
            "Hello, %@" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo, %@" } },
                "pl" : { "stringUnit" : { "state" : "translated", "value" : "Cześć, %@" } }
              }
            },
            "basket" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@apples@ und %#@pears@" },
                  "substitutions" : {
                    "apples" : {
                      "argNum" : 1, "formatSpecifier" : "lld",
                      "variations" : { "plural" : {
                        "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Apfel" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Äpfel" } } } }
                    },
                    "pears" : {
                      "argNum" : 2, "formatSpecifier" : "lld",
                      "variations" : { "plural" : {
                        "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Birne" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Birnen" } } } }
                    }
                  }
                },
                "pl" : { "stringUnit" : { "state" : "translated", "value" : "%1$lld jabłek i %2$lld gruszek" } }
              }
            },
            "swapped" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%2$@ von %1$@" } },
                "pl" : { "stringUnit" : { "state" : "needs_review", "value" : "%2$@ z %1$@" } }
              }
            },
            "Tap to start" : {
              "localizations" : {
                "de" : {
                  "variations" : {
                    "device" : {
                      "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tippen zum Starten" } },
                      "mac" : { "stringUnit" : { "state" : "translated", "value" : "Klicken zum Starten" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "Zum Starten auswählen" } }
                    }
                  }
                },
                "pl" : { "stringUnit" : { "state" : "new", "value" : "" } }
              }
            },
            "unused" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Unbenutzt" } },
                "pl" : { "stringUnit" : { "state" : "translated", "value" : "Nieużywany" } }
              }
            }
          },
          "version" : "1.0"
        }
        """#

    static func translations(locales: [String] = ["de", "pl"], text: String = catalogText) throws -> Translations {
        let catalog = try StringCatalog.decode(Array(text.utf8), path: "Localizable.xcstrings")
        return try Translations(tables: ["Localizable": catalog], locales: locales)
    }

    static func format(_ string: LocalizedString, _ locale: String) throws -> String {
        Localizer(translations: try translations(), locale: locale).text(of: string)
    }

    // MARK: the DSL

    @Test func interpolationWritesTheKeyXcodeExtracts() {
        let name = "Ada"
        let string: LocalizedString = "Hello, \(name)! \(3) at \(2.5) — 100%"
        #expect(string.key == "Hello, %@! %lld at %lf — 100%%")
        #expect(string.defaultValue == string.key)
        #expect(string.arguments == [.string("Ada"), .int(3), .double(2.5)])
        #expect(string.tableName == "Localizable")
        let keyed = LocalizedString("orders.count", defaultValue: "You have \(5) orders", table: "Orders")
        #expect(keyed.key == "orders.count")
        #expect(keyed.defaultValue == "You have %lld orders")
        #expect(keyed.tableName == "Orders")
    }

    @Test func literalStringsAreUnchanged() {
        let text = Text("Welcome", id: "w").node
        #expect(text[prop: "content"] == .string("Welcome"))
        let localized = Text(localized: "Welcome", id: "w").node
        #expect(localized[prop: "content"] == .localized(LocalizedString("Welcome")))
    }

    // MARK: formatting

    @Test func pluralFormsFollowCLDR() throws {
        let counts = [0, 1, 2, 5, 12, 22, 25]
        #expect(
            try counts.map { try Self.format(LocalizedString("\($0) items"), "pl") } == [
                "0 elementów", "1 element", "2 elementy", "5 elementów", "12 elementów", "22 elementy", "25 elementów",
            ])
        #expect(try Self.format(LocalizedString("\(1) items"), "en") == "1 item")
        #expect(try Self.format(LocalizedString("\(7) items"), "en") == "7 items")
    }

    @Test func fallbackChainAndStates() throws {
        // de-AT has no translation of its own: German's.
        #expect(try Self.format(LocalizedString("Hello, \("Jo")"), "de-AT") == "Hallo, Jo")
        // No locale of the chain translates it: the source language's (here the Swift default).
        #expect(try Self.format(LocalizedString("Hello, \("Jo")"), "fr") == "Hello, Jo")
        // A `new` unit is not a translation yet.
        #expect(try Self.format("Tap to start", "pl") == "Tap to start")
        // Device variations: `other`, as a server does not know the device.
        #expect(try Self.format("Tap to start", "de") == "Zum Starten auswählen")
    }

    @Test func substitutionsAndPositionalSpecifiers() throws {
        let basket = { (apples: Int, pears: Int) in
            LocalizedString(
                key: "basket", defaultValue: "%lld apples and %lld pears", arguments: [.int(apples), .int(pears)])
        }
        #expect(try Self.format(basket(1, 3), "de") == "1 Apfel und 3 Birnen")
        #expect(try Self.format(basket(4, 1), "de") == "4 Äpfel und 1 Birne")
        #expect(try Self.format(basket(4, 1), "pl") == "4 jabłek i 1 gruszek")
        #expect(try Self.format(basket(4, 1), "en") == "4 apples and 1 pears")
        let swapped = LocalizedString(
            key: "swapped", defaultValue: "%@ by %@", arguments: [.string("A"), .string("B")])
        #expect(try Self.format(swapped, "de") == "B von A")
    }

    @Test func aLocaleWithoutPluralRulesIsAStartUpError() {
        #expect(throws: Translations.SetupError.self) { try Self.translations(locales: ["de", "xx-unknown"]) }
        do {
            _ = try Self.translations(locales: ["tlh"])
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("\"tlh\" has no CLDR plural rules"))
        }
    }

    // MARK: output

    static func catalog(_ screens: [Screen], requestTime: [LocalizedString] = []) -> Catalog {
        var catalog = Catalog(screens: screens)
        catalog.requestTimeStrings = requestTime
        return catalog
    }

    static func compile(
        _ screens: [Screen], requestTime: [LocalizedString] = [], locales: [String] = ["de", "pl"],
        untranslated: Severity = .error, text: String = catalogText
    ) throws -> CompileResult {
        let catalog = catalog(screens, requestTime: requestTime)
        let options = LocalizationOptions(
            translations: try translations(locales: locales, text: text), untranslated: untranslated)
        return Compiler(catalog: catalog).compile(
            CompileOptions(history: [Contract.live(catalog).0], localization: options))
    }

    static func diagnostics(_ result: CompileResult, _ rule: String) -> [Diagnostic] {
        result.diagnostics.filter { $0.rule == rule }
    }

    @Test func aRequestTimeStringsProblemIsAtTheCatalogThatDeclaresIt() throws {
        let line = #line + 1
        let catalog = Catalog(screens: [], requestTimeStrings: [LocalizedString("no.such.key", defaultValue: "Gone")])
        let options = LocalizationOptions(translations: try Self.translations(locales: ["de"], text: Self.catalogText))
        let result = Compiler(catalog: catalog).compile(
            CompileOptions(history: [Contract.live(catalog).0], localization: options))
        let missing = try #require(Self.diagnostics(result, "string-key-missing").first)
        #expect(missing.location?.file == #filePath)
        #expect(missing.location?.line == line)
        #expect(missing.message.contains("the catalog's request-time string uses key \"no.such.key\""))
    }

    static let everyKey: [LocalizedString] = [
        "\(0) items", "Hello, \("x")",
        LocalizedString(key: "basket", defaultValue: "%lld and %lld", arguments: [.int(1), .int(2)]),
        LocalizedString(key: "unused", defaultValue: "Unused", arguments: []),
    ]

    @Test func eachLocaleGetsItsOwnBytesAndTheSourceBytesAreTodays() throws {
        let literal = Screen("greeting") { Column(id: "page") { Text("Hello, Jo", id: "hello") } }
        let localized = Screen("greeting") { Column(id: "page") { Text(localized: "Hello, \("Jo")", id: "hello") } }
        let plain = Screen("plain") { Text("Only literals", id: "only") }
        let result = try Self.compile([localized, plain], requestTime: Self.everyKey)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.locales == ["en", "de", "pl"])
        let reference = Compiler(catalog: Catalog(screens: [literal, plain])).compile(
            CompileOptions(history: [Contract.live(Catalog(screens: [literal, plain])).0]))
        #expect(result.screens[0].variants == reference.screens[0].variants)
        #expect(result.screens[0].full == reference.screens[0].full)
        #expect(result.screens[0].localizations.map(\.locale) == ["de", "pl"])
        let german = String(decoding: result.screens[0].localizations[0].screen.variants[0].envelope, as: UTF8.self)
        #expect(german.contains("\"Hallo, Jo\""))
        let polish = String(decoding: result.screens[0].localizations[1].screen.variants[0].envelope, as: UTF8.self)
        #expect(polish.contains("\"Cześć, Jo\""))
        // A screen without localized strings is written once: every locale takes its bytes.
        #expect(result.screens[1].localizations.isEmpty)
        #expect(result.screens[1] == reference.screens[1])
    }

    // MARK: rules

    @Test func aMissingKeyIsAnErrorAtTheSwiftLine() throws {
        let line = #line + 1
        let screen = Screen("s") { Text(localized: "Not in the catalog", id: "t") }
        let result = try Self.compile([screen], requestTime: Self.everyKey)
        let found = Self.diagnostics(result, "string-key-missing")
        #expect(found.count == 1)
        #expect(found.first?.location?.line == line)
        #expect(found.first?.nodePath == "s/t")
        #expect(
            found.first?.message
                == "\"text\" prop \"content\" uses key \"Not in the catalog\": Localizable.xcstrings has no such key")
        #expect(result.screens.isEmpty)
        let table = Screen("s") { Text(localized: LocalizedString("Hello, \("x")", table: "Other"), id: "t") }
        #expect(
            Self.diagnostics(try Self.compile([table], requestTime: Self.everyKey), "string-key-missing").first?.message
                .contains("no String Catalog is configured for table \"Other\"") == true)
    }

    @Test func untranslatedIsAnErrorOrAWarningAsConfigured() throws {
        let screen = Screen("s") { Text(localized: "Tap to start", id: "t") }
        let strict = try Self.compile([screen], requestTime: Self.everyKey)
        let found = Self.diagnostics(strict, "string-untranslated")
        #expect(found.map(\.severity) == [.error])
        #expect(
            found.first?.message.contains("its pl translation is \"new\", not \"translated\"; it gets the en text")
                == true)
        let lenient = try Self.compile([screen], requestTime: Self.everyKey, untranslated: .warning)
        #expect(Self.diagnostics(lenient, "string-untranslated").map(\.severity) == [.warning])
        #expect(!lenient.hasErrors)
        // Served along the chain: pl gets the source text.
        let polish = lenient.screens[0].localizations.first { $0.locale == "pl" }!.screen.variants[0].envelope
        #expect(String(decoding: polish, as: UTF8.self).contains("\"Tap to start\""))
        // A locale with no translation at all, and one still needing review.
        let missing = try Self.compile([screen], requestTime: Self.everyKey, locales: ["de", "pl", "fr"])
        #expect(
            Self.diagnostics(missing, "string-untranslated").map(\.message).contains {
                $0.hasSuffix("fr has no translation; it gets the en text")
            })
        let review = Screen("s") {
            Text(
                localized: LocalizedString(
                    key: "swapped", defaultValue: "%@ by %@", arguments: [.string("a"), .string("b")]), id: "t")
        }
        #expect(
            Self.diagnostics(try Self.compile([review], requestTime: Self.everyKey), "string-untranslated").first?
                .message
                .contains("its pl translation is \"needs_review\"") == true)
    }

    @Test func argumentsMustFitEveryTranslation() throws {
        // "%lld items" passed a String: the default value and every translation disagree.
        let wrongType = Screen("s") {
            Text(
                localized: LocalizedString(key: "%lld items", defaultValue: "%@ items", arguments: [.string("x")]),
                id: "t")
        }
        let messages = Self.diagnostics(
            try Self.compile([wrongType], requestTime: Self.everyKey), "string-arguments-mismatch"
        )
        .map(\.message)
        #expect(
            messages.contains {
                $0.contains(
                    "its de translation (plural one) \"%lld Artikel\" has %lld (an Int) for argument 1, but the screen passes a String"
                )
            })
        // Too few arguments for a positional translation.
        let tooFew = Screen("s") {
            Text(localized: LocalizedString(key: "swapped", defaultValue: "%@", arguments: [.string("a")]), id: "t")
        }
        #expect(
            Self.diagnostics(try Self.compile([tooFew], requestTime: Self.everyKey), "string-arguments-mismatch")
                .contains {
                    $0.message.contains(
                        "its de translation \"%2$@ von %1$@\" has %2$@ for argument 2, but the screen passes 1")
                })
        // A default value that leaves an argument out.
        let unusedArgument = Screen("s") {
            Text(
                localized: LocalizedString(key: "Hello, %@", defaultValue: "Hello", arguments: [.string("a")]), id: "t")
        }
        #expect(
            Self.diagnostics(
                try Self.compile([unusedArgument], requestTime: Self.everyKey), "string-arguments-mismatch"
            )
            .contains { $0.message.contains("the default value \"Hello\" does not use argument 1 (a String)") })
        // A default value that is no format.
        let malformed = Screen("s") {
            Text(
                localized: LocalizedString(key: "Hello, %@", defaultValue: "50% %@", arguments: [.string("a")]), id: "t"
            )
        }
        #expect(
            !Self.diagnostics(try Self.compile([malformed], requestTime: Self.everyKey), "string-format-invalid")
                .isEmpty)
    }

    @Test func aPluralFormTheLocaleNeedsMustBeThere() throws {
        let text = Self.catalogText.replacingOccurrences(
            of: #""few" : { "stringUnit" : { "state" : "translated", "value" : "%lld elementy" } },"#, with: "")
        let screen = Screen("s") { Text(localized: "\(2) items", id: "t") }
        let found = Self.diagnostics(
            try Self.compile([screen], requestTime: Self.everyKey, text: text), "string-plural-missing")
        #expect(found.count == 1)
        #expect(
            found.first?.message.contains(
                "its pl translation has no plural form for few, which pl uses (CLDR 47: one, few, many, other)") == true
        )
    }

    @Test func unusedKeysAreListedOnce() throws {
        let screen = Screen("s") { Text(localized: "Hello, \("x")", id: "t") }
        let found = Self.diagnostics(try Self.compile([screen]), "string-key-unused")
        #expect(found.count == 1)
        #expect(found.first?.severity == .warning)
        #expect(
            found.first?.message
                == "Localizable.xcstrings: 5 keys no screen uses: \"%lld items\", \"Tap to start\", \"basket\", \"swapped\", \"unused\""
        )
        // Request-time strings count as used.
        let all = try Self.compile(
            [screen],
            requestTime: Self.everyKey + [
                "Tap to start",
                LocalizedString(key: "swapped", defaultValue: "%@ %@", arguments: [.string("a"), .string("b")]),
            ], untranslated: .warning)
        #expect(Self.diagnostics(all, "string-key-unused").isEmpty)
    }

    @Test func withoutACatalogDefaultsAreWrittenInTheSourceLanguage() {
        let screen = Screen("s") { Text(localized: LocalizedString("count", defaultValue: "\(3) left"), id: "t") }
        let catalog = Catalog(screens: [screen])
        let result = Compiler(catalog: catalog).compile(CompileOptions(history: [Contract.live(catalog).0]))
        #expect(!result.hasErrors)
        #expect(result.locales.isEmpty)
        #expect(String(decoding: result.screens[0].variants[0].envelope, as: UTF8.self).contains("\"3 left\""))
    }

    @Test func everyLocalizationRuleIsExplained() {
        #expect(
            LocalizationRules.all.map(\.id) == [
                "string-key-missing", "string-untranslated", "string-arguments-mismatch", "string-plural-missing",
                "string-key-unused", "string-format-invalid", "string-translation-invalid",
            ])
        for rule in LocalizationRules.all { #expect(!rule.explanation.isEmpty && !rule.summary.isEmpty) }
    }
}
