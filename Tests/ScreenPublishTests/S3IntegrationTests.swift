import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenCrypto
import ScreenEdge
import ScreenKit
import ScreenKitCLI
import ScreenPublish
import Testing

/// The publish protocol against a real S3-protocol server (moto, SigV4 checked) on loopback.
///
/// Serialized: the proxy's counters and injected faults are shared by every test.
@Suite(.integration("the S3 test server"), .serialized) struct S3IntegrationTests {
    let server: S3TestServer
    let prefix = "it-\(UUID().uuidString.prefix(8).lowercased())"

    init() throws {
        server = try S3TestServer.shared.get()
    }

    func publish(_ catalog: Catalog = App.catalog, to bucket: any Bucket) async throws -> PublishSummary {
        let publisher = Publisher(bucket: bucket)
        let plan = try await publisher.plan(
            screens: PublishFixture.screens(catalog), contract: 4, history: PublishFixture.historyHashes)
        return try await publisher.publish(plan)
    }

    func layout(_ catalog: Catalog = App.catalog) -> BucketLayout {
        BucketLayout(
            screens: PublishFixture.screens(catalog), contract: 4, history: PublishFixture.historyHashes)
    }

    @Test func firstPublishIsReadBackByBoto3WithItsMetadata() async throws {
        try await server.control("POST", "/__fault__/reset")
        let summary = try await publish(to: server.bucket(prefix: prefix))
        let expected = layout()
        #expect(summary.uploaded == expected.immutablePaths.count)
        let stored = try server.readBack(prefix: prefix)
        #expect(Set(PublishFixture.image(stored).keys) == Set(expected.files.keys))
        let entries = PublishFixture.releaseEntries(stored.keys)
        #expect(entries.count == 1, "the release's entry beside the image")
        for key in entries {
            #expect(stored[key]?["contentType"] as? String == "application/json")
            #expect(stored[key]?["cacheControl"] as? String == "public, max-age=31536000, immutable")
        }
        for (key, bytes) in expected.files {
            let entry = try #require(stored[key])
            #expect(entry["sha256"] as? String == SHA256.hexDigest(bytes), "\(key)")
            #expect(entry["contentType"] as? String == "application/json")
            let immutable = expected.immutablePaths.contains(key)
            #expect(
                entry["cacheControl"] as? String
                    == (immutable ? "public, max-age=31536000, immutable" : "public, max-age=60"), "\(key)")
        }
    }

    /// The edge router beside the manifest: scripts as JavaScript, the table as JSON, all immutable;
    /// publishing it again sends no PUT.
    @Test func theEdgeRouterIsStoredWithItsMetadataAndARepublishSendsNoPut() async throws {
        let publisher = Publisher(bucket: try server.bucket(prefix: prefix))
        let options = EdgeRouter.Options(unit: .cookie("uid"))
        let plan = try await publisher.plan(
            screens: PublishFixture.screens(), contract: 4, history: PublishFixture.historyHashes, edge: options)
        _ = try await publisher.publish(plan)
        let stored = try server.readBack(prefix: prefix)
        #expect(Set(PublishFixture.image(stored).keys) == Set(plan.layout.files.keys))
        let edge = BucketLayout.edgeFiles(of: plan.layout.pointer)
        #expect(edge.count == 5)
        for key in edge {
            let entry = try #require(stored[key])
            #expect(entry["sha256"] as? String == SHA256.hexDigest(plan.layout.files[key] ?? []), "\(key)")
            let type =
                key.hasSuffix(".json")
                ? "application/json"
                : key.hasSuffix(".conf") ? "text/plain; charset=utf-8" : "text/javascript; charset=utf-8"
            #expect(entry["contentType"] as? String == type, "\(key)")
            #expect(entry["cacheControl"] as? String == "public, max-age=31536000, immutable", "\(key)")
        }
        try await server.control("POST", "/__stats__/reset")
        let replan = try await Publisher(bucket: try server.bucket(prefix: prefix)).plan(
            screens: PublishFixture.screens(), contract: 4, history: PublishFixture.historyHashes, edge: options)
        let again = try await Publisher(bucket: try server.bucket(prefix: prefix)).publish(replan)
        #expect(again.uploaded == 0 && !again.pointerMoved)
        #expect(try await server.requests("PUT") == 0)
        #expect(try await server.requests("GET") == 2, "the pointer and the manifest")
    }

    @Test func aNoOpRepublishSendsNoPutAndAChangeSendsOnlyWhatChanged() async throws {
        _ = try await publish(to: server.bucket(prefix: prefix))
        try await server.control("POST", "/__stats__/reset")
        let again = try await publish(to: server.bucket(prefix: prefix))
        #expect(again.uploaded == 0 && !again.pointerMoved)
        #expect(try await server.requests("PUT") == 0)
        #expect(try await server.requests("GET") == 2, "the pointer and the manifest")

        try await server.control("POST", "/__stats__/reset")
        let changed = try await publish(PublishFixture.changed(), to: server.bucket(prefix: prefix))
        #expect(changed.uploaded == 3, "two objects and the manifest")
        #expect(
            try await server.requests("PUT") == 3 + 1 + 1 + 5, "uploads, the release's entry, the pointer, five aliases"
        )
    }

    @Test func aWrongSecretIsAClearAuthenticationErrorAndWritesNothing() async throws {
        try await server.control("POST", "/__stats__/reset")
        await #expect {
            _ = try await publish(to: server.bucket(prefix: prefix, secret: "wrong-secret"))
        } throws: { error in
            guard let error = error as? PublishError, error.kind == .bucket(.authentication) else { return false }
            return error.description.contains("the credentials were refused")
        }
        #expect(try await server.requests("GET") == 1, "a 403 is not retried")
        #expect(try server.readBack(prefix: prefix).isEmpty)
    }

    @Test func twoConcurrentPublishersExactlyOnePointerWinsAndNoObjectIsLost() async throws {
        _ = try await publish(to: server.bucket(prefix: prefix))
        let (plans, failures) = try await PublishFixture.race(
            try server.bucket(prefix: prefix), try server.bucket(prefix: prefix))
        #expect(failures == [.pointerConflict], "exactly one publisher moves the pointer")
        let stored = try server.readBack(prefix: prefix)
        for plan in plans {
            for path in plan.layout.immutablePaths {
                #expect(
                    stored[path]?["sha256"] as? String == SHA256.hexDigest(plan.layout.files[path] ?? []), "\(path)")
            }
        }
        let pointer = try #require(try await server.bucket(prefix: prefix).read(BucketLayout.pointer))
        let names = try #require(Pointer.decode(pointer.bytes)).manifest
        #expect(plans.map(\.layout.manifestHash).contains(names))
    }

    @Test func fourPublishersOfTheSameBuildAllSucceedAndOneMovesThePointer() async throws {
        _ = try await publish(to: server.bucket(prefix: prefix))
        var buckets: [any Bucket] = []
        for _ in 0..<4 { buckets.append(try server.bucket(prefix: prefix)) }
        let results = try await PublishFixture.sameBuildRace(buckets)
        let summaries = results.compactMap { try? $0.get() }
        #expect(summaries.count == 4, "\(results)")
        #expect(summaries.filter(\.pointerMoved).count == 1)
        #expect(summaries.filter(\.publishedByAnother).count == 3)
        let pointer = try #require(try await server.bucket(prefix: prefix).read(BucketLayout.pointer))
        #expect(summaries.allSatisfy { $0.manifest == Pointer.decode(pointer.bytes)?.manifest })
    }

    @Test func anExistingObjectWithOtherBytesIsAHardErrorAndIsNotOverwritten() async throws {
        try await server.control("POST", "/__fault__/reset")
        let victim = try #require(layout().immutablePaths.sorted().first { $0.hasPrefix("objects/") })
        let bucket = try server.bucket(prefix: prefix)
        try await bucket.write(victim, bytes: Array("tampered".utf8), metadata: .immutable)
        await #expect {
            _ = try await publish(to: server.bucket(prefix: prefix))
        } throws: { error in
            (error as? PublishError)?.kind == .objectConflict
        }
        #expect(try await bucket.read(victim)?.bytes == Array("tampered".utf8))
        #expect(try await bucket.read(BucketLayout.pointer) == nil, "the pointer never moved")
    }

    @Test func twoFirstPublishesIntoAnEmptyPrefixOneWins() async throws {
        try await server.control("POST", "/__fault__/reset")
        let (_, failures) = try await PublishFixture.race(
            try server.bucket(prefix: prefix), try server.bucket(prefix: prefix))
        #expect(failures == [.pointerConflict], "If-None-Match lets exactly one publisher create the pointer")
    }

    @Test func aConflictStatusIsRetriedAndAnUnauthorizedOneIsAnAuthenticationError() async throws {
        try await server.control("POST", "/__fault__/reset")
        try await server.control("POST", "/__fault__", ["status": 409, "count": 1, "method": "PUT"])
        _ = try await publish(to: server.bucket(prefix: prefix))
        try await server.control("POST", "/__fault__/reset")
        try await server.control("POST", "/__fault__", ["status": 401, "count": 5, "method": "GET"])
        await #expect {
            _ = try await publish(PublishFixture.changed(), to: server.bucket(prefix: prefix))
        } throws: { error in
            (error as? PublishError)?.kind == .bucket(.authentication)
        }
        try await server.control("POST", "/__fault__/reset")
    }

    @Test func injectedServerErrorsAreRetriedWithFreshSignatures() async throws {
        try await server.control("POST", "/__fault__/reset")
        try await server.control("POST", "/__stats__/reset")
        try await server.control("POST", "/__fault__", ["status": 500, "count": 3, "method": "PUT"])
        try await server.control("POST", "/__fault__", ["status": 503, "count": 1, "method": "GET"])
        try await server.control("POST", "/__fault__", ["status": 429, "count": 1, "method": "PUT"])
        let summary = try await publish(to: server.bucket(prefix: prefix))
        #expect(summary.pointerMoved)
        let stats = try await server.control("GET", "/__stats__")
        #expect(stats["faultsInjected"] as? Int == 5)
        let stored = try server.readBack(prefix: prefix)
        #expect(PublishFixture.image(stored).count == layout().files.count)
        #expect(PublishFixture.releaseEntries(stored.keys).count == 1)
    }

    @Test func aTimeoutIsRetried() async throws {
        try await server.control("POST", "/__fault__/reset")
        try await server.control("POST", "/__fault__", ["delay": 3.0, "count": 1, "method": "GET"])
        let bucket = try server.bucket(
            prefix: prefix, retry: S3Bucket.RetryPolicy(attempts: 3, baseDelay: 0.05, timeout: 1))
        let started = Date()
        let summary = try await publish(to: bucket)
        #expect(summary.pointerMoved)
        #expect(Date().timeIntervalSince(started) >= 1, "the first attempt timed out")
    }

    @Test func persistentFailuresStopWithAClearMessageAndNoPointerMove() async throws {
        try await server.control("POST", "/__fault__/reset")
        try await server.control("POST", "/__fault__", ["status": 500, "count": 20, "method": "PUT"])
        let bucket = try server.bucket(prefix: prefix, retry: S3Bucket.RetryPolicy(attempts: 2, baseDelay: 0.01))
        await #expect {
            _ = try await publish(to: bucket)
        } throws: { error in
            guard let error = error as? PublishError, error.kind == .bucket(.unavailable) else { return false }
            return error.description.contains("failed 2 times (last: HTTP 500)")
        }
        try await server.control("POST", "/__fault__/reset")
        #expect(try server.readBack(prefix: prefix)["pointer.json"] == nil)
    }

    /// Many uploads fail at once while others are in flight: the first failure cancels the rest,
    /// which once deadlocked inside Foundation's `URLSession.data(for:)` (see `S3Bucket.send`). A
    /// round that does not finish fails the test rather than hanging the run.
    @Test func uploadsFailingTogetherStopThePublishWithoutHanging() async throws {
        var failure: (any Error)?
        do {
            for round in 0..<12 {
                try await server.control("POST", "/__fault__/reset")
                try await server.control(
                    "POST", "/__fault__", ["status": 500, "delay": 0.02, "count": 10_000, "method": "PUT"])
                let bucket = try server.bucket(
                    prefix: "\(prefix)-\(round)", retry: S3Bucket.RetryPolicy(attempts: 1, baseDelay: 0.01))
                let outcome = await Self.finishing(within: 30) { [self] in
                    do {
                        _ = try await publish(to: bucket)
                        return "published"
                    } catch {
                        return (error as? PublishError)?.kind == .bucket(.unavailable) ? "unavailable" : "\(error)"
                    }
                }
                guard let outcome else {
                    Issue.record("round \(round): the failing publish did not finish within 30 s")
                    break
                }
                #expect(outcome == "unavailable", "round \(round)")
                #expect(try server.readBack(prefix: "\(prefix)-\(round)")["pointer.json"] == nil)
            }
        } catch {
            failure = error
        }
        try await server.control("POST", "/__fault__/reset")
        if let failure { throw failure }
    }

    /// What `body` returns, or nil when it has not returned after `seconds`; then it is left running
    /// and the test fails.
    ///
    /// A deadlocked `body` can also hold threads the test run needs to finish, so the run would
    /// hang instead of failing: a plain thread watches, and if `body` still has not returned 10 s
    /// after the deadline, it ends the process with a message.
    static func finishing<T: Sendable>(
        within seconds: Double, _ body: @escaping @Sendable () async -> T
    ) async -> T? {
        let result = Locked<T?>(nil)
        let watchdog = Thread {
            Thread.sleep(forTimeInterval: seconds + 10)
            guard result.get() == nil else { return }
            FileHandle.standardError.write(
                Data("S3IntegrationTests: a publish deadlocked and would hang the run; stopping it\n".utf8))
            _exit(70)
        }
        watchdog.start()
        Task.detached { result.set(await body()) }
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let value = result.get() { return value }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return nil
    }

    @Test func aRedirectOrAnotherClientErrorFailsAtOnce() async throws {
        for status in [307, 400] {
            try await server.control("POST", "/__fault__/reset")
            try await server.control("POST", "/__stats__/reset")
            try await server.control("POST", "/__fault__", ["status": status, "count": 5, "method": "GET"])
            await #expect {
                _ = try await publish(to: server.bucket(prefix: prefix))
            } throws: { error in
                guard let error = error as? PublishError, error.kind == .bucket(.protocolError) else { return false }
                return error.description.contains(status == 307 ? "redirect (HTTP 307) refused" : "HTTP 400")
            }
            #expect(try await server.requests("GET") == 1, "not retried")
        }
        try await server.control("POST", "/__fault__/reset")
    }

    @Test func theCommandLinePublishesToS3() async throws {
        let folder = PublishFixture.temporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Screens"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: PublishFixture.historyFolder.deletingLastPathComponent(),
            to: folder.appendingPathComponent("Screens/Contract"))
        try await server.control("POST", "/__fault__/reset")
        let environment = ["AWS_ACCESS_KEY_ID": server.accessKeyId, "AWS_SECRET_ACCESS_KEY": server.secretAccessKey]
        let arguments = [
            "publish", "--to", "s3://\(server.bucket)/\(prefix)", "--endpoint", server.proxy, "--region", server.region,
        ]
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            arguments, catalog: App.catalog, terminal: terminal, workingDirectory: folder.path, environment: environment
        )
        #expect(code == .success, "\(terminal.standardError)")
        // 52: see PublishCommandTests (the home screen's experiment combinations included).
        #expect(terminal.standardOutput.contains("to s3://\(server.bucket)/\(prefix): uploaded 52 objects"))
        let again = Terminal.capturing()
        #expect(
            await CLI.run(
                arguments, catalog: App.catalog, terminal: again, workingDirectory: folder.path,
                environment: environment) == .success)
        #expect(again.standardOutput.contains("is up to date: nothing uploaded"))
        // `contract coverage` reads what the bucket serves through the same reader.
        try Data("app_version,contract,share\n4.2.0,2,0.61\n4.1.3,1,0.39\n".utf8).write(
            to: folder.appendingPathComponent("installs.csv"))
        let coverage = Terminal.capturing()
        #expect(
            await CLI.run(
                [
                    "contract", "coverage", "--installs", "installs.csv", "--published",
                    "s3://\(server.bucket)/\(prefix)",
                    "--endpoint", server.proxy, "--region", server.region,
                ], catalog: App.catalog, terminal: coverage, workingDirectory: folder.path, environment: environment)
                == .success, "\(coverage.standardError)")
        #expect(coverage.standardOutput.contains("(contract 4) of s3://\(server.bucket)/\(prefix), 2 client versions"))
        #expect(coverage.standardOutput.contains("  contract 1 (39.0%: 4.1.3): fallbacks for component:divider"))
        let wrong = Terminal.capturing()
        var badEnvironment = environment
        badEnvironment["AWS_SECRET_ACCESS_KEY"] = "nope"
        let failed = await CLI.run(
            arguments, catalog: App.catalog, terminal: wrong, workingDirectory: folder.path, environment: badEnvironment
        )
        #expect(failed == .failure)
        #expect(wrong.standardError.contains("the credentials were refused"))
    }
}

/// A value behind a lock, shared between a test and a task it may abandon.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
