import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenEdge
import ScreenKit
import ScreenPublish
import Testing

/// A canary published beside the stable release, then promoted or rolled back: the pointer names
/// both releases and each one's own router, aliases stay the stable release's until a promote, a
/// plain publish is refused while a canary is tried, every move writes a history entry first, a
/// move already made is not made twice, and of two moves at once one wins and the other is refused
/// naming what the bucket serves.
@Suite struct RolloutTests {
    let folder = PublishFixture.temporaryFolder()
    static let options = EdgeRouter.Options(unit: .cookie("uid"))

    /// The example app without "What's new" (the first release) and with it (the second).
    static let first = App.catalog
    static let second: Catalog = {
        var catalog = App.catalog
        catalog.screens.append(WhatsNewScreen.screen)
        return catalog
    }()

    func plan(_ catalog: Catalog, canary: Int? = nil, edge: EdgeRouter.Options? = options) async throws -> PublishPlan {
        try await Publisher(bucket: DirectoryBucket(path: folder.path)).plan(
            screens: PublishFixture.screens(catalog), contract: 4, history: PublishFixture.historyHashes, edge: edge,
            canary: canary)
    }

    @discardableResult
    func publish(_ catalog: Catalog, canary: Int? = nil) async throws -> PublishPlan {
        let plan = try await plan(catalog, canary: canary)
        _ = try await Publisher(bucket: DirectoryBucket(path: folder.path)).publish(plan)
        return plan
    }

    func exists(_ key: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(key).path)
    }

    var rollout: Rollout { Rollout(bucket: DirectoryBucket(path: folder.path)) }

    @Test func aCanaryIsPublishedBesideTheStableReleaseThenPromoted() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let stable = try await publish(Self.first)
        #expect(try await rollout.history().isEmpty, "a bucket that never tried a canary keeps no history")
        let canary = try await publish(Self.second, canary: 2500)
        let state = try #require(try await rollout.state())
        let tried = try #require(state.pointer.canary)
        #expect(state.pointer.manifest == stable.layout.manifestHash)
        #expect(tried.manifest == canary.layout.manifestHash && tried.basisPoints == 2500)
        #expect(tried.stableEdge == stable.layout.pointer.edge, "the stable release's own router")
        #expect(state.pointer.edge != tried.edge && state.pointer.edge != tried.stableEdge)
        // The router serving both holds the canary's table beside the stable one.
        let table = try #require(state.pointer.edge[EdgeRouter.tableFile])
        let bytes = try Data(
            contentsOf: folder.appendingPathComponent(BucketLayout.edgeFile(table, name: "table.json")))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""canary":{"basisPoints":2500,"salt":""#))
        // Simple clients keep the stable release: no alias names "What's new".
        #expect(!exists("screens/whats-new") && canary.aliases.isEmpty)
        // A plain publish is refused while the canary is tried; nothing was written.
        await #expect {
            _ = try await plan(Self.second)
        } throws: { error in
            (error as? PublishError)?.kind == .refused && "\(error)".contains("promote or roll it back first")
        }
        let history = try await rollout.history()
        #expect(history.map(\.entry.move) == [.canary])
        #expect(try await BucketInvariant.check(DirectoryBucket(path: folder.path)).problems.isEmpty)

        let promoted = try await rollout.promote()
        guard case .moved(let pointer) = promoted else {
            Issue.record("\(promoted)")
            return
        }
        #expect(pointer.manifest == canary.layout.manifestHash && pointer.canary == nil)
        #expect(pointer.edge == tried.edge, "the canary's own router")
        #expect(exists("screens/whats-new"), "a promote rewrites the aliases")
        #expect(try await rollout.history().map(\.entry.move) == [.promote, .canary])
        // Again: already done, nothing written.
        #expect(try await rollout.promote() == .alreadyDone(pointer))
        #expect(try await rollout.history().count == 2)
        #expect(try await BucketInvariant.check(DirectoryBucket(path: folder.path)).problems.isEmpty)

        // Back to the first release, as the history names it, with its own router.
        let back = try await rollout.rollback(to: String(stable.layout.manifestHash.prefix(12)))
        guard case .moved(let restored) = back else {
            Issue.record("\(back)")
            return
        }
        #expect(restored.serving == stable.layout.pointer)
        #expect(try await rollout.history().map(\.entry.move) == [.rollback, .promote, .canary])
        #expect(try await rollout.rollback(to: String(stable.layout.manifestHash.prefix(12))) == .alreadyDone(restored))
        await #expect {
            _ = try await rollout.rollback(to: String(repeating: "0", count: 12))
        } throws: { error in
            (error as? PublishError)?.kind == .refused && "\(error)".contains("is not in the bucket's history")
        }
    }

    @Test func aCanaryRolledBackLeavesTheStableReleaseAsItWas() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let stable = try await publish(Self.first)
        try await publish(Self.second, canary: 500)
        let outcome = try await rollout.rollback()
        guard case .moved(let pointer) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(pointer.serving == stable.layout.pointer)
        #expect(!exists("screens/whats-new"))
        #expect(try await rollout.rollback() == .alreadyDone(pointer))
        // Nothing to promote now.
        await #expect {
            _ = try await rollout.promote()
        } throws: { error in
            (error as? PublishError)?.kind == .refused && "\(error)".contains("no canary is being tried")
        }
        // With history kept, the next plain publish writes its entry too.
        try await publish(Self.second)
        #expect(try await rollout.history().map(\.entry.move) == [.publish, .rollback, .canary])
    }

    @Test func aCanaryNeedsAStableReleaseWithARouter() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        await #expect {
            _ = try await plan(Self.second, canary: 500)
        } throws: { error in
            "\(error)".contains("publish once without --canary")
        }
        _ = try await Publisher(bucket: DirectoryBucket(path: folder.path)).publish(
            try await plan(Self.first, edge: nil))
        await #expect {
            _ = try await plan(Self.second, canary: 500)
        } throws: { error in
            "\(error)".contains("was published without an edge router")
        }
        await #expect {
            _ = try await plan(Self.second, canary: 500, edge: nil)
        } throws: { error in
            "\(error)".contains("a canary is served by the edge router")
        }
    }

    @Test func ofTwoMovesAtOnceOneWinsAndTheOtherSaysWhatTheBucketServes() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try await publish(Self.first)
        try await publish(Self.second, canary: 2500)
        let bucket = DirectoryBucket(path: folder.path)
        let outcomes = await withTaskGroup(of: Result<Rollout.Outcome, PublishError>.self) { group in
            for index in 0..<6 {
                group.addTask {
                    let rollout = Rollout(bucket: bucket)
                    do throws(PublishError) {
                        return .success(index % 2 == 0 ? try await rollout.promote() : try await rollout.rollback())
                    } catch {
                        return .failure(error)
                    }
                }
            }
            var all: [Result<Rollout.Outcome, PublishError>] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        let moved = outcomes.filter { if case .success(.moved) = $0 { true } else { false } }
        #expect(moved.count == 1, "\(outcomes)")
        for case .failure(let error) in outcomes {
            #expect(
                error.kind == .refused || (error.kind == .pointerConflict && "\(error)".contains("serves release")),
                "\(error)")
        }
        #expect(try await BucketInvariant.check(bucket).problems.isEmpty)
        #expect(try await rollout.history().count == 2)
    }
}
