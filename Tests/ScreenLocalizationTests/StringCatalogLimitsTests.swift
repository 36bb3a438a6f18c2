import ScreenLocalization
import Testing

/// Every ``StringCatalogLimits`` limit: a catalog over one is refused whole, with the limit named,
/// never read in part.
@Suite struct StringCatalogLimitsTests {

    @Test func theFileSizeIsCheckedBeforeAnythingIsParsed() {
        let error = StringCatalogTests.refusal(
            [UInt8](repeating: UInt8(ascii: "["), count: StringCatalogLimits.maximumFileBytes + 1))
        #expect(error?.isLimit == true)
        #expect(error?.message == "the file is 16777217 bytes; a string catalog is at most 16777216 bytes")
    }

    @Test func jsonNesting() {
        let deep = Array(String(repeating: "[", count: 25).utf8)
        let error = StringCatalogTests.refusal(deep)
        #expect(error?.isLimit == true)
        #expect(error?.message == "nests deeper than 24 levels (at byte 24); a string catalog never does")
    }

    @Test func numberOfKeys() throws {
        func keys(_ count: Int) -> [UInt8] {
            StringCatalogTests.catalog(strings: (0..<count).map { "\"k\($0)\" : { }" }.joined(separator: ",\n    "))
        }
        #expect(try StringCatalog.decode(keys(StringCatalogLimits.maximumKeys), path: "L").entries.count == 50_000)
        let error = StringCatalogTests.refusal(keys(StringCatalogLimits.maximumKeys + 1))
        #expect(error?.isLimit == true && error?.key == nil)
        #expect(error?.message == "50001 keys; a string catalog holds at most 50000")
    }

    @Test func localesPerKey() throws {
        func locales(_ count: Int) -> [UInt8] {
            StringCatalogTests.catalog(
                strings:
                    "\"Hi\" : { \"localizations\" : { "
                    + (0..<count).map { "\"l\($0)\" : \(StringCatalogTests.unit("Hi"))" }.joined(separator: ", ")
                    + " } }")
        }
        #expect(try StringCatalog.decode(locales(200), path: "L").entries["Hi"]?.localizations.count == 200)
        let error = StringCatalogTests.refusal(locales(201))
        #expect(error?.isLimit == true)
        #expect(error?.description == "Localizable.xcstrings: key \"Hi\": 201 locales; a key has at most 200")
    }

    @Test func valueLength() throws {
        let longest = String(repeating: "a", count: StringCatalogLimits.maximumValueBytes)
        #expect(throws: Never.self) {
            try StringCatalog.decode(
                StringCatalogTests.catalog(key: "Long", StringCatalogTests.unit(longest)), path: "L")
        }
        let error = StringCatalogTests.refusal(
            StringCatalogTests.catalog(key: "Long", StringCatalogTests.unit(longest + "é")))
        #expect(error?.isLimit == true && error?.key == "Long" && error?.locale == "fr")
        #expect(error?.message == "the value is 65538 bytes; at most 65536")
        // Keys and comments too.
        let key = StringCatalogTests.refusal(StringCatalogTests.catalog(strings: "\"\(longest)b\" : { }"))
        #expect(key?.isLimit == true && key?.message == "the key is 65537 bytes; at most 65536")
        #expect(
            key?.description.hasPrefix("Localizable.xcstrings: key \"\(String(repeating: "a", count: 60))…\": ") == true
        )
        let comment = StringCatalogTests.refusal(
            StringCatalogTests.catalog(strings: "\"Hi\" : { \"comment\" : \"\(longest)b\" }"))
        #expect(comment?.isLimit == true && comment?.message == "\"comment\" is 65537 bytes; at most 65536")
    }

    @Test func variationNesting() throws {
        // Plural forms holding plural forms, `depth` levels.
        func nested(_ depth: Int) -> String {
            depth == 0
                ? StringCatalogTests.unit("%lld")
                : "{ \"variations\" : { \"plural\" : { \"other\" : \(nested(depth - 1)) } } }"
        }
        #expect(throws: Never.self) { try StringCatalog.decode(StringCatalogTests.catalog(nested(4)), path: "L") }
        let error = StringCatalogTests.refusal(StringCatalogTests.catalog(key: "Deep", nested(5)))
        #expect(error?.isLimit == true)
        #expect(
            error?.description
                == "Localizable.xcstrings: key \"Deep\", locale fr: variations nest 5 deep; they nest at most 4")
        // A substitution's own variations count as the first level.
        #expect(throws: Never.self) {
            try StringCatalog.decode(
                StringCatalogTests.substituted(
                    "%#@apples@",
                    [
                        (
                            "apples",
                            StringCatalogTests.substitution(variations: "{ \"plural\" : { \"other\" : \(nested(3)) } }")
                        )
                    ]),
                path: "L")
        }
        #expect(
            StringCatalogTests.refusal(
                StringCatalogTests.substituted(
                    "%#@apples@",
                    [
                        (
                            "apples",
                            StringCatalogTests.substitution(variations: "{ \"plural\" : { \"other\" : \(nested(4)) } }")
                        )
                    ])
            )?.message == "variations nest 5 deep; they nest at most 4")
    }

    @Test func placeholdersPerValue() throws {
        let most = String(repeating: "%@ ", count: StringCatalogLimits.maximumPlaceholders)
        let catalog = try StringCatalog.decode(
            StringCatalogTests.catalog(key: "Many", StringCatalogTests.unit(most)), path: "L")
        #expect(StringCatalogTests.unit(catalog, "Many", "fr")?.1.placeholders.last?.argument == 64)
        let error = StringCatalogTests.refusal(
            StringCatalogTests.catalog(key: "Many", StringCatalogTests.unit(most + "%@")))
        #expect(error?.isLimit == true && error?.key == "Many" && error?.locale == "fr")
        #expect(error?.message.hasSuffix(": more than 64 placeholders; a value has at most 64") == true)
        // The highest argument number, the widest field, the most substitutions.
        #expect(
            StringCatalogTests.refusal(StringCatalogTests.catalog(key: "Far", StringCatalogTests.unit("%65$@")))?
                .message
                == "the value \"%65$@\": the specifier \"%65$\" names an argument beyond 64, the most a value may have")
        #expect(
            StringCatalogTests.refusal(
                StringCatalogTests.catalog(key: "Far", StringCatalogTests.unit("%12345678901234567890$@")))?.isLimit
                == true)
        #expect(try FormatString.parse("%99d|%.99f").placeholders.count == 2)
        #expect(
            StringCatalogTests.refusal(StringCatalogTests.catalog(key: "Wide", StringCatalogTests.unit("%100d")))?
                .message
                == "the value \"%100d\": the specifier \"%100\" has a width or precision over 99")
        #expect(
            StringCatalogTests.refusal(StringCatalogTests.catalog(key: "Wide", StringCatalogTests.unit("%.1000000f")))?
                .isLimit == true)
        #expect(
            StringCatalogTests.refusal(
                StringCatalogTests.substituted(
                    "%#@apples@", [("apples", StringCatalogTests.substitution(argNum: "65"))]))?.message
                == "the substitution \"apples\" has argNum 65; the highest argument is 64")
        let names = (0...StringCatalogLimits.maximumPlaceholders).map { ("s\($0)", StringCatalogTests.substitution()) }
        let substitutions = StringCatalogTests.refusal(StringCatalogTests.substituted("%#@s0@", names))
        #expect(
            substitutions?.isLimit == true
                && substitutions?.message == "65 substitutions; a localization has at most 64")
    }
}
