import Foundation
import ScreenContract
import ScreenKit
import Testing

/// Colour tokens frozen like enum values: removing, renaming or repurposing one breaks, adding one
/// or changing its literals passes and is listed, and contracts without tokens keep their bytes.
@Suite struct TokenContractTests {
    typealias F = ContractFixture

    static let primary = ColorToken("brand.primary", light: "#0A84FF", dark: "#409CFF", meaning: "the brand's accent")
    static let secondary = ColorToken("text.secondary", light: "#6B7280")

    static func base(tokens: [ColorToken] = [primary, secondary]) -> Catalog {
        var catalog = F.base()
        catalog.tokens = tokens
        return catalog
    }

    func report(after change: Catalog) throws -> ContractReport {
        let fixture = try F()
        try fixture.freeze(Self.base())
        return fixture.check(change)
    }

    func errors(after change: Catalog) throws -> [String] {
        try report(after: change).diagnostics.filter { $0.severity == .error }.map(\.rule).sorted()
    }

    @Test func removingATokenIsBreaking() throws {
        let report = try report(after: Self.base(tokens: [Self.primary]))
        #expect(report.diagnostics.map(\.rule) == ["token-removed"])
        #expect(report.diagnostics[0].message == #"token "text.secondary" was removed"#)
        #expect(report.diagnostics[0].nodePath == "token:text.secondary")
    }

    @Test func renamingATokenIsBreakingAndSaysSo() throws {
        let renamed = ColorToken("label.secondary", light: "#6B7280")
        let report = try report(after: Self.base(tokens: [Self.primary, renamed]))
        #expect(report.diagnostics.map(\.rule) == ["token-renamed"])
        #expect(
            report.diagnostics[0].message
                == #"token "text.secondary" was renamed to "label.secondary"; token names never change"#)
        #expect(report.diagnostics[0].location?.file == #filePath)
    }

    @Test func repurposingATokenIsBreaking() throws {
        let repurposed = ColorToken("brand.primary", light: "#0A84FF", dark: "#409CFF", meaning: "links")
        let report = try report(after: Self.base(tokens: [repurposed, Self.secondary]))
        #expect(report.diagnostics.map(\.rule) == ["meaning-changed"])
        #expect(report.diagnostics[0].nodePath == "token:brand.primary")
    }

    @Test func additionsAndNewLiteralsPassAndAreListed() throws {
        let refreshed = ColorToken("brand.primary", light: "#0066CC", dark: "#409CFF", meaning: "the brand's accent")
        let added = ColorToken("surface.card", light: "#FFFFFF", dark: "#1C1C1E")
        let report = try report(after: Self.base(tokens: [refreshed, Self.secondary, added]))
        #expect(report.diagnostics == [])
        #expect(report.pendingChanges.map(\.rule.id).sorted() == ["fallback-changed", "token-added"])
        #expect(report.pendingChanges.allSatisfy { !$0.isBreaking })
        let fallback = try #require(report.pendingChanges.first { $0.rule.id == "fallback-changed" })
        #expect(
            fallback.message
                == #"token "brand.primary" now falls back to light #0066CC, dark #409CFF, frozen as light #0A84FF, dark #409CFF; clients without the token draw the new literal"#
        )
    }

    @Test func declarationOrderIsNotAChange() throws {
        let report = try report(after: Self.base(tokens: [Self.secondary, Self.primary]))
        #expect(report.diagnostics == [])
        #expect(report.pendingChanges == [])
    }

    @Test func theContractFileHoldsTokensAndReadsThemBack() throws {
        let contract = Contract.live(Self.base()).0
        let bytes = ContractFile.encode(contract, version: 1, previous: nil)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text.hasSuffix(
                #"""
                  "tokens": [
                    {
                      "name": "brand.primary",
                      "light": "#0A84FF",
                      "dark": "#409CFF",
                      "meaning": "the brand's accent"
                    },
                    {
                      "name": "text.secondary",
                      "light": "#6B7280"
                    }
                  ]
                }

                """#), "\(text)")
        let read = try ContractFile.decode(bytes).contract
        #expect(read == contract)
        #expect(read.token("text.secondary")?.dark == nil)
    }

    @Test func aContractWithoutTokensKeepsItsBytes() throws {
        let text = String(
            decoding: ContractFile.encode(Contract.live(F.base()).0, version: 1, previous: nil), as: UTF8.self)
        #expect(!text.contains("tokens"), "\(text)")
    }

    @Test(arguments: [
        (
            ##""tokens": [{"name": "a", "light": "#000000"}, {"name": "a", "light": "#000000"}]"##,
            "token a is listed twice"
        ),
        (##""tokens": [{"name": "Brand", "light": "#000000"}]"##, ##"token "Brand" is not a token name"##),
        (##""tokens": [{"name": "a..b", "light": "#000000"}]"##, ##"token "a..b" is not a token name"##),
        (##""tokens": [{"name": "a", "light": "blue"}]"##, ##"token a: "blue" is not #RRGGBB or #AARRGGBB"##),
        (##""tokens": [{"name": "a", "light": "#000000", "dark": "#12345"}]"##, ##"token a: "#12345" is not"##),
        (##""tokens": [{"name": "a"}]"##, ##"missing key "light" at tokens[0]"##),
        (##""tokens": {"name": "a"}"##, "wrong type at tokens"),
    ])
    func aBrokenTokensMemberIsAClearError(member: String, expected: String) throws {
        let text = #"{"format": 1, "version": 1, "components": [], "enums": [], "actions": [], "# + member + "}"
        do {
            _ = try ContractFile.decode(Array(text.utf8))
            Issue.record("read \(member)")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    @Test(arguments: [
        ("brand.primary", true), ("text.secondaryLabel", true), ("a", true), ("bg2", true),
        ("Brand", false), (".a", false), ("a.", false), ("a..b", false), ("a.2b", false), ("a-b", false),
        ("#FFFFFF", false), ("", false), (String(repeating: "a", count: 65), false),
    ])
    func tokenNames(name: String, valid: Bool) {
        #expect(ColorToken.isValidName(name) == valid)
    }
}
