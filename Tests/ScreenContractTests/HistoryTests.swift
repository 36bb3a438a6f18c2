import Foundation
import ScreenContract
import ScreenCrypto
import ScreenKit
import Testing

/// The frozen history: canonical files, the hash chain, tamper detection, freeze, exemptions.
@Suite struct HistoryTests {
    typealias F = ContractFixture

    /// A fixture with versions 1 (base) and 2 (base + an optional prop).
    static func twoVersions() throws -> F {
        let fixture = try F()
        try fixture.freeze(F.base())
        try fixture.freeze(
            F.with(
                F.text(
                    style: EnumSchema(
                        name: "Style",
                        cases: [EnumCase("body"), EnumCase("title"), EnumCase("hero", fallback: "title")]))))
        #expect(fixture.files() == ["1.json", "2.json"])
        return fixture
    }

    static var v2Catalog: Catalog {
        F.with(
            F.text(
                style: EnumSchema(
                    name: "Style", cases: [EnumCase("body"), EnumCase("title"), EnumCase("hero", fallback: "title")])))
    }

    @Test func canonicalFilesStartWithTheFormatAndRoundTrip() throws {
        let contract = Contract.live(F.base()).0
        let bytes = ContractFile.encode(contract, version: 1, previous: nil)
        #expect(String(decoding: bytes.prefix(40), as: UTF8.self).hasPrefix("{\n  \"format\": 1,\n  \"version\": 1,"))
        let content = try ContractFile.decode(bytes)
        #expect(content.contract == contract)
        #expect(content.version == 1 && content.previous == nil)
        #expect(ContractFile.encode(content.contract, version: 1, previous: nil) == bytes)
    }

