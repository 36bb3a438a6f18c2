import ExampleScreens
import Foundation
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// `check` finds the base branch without being told and proves the history against it; a
/// build of the base (`--baseline`) and the bucket (`publish`) are checked for unrecorded sunsets.
@Suite struct GateBaseTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-gate-base-\(UUID())")
        let contract = folder.appendingPathComponent("Screens/Contract")
        try FileManager.default.createDirectory(
            at: contract.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ExampleApp.contractFolder, to: contract)
    }

    func run(
        _ arguments: [String], catalog: Catalog = App.catalog, in directory: URL? = nil,
        environment: [String: String] = [:]
    ) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            arguments, catalog: catalog, terminal: terminal, workingDirectory: (directory ?? folder).path,
            environment: environment)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    /// A clone of a repository holding the example contract, so `origin/HEAD` names its default branch.
    func clone() throws -> URL {
        #expect(try Git.run(["init", "-q", "-b", "main"], in: folder) == 0)
        #expect(try Git.run(["add", "-A"], in: folder) == 0)
        #expect(try Git.run(["commit", "-q", "-m", "base"], in: folder) == 0)
        let clone = folder.appendingPathComponent("clone")
        #expect(try Git.run(["clone", "-q", folder.path, clone.path], in: folder) == 0)
        return clone
    }

    @Test func withoutAgainstTheMergeBaseWithTheDefaultBranchIsUsedAndADeletedVersionFails() async throws {
        let clone = try clone()
        let (clean, _, said) = await run(["check"], in: clone)
        #expect(clean == .success)
        #expect(said.contains("compared the contract history with the merge base of HEAD and origin/main"), "\(said)")
        try FileManager.default.removeItem(at: clone.appendingPathComponent("Screens/Contract/history/2.json"))
        let (deleted, out, _) = await run(["check"], in: clone)
        #expect(deleted == .violations)
        #expect(out.contains("[history-rewritten] version 2 exists at"), "\(out)")
    }

    @Test func aPullRequestsBaseIsTakenFromGitHubActions() async throws {
        let clone = try clone()
        let (code, _, said) = await run(["check"], in: clone, environment: ["GITHUB_BASE_REF": "main"])
        #expect(code == .success)
        #expect(
            said.contains("compared the contract history with origin/main, the pull request's base (GITHUB_BASE_REF)"))
        let (_, _, missing) = await run(["check"], in: clone, environment: ["GITHUB_BASE_REF": "release"])
        #expect(missing.contains("the pull request's base origin/release is not fetched"), "\(missing)")
    }

    @Test func withNoBaseCheckSaysSo() async {
        let (code, _, said) = await run(["check"])
        #expect(code == .success)
        #expect(
            said.contains(
                "the contract history was not compared with a base branch (not a git repository); pass --against REF"),
            "\(said)")
    }

    @Test func aBaselineBuildShowsWhatAScreensRaisedMinContractStopsServing() async throws {
        #expect(await run(["build", "--out", "base"]).0 == .success)
        var raised = App.catalog
        raised.screens[0].minContract = 2
        let id = raised.screens[0].id
        let (refused, out, _) = await run(["check", "--baseline", "base"], catalog: raised)
        #expect(refused == .violations)
        #expect(out.contains("[sunset-unrecorded] screen \"\(id)\" stops serving clients of contract 1"), "\(out)")
        try Data(
            #"{"format": 1, "sunset": [{"through": 1, "screen": "\#(id)", "reason": "redesigned for 2.x"}]}"#.utf8
        ).write(to: folder.appendingPathComponent("Screens/Contract/sunset.json"))
        let (recorded, notes, _) = await run(["check", "--baseline", "base"], catalog: raised)
        #expect(recorded == .success, "\(notes)")
        #expect(
            notes.contains("screen \"\(id)\" stops serving clients of contract 1 (sunset: redesigned for 2.x)"),
            "\(notes)")
    }

    @Test func publishRefusesToDropAScreenTheBucketServesWithoutASunset() async throws {
        let bucket = folder.appendingPathComponent("bucket")
        #expect(await run(["publish", "--to", "file://\(bucket.path)"]).0 == .success)
        var fewer = App.catalog
        let gone = fewer.screens.removeLast().id
        fewer.externalScreens.insert(gone)  // still linked to: served elsewhere now
        let (refused, _, error) = await run(["publish", "--to", "file://\(bucket.path)"], catalog: fewer)
        #expect(refused == .violations)
        #expect(error.contains("screen \"\(gone)\" was served and is gone"), "\(error)")
        #expect(error.contains("nothing was uploaded"))
        #expect(FileManager.default.fileExists(atPath: bucket.appendingPathComponent("screens/\(gone)").path))
    }

    @Test func startingFromAStandardVersionAboveOneRecordsTheOlderOnesAsNeverServed() async throws {
        let fresh = folder.appendingPathComponent("fresh")
        try FileManager.default.createDirectory(at: fresh, withIntermediateDirectories: true)
        let (code, _, _) = await run(["contract", "start", "--standard", "2"], in: fresh)
        #expect(code == .success)
        let sunset = try String(
            contentsOf: fresh.appendingPathComponent("Screens/Contract/sunset.json"), encoding: .utf8)
        #expect(sunset.contains(#""through": 1"#) && sunset.contains("never served"), "\(sunset)")
    }
}
