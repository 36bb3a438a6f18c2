import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenPublish

/// `screenkit-bench publish`: what publishing costs, first time, unchanged, and after one change.
enum PublishBenchmark {
    static func run(target: String, endpoint: String, screens: Int, region: String) async throws {
        guard case .s3(let name, let prefix) = try BucketLocation.parse(target) else {
            throw BenchError("publish benchmarks need an s3:// target")
        }
        guard let credentials = AWSCredentials.fromEnvironment(ProcessInfo.processInfo.environment) else {
            throw BenchError("set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY")
        }
        let s3 = try S3Bucket(
            bucket: name, prefix: prefix, endpoint: URL(string: endpoint), region: region, credentials: credentials)
        let bench = try BenchCatalog.make(
            nodes: screens * 20, screens: screens, historyFolder: URL(fileURLWithPath: "Screens/Contract/history"))
        let history = ContractHistoryHashes.load()
        var catalog = bench.catalog
        print("run\tscreens\tobjects_uploaded\tputs\tgets\tseconds")
        for run in ["first", "unchanged", "one screen changed"] {
            if run == "one screen changed" {
                catalog.screens[screens / 2].title = "Changed \(Date().timeIntervalSince1970)"
            }
            let result = Compiler(catalog: catalog).compile(CompileOptions(history: bench.history))
            guard !result.hasErrors else { throw BenchError("\(result.diagnostics.prefix(3))") }
            let bucket = CountingS3(s3)
            let start = ContinuousClock.now
            let publisher = Publisher(bucket: bucket, concurrency: 16)
            let plan = try await publisher.plan(screens: result.screens, contract: result.contract, history: history)
            let summary = try await publisher.publish(plan)
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print(
                "\(run)\t\(screens)\t\(summary.uploaded)\t\(bucket.puts)\t\(bucket.gets)\t\(String(format: "%.2f", seconds))"
            )
        }
    }
}

/// The SHA-256 of the example history files, plus a stand-in for the benchmark's version 3.
enum ContractHistoryHashes {
    static func load() -> [String] {
        let history = ContractHistory.load(from: URL(fileURLWithPath: "Screens/Contract/history"))
        return history.versions.map(\.sha256) + [String(repeating: "3", count: 64)]
    }
}

/// Counts the requests a bucket receives: every create, write and swap is one PUT, every read and
/// listing one GET.
final class CountingS3: Bucket, @unchecked Sendable {
    let inner: any Bucket
    private let lock = NSLock()
    private var counts = (puts: 0, gets: 0)

    init(_ inner: any Bucket) { self.inner = inner }

    var description: String { inner.description }
    var puts: Int { lock.withLock { counts.puts } }
    var gets: Int { lock.withLock { counts.gets } }

    private func count(put: Bool) { lock.withLock { if put { counts.puts += 1 } else { counts.gets += 1 } } }

    func read(_ key: String, maximumBytes: Int) async throws(BucketError) -> StoredObject? {
        count(put: false)
        return try await inner.read(key, maximumBytes: maximumBytes)
    }

    func create(_ key: String, bytes: [UInt8], metadata: ObjectMetadata) async throws(BucketError) -> CreateOutcome {
        count(put: true)
        return try await inner.create(key, bytes: bytes, metadata: metadata)
    }

    func write(_ key: String, bytes: [UInt8], metadata: ObjectMetadata) async throws(BucketError) {
        count(put: true)
        try await inner.write(key, bytes: bytes, metadata: metadata)
    }

    func swap(_ key: String, bytes: [UInt8], metadata: ObjectMetadata, expecting expected: String?)
        async throws(BucketError) -> SwapOutcome
    {
        count(put: true)
        return try await inner.swap(key, bytes: bytes, metadata: metadata, expecting: expected)
    }

    func list(_ prefix: String, maximumKeys: Int) async throws(BucketError) -> [ListedObject] {
        count(put: false)
        return try await inner.list(prefix, maximumKeys: maximumKeys)
    }
}
