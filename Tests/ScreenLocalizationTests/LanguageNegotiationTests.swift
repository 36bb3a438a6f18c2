import ScreenLocalization
import Testing

/// `Accept-Language` negotiation: RFC 4647 lookup over quality-ordered ranges, the default for
/// anything unreadable, and the translation fallback chain.
@Suite struct LanguageNegotiationTests {
    static let negotiation = LanguageNegotiation(
        locales: ["en", "de", "de-AT", "fr", "pl", "pt-BR"], defaultLocale: "en")

    @Test(arguments: [
        ("de-AT,de;q=0.9,en;q=0.8", "de-AT"),
        ("de-CH, de;q=0.9, en;q=0.8", "de"),  // de-CH is not configured: lookup truncates to de
        ("fr-CH, fr;q=0.9, en;q=0.8", "fr"),
        ("en;q=0.5, pl", "pl"),  // the better quality wins, whatever the order
        ("pl;q=0.8, fr;q=0.8", "pl"),  // a tie keeps the header's order
        ("ja, *;q=0.5", "en"),  // nothing matches; * is the default
        ("de;q=0, fr;q=0.1", "fr"),  // q=0: never
        ("DE-at", "de-AT"),  // case does not matter
        ("zh-Hant-TW, pl;q=0.2", "pl"),
        ("de-AT-x-private", "de-AT"),  // a single-letter subtag goes with the one after it
        ("pt", "en"),  // lookup truncates the range, never the configured tag: pt-BR is not pt
        ("pt-BR", "pt-BR"),
        ("", "en"),
        ("de;q=abc, fr", "fr"),  // a malformed quality drops its range
        ("de;q=1.5, fr", "fr"),
        ("de;q=0.123, fr;q=0.12", "de"),
        ("d e, 12, -de, de-, fr", "fr"),  // malformed ranges are skipped
        ("de;level=1, fr;q=0.9", "de"),  // other parameters are ignored
    ])
    func aHeaderGetsTheLocaleLookupFinds(_ header: String, _ expected: String) {
        #expect(Self.negotiation.locale(for: header) == expected, "\(header)")
    }

    @Test func anAbsentHugeOrEndlessHeaderGetsTheDefault() {
        #expect(Self.negotiation.locale(for: nil) == "en")
        #expect(Self.negotiation.locale(for: String(repeating: "x", count: 5000) + ",de") == "en")
        // Only the first 32 ranges are read.
        let many = Array(repeating: "ja", count: 32).joined(separator: ",") + ",de"
        #expect(Self.negotiation.locale(for: many) == "en")
        let fewer = Array(repeating: "ja", count: 31).joined(separator: ",") + ",de"
        #expect(Self.negotiation.locale(for: fewer) == "de")
    }

    /// A header that is one configured tag is answered without parsing it: the answer must be the
    /// one parsing gives (a leading space is trimmed by parsing, and never matches outright).
    @Test func aHeaderNamingAConfiguredLocaleOutrightGetsWhatParsingGives() {
        let negotiation = LanguageNegotiation(
            locales: ["de-AT", "pt_BR", "zh-Hant", "es-419", "x-bad_"], defaultLocale: "en")
        for header in [
            "en", "EN", "de-AT", "de-at", "DE-AT", "de", "pt_BR", "pt-br", "pt-BR", "zh-Hant", "zh-hant", "es-419",
            "x-bad_", "x-bad-", "*", "",
        ] {
            #expect(negotiation.locale(for: header) == negotiation.locale(for: " " + header), "\(header)")
        }
        #expect(negotiation.locale(for: "pt-BR") == "pt_BR")
        #expect(negotiation.locale(for: "de-at") == "de-AT")
        // Not a language range: `_` reads as `-` in the configuration only.
        #expect(negotiation.locale(for: "pt_BR") == "en")
    }

    @Test func aConfiguredLocaleWithAnUnderscoreIsReadAsBCP47() {
        let negotiation = LanguageNegotiation(locales: ["pt_BR"], defaultLocale: "en")
        #expect(negotiation.locale(for: "pt-br") == "pt_BR")
    }

    @Test func theFallbackChainEndsWithTheSourceLanguage() {
        #expect(LanguageNegotiation.fallbackChain(for: "de-AT", sourceLanguage: "en") == ["de-AT", "de", "en"])
        #expect(
            LanguageNegotiation.fallbackChain(for: "zh-Hant-TW", sourceLanguage: "en") == [
                "zh-Hant-TW", "zh-Hant", "zh", "en",
            ])
        #expect(LanguageNegotiation.fallbackChain(for: "en-GB", sourceLanguage: "en") == ["en-GB", "en"])
        #expect(LanguageNegotiation.fallbackChain(for: "pt_BR", sourceLanguage: "en") == ["pt-BR", "pt", "en"])
    }
}
