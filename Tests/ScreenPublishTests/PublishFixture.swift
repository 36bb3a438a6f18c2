import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenPublish
import ScreenTestSupport

/// The example app compiled against its history, and variations of it, ready to publish.
enum PublishFixture {
    static var historyFolder: URL { ExampleApp.historyFolder }
    static var historyHashes: [String] { ExampleApp.historyHashes }

    /// The compiled screens of `catalog` (default: the example app).
    static func screens(_ catalog: Catalog = App.catalog) -> [CompiledScreen] {
        let result = ExampleApp.compile(catalog)
        precondition(!result.hasErrors, "\(result.diagnostics)")
        return result.screens
    }

    /// The example app with one screen's title changed.
    static func changed(_ title: String = "Welcome back") -> Catalog {
        var catalog = App.catalog
        catalog.screens[0].title = title
        return catalog
    }

    /// Two publishers that read the same pointer, then publish different changes at the same time.
    ///
    /// Returns both plans and the kinds of the failures (the winner has none).
    static func race(_ a: any Bucket, _ b: any Bucket) async throws -> (
        plans: [PublishPlan], failures: [PublishError.Kind]
    ) {
        let history = historyHashes
        let publishers = [Publisher(bucket: a), Publisher(bucket: b)]
        var plans: [PublishPlan] = []
        for (publisher, title) in zip(publishers, ["A", "B"]) {
            plans.append(try await publisher.plan(screens: screens(changed(title)), contract: 4, history: history))
        }
        let (first, second) = (plans[0], plans[1])
        async let resultA = Result { () async throws(PublishError) in try await publishers[0].publish(first) }
        async let resultB = Result { () async throws(PublishError) in try await publishers[1].publish(second) }
        let failures = await [resultA, resultB].compactMap { outcome -> PublishError.Kind? in
            if case .failure(let error) = outcome { error.kind } else { nil }
        }
        return (plans, failures)
    }

    /// `buckets.count` publishers of the same build that read the same pointer, then publish at
    /// the same time: their summaries, or the kinds of their failures.
    static func sameBuildRace(_ buckets: [any Bucket]) async throws -> [Result<PublishSummary, PublishError>] {
        let history = historyHashes
        var plans: [(Publisher, PublishPlan)] = []
        for bucket in buckets {
            let publisher = Publisher(bucket: bucket)
            plans.append(
                (publisher, try await publisher.plan(screens: screens(changed("Same")), contract: 4, history: history)))
        }
        return await withTaskGroup(of: (Int, Result<PublishSummary, PublishError>).self) { group in
            for (index, (publisher, plan)) in plans.enumerated() {
                group.addTask {
                    (index, await Result { () async throws(PublishError) in try await publisher.publish(plan) })
                }
            }
            var results: [(Int, Result<PublishSummary, PublishError>)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-publish-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension PublishFixture {
    /// `files` without the bucket's release entries (`releases/…`), which every publish that moves
    /// the pointer writes beside the image: what `build` writes into `dist/`.
    static func image<Value>(_ files: [String: Value]) -> [String: Value] {
        files.filter { !$0.key.hasPrefix(BucketLayout.releases) }
    }

    /// Every file's key below `folder` (a directory bucket), hidden files left out.
    static func keys(in folder: URL) -> [String] {
        let paths = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        return paths.filter { path in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            return !isFolder.boolValue && !path.split(separator: "/").contains { $0.hasPrefix(".") }
        }
    }

    /// The release entries among `keys`.
    static func releaseEntries(_ keys: some Sequence<String>) -> [String] {
        keys.filter { BucketLayout.releaseEntryHash($0) != nil }.sorted()
    }
}

/// A bucket that counts writes, to prove what a run did and did not upload.
final class CountingBucket: Bucket, @unchecked Sendable {
    let inner: any Bucket
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var keys: [String] = []

    init(_ inner: any Bucket) { self.inner = inner }

    var description: String { inner.description }

    /// How many calls of each kind (`read` — listings too —, `create`, `write`, `swap`) were made.
    func count(_ kind: String) -> Int { lock.withLock { counts[kind, default: 0] } }
    /// The keys written (create, write, swap), in order.
    var written: [String] { lock.withLock { keys } }

    private func note(_ kind: String, _ key: String) {
        lock.withLock {
            counts[kind, default: 0] += 1
            if kind != "read" { keys.append(key) }
        }
    }

    func read(_ key: String, maximumBytes: Int) async throws(BucketError) -> StoredObject? {
        note("read", key)
        return try await inner.read(key, maximumBytes: maximumBytes)
    }

    func create(_ key: String, bytes: [UInt8], metadata: ObjectMetadata) async throws(BucketError) -> CreateOutcome {
        note("create", key)
        return try await inner.create(key, bytes: bytes, metadata: metadata)
    }

    func write(_ key: String, bytes: [UInt8], metadata: ObjectMetadata) async throws(BucketError) {
        note("write", key)
        try await inner.write(key, bytes: bytes, metadata: metadata)
    }

    func swap(_ key: String, bytes: [UInt8], metadata: ObjectMetadata, expecting expected: String?)
        async throws(BucketError) -> SwapOutcome
    {
        note("swap", key)
        return try await inner.swap(key, bytes: bytes, metadata: metadata, expecting: expected)
    }

    func list(_ prefix: String, maximumKeys: Int) async throws(BucketError) -> [ListedObject] {
        note("read", prefix)
        return try await inner.list(prefix, maximumKeys: maximumKeys)
    }
}

extension Result where Failure == PublishError {
    /// The outcome of an async throwing body.
    init(catching body: () async throws(PublishError) -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
