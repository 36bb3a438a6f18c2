import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenKit
import ScreenKitCLI
import Testing

/// `screenkit publish --canary` and `screenkit rollout` through the CLI, to a directory bucket: the
/// messages a user reads, the exit codes, and a usage error for every bad value.
@Suite struct RolloutCommandTests {
    let folder: URL
    let bucket: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-rollout-cli-\(UUID().uuidString)")
        bucket = folder.appendingPathComponent("bucket")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Screens"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ContractCommandTests.repositoryContract, to: folder.appendingPathComponent("Screens/Contract"))
    }

    func run(_ arguments: [String], catalog: Catalog = App.catalog) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    var target: String { "file://\(bucket.path)" }

    static let changed: Catalog = {
        var catalog = App.catalog
        catalog.screens[0].title = "Welcome back"
        return catalog
    }()

    @Test func aCanaryIsPublishedJudgedByItsStatusAndPromoted() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (first, _, firstErrors) = await run(["publish", "--to", target, "--unit-cookie", "uid"])
        #expect(first == .success, "\(firstErrors)")
        let (code, out, errors) = await run(
            ["publish", "--to", target, "--unit-cookie", "uid", "--canary", "5"], catalog: Self.changed)
        #expect(code == .success, "\(errors)")
        #expect(out.contains("as a canary for 5 % of units beside release "), "\(out)")
        #expect(out.contains("no alias changed"))
        let (statusCode, status, _) = await run(["rollout", "status", "--bucket", target])
        #expect(statusCode == .success)
        #expect(status.contains("as a canary for 5 % of units"), "\(status)")
        #expect(status.contains("edge router table.json: edge/"))
        // A plain publish is refused while the canary is tried.
        let (refused, _, why) = await run(["publish", "--to", target, "--unit-cookie", "uid"], catalog: Self.changed)
        #expect(refused == .violations && why.contains("promote or roll it back first"), "\(why)")
        let (promoted, promotion, _) = await run(["rollout", "promote", "--bucket", target])
        #expect(promoted == .success)
        #expect(promotion.hasPrefix("promoted: the bucket serves release "), "\(promotion)")
        let (again, repeated, _) = await run(["rollout", "promote", "--bucket", target])
        #expect(again == .success && repeated.hasPrefix("already promoted"), "\(repeated)")
        let (_, history, _) = await run(["rollout", "history", "--bucket", target])
        let moves = history.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] }
        #expect(moves == ["promote", "canary"], "\(history)")
        let (nothing, _, nothingWhy) = await run(["rollout", "rollback", "--bucket", target])
        #expect(nothing == .violations && nothingWhy.contains("no canary is being tried"), "\(nothingWhy)")
        // The config's "bucket" is the default, as for publish.
        try Data(#"{"format": 1, "bucket": "\#(target)"}"#.utf8).write(
            to: folder.appendingPathComponent("screenkit.json"))
        let (configured, configuredStatus, configuredErrors) = await run(["rollout", "status"])
        #expect(
            configured == .success && configuredStatus.contains("serves release"),
            "\(configuredStatus) \(configuredErrors)")
    }

    @Test func badValuesAreUsageErrors() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        for share in ["0", "100", "5.123", "five", "-1"] {
            let (code, _, errors) = await run(["publish", "--to", target, "--canary", share])
            #expect(code == .usage && errors.contains("--canary takes a percentage of units"), "\(share): \(errors)")
        }
        let (missing, _, why) = await run(["rollout", "status"])
        #expect(missing == .usage && why.contains("rollout needs --bucket URL"), "\(why)")
        let (bare, _, bareWhy) = await run(["rollout"])
        #expect(bare == .usage && bareWhy.contains("rollout needs a subcommand: status, promote, rollback, history"))
        let (limit, _, limitWhy) = await run(["rollout", "history", "--bucket", target, "--limit", "0"])
        #expect(limit == .usage && limitWhy.contains("--limit takes a number from 1 to 1000"))
        let (release, _, releaseWhy) = await run(["rollout", "rollback", "--bucket", target, "--to", "v2"])
        #expect(release == .usage && releaseWhy.contains("--to takes a release"), "\(releaseWhy)")
        let (empty, out, _) = await run(["rollout", "status", "--bucket", target])
        #expect(empty == .success && out == "the bucket serves no release yet\n")
    }
}
