import ScreenLocalization
import Testing

/// A substitution's argument: its `argNum` when written; else, as `.stringsdict` did, the position
/// of its `%#@name@` reference among the value's specifiers, or the reference's own `N$`.
@Suite struct SubstitutionArgumentTests {
    /// The French localization a value and substitutions read to; records an issue when it does not.
    static func read(_ value: String, _ substitutions: [(String, String)]) throws -> StringCatalog.Localization? {
        let catalog = try StringCatalog.decode(
            StringCatalogTests.substituted(value, substitutions), path: "Localizable.xcstrings")
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        return catalog.entries.first?.value.localizations["fr"]
    }

    /// A substitution without `argNum`, its forms showing `forms` (`%arg pommes`).
    static func unnumbered(other: String = "%arg pommes") -> String {
        """
        { "formatSpecifier" : "lld", "variations" : { "plural" : { "other" : \(StringCatalogTests.unit(other)) } } }
        """
    }

    /// The arguments the `other` form's placeholders format.
    static func formArguments(_ substitution: StringCatalog.Substitution?) -> [Int] {
        guard case .unit(_, let format) = substitution?.plural[.other] else { return [] }
        return format.placeholders.map(\.argument)
    }

    @Test func theOnlyReferenceIsArgumentOne() throws {
        let french = try Self.read("%#@apples@", [("apples", Self.unnumbered())])
        #expect(french?.substitutions["apples"]?.argument == 1)
        #expect(Self.formArguments(french?.substitutions["apples"]) == [1])
    }

    @Test func aReferenceAfterOtherSpecifiersTakesItsPosition() throws {
        let french = try Self.read("%@ a %#@apples@ (%.1f kg)", [("apples", Self.unnumbered())])
        let apples = try #require(french?.substitutions["apples"])
        #expect(apples.argument == 2 && apples.type == .integer)
        // `%arg` stands for that argument, and a positional specifier in a form for its own.
        #expect(Self.formArguments(apples) == [2])
        let positional = try Self.read(
            "%#@apples@", [("apples", Self.unnumbered(other: "%2$@ pommes (%1$lld)"))])
        #expect(Self.formArguments(positional?.substitutions["apples"]) == [2, 1])
    }

    @Test func aNumberedReferenceTakesItsNumber() throws {
        let french = try Self.read(
            "%2$#@pears@ et %1$#@apples@", [("apples", Self.unnumbered()), ("pears", Self.unnumbered())])
        #expect(french?.substitutions["apples"]?.argument == 1)
        #expect(french?.substitutions["pears"]?.argument == 2)
        guard case .unit(_, let value) = french?.value else {
            Issue.record("not a unit")
            return
        }
        #expect(value.placeholders.map(\.argument) == [2, 1])
    }

    @Test func argNumWinsWhereItIsWritten() throws {
        let french = try Self.read(
            "%#@apples@ %#@pears@",
            [("apples", StringCatalogTests.substitution(argNum: "2")), ("pears", Self.unnumbered())])
        #expect(french?.substitutions["apples"]?.argument == 2)
        #expect(french?.substitutions["pears"]?.argument == 2)
    }

    @Test func anArgumentThatCannotBeToldIsAProblemOfThatLocalization() {
        let unreferenced = StringCatalogTests.error(
            StringCatalogTests.substituted("%#@apples@", [("apples", Self.unnumbered()), ("pears", Self.unnumbered())]))
        #expect(unreferenced?.locale == "fr")
        #expect(
            unreferenced?.message
                == "the substitution \"pears\" has no \"argNum\" and the value never references it (%#@pears@), so its argument is unknown"
        )
        let device = """
            {
              "variations" : { "device" : {
                "iphone" : { "stringUnit" : { "state" : "translated", "value" : "%#@apples@" } },
                "mac" : { "stringUnit" : { "state" : "translated", "value" : "%@ : %#@apples@" } } } },
              "substitutions" : { "apples" : \(Self.unnumbered()) }
            }
            """
        #expect(
            StringCatalogTests.error(StringCatalogTests.catalog(key: "%lld apples", device))?.message
                == "the substitution \"apples\" has no \"argNum\" and the value's forms reference it as arguments 1 and 2; give it an \"argNum\""
        )
    }
}
