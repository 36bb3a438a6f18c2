import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// The README's promises that a test can hold it to.
@Suite struct ReadmeTests {
    static let readme =
        (try? String(contentsOf: ExampleApp.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The commands of the first `sh` block under `## Set-up`, comments and blank lines removed.
    static func setUpCommands(_ readme: String) -> [String] {
        guard let section = readme.components(separatedBy: "\n## Set-up\n").dropFirst().first,
            let block = section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```")
                .first
        else { return [] }
        return block.split(separator: "\n").compactMap { line in
            let command = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            return command.isEmpty ? nil : command
        }
    }

    @Test func theSetUpIsExactlyTheTwoCommands() {
        #expect(Self.setUpCommands(Self.readme) == ["swift run screenkit build", "swift test"])
    }

    @Test func theSetUpCheckNoticesAThirdCommand() {
        let edited = Self.readme.replacingOccurrences(
            of: "swift test                     #", with: "pip install moto\nswift test  #")
        #expect(Self.setUpCommands(edited) != ["swift run screenkit build", "swift test"])
    }

    @Test func theCIScriptRunsTheREADMEsTestCommand() throws {
        let script = try String(contentsOf: ExampleApp.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(script.split(separator: "\n").contains("swift test"))
    }

    /// CI runs both tiers, and the README says how to run the second and what it adds.
    @Test func theCIScriptRunsTheIntegrationTierAndTheREADMEExplainsIt() throws {
        let script = try String(contentsOf: ExampleApp.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let lines = script.split(separator: "\n").map(String.init)
        let export = try #require(lines.firstIndex(of: "export \(TestTier.variable)=1"), "CI sets the integration tier")
        #expect(export < (lines.firstIndex(of: "swift test") ?? -1), "before the tests run")
        #expect(Self.readme.contains("`\(TestTier.command)`"))
        let setUp = Self.readme.components(separatedBy: "\n## Set-up\n").dropFirst().first ?? ""
        let section = setUp.components(separatedBy: "\n## ").first ?? ""
        for tier in ["| default |", "| integration |"] { #expect(section.contains(tier), "the tier table has \(tier)") }
        #expect(section.contains("CI") && section.contains("both tiers"))
    }

    @Test func theLimitsTableStatesTheLimitsInTheCode() throws {
        let section = try String(
            contentsOf: ExampleApp.root.appendingPathComponent(
                "Sources/ScreenKit/ScreenKit.docc/LimitsAndGuarantees.md"),
            encoding: .utf8)
        let row = { (start: String) in section.split(separator: "\n").first { $0.hasPrefix("| " + start) } ?? "" }
        let contract = row("a frozen contract file")
        #expect(contract.contains("\(ContractLimits.maximumFileBytes >> 20) MiB"))
        #expect(contract.contains("nested at most \(ContractLimits.maximumJSONDepth) deep"))
        #expect(contract.contains("nests at most \(ContractLimits.maximumTypeDepth) lists or maps"))
        #expect(contract.contains("at most \(ContractLimits.maximumNameBytes) bytes"))
        #expect(contract.contains("at most 10,000 components") && ContractLimits.maximumElements == 10_000)
        #expect(row("the history folder").contains("at most 10,000 entries; version numbers 1 to 10,000"))
        #expect(ContractLimits.maximumVersions == 10_000)
        #expect(row("`exemptions.json`").contains("\(ContractLimits.maximumSmallFileBytes >> 20) MiB"))
        #expect(row("`screenkit.json`").contains("\(ProjectConfig.maximumSize >> 10) KiB"))
        #expect(row("a manifest").contains("\(Manifest.maximumBytes >> 20) MiB"))
        #expect(row("a manifest").contains("nested at most \(Manifest.maximumDepth) deep"))
    }
}
