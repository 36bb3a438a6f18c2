import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenEdge
import ScreenKit
import ScreenPublish
import ScreenTestSupport
import Testing

/// `screenkit rollout promote` and `rollback`, killed with SIGKILL at moments spread over a whole
/// move, 20 times: after every kill the pointer names a manifest and routers the bucket holds, and
/// is either where it was or where the move leads; the history chain reads back; a re-run ends where
/// the move leads (moved, or already done).
@Suite(.integration("kill -9 loops of the built screenkit")) struct RolloutKillTests {
    let screenkit = BuiltProducts.executable("screenkit")

    /// A bucket serving the example app without "What's new", with the app with it as a canary.
    static func canaryBucket(_ folder: URL) async throws -> Pointer {
        let bucket = DirectoryBucket(path: folder.path)
        let publisher = Publisher(bucket: bucket)
        let options = EdgeRouter.Options(unit: .cookie("uid"))
        for (catalog, canary) in [(RolloutTests.first, nil), (RolloutTests.second, 2500)] as [(Catalog, Int?)] {
            let plan = try await publisher.plan(
                screens: PublishFixture.screens(catalog), contract: 4, history: PublishFixture.historyHashes,
                edge: options, canary: canary)
            _ = try await publisher.publish(plan)
        }
        return try #require(try await Rollout(bucket: bucket).state()?.pointer)
    }

    func start(_ move: String, bucket: URL) throws -> Process {
        let process = Process()
        process.executableURL = screenkit
        process.arguments = ["rollout", move, "--bucket", "file://\(bucket.path)"]
        process.currentDirectoryURL = ExampleApp.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test func aMoveKilledAtAnyMomentLeavesThePointerWhereItWasOrWhereItLeads() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: screenkit.path),
            "swift build puts screenkit next to the tests: \(screenkit.path)")
        let root = PublishFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        // One whole move of each kind, timed, so the kills spread over it.
        var durations: [String: TimeInterval] = [:]
        for move in ["promote", "rollback"] {
            let bucket = root.appendingPathComponent("reference-\(move)")
            _ = try await Self.canaryBucket(bucket)
            let started = Date()
            let whole = try start(move, bucket: bucket)
            whole.waitUntilExit()
            durations[move] = Date().timeIntervalSince(started)
            #expect(whole.terminationStatus == 0, "\(move)")
        }
        var landed = 0
        for index in 0..<20 {
            let move = index % 2 == 0 ? "promote" : "rollback"
            let bucket = root.appendingPathComponent("bucket-\(index)")
            let before = try await Self.canaryBucket(bucket)
            let canary = try #require(before.canary)
            let target =
                move == "promote"
                ? Pointer(manifest: canary.manifest, edge: canary.edge)
                : Pointer(manifest: before.manifest, edge: canary.stableEdge)
            let process = try start(move, bucket: bucket)
            let delay = (durations[move] ?? 0.1) * Double(index / 2) / 10
            try await Task.sleep(for: .seconds(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let rollout = Rollout(bucket: DirectoryBucket(path: bucket.path))
            let killed = try #require(try await rollout.state()?.pointer)
            #expect(killed.serving == before.serving || killed.serving == target, "kill \(index): \(killed)")
            if killed.serving == target { landed += 1 }
            #expect(try await BucketInvariant.check(DirectoryBucket(path: bucket.path)).problems == [], "kill \(index)")
            #expect(try await rollout.history().count >= 1, "kill \(index): the history reads back")
            let rerun = try start(move, bucket: bucket)
            rerun.waitUntilExit()
            #expect(rerun.terminationStatus == 0, "kill \(index): the re-run of \(move) failed")
            let finished = try #require(try await rollout.state()?.pointer)
            #expect(finished.serving == target, "kill \(index): \(finished)")
            #expect(try await BucketInvariant.check(DirectoryBucket(path: bucket.path)).problems == [], "kill \(index)")
        }
        print(
            "rollout kills: 20 moves killed, \(landed) after the pointer moved; a whole promote took \(String(format: "%.3f", durations["promote"] ?? 0)) s, a rollback \(String(format: "%.3f", durations["rollback"] ?? 0)) s"
        )
    }
}

/// A publish of a new canary racing a rollback of the one being tried, 10 times from the same
/// state: the pointer always names manifests and routers the bucket holds, each side either
/// succeeds or is refused naming what the bucket serves, and nothing uploaded is lost.
@Suite struct RolloutRaceTests {
    static let third: Catalog = {
        var catalog = RolloutTests.second
        catalog.screens[0].title = "Third"
        return catalog
    }()

    @Test func aPublishRacingARollbackLeavesABucketThatServesOneOfThem() async throws {
        let root = PublishFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let screens = PublishFixture.screens(Self.third)
        for index in 0..<10 {
            let folder = root.appendingPathComponent("bucket-\(index)")
            let before = try await RolloutKillTests.canaryBucket(folder)
            let bucket = DirectoryBucket(path: folder.path)
            async let published: Result<PublishSummary, PublishError> = {
                do throws(PublishError) {
                    let publisher = Publisher(bucket: bucket)
                    let plan = try await publisher.plan(
                        screens: screens, contract: 4, history: PublishFixture.historyHashes,
                        edge: EdgeRouter.Options(unit: .cookie("uid")), canary: 1000)
                    return .success(try await publisher.publish(plan))
                } catch {
                    return .failure(error)
                }
            }()
            async let rolledBack: Result<Rollout.Outcome, PublishError> = {
                do throws(PublishError) {
                    return .success(try await Rollout(bucket: bucket).rollback())
                } catch {
                    return .failure(error)
                }
            }()
            let outcomes = await (published, rolledBack)
            for case .failure(let error) in [outcomes.0.map { _ in () }, outcomes.1.map { _ in () }] {
                #expect(
                    (error.kind == .pointerConflict && "\(error)".contains("serves release"))
                        || (error.kind == .refused && "\(error)".contains("no canary is being tried")),
                    "race \(index): \(error)")
            }
            let after = try #require(try await Rollout(bucket: bucket).state()?.pointer)
            #expect(try await BucketInvariant.check(bucket).problems == [], "race \(index)")
            // The stable release never changes here: both moves keep it.
            #expect(after.manifest == before.manifest, "race \(index)")
            if case .success = outcomes.0 {
                #expect(after.canary != nil || (try? outcomes.1.get()) != nil, "race \(index)")
            }
        }
    }
}
