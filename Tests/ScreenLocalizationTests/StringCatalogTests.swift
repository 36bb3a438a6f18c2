import Foundation
import ScreenLocalization
import Testing

/// Reading Xcode String Catalogs: the fixtures as Xcode writes them, every malformed catalog's
/// error, every limit's error, and the parsed format strings.
@Suite struct StringCatalogTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    static func read(_ name: String) throws -> StringCatalog {
        try StringCatalog.decode(fixture(name), path: "Fixtures/\(name)")
    }

    /// A catalog whose `strings` member is `strings`, laid out as Xcode writes it.
    static func catalog(strings: String, version: String = "\"1.0\"") -> [UInt8] {
        Array(
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                \(strings)
              },
              "version" : \(version)
            }
            """.utf8)
    }

    /// One key `key` whose localization `locale` is `localization`.
    static func catalog(key: String = "Greeting", locale: String = "fr", _ localization: String) -> [UInt8] {
        catalog(
            strings:
                """
                "\(key)" : {
                      "localizations" : {
                        "\(locale)" : \(localization)
                      }
                    }
                """)
    }

    static func unit(_ value: String, state: String = "translated") -> String {
        """
        {
          "stringUnit" : {
            "state" : "\(state)",
            "value" : "\(value)"
          }
        }
        """
    }

    /// The one problem reading `bytes` reads around (a key or localization left out, the rest
    /// read); records an issue when it reads without one, or refuses the catalog whole.
    static func error(
        _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) -> StringCatalog.ReadError? {
        do {
            let catalog = try StringCatalog.decode(bytes, path: "Localizable.xcstrings")
            #expect(catalog.problems.count <= 1, "\(catalog.problems)", sourceLocation: sourceLocation)
            guard let problem = catalog.problems.first else {
                Issue.record("the catalog was read", sourceLocation: sourceLocation)
                return nil
            }
            // What cannot be read is left out, nothing else.
            if let locale = problem.locale {
                #expect(
                    catalog.entries[problem.key ?? ""]?.localizations[locale] == nil, sourceLocation: sourceLocation)
            } else {
                #expect(catalog.entries[problem.key ?? ""] == nil, sourceLocation: sourceLocation)
            }
            return problem
        } catch {
            Issue.record("the catalog was refused whole: \(error)", sourceLocation: sourceLocation)
            return error
        }
    }

    /// The error reading `bytes` throws: the catalog is refused whole; records an issue when it
    /// reads.
    static func refusal(
        _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) -> StringCatalog.ReadError? {
        do {
            let catalog = try StringCatalog.decode(bytes, path: "Localizable.xcstrings")
            Issue.record(
                "the catalog was read, with \(catalog.problems.count) problems", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// The single unit `locale`'s value of `key` is.
    static func unit(_ catalog: StringCatalog, _ key: String, _ locale: String) -> (TranslationState, FormatString)? {
        guard case .unit(let state, let format) = catalog.entries[key]?.localizations[locale]?.value else { return nil }
        return (state, format)
    }

    // MARK: The fixtures

    @Test func readsTheCatalogAsXcodeWritesIt() throws {
        let catalog = try Self.read("Localizable.xcstrings")
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.entries.count == 13)
        // A key with no localization at all, and one not to translate.
        let ok = try #require(catalog.entries["OK"])
        #expect(ok.localizations.isEmpty && ok.shouldTranslate && ok.comment == nil && ok.extractionState == nil)
        let name = try #require(catalog.entries["ScreenKit"])
        #expect(!name.shouldTranslate && name.comment == "The product name." && name.extractionState == "manual")
        #expect(catalog.entries["Welcome back"]?.extractionState == "stale")
        #expect(
            catalog.entries["Hello, %@!"]?.comment
                == "The greeting on the home screen; %@ is the customer's first name.")
    }

    @Test func statesAndPartialLocales() throws {
        let catalog = try Self.read("Localizable.xcstrings")
        #expect(Self.unit(catalog, "Hello, %@!", "fr")?.0 == .translated)
        #expect(Self.unit(catalog, "Hello, %@!", "de")?.0 == .needsReview)
        #expect(Self.unit(catalog, "Hello, %@!", "pl")?.0 == .new)
        #expect(Self.unit(catalog, "Welcome back", "de")?.0 == .stale)
        #expect(Self.unit(catalog, "%1$@ sent you %2$lld messages", "fr")?.0 == .stale)
        #expect(Self.unit(catalog, "Total: %.2f", "fr")?.0 == .new)
        // German lacks the order count; Polish lacks the photo count.
        #expect(catalog.entries["%lld orders"]?.localizations["de"] == nil)
        #expect(Set(catalog.entries["%lld orders"]?.localizations.keys ?? [:].keys) == ["en", "fr", "pl"])
        #expect(catalog.entries["Welcome back"]?.localizations["pl"] == nil)
        #expect(Self.unit(catalog, "Hello, %@!", "fr")?.1.text == "Bonjour, %@ !")
    }

    @Test func pluralVariations() throws {
        let catalog = try Self.read("Localizable.xcstrings")
        let polish = catalog.entries["%lld orders"]?.localizations["pl"]?.value
        guard case .plural(let forms) = polish else {
            Issue.record("not plural: \(String(describing: polish))")
            return
        }
        #expect(forms.keys.sorted() == [.one, .few, .many, .other])
        guard case .unit(let state, let few) = forms[.few] else {
            Issue.record("few is not a unit")
            return
        }
        #expect(state == .translated)
        #expect(few.text == "%lld zamówienia")
        #expect(
            few.segments == [
                .placeholder(Placeholder(argument: 1, type: .integer, substitution: nil, specifier: "%lld")),
                .literal(" zamówienia"),
            ])
        guard case .plural(let french) = catalog.entries["%lld orders"]?.localizations["fr"]?.value else {
            Issue.record("French is not plural")
            return
        }
        #expect(french.keys.sorted() == [.one, .many, .other])
    }

    @Test func deviceVariationsAndPluralInsideThem() throws {
        let catalog = try Self.read("Localizable.xcstrings")
        guard case .device(let english) = catalog.entries["Tap to continue"]?.localizations["en"]?.value else {
            Issue.record("not device variations")
            return
        }
        #expect(Set(english.keys) == Set(Device.allCases))
        #expect(english[.mac] == .unit(.translated, try FormatString.parse("Click to continue")))
        #expect(english[.appletv] == .unit(.translated, try FormatString.parse("Press to continue")))
        guard case .device(let french) = catalog.entries["Tap to continue"]?.localizations["fr"]?.value else {
            Issue.record("French is not device variations")
            return
        }
        #expect(french[.other] == .unit(.needsReview, try FormatString.parse("Touchez pour continuer")))
        guard case .device(let photos) = catalog.entries["%lld photos"]?.localizations["en"]?.value,
            case .plural(let mac) = photos[.mac], case .plural(let other) = photos[.other]
        else {
            Issue.record("not device variations holding plural ones")
            return
        }
        #expect(mac[.one] == .unit(.translated, try FormatString.parse("%lld photo on this Mac")))
        #expect(other[.other] == .unit(.translated, try FormatString.parse("%lld photos")))
    }

    @Test func substitutionsWithTwoPluralArguments() throws {
        let catalog = try Self.read("Localizable.xcstrings")
        let english = try #require(catalog.entries["%lld apples and %lld oranges"]?.localizations["en"])
        guard case .unit(.translated, let value) = english.value else {
            Issue.record("not a translated unit")
            return
        }
        #expect(
            value.segments == [
                .placeholder(Placeholder(argument: 1, type: .integer, substitution: "apples", specifier: "%#@apples@")),
                .literal(" and "),
                .placeholder(
                    Placeholder(argument: 2, type: .integer, substitution: "oranges", specifier: "%#@oranges@")),
            ])
        #expect(Set(english.substitutions.keys) == ["apples", "oranges"])
        let oranges = try #require(english.substitutions["oranges"])
        #expect(oranges.argument == 2 && oranges.formatSpecifier == "lld" && oranges.type == .integer)
        guard case .unit(_, let other) = oranges.plural[.other] else {
            Issue.record("oranges.other is not a unit")
            return
        }
        // `%arg` is the substitution's own argument.
        #expect(
            other.segments == [
                .placeholder(Placeholder(argument: 2, type: .integer, substitution: nil, specifier: "%arg")),
                .literal(" oranges"),
            ])
        // German puts the oranges first, by position, and says "one apple" without the number.
        let german = try #require(catalog.entries["%lld apples and %lld oranges"]?.localizations["de"])
        guard case .unit(.needsReview, let reordered) = german.value else {
            Issue.record("German is not a unit needing review")
            return
        }
        #expect(reordered.placeholders.map(\.argument) == [2, 1])
        #expect(reordered.placeholders.map(\.substitution) == ["oranges", "apples"])
        guard case .unit(_, let oneApple) = german.substitutions["apples"]?.plural[.one] else {
            Issue.record("apples.one is not a unit")
            return
        }
        #expect(oneApple.segments == [.literal("einen Apfel")])
        let french = try #require(catalog.entries["%lld apples and %lld oranges"]?.localizations["fr"])
        #expect(french.substitutions["apples"]?.plural.keys.sorted() == [.one, .many, .other])
    }

    @Test func positionalSpecifiers() throws {
        let catalog = try Self.read("Localizable.xcstrings")
        let german = try #require(Self.unit(catalog, "%1$@ sent you %2$lld messages", "de")?.1)
        #expect(
            german.segments == [
                .placeholder(Placeholder(argument: 2, type: .integer, substitution: nil, specifier: "%2$lld")),
                .literal(" Nachrichten von "),
                .placeholder(Placeholder(argument: 1, type: .object, substitution: nil, specifier: "%1$@")),
            ])
        let english = try #require(catalog.entries["%1$@ sent you %2$lld messages"]?.localizations["en"])
        guard case .unit(_, let value) = english.value else {
            Issue.record("not a unit")
            return
        }
        #expect(value.placeholders.map(\.specifier) == ["%1$@", "%2$#@messages@"])
        #expect(value.placeholders.map(\.type) == [.object, .integer])
    }

    @Test func percentSignsDoublesAndPlainIntegers() throws {
        let catalog = try Self.read("Localizable.xcstrings")
        #expect(
            Self.unit(catalog, "%lld%% done", "de")?.1.segments == [
                .placeholder(Placeholder(argument: 1, type: .integer, substitution: nil, specifier: "%lld")),
                .literal(" % erledigt"),
            ])
        #expect(
            Self.unit(catalog, "Total: %.2f", "de")?.1.segments == [
                .literal("Summe: "),
                .placeholder(Placeholder(argument: 1, type: .double, substitution: nil, specifier: "%.2f")),
            ])
        #expect(
            Self.unit(catalog, "%d items, %f km", "de")?.1.placeholders == [
                Placeholder(argument: 1, type: .integer, substitution: nil, specifier: "%d"),
                Placeholder(argument: 2, type: .double, substitution: nil, specifier: "%f"),
            ])
    }

    @Test func anEmptyCatalog() throws {
        let catalog = try Self.read("Empty.xcstrings")
        #expect(catalog.sourceLanguage == "en" && catalog.entries.isEmpty)
    }

    // MARK: Format strings

    @Test func parsesEachSpecifier() throws {
        func parsed(_ text: String) throws -> [FormatString.Segment] { try FormatString.parse(text).segments }
        func one(_ argument: Int, _ type: ArgumentType, _ specifier: String) -> FormatString.Segment {
            .placeholder(Placeholder(argument: argument, type: type, substitution: nil, specifier: specifier))
        }
        #expect(try parsed("") == [])
        #expect(try parsed("Plain text, ünïcödé 🎉") == [.literal("Plain text, ünïcödé 🎉")])
        #expect(try parsed("%@") == [one(1, .object, "%@")])
        #expect(try parsed("%lld") == [one(1, .integer, "%lld")])
        #expect(try parsed("%d") == [one(1, .integer, "%d")])
        #expect(try parsed("%f") == [one(1, .double, "%f")])
        #expect(try parsed("%.2f") == [one(1, .double, "%.2f")])
        #expect(try parsed("100%%") == [.literal("100%")])
        #expect(try parsed("%%%@%%") == [.literal("%"), one(1, .object, "%@"), .literal("%")])
        #expect(try parsed("%1$@") == [one(1, .object, "%1$@")])
        #expect(
            try parsed("%2$lld and %1$@") == [one(2, .integer, "%2$lld"), .literal(" and "), one(1, .object, "%1$@")])
        #expect(
            try parsed("%@, %@ and %lld") == [
                one(1, .object, "%@"), .literal(", "), one(2, .object, "%@"), .literal(" and "),
                one(3, .integer, "%lld"),
            ])
        #expect(
            try parsed("%-5d|%05.1f|%+i|%x|%lu|%ld|%g") == [
                one(1, .integer, "%-5d"), .literal("|"), one(2, .double, "%05.1f"), .literal("|"),
                one(3, .integer, "%+i"),
                .literal("|"), one(4, .integer, "%x"), .literal("|"), one(5, .integer, "%lu"), .literal("|"),
                one(6, .integer, "%ld"), .literal("|"), one(7, .double, "%g"),
            ])
        // Outside a substitution `%arg` is printf's `%a` (a double) followed by "rg".
        #expect(try parsed("%arg") == [one(1, .double, "%a"), .literal("rg")])
        #expect(try FormatString.parse("%2$lld and %1$@").placeholders.map(\.argument) == [2, 1])
    }

    @Test func malformedFormatStrings() {
        func message(_ text: String) -> String? {
            do {
                _ = try FormatString.parse(text)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message("50%") == "malformed format specifier \"%\": the text ends after '%'")
        #expect(
            message("%k")
                == "malformed format specifier \"%k\": the conversion is one of @, d, i, u, o, x, X, f, F, e, E, g, G, a, A"
        )
        #expect(
            message("%s")
                == "malformed format specifier \"%s\": the conversion is one of @, d, i, u, o, x, X, f, F, e, E, g, G, a, A"
        )
        #expect(message("%lld") == nil)
        #expect(message("%ll") == "malformed format specifier \"%ll\": the text ends before the conversion")
        #expect(message("%l@") == "malformed format specifier \"%l@\": %@ takes no length modifier")
        #expect(
            message("%*d")
                == "malformed format specifier \"%*\": a width or precision taken from an argument ('*') is not supported"
        )
        #expect(message("%0$@") == "malformed format specifier \"%0$\": argument numbers start at 1")
        #expect(
            message("%1$@ and %@")
                == "malformed format specifier \"%@\": positional (%1$@) and non-positional (%@) specifiers are mixed in one value"
        )
        #expect(
            message("%@ and %2$@")
                == "malformed format specifier \"%2$@\": positional (%1$@) and non-positional (%@) specifiers are mixed in one value"
        )
        #expect(
            message("%1$@ and %1$lld")
                == "malformed format specifier \"%1$lld\": argument 1 is used as object and as integer")
        #expect(message("%#@apples@") == "the substitution \"apples\" is referenced but not defined")
        #expect(
            message("%#@apples")
                == "malformed format specifier \"%#@apples\": a substitution reference is %#@name@ with letters, digits or '_'"
        )
        #expect(
            message("%#@@")
                == "malformed format specifier \"%#@@\": a substitution reference is %#@name@ with letters, digits or '_'"
        )
    }

    /// `%*d` trapped (an exclusivity conflict: the width parser held the position while the error
    /// read it); kept under `Tests/Fuzz/Regressions/` so `Fuzz/run.sh` replays it too.
    @Test func aWidthFromAnArgumentIsAClearError() throws {
        let regression = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Regressions/fuzz-string-catalog/star-width")
        let error = Self.error(try [UInt8](Data(contentsOf: regression)))
        #expect(
            error?.description
                == "Localizable.xcstrings: key \"%*d\", locale fr: the value \"%*d\": malformed format specifier \"%*\": a width or precision taken from an argument ('*') is not supported"
        )
    }

    // MARK: Malformed catalogs

    @Test func notACatalog() {
        #expect(
            Self.refusal(Array("{\"sourceLanguage\" : \"en\",".utf8))?.description
                == "Localizable.xcstrings: not a string catalog: invalid JSON at byte 25: expected a key string")
        #expect(
            Self.refusal([])?.message == "not a string catalog: invalid JSON at byte 0: expected a value, found the end"
        )
        #expect(Self.refusal(Array("[]".utf8))?.message == "the catalog must be an object, not an array")
        #expect(
            Self.refusal(Array("{\"sourceLanguage\" : \"en\", \"strings\" : {}}".utf8))?.message
                == "no \"version\"; Xcode writes \"version\" : \"1.0\"")
    }

    @Test func theVersionIsReadFirst() {
        // Another version is refused before anything else is looked at, even a broken rest.
        let other = Self.refusal(Array("{\"strings\" : 5, \"version\" : \"2.0\"}".utf8))
        #expect(
            other?.description
                == "Localizable.xcstrings: version the string \"2.0\" is not supported (this reader reads version \"1.0\")"
        )
        #expect(other?.key == nil && other?.isLimit == false)
        #expect(
            Self.refusal(Self.catalog(strings: "", version: "1.0"))?.message
                == "version the number 1.0 is not supported (this reader reads version \"1.0\")")
        #expect(
            Self.refusal(Array("{\"strings\" : {}, \"version\" : \"1.0\"}".utf8))?.message
                == "\"sourceLanguage\" must be a language (\"en\")")
    }

    @Test func wrongTypes() {
        #expect(
            Self.refusal(Array("{\"sourceLanguage\" : \"en\", \"strings\" : [], \"version\" : \"1.0\"}".utf8))?.message
                == "\"strings\" must be an object, not an array")
        let comment = Self.error(Self.catalog(strings: "\"Hi\" : {\n      \"comment\" : 5\n    }"))
        #expect(
            comment?.description == "Localizable.xcstrings: key \"Hi\": \"comment\" must be a string, not the number 5")
        #expect(
            Self.error(Self.catalog(strings: "\"Hi\" : {\n      \"shouldTranslate\" : \"no\"\n    }"))?.message
                == "\"shouldTranslate\" must be true or false, not the string \"no\"")
        #expect(
            Self.error(Self.catalog(strings: "\"Hi\" : {\n      \"localizations\" : [ ]\n    }"))?.message
                == "\"localizations\" must be an object, not an array")
        let value = Self.error(
            Self.catalog(key: "Hi", "{ \"stringUnit\" : { \"state\" : \"translated\", \"value\" : 5 } }"))
        #expect(value?.key == "Hi" && value?.locale == "fr")
        #expect(
            value?.description
                == "Localizable.xcstrings: key \"Hi\", locale fr: a \"stringUnit\" needs a \"value\" string")
        #expect(
            Self.error(Self.catalog(key: "Hi", "{ \"stringUnit\" : { \"value\" : \"Salut\" } }"))?.message
                == "a \"stringUnit\" needs a \"state\" string")
        #expect(
            Self.error(Self.catalog(key: "Hi", "\"Salut\""))?.message
                == "a localization must be an object, not the string \"Salut\"")
        #expect(
            Self.refusal(Self.catalog(strings: "\"Hi\" : { },\n    \"Hi\" : { }"))?.description
                == "Localizable.xcstrings: key \"Hi\": the key is listed twice")
    }

    @Test func unknownStatePluralCategoryDeviceAndVariation() {
        let state = Self.error(Self.catalog(key: "Hello", locale: "de", Self.unit("Hallo", state: "done")))
        #expect(
            state?.description
                == "Localizable.xcstrings: key \"Hello\", locale de: unknown state \"done\"; a state is translated, needs_review, new or stale"
        )
        let plural = Self.error(
            Self.catalog(
                key: "%lld files",
                "{ \"variations\" : { \"plural\" : { \"several\" : \(Self.unit("%lld fichiers")) } } }"))
        #expect(
            plural?.description
                == "Localizable.xcstrings: key \"%lld files\", locale fr: unknown plural category \"several\"; the categories are zero, one, two, few, many, other"
        )
        let device = Self.error(
            Self.catalog("{ \"variations\" : { \"device\" : { \"tv\" : \(Self.unit("Bonjour")) } } }"))
        #expect(
            device?.message
                == "unknown device \"tv\"; the devices are iphone, ipad, mac, watch, appletv, applevision, other")
        #expect(
            Self.error(Self.catalog("{ \"variations\" : { \"gender\" : { \"male\" : \(Self.unit("Bonjour")) } } }"))?
                .message == "unknown variation \"gender\"; variations are \"plural\" or \"device\"")
        #expect(
            Self.error(Self.catalog("{ \"variations\" : { \"plural\" : { } } }"))?.message
                == "the \"plural\" variations in a localization have no forms")
        #expect(
            Self.error(
                Self.catalog(
                    "{ \"variations\" : { \"plural\" : { \"other\" : \(Self.unit("a")) }, \"device\" : { \"mac\" : \(Self.unit("b")) } } }"
                ))?.message == "\"variations\" in a localization holds exactly one of \"plural\" or \"device\"")
        #expect(
            Self.error(
                Self.catalog(
                    "{ \"stringUnit\" : { \"state\" : \"new\", \"value\" : \"\" }, \"variations\" : { \"plural\" : { \"other\" : \(Self.unit("b")) } } }"
                ))?.message == "a localization has both \"stringUnit\" and \"variations\"; it has one")
        #expect(
            Self.error(Self.catalog("{ }"))?.message == "a localization has neither \"stringUnit\" nor \"variations\"")
        #expect(
            Self.error(Self.catalog("{ \"variations\" : { \"plural\" : { \"one\" : { } } } }"))?.message
                == "the plural form one has neither \"stringUnit\" nor \"variations\"")
    }

    /// A French localization `value` with the substitutions `substitutions` (name → its JSON).
    static func substituted(_ value: String, _ substitutions: [(String, String)]) -> [UInt8] {
        catalog(
            key: "%lld apples and %lld oranges",
            """
            {
              "stringUnit" : { "state" : "translated", "value" : "\(value)" },
              "substitutions" : {
                \(substitutions.map { "\"\($0.0)\" : \($0.1)" }.joined(separator: ",\n"))
              }
            }
            """)
    }

    static func substitution(argNum: String = "1", specifier: String = "lld", variations: String? = nil) -> String {
        """
        {
          "argNum" : \(argNum),
          "formatSpecifier" : "\(specifier)",
          "variations" : \(variations ?? "{ \"plural\" : { \"one\" : \(unit("%arg pomme")), \"other\" : \(unit("%arg pommes")) } }")
        }
        """
    }

    @Test func substitutionErrors() throws {
        // The well-formed case reads, so each error below is the one thing changed.
        let good = try StringCatalog.decode(
            Self.substituted("%#@apples@", [("apples", Self.substitution())]), path: "Localizable.xcstrings")
        #expect(good.entries.first?.value.localizations["fr"]?.substitutions["apples"]?.plural.count == 2)
        let undefined = Self.error(Self.substituted("%#@apples@ et %#@oranges@", [("apples", Self.substitution())]))
        #expect(
            undefined?.description
                == "Localizable.xcstrings: key \"%lld apples and %lld oranges\", locale fr: the value \"%#@apples@ et %#@oranges@\": the substitution \"oranges\" is referenced but not defined"
        )
        #expect(
            Self.error(Self.substituted("%#@apples@", [("apples", Self.substitution(argNum: "\"1\""))]))?.message
                == "the substitution \"apples\" has \"argNum\" the string \"1\"; it is a whole number from 1")
        #expect(
            Self.error(Self.substituted("%#@apples@", [("apples", Self.substitution(argNum: "0"))]))?.message
                == "the substitution \"apples\" has argNum 0; arguments start at 1")
        #expect(
            Self.error(Self.substituted("%#@apples@", [("apples", Self.substitution(specifier: "%lld"))]))?.message
                == "the substitution \"apples\" has formatSpecifier \"%lld\", not one specifier such as \"lld\", \"@\" or \".2f\""
        )
        #expect(
            Self.error(Self.substituted("%#@apples@", [("apples", Self.substitution(specifier: "k"))]))?.message
                == "the substitution \"apples\" has formatSpecifier \"k\", not one specifier such as \"lld\", \"@\" or \".2f\""
        )
        #expect(
            Self.error(
                Self.substituted(
                    "%#@apples@",
                    [("apples", Self.substitution(variations: "{ \"device\" : { \"mac\" : \(Self.unit("%arg")) } }"))]
                ))?.message == "the substitution \"apples\" varies by plural category only, not by device")
        #expect(
            Self.error(
                Self.substituted("%#@apples@", [("apples", "{ \"argNum\" : 1, \"formatSpecifier\" : \"lld\" }")]))?
                .message == "the substitution \"apples\" needs \"variations\" with \"plural\" forms")
        #expect(
            Self.error(Self.substituted("%2$#@apples@", [("apples", Self.substitution())]))?.message
                == "the value \"%2$#@apples@\": malformed format specifier \"%2$#@apples@\": it names argument 2 but its argNum is 1"
        )
        #expect(
            Self.error(Self.substituted("%#@apples@", [("app les", Self.substitution())]))?.message
                == "the substitution name \"app les\" is not letters, digits and '_'")
        // A malformed specifier inside a substitution's forms names the key and locale too.
        let inner = Self.error(
            Self.substituted(
                "%#@apples@",
                [
                    (
                        "apples",
                        Self.substitution(
                            variations: "{ \"plural\" : { \"other\" : \(Self.unit("%arg pommes à 5%")) } }")
                    )
                ]))
        #expect(inner?.key == "%lld apples and %lld oranges" && inner?.locale == "fr")
        #expect(
            inner?.message
                == "the value \"%arg pommes à 5%\": malformed format specifier \"%\": the text ends after '%'")
    }

    @Test func malformedSpecifiersAndMixedOnesNameTheKeyAndLocale() {
        let mixed = Self.error(Self.catalog(key: "%1$@ and %2$@", locale: "pt-BR", Self.unit("%1$@ e %@")))
        #expect(
            mixed?.description
                == "Localizable.xcstrings: key \"%1$@ and %2$@\", locale pt-BR: the value \"%1$@ e %@\": malformed format specifier \"%@\": positional (%1$@) and non-positional (%@) specifiers are mixed in one value"
        )
        #expect(mixed?.isLimit == false)
        #expect(
            Self.error(Self.catalog(key: "%d%%", Self.unit("%d %y")))?.message
                == "the value \"%d %y\": malformed format specifier \"%y\": the conversion is one of @, d, i, u, o, x, X, f, F, e, E, g, G, a, A"
        )
    }
}
