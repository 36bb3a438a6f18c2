import Foundation
import ScreenLocalization
import Testing

/// The pseudo-locale's text, byte by byte: letters accented, 40 % longer, bracketed, the values
/// that fill placeholders kept readable.
@Suite struct PseudoLocalizationTests {
    @Test func everyASCIILetterHasOneDistinctNonASCIILookAlike() {
        #expect(PseudoLocalization.accents.count == 52)
        #expect(Set(PseudoLocalization.accents.values).count == 52)
        for (plain, accented) in PseudoLocalization.accents {
            #expect(plain.isASCII && plain.properties.isAlphabetic)
            #expect(!accented.isASCII, "\(plain)")
            #expect(String(accented).count == 1, "\(plain): one character")
        }
        #expect(PseudoLocalization.accented("aeo AEO") == "áéö ÁÉÖ")
    }

    @Test(arguments: [
        ("Welcome back", "[Ŵéļçöɱé ƀáçķ ~~~~]"),
        ("Hello", "[Ĥéļļö ~]"),
        ("Hi", "[Ĥí ]"),
        ("", "[]"),
        ("Sign in", "[Šíĝñ íñ ~~]"),
        ("Forgot password?", "[Ƒöŕĝöţ þáššŵöŕð? ~~~~~~]"),
        ("Größe: 42 € & <b>", "[Ĝŕößé: 42 € & <ƀ> ~~~~~~]"),
    ])
    func textIsAccentedPaddedAndBracketed(input: String, expected: String) {
        #expect(PseudoLocalization.pseudoLocalized(input) == expected)
        #expect(Array(PseudoLocalization.pseudoLocalized(input).utf8) == Array(expected.utf8))
    }

    @Test func textOverTenCharactersGrowsByAtLeastFortyPercent() {
        for text in [
            "Welcome back", "Sign in to see your orders & saved brews.", "Forgot password?", "Keep shopping",
            String(repeating: "x", count: 11), String(repeating: "long words ", count: 30),
        ] {
            let pseudo = PseudoLocalization.pseudoLocalized(text)
            #expect(Double(pseudo.count) >= 1.4 * Double(text.count), "\(text)")
            #expect(pseudo.hasPrefix("[") && pseudo.hasSuffix("]"))
        }
    }

    @Test func placeholdersValuesStayReadable() {
        #expect(
            PseudoLocalization.format(defaultValue: "Hello, %@", arguments: [.object("Ada")], locale: "en")
                == "[Ĥéļļö, Ada ~~~]")
        #expect(
            PseudoLocalization.format(
                defaultValue: "You have %lld orders, %.2f left", arguments: [.integer(12), .double(3.5)], locale: "en")
                == "[Ýöú ĥáṽé 12 öŕðéŕš, 3.50 ļéƒţ ~~~~~~~~~~~]")
        #expect(
            PseudoLocalization.format(defaultValue: "100%% sure", arguments: [], locale: "en") == "[100% šúŕé ~~~]")
        // Not a valid format: pseudo-localized as written.
        #expect(PseudoLocalization.format(defaultValue: "100%", arguments: [], locale: "en") == "[100% ~]")
    }

    /// A catalog's source-language value wins over the default value, and its plural form is
    /// chosen by the source language's rules; a key the catalog lacks uses the default value.
    @Test func translationsPseudoLocalizeTheSourceLanguageText() throws {
        let bytes = Array(
            #"""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "orders.count" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Du hast %lld Bestellungen" } },
                    "en" : {
                      "variations" : {
                        "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "You have %lld order" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "You have %lld orders" } }
                        }
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """#.utf8)
        let translations = try Translations(
            tables: ["Localizable": try StringCatalog.decode(bytes, path: "Localizable.xcstrings")], locales: ["de"])
        func pseudo(_ key: String, _ count: Int) -> String {
            translations.pseudoLocalized(
                key, table: "Localizable", defaultValue: "%lld orders (default)", arguments: [.integer(count)])
        }
        #expect(pseudo("orders.count", 1) == "[Ýöú ĥáṽé 1 öŕðéŕ ~~~~~~]")
        #expect(pseudo("orders.count", 3) == "[Ýöú ĥáṽé 3 öŕðéŕš ~~~~~~]")
        #expect(pseudo("missing", 3) == "[3 öŕðéŕš (ðéƒáúļţ) ~~~~~~~]")
        #expect(
            translations.format(
                "orders.count", table: "Localizable", defaultValue: "", arguments: [.integer(3)], locale: "de")
                == "Du hast 3 Bestellungen", "translating is unchanged")
    }
}
