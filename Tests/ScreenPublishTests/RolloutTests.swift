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
        #expect(try await rollout.history().map(\.entry.move) == [.publish], "every publish writes its entry")
        #expect(try await rollout.state()?.pointer.history == nil, "the pointer names it only from a first canary on")
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
        #expect(history.map(\.entry.move) == [.canary, .publish])
        #expect(try await BucketInvariant.check(DirectoryBucket(path: folder.path)).problems.isEmpty)

        let promoted = try await rollout.promote()
        guard case .moved(let pointer) = promoted else {
            Issue.record("\(promoted)")
            return
        }
        #expect(pointer.manifest == canary.layout.manifestHash && pointer.canary == nil)
        #expect(pointer.edge == tried.edge, "the canary's own router")
        #expect(exists("screens/whats-new"), "a promote rewrites the aliases")
        #expect(try await rollout.history().map(\.entry.move) == [.promote, .canary, .publish])
        // Again: already done; a promote stopped after its swap, before its aliases, is finished.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("screens/whats-new"))
        #expect(try await rollout.promote() == .alreadyDone(pointer))
        #expect(exists("screens/whats-new"), "the aliases the promote changes are written again")
        #expect(try await rollout.history().count == 3)
        #expect(try await BucketInvariant.check(DirectoryBucket(path: folder.path)).problems.isEmpty)

        // Back to the first release, as the history names it, with its own router.
        let back = try await rollout.rollback(to: String(stable.layout.manifestHash.prefix(12)))
        guard case .moved(let restored) = back else {
            Issue.record("\(back)")
            return
        }
        #expect(restored.serving == stable.layout.pointer)
        #expect(try await rollout.history().map(\.entry.move) == [.rollback, .promote, .canary, .publish])
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
        #expect(try await rollout.history().map(\.entry.move) == [.publish, .rollback, .canary, .publish])
    }

    /// Without ever trying a canary, every publish leaves an entry the pointer does not name, and
    /// `rollback --to` reaches any of them with its own router; the aliases follow.
    @Test func aBucketThatNeverTriedACanaryRollsBackToAnyReleaseItHolds() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let third: Catalog = {
            var catalog = Self.second
            catalog.screens[0].title = "Third"
            return catalog
        }()
        let plans = [
            try await publish(Self.first), try await publish(Self.second), try await publish(third),
        ]
        let state = try #require(try await rollout.state())
        #expect(state.stored.bytes == plans[2].layout.files[BucketLayout.pointer], "the image's pointer, byte for byte")
        let history = try await rollout.history()
        #expect(history.map(\.entry.move) == [.publish, .publish, .publish])
        #expect(history.map(\.entry.pointer) == plans.reversed().map(\.layout.pointer), "newest first")
        #expect(
            try await rollout.history(limit: 2).map(\.entry.pointer) == plans.suffix(2).reversed().map(\.layout.pointer)
        )
        let alias = "screens/\(Self.first.screens[0].id)"
        let before = try Data(contentsOf: folder.appendingPathComponent(alias))
        let outcome = try await rollout.rollback(to: Pointer.release(of: plans[0].layout.manifestHash))
        guard case .moved(let pointer) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(pointer.serving == plans[0].layout.pointer, "the first release with its own router")
        #expect(pointer.history != nil, "a bucket a rollout moved keeps the chain from then on")
        let after = try Data(contentsOf: folder.appendingPathComponent(alias))
        #expect(after != before && [UInt8](after) == plans[0].layout.files[alias], "the aliases follow")
        #expect(try await rollout.history().map(\.entry.move) == [.rollback, .publish, .publish, .publish])
        #expect(try await BucketInvariant.check(DirectoryBucket(path: folder.path)).problems.isEmpty)
        // And forward again to the newest.
        let forward = try await rollout.rollback(to: String(plans[2].layout.manifestHash.prefix(16)))
        guard case .moved(let newest) = forward else {
            Issue.record("\(forward)")
            return
        }
        #expect(newest.serving == plans[2].layout.pointer)
    }

    /// A release published before publishes wrote entries (simulated: the entries removed) is its
    /// manifest alone in a bucket without an edge router, so `--to` finds it by listing the
    /// manifests; with a router, which no entry names, it is refused saying what to do.
    @Test func aReleaseWithoutAnEntryIsItsManifestOnlyWithoutARouter() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let publisher = Publisher(bucket: DirectoryBucket(path: folder.path))
        var plans: [PublishPlan] = []
        for catalog in [Self.first, Self.second] {
            let plan = try await plan(catalog, edge: nil)
            _ = try await publisher.publish(plan)
            plans.append(plan)
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("releases"))
        #expect(try await rollout.history().isEmpty)
        let outcome = try await rollout.rollback(to: Pointer.release(of: plans[0].layout.manifestHash))
        guard case .moved(let pointer) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(pointer.serving == plans[0].layout.pointer)
        await #expect {
            _ = try await rollout.rollback(to: String(repeating: "0", count: 12))
        } throws: { error in
            "\(error)".contains("is not in the bucket's history")
        }
        // Two manifests a prefix could name: refused, asking for more digits; nothing moves.
        let prefix = String(repeating: "ab", count: 6)
        for tail in ["0", "1"] {
            let key = BucketLayout.manifest(prefix + String(repeating: tail, count: 52))
            try Data("{}".utf8).write(to: folder.appendingPathComponent(key))
        }
        let before = try #require(try await rollout.state()).stored.bytes
        await #expect {
            _ = try await rollout.rollback(to: prefix)
        } throws: { error in
            (error as? PublishError)?.kind == .refused && "\(error)".contains("names more than one manifest")
        }
        #expect(try await rollout.state()?.stored.bytes == before)
        // With an edge router the manifest alone is not the release.
        _ = try await publisher.publish(try await plan(Self.second))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("releases"))
        await #expect {
            _ = try await rollout.rollback(to: Pointer.release(of: plans[0].layout.manifestHash))
        } throws: { error in
            (error as? PublishError)?.kind == .refused && "\(error)".contains("publish that commit again")
        }
    }

    /// A history entry the bucket holds with other bytes than its name says is a corrupt bucket,
    /// never a release to roll back to.
    @Test func aTamperedEntryIsACorruptBucket() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try await publish(Self.first)
        let key = try #require(PublishFixture.releaseEntries(PublishFixture.keys(in: folder)).first)
        try Data(#"{"format":1}"#.utf8).write(to: folder.appendingPathComponent(key))
        await #expect {
            _ = try await rollout.history()
        } throws: { error in
            (error as? PublishError)?.kind == .corrupt && "\(error)".contains("is not the history entry it is named")
        }
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
        // The winner's move, the canary and the first publish: a loser's entry is not in the chain.
        #expect(try await rollout.history().count == 3)
    }
}