    @Test func aNonEmptyPropKeepsItsRuleThroughTheFile() throws {
        let catalog = F.with(
            F.text([
                .required("content", .string, nonEmpty: true),
                PropSchema("style", .enumeration(F.style), .defaulted("body")), .optional("color", .color),
            ]))
        let contract = Contract.live(catalog).0
        let bytes = ContractFile.encode(contract, version: 1, previous: nil)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"nonEmpty\": true"))
        let decoded = try ContractFile.decode(bytes).contract
        #expect(decoded == contract)
        #expect(decoded.component("text")?.prop("content")?.nonEmpty == true)
    }

    @Test func eachVersionRecordsItsPredecessorsHash() throws {
        let fixture = try Self.twoVersions()
        let history = fixture.history()
        #expect(history.diagnostics == [])
        let v1 = try fixture.read("1.json")
        #expect(try ContractFile.decode([UInt8](fixture.read("2.json"))).previous == SHA256.hexDigest([UInt8](v1)))
    }

    @Test func introducedInIsReadFromTheHistory() throws {
        let fixture = try Self.twoVersions()
        let introduced = fixture.history().introducedIn
        #expect(introduced["component:text"] == 1)
        #expect(introduced["prop:text.color"] == 1)
        #expect(introduced["enum:Style.hero"] == 2)
        #expect(introduced["field:go.mode"] == 1)
        #expect(introduced["component:badge"] == nil, "not frozen: pending")
    }

    @Test func freezeIsIdempotentAndWritesNothingWhenUnchanged() throws {
        let fixture = try Self.twoVersions()
        let before = try fixture.read("2.json")
        #expect(try fixture.freeze(Self.v2Catalog) == .unchanged(version: 2))
        #expect(fixture.files() == ["1.json", "2.json"])
        #expect(try fixture.read("2.json") == before)
    }

    @Test func freezeRefusesABreakingContractAndWritesNothing() throws {
        let fixture = try Self.twoVersions()
        #expect(try fixture.freeze(F.catalog(components: [F.text], actions: [F.go])) == .refused)
        #expect(fixture.files() == ["1.json", "2.json"])
    }

    @Test func anEditedFileBreaksTheChain() throws {
        let fixture = try Self.twoVersions()
        let edited = String(decoding: try fixture.read("1.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"default\": 16", with: "\"default\": 20")
        try fixture.write("1.json", edited)
        let rules = fixture.history().diagnostics.map(\.rule)
        #expect(rules == ["history-chain-broken"])
        #expect(fixture.history().diagnostics[0].message.contains("2.json records predecessor hash"))
        #expect(fixture.history().versions.map(\.version) == [1], "only the versions before the break are trusted")
    }

    @Test func aDeletedMiddleVersionIsAGap() throws {
        let fixture = try Self.twoVersions()
        var v3 = Self.v2Catalog
        v3.components.append(ComponentSchema(type: "badge", props: [], fallback: .drop))
        #expect(
            try fixture.freeze(v3)
                == .frozen(version: 3, path: fixture.historyFolder.appendingPathComponent("3.json").path))
        try FileManager.default.removeItem(at: fixture.historyFolder.appendingPathComponent("2.json"))
        let diagnostics = fixture.history().diagnostics
        #expect(diagnostics.map(\.rule) == ["history-gap"])
        #expect(diagnostics[0].message == "version 2 is missing from the history (found up to 3)")
        #expect(fixture.history().versions.map(\.version) == [1], "nothing after the gap is trusted")
    }

    @Test func reorderedVersionsAreCaught() throws {
        let fixture = try Self.twoVersions()
        let one = try fixture.read("1.json")
        let two = try fixture.read("2.json")
        try one.write(to: fixture.historyFolder.appendingPathComponent("2.json"))
        try two.write(to: fixture.historyFolder.appendingPathComponent("1.json"))
        let rules = Set(fixture.history().diagnostics.map(\.rule))
        #expect(rules.contains("history-version-mismatch"))
    }

    @Test func aRenumberedFileIsCaught() throws {
        let fixture = try Self.twoVersions()
        try FileManager.default.moveItem(
            at: fixture.historyFolder.appendingPathComponent("2.json"),
            to: fixture.historyFolder.appendingPathComponent("3.json"))
        #expect(fixture.history().diagnostics.map(\.rule) == ["history-gap", "history-version-mismatch"])
        #expect(fixture.history().versions.map(\.version) == [1])
    }

    @Test func aStrayFileInTheHistoryIsReported() throws {
        let fixture = try Self.twoVersions()
        try fixture.write("notes.txt", "hello")
        try fixture.write("02.json", "{}")
        try fixture.write("0.json", "{}")
        #expect(fixture.history().diagnostics.map(\.rule) == ["history-gap", "history-gap", "history-gap"])
    }

    @Test(arguments: [
        ("{\"format\": 1, \"version\": 1, \"components\": [", "invalid JSON"),
        ("{\"format\": 2, \"version\": 1}", "format 2 is not supported"),
        ("[1, 2]", "not a contract file"),
        ("{\"version\": 1}", "not a contract file: missing key \"format\""),
        (
            "{\"format\": 1, \"version\": 1, \"components\": [{\"type\": \"x\", \"children\": false, \"fallback\": \"none\", \"props\": [{\"key\": \"k\", \"type\": \"decimal\", \"presence\": \"required\"}]}], \"enums\": [], \"actions\": []}",
            "x.k: unknown type \"decimal\""
        ),
        (
            "{\"format\": 1, \"version\": 1, \"components\": [], \"enums\": [], \"actions\": [{\"kind\": \"go\", \"fallback\": \"maybe\", \"fields\": []}]}",
            "unknown fallback \"maybe\""
        ),
        ("{\"format\": 1, \"version\": 1, \"components\": [], \"enums\": []}", "missing key \"actions\""),
        (
            "{\"format\": 1, \"version\": 1, \"components\": [], \"enums\": [{\"name\": \"Style\", \"values\": []}, {\"name\": \"Style\", \"values\": []}], \"actions\": []}",
            "enum Style is listed twice"
        ),
    ])
    func badFilesGiveAClearErrorNamingTheFile(content: String, expected: String) throws {
        let fixture = try F()
        try fixture.write("1.json", content)
        let history = fixture.history()
        #expect(history.versions.isEmpty)
        let diagnostic = try #require(history.diagnostics.first)
        #expect(diagnostic.rule == "history-unreadable")
        #expect(diagnostic.message.hasPrefix("1.json: "))
        #expect(diagnostic.message.contains(expected), "\(diagnostic.message)")
        #expect(diagnostic.location?.file.hasSuffix("history/1.json") == true)
        #expect(try fixture.freeze(F.base()) == .refused, "a damaged history refuses freezing")
        #expect(fixture.files() == ["1.json"])
    }

    @Test func exemptionsSilenceOneBreakAndAreListed() throws {
        let fixture = try Self.twoVersions()
        let broken = F.catalog(components: [F.text], actions: [F.go]).with(style: Self.v2Catalog)
        try Data(
            """
            {"format": 1, "exemptions": [
              {"rule": "component-removed", "element": "component:card", "reason": "cards were never shipped to clients"}
            ]}
            """.utf8
        ).write(to: fixture.folder.appendingPathComponent("exemptions.json"))
        let exemptions = Exemptions.load(from: fixture.folder.appendingPathComponent("exemptions.json"))
        let report = fixture.check(broken, exemptions: exemptions)
        #expect(report.diagnostics == [])
        #expect(report.exemptionsInForce.map(\.element) == ["component:card"])
    }

    /// An exemption names one rule and one element: it silences nothing else, not even another
    /// rule on the same element, and is then reported as unused.
    @Test(arguments: [
        ("component-removed", "component:image"),
        ("prop-type-changed", "component:card"),
    ])
    func anExemptionSilencesOnlyItsOwnRuleAndElement(rule: String, element: String) throws {
        let fixture = try Self.twoVersions()
        let broken = F.catalog(components: [F.text], actions: [F.go]).with(style: Self.v2Catalog)
        let url = fixture.folder.appendingPathComponent("exemptions.json")
        try Data(
            #"{"format": 1, "exemptions": [{"rule": "\#(rule)", "element": "\#(element)", "reason": "r"}]}"#.utf8
        ).write(to: url)
        let report = fixture.check(broken, exemptions: Exemptions.load(from: url))
        #expect(report.diagnostics.map(\.rule).sorted() == ["component-removed", "exemption-unused"])
        #expect(report.exemptionsInForce.isEmpty)
    }

    @Test func anUnusedExemptionIsAnError() throws {
        let fixture = try Self.twoVersions()
        let url = fixture.folder.appendingPathComponent("exemptions.json")
        try Data(
            #"{"format": 1, "exemptions": [{"rule": "prop-removed", "element": "prop:text.size", "reason": "typo"}]}"#
                .utf8
        ).write(to: url)
        let report = fixture.check(Self.v2Catalog, exemptions: Exemptions.load(from: url))
        #expect(report.diagnostics.map(\.rule) == ["exemption-unused"])
    }

    @Test(arguments: [
        #"{"format": 1, "exemptions": [{"rule": "no-such-rule", "element": "x", "reason": "r"}]}"#,
        #"{"format": 1, "exemptions": [{"rule": "prop-removed", "element": "x"}]}"#,
        #"{"format": 3, "exemptions": []}"#,
        "not json",
    ])
    func aMalformedExemptionsFileIsAnError(content: String) throws {
        let fixture = try Self.twoVersions()
        let url = fixture.folder.appendingPathComponent("exemptions.json")
        try Data(content.utf8).write(to: url)
        let report = fixture.check(Self.v2Catalog, exemptions: Exemptions.load(from: url))
        #expect(report.diagnostics.map(\.rule).contains("exemption-invalid"))
        #expect(report.hasErrors)
    }
}

extension Catalog {
    /// This catalog with `text` taken from `other` (to keep an enum change while removing something else).
    fileprivate func with(style other: Catalog) -> Catalog {
        var copy = self
        copy.components = components.map { component in
            component.type == "text" ? other.components.first { $0.type == "text" }! : component
        }
        return copy
    }
}
