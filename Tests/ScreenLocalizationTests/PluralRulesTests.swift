import Testing

@testable import ScreenLocalization

/// CLDR's plural rules, category boundary by category boundary, for the locales ScreenKit's
/// catalogs need first; PluralRulesOracleTests compares every locale with Babel.
@Suite struct PluralRulesTests {
    /// The rules for `locale`, which must exist.
    static func rules(_ locale: String) throws -> PluralRules {
        try #require(PluralRules.forLocale(locale), "no plural rules for \(locale)")
    }

    /// Checks `expected` (a number as shown, its category) in `locale`.
    static func check(_ locale: String, _ expected: KeyValuePairs<String, PluralCategory>) throws {
        let rules = try rules(locale)
        for (number, category) in expected {
            let operands = try #require(PluralOperands(number), "\(number)")
            #expect(rules.category(for: operands) == category, "\(locale) \(number)")
        }
    }

    @Test func theVersionAndLocales() throws {
        #expect(PluralRules.cldrVersion == "47")
        let required = ["en", "de", "fr", "es", "it", "pt", "nl", "pl", "ru", "uk", "cs", "ar", "ja", "ko", "zh", "tr"]
        for locale in required { #expect(PluralRules.supportedLocales.contains(locale), "\(locale)") }
        #expect(PluralRules.supportedLocales.count > 200)
        #expect(PluralRules.supportedLocales == PluralRules.supportedLocales.sorted())
    }

    @Test func polish() throws {
        try Self.check(
            "pl",
            [
                "0": .many, "1": .one, "2": .few, "3": .few, "4": .few, "5": .many, "11": .many, "12": .many,
                "14": .many, "21": .many, "22": .few, "24": .few, "25": .many, "102": .few, "112": .many, "1.5": .other,
                "1.0": .other, "-2": .few,
            ])
        #expect(try Self.rules("pl").categories == [.one, .few, .many, .other])
    }

    @Test func arabic() throws {
        try Self.check(
            "ar",
            [
                "0": .zero, "1": .one, "2": .two, "3": .few, "10": .few, "11": .many, "99": .many, "100": .other,
                "101": .other, "102": .other, "103": .few, "111": .many, "0.0": .zero, "1.5": .other, "2.0": .two,
            ])
        #expect(try Self.rules("ar").categories == Set(PluralCategory.allCases))
    }

    @Test func russianAndUkrainian() throws {
        for locale in ["ru", "uk"] {
            try Self.check(
                locale,
                [
                    "0": .many, "1": .one, "2": .few, "4": .few, "5": .many, "11": .many, "12": .many, "21": .one,
                    "22": .few, "25": .many, "111": .many, "1.5": .other, "1.0": .other,
                ])
            #expect(try Self.rules(locale).categories == [.one, .few, .many, .other])
        }
    }

    @Test func czech() throws {
        try Self.check(
            "cs", ["0": .other, "1": .one, "2": .few, "4": .few, "5": .other, "22": .other, "1.5": .many, "1.0": .many])
    }

    @Test func frenchWithCompactExponents() throws {
        try Self.check(
            "fr",
            [
                "0": .one, "1": .one, "1.5": .one, "0.5": .one, "2": .other, "1000": .other, "1000000": .many,
                "2000000": .many, "1000001": .other, "1000000.0": .other, "1c6": .many, "1.5c6": .many, "1c3": .other,
                "2c5": .other,
            ])
        #expect(try Self.rules("fr").categories == [.one, .many, .other])
    }

    @Test func spanishItalianPortuguese() throws {
        try Self.check("es", ["0": .other, "1": .one, "1.0": .one, "1.5": .other, "2": .other, "1000000": .many])
        try Self.check("it", ["0": .other, "1": .one, "1.0": .other, "2": .other, "1000000": .many])
        try Self.check("pt", ["0": .one, "1": .one, "1.5": .one, "2": .other, "1000000": .many])
        try Self.check("pt-PT", ["0": .other, "1": .one, "1.5": .other, "2": .other, "1000000": .many])
    }

    @Test func englishGermanDutchTurkish() throws {
        for locale in ["en", "de", "nl"] {
            try Self.check(locale, ["0": .other, "1": .one, "1.0": .other, "1.5": .other, "2": .other, "-1": .one])
            #expect(try Self.rules(locale).categories == [.one, .other])
        }
        // Turkish: `n = 1`, so 1.0 is `one` too.
        try Self.check("tr", ["0": .other, "1": .one, "1.0": .one, "1.00": .one, "1.5": .other, "2": .other])
    }

    @Test func japaneseKoreanChineseHaveOnlyOther() throws {
        for locale in ["ja", "ko", "zh", "zh-Hant-TW"] {
            let rules = try Self.rules(locale)
            #expect(rules.categories == [.other])
            for number in [0, 1, 2, 5, 11, 1_000_000] { #expect(rules.category(for: number) == .other) }
            #expect(rules.category(for: try #require(PluralOperands("1.5"))) == .other)
        }
    }

    @Test func localeIdentifiersFallBackToTheirLanguage() throws {
        #expect(PluralRules.forLocale("de-AT")?.locale == "de")
        #expect(PluralRules.forLocale("de_CH")?.locale == "de")
        #expect(PluralRules.forLocale("pt-BR")?.locale == "pt")
        #expect(PluralRules.forLocale("pt-PT")?.locale == "pt_PT")
        #expect(PluralRules.forLocale("PT_pt")?.locale == "pt_PT")
        #expect(PluralRules.forLocale("pt-Latn-PT")?.locale == "pt_PT")
        // CLDR's parentLocales make pt_AO inherit from pt_PT, not pt.
        #expect(PluralRules.forLocale("pt-AO")?.locale == "pt_AO")
        #expect(PluralRules.forLocale("pt-AO")?.ruleTexts == PluralRules.forLocale("pt-PT")?.ruleTexts)
        #expect(PluralRules.forLocale("pt-AO")?.ruleTexts != PluralRules.forLocale("pt")?.ruleTexts)
        #expect(PluralRules.forLocale("sr-Latn-RS")?.locale == "sr")
        #expect(PluralRules.forLocale("en-US-POSIX")?.locale == "en")
        #expect(PluralRules.forLocale("es-419")?.locale == "es")
    }

    @Test func unknownOrMalformedIdentifiersHaveNoRules() {
        for identifier in [
            "", "xx", "und", "root", "i-klingon", "e", "de--AT", "-de", "de-", "de AT", "dé", "de.AT",
            "de-AT-" + String(repeating: "x", count: 30), "zzzzzzzzz",
        ] {
            #expect(PluralRules.forLocale(identifier) == nil, "\(identifier)")
        }
        #expect(PluralRules.forLocale("de-" + String(repeating: "x", count: 32)) != nil)  // 35 characters
    }

    @Test func operandsOfDecimalsAsShown() throws {
        let operands = try #require(PluralOperands("-12.50"))
        #expect(operands.integerDigits == 12 && operands.visibleFractionDigitCount == 2)
        #expect(operands.fractionDigits == 50 && operands.fractionDigitsWithoutTrailingZeros == 5)
        #expect(operands.fractionDigitCountWithoutTrailingZeros == 1 && operands.exponent == 0)
        #expect(operands.description == "12.50")
        #expect(try #require(PluralOperands("1.05")).description == "1.05")
        let compact = try #require(PluralOperands("1.2c6"))
        #expect(compact.integerDigits == 1_200_000 && compact.visibleFractionDigitCount == 0 && compact.exponent == 6)
        let partly = try #require(PluralOperands("1.0000001c6"))
        #expect(
            partly.integerDigits == 1_000_000 && partly.fractionDigits == 1 && partly.visibleFractionDigitCount == 1)
        #expect(PluralOperands(Int.min).integerDigits == 9_223_372_036_854_775_808)
        #expect(PluralOperands("18446744073709551615")?.integerDigits == UInt64.max)
        for bad in [
            "", "-", "1.", ".5", "1,5", "+1", "1e", "1c99", "1.2.3", "１", "18446744073709551616",
            "0.1234567890123456789",
            "1c6c6", " 1",
        ] {
            #expect(PluralOperands(bad) == nil, "\(bad)")
        }
    }

    @Test func theRuleParserRefusesWhatCLDRDoesNotWrite() throws {
        // Only the embedded data reaches the parser; these guard the parser itself.
        let (category, condition) = try PluralRules.parseRule("one: i = 1 and v = 0 @integer 1")
        let plain = try PluralCondition(parsing: "i = 1 and v = 0")
        #expect(category == .one && condition == plain)
        #expect(condition.alternatives.map(\.count) == [2])
        for bad in [
            "one i = 1", "one: i = ", "one: x = 1", "one: i % 0 = 1", "one: i = 2..1", "one: i == 1", "one: i = 1 and",
            "one: i in 1", "one:", "single: i = 1",
        ] {
            #expect(throws: (any Error).self, "\(bad)") { try PluralRules.parseRule(bad) }
        }
    }
}
