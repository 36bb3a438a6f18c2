import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenCrypto
import ScreenEdge
import ScreenKit
import ScreenPublish
import Testing

/// The edge router published beside the manifest: its files content-addressed under `edge/`, named
/// by the pointer, swapped with it; a re-run writes nothing, and a bucket published without a
/// router keeps today's pointer bytes.
@Suite struct EdgePublishTests {
    let folder = PublishFixture.temporaryFolder()
    static let cookie = EdgeRouter.Options(unit: .cookie("uid"))

    func publish(_ catalog: Catalog = App.catalog, edge: EdgeRouter.Options?, to bucket: any Bucket) async throws
        -> (PublishPlan, PublishSummary)
    {
        let publisher = Publisher(bucket: bucket)
        let plan = try await publisher.plan(
            screens: PublishFixture.screens(catalog), contract: 4, history: PublishFixture.historyHashes, edge: edge)
        return (plan, try await publisher.publish(plan))
    }

    func read(_ key: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(key))).map { [UInt8]($0) }
    }

    /// The router `ScreenEdge` writes with `options` for the example app's first build, or for `layout`.
    static func router(_ options: EdgeRouter.Options, of built: BucketLayout? = nil) throws -> EdgeRouter {
        let layout =
            built
            ?? BucketLayout(
                screens: PublishFixture.screens(), contract: 4, history: PublishFixture.historyHashes)
        var objects: [String: [UInt8]] = [:]
        for hash in BucketLayout.objects(of: layout.manifest) {
            objects[hash] = layout.files[BucketLayout.object(hash)]
        }
        return try EdgeRouter(
            manifest: layout.manifest, manifestHash: layout.manifestHash, objects: objects, options: options)
    }

    @Test func theRouterIsUploadedContentAddressedAndNamedByThePointer() async throws {
        let bucket = CountingBucket(DirectoryBucket(path: folder.path))
        let (plan, summary) = try await publish(edge: Self.cookie, to: bucket)
        let router = try Self.router(Self.cookie)
        let pointer = try #require(Pointer.decode(read(BucketLayout.pointer) ?? []))
        #expect(pointer.manifest == summary.manifest)
        #expect(pointer.edge.keys.sorted() == router.files.map(\.name).sorted())
        for file in router.files {
            let hash = SHA256.hexDigest(file.bytes)
            #expect(pointer.edge[file.name] == hash)
            #expect(read("edge/\(hash)/\(file.name)") == file.bytes, "\(file.name)")
        }
        // The canonical pointer: the router's files by name, sorted, after the manifest.
        let names = pointer.edge.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\"\($0.value)\"" }
        #expect(
            read(BucketLayout.pointer)
                == Array(
                    #"{"format":1,"manifest":"\#(summary.manifest)","edge":{\#(names.joined(separator: ","))}}"#.utf8))
        // Uploaded before the pointer moved, create-only like every object.
        let written = bucket.written
        let swapAt = try #require(written.firstIndex(of: BucketLayout.pointer))
        #expect(written.prefix(swapAt).filter { $0.hasPrefix("edge/") }.count == 5)
        #expect(summary.uploaded == plan.layout.immutablePaths.count)
        #expect(try await BucketInvariant.check(DirectoryBucket(path: folder.path)).problems == [])

        // Again, the same options: nothing written, only the pointer and manifest read.
        let again = CountingBucket(DirectoryBucket(path: folder.path))
        let (replan, rerun) = try await publish(edge: Self.cookie, to: again)
        #expect(replan.isUpToDate && !rerun.pointerMoved && rerun.uploaded == 0)
        #expect(again.written == [], "a re-run with nothing changed writes nothing")
        #expect(again.count("read") == 2)
    }

    @Test func otherOptionsUploadOnlyTheRoutersThatChangeAndMoveThePointer() async throws {
        _ = try await publish(edge: Self.cookie, to: DirectoryBucket(path: folder.path))
        let bucket = CountingBucket(DirectoryBucket(path: folder.path))
        let header = EdgeRouter.Options(unit: .header("X-User-ID"))
        let (plan, summary) = try await publish(edge: header, to: bucket)
        // The same manifest, table and nginx maps; three routers hold other options.
        #expect(plan.previousManifest == plan.layout.manifestHash && plan.movesPointer)
        #expect(
            Set(plan.uploads.map { String($0.split(separator: "/").last!) }) == [
                EdgeRouter.fetchFile, EdgeRouter.njsFile, EdgeRouter.lambdaEdgeFile,
            ])
        #expect(summary.uploaded == 3 && summary.pointerMoved)
        #expect(
            bucket.written.filter { !$0.hasPrefix("edge/") }.map { $0.hasPrefix(BucketLayout.releases) ? "entry" : $0 }
                == ["entry", BucketLayout.pointer], "the release's entry, then the pointer")
        let pointer = try #require(Pointer.decode(read(BucketLayout.pointer) ?? []))
        for file in try Self.router(header).files {
            #expect(pointer.edge[file.name] == SHA256.hexDigest(file.bytes))
        }

        // A changed screen: new objects, a new manifest, table and maps, so five router files.
        let changed = CountingBucket(DirectoryBucket(path: folder.path))
        let (nextPlan, next) = try await publish(PublishFixture.changed(), edge: header, to: changed)
        #expect(changed.written.filter { $0.hasPrefix("edge/") }.count == 5)
        let moved = try #require(Pointer.decode(read(BucketLayout.pointer) ?? []))
        #expect(moved.manifest == next.manifest)
        for file in try Self.router(header, of: nextPlan.layout).files {
            #expect(moved.edge[file.name] == SHA256.hexDigest(file.bytes), "\(file.name)")
        }
        #expect(try await BucketInvariant.check(DirectoryBucket(path: folder.path)).problems == [])
    }

    @Test func withoutARouterThePointerIsTodaysAndAnEarlierRouterStaysInTheBucket() async throws {
        let (plain, _) = try await publish(edge: nil, to: DirectoryBucket(path: folder.path))
        #expect(
            read(BucketLayout.pointer) == Array(#"{"format":1,"manifest":"\#(plain.layout.manifestHash)"}"#.utf8),
            "byte-identical to a pointer before edge routers")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("edge").path))
        let (withRouter, _) = try await publish(edge: Self.cookie, to: DirectoryBucket(path: folder.path))
        // Dropping the router moves the pointer back; its files, immutable, stay.
        let bucket = CountingBucket(DirectoryBucket(path: folder.path))
        let (dropped, summary) = try await publish(edge: nil, to: bucket)
        #expect(dropped.movesPointer && summary.pointerMoved && summary.uploaded == 0)
        #expect(
            bucket.written.map { $0.hasPrefix(BucketLayout.releases) ? "entry" : $0 } == [
                "entry", BucketLayout.pointer,
            ])
        #expect(read(BucketLayout.pointer) == plain.layout.files[BucketLayout.pointer])
        for key in BucketLayout.edgeFiles(of: withRouter.layout.pointer) {
            #expect(read(key) == withRouter.layout.files[key], "\(key) stays")
        }
    }

    @Test func aPointerNamingSomethingThatCannotBeAKeyIsRefused() {
        let hash = String(repeating: "a", count: 64)
        let good = #"{"format":1,"manifest":"\#(hash)","edge":{"screenkit-edge.mjs":"\#(hash)"}}"#
        #expect(Pointer.decode(Array(good.utf8)) == Pointer(manifest: hash, edge: ["screenkit-edge.mjs": hash]))
        for bad in [
            #"{"format":1,"manifest":"\#(hash)","edge":{"../pointer.json":"\#(hash)"}}"#,
            #"{"format":1,"manifest":"\#(hash)","edge":{"a/b.js":"\#(hash)"}}"#,
            #"{"format":1,"manifest":"\#(hash)","edge":{"Router.js":"\#(hash)"}}"#,
            #"{"format":1,"manifest":"\#(hash)","edge":{"screenkit-edge.mjs":"abc"}}"#,
            #"{"format":1,"manifest":"\#(hash)","edge":{"screenkit-edge.mjs":7}}"#,
            #"{"format":1,"manifest":"\#(hash)","edge":["screenkit-edge.mjs"]}"#,
        ] {
            #expect(Pointer.decode(Array(bad.utf8)) == nil, "\(bad)")
        }
        let many = (0..<17).map { "\"f\($0).js\":\"\(hash)\"" }.joined(separator: ",")
        #expect(Pointer.decode(Array(#"{"format":1,"manifest":"\#(hash)","edge":{\#(many)}}"#.utf8)) == nil)
    }
}
