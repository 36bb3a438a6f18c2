import Foundation
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
}
