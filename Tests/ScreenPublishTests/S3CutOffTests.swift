import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenKit
import ScreenPublish
import Testing

extension S3IntegrationTests {
    /// Two of the example's screens (the others declared external): few requests, so every
    /// index can be cut in a few seconds.
    static var small: Catalog {
        var catalog = App.catalog
        catalog.screens = catalog.screens.filter { ["whats-new", "forgot-password"].contains($0.id) }
        catalog.externalScreens.formUnion(["home", "sign-in"])
        return catalog
    }

    /// A publish cut off by the proxy at each request index in turn — the request forwarded but
    /// its answer never sent, and every later request dropped — leaves the bucket invariant true,
    /// over an empty prefix and over an earlier publish; a re-run completes.
    @Test(.integration("the S3 test server"))
    func aPublishCutOffAtEachRequestLeavesAConsistentBucketAndARerunCompletes() async throws {
        var cuts: [Bool: Int] = [:]
        for overEarlier in [false, true] {
            var index = 0
            while true {
                let prefix = "\(self.prefix)-cut-\(overEarlier ? "e" : "n")-\(index)"
                try await server.control("POST", "/__fault__/reset")
                // One attempt, and a short timeout: a request whose connection is dropped fails at once.
                let quick = S3Bucket.RetryPolicy(attempts: 1, baseDelay: 0.01, timeout: 2)
                var earlier: String?
                if overEarlier {
                    var earlierCatalog = Self.small
                    earlierCatalog.screens[0].title = "Earlier"
                    _ = try await publish(earlierCatalog, to: try server.bucket(prefix: prefix))
                    earlier = try await BucketInvariant.check(try server.bucket(prefix: prefix)).manifest
                }
                let publisher = Publisher(bucket: try server.bucket(prefix: prefix, retry: quick))
                let plan = try await publisher.plan(
                    screens: PublishFixture.screens(Self.small), contract: 4, history: PublishFixture.historyHashes)
                try await server.control("POST", "/__stats__/reset")
                try await server.control("POST", "/__fault__", ["drop": "after", "after": index, "count": 1])
                try await server.control("POST", "/__fault__", ["drop": "before", "count": 100_000])
                let cut: Bool
                do {
                    _ = try await publisher.publish(plan)
                    cut = false
                } catch {
                    cut = true
                }
                let requests = try await server.control("GET", "/__stats__")["requests"] as? Int
                try await server.control("POST", "/__fault__/reset")
                let after = try await BucketInvariant.check(try server.bucket(prefix: prefix))
                #expect(after.problems == [], "cut at request \(index): \(after.problems)")
                if overEarlier { #expect(after.manifest != nil, "cut at request \(index): the pointer vanished") }
                let rerun = Publisher(bucket: try server.bucket(prefix: prefix))
                let again = try await rerun.plan(
                    screens: PublishFixture.screens(Self.small), contract: 4, history: PublishFixture.historyHashes)
                _ = try await rerun.publish(again)
                let finished = try await BucketInvariant.check(try server.bucket(prefix: prefix))
                #expect(finished.problems == [] && finished.manifest != nil && finished.manifest != earlier)
                if !cut {
                    // The publish ran to its end without reaching request `index`: every request it
                    // makes was the cut once.
                    #expect(requests == index, "\(String(describing: requests)) requests")
                    cuts[overEarlier] = index
                    break
                }
                index += 1
                try #require(index < 400, "the publish never ran to its end")
            }
        }
        #expect((cuts[false] ?? 0) >= 5 && (cuts[true] ?? 0) >= 5, "\(cuts)")
        print(
            "S3 cut-offs: a publish cut at each of its \(cuts[false] ?? 0) requests into an empty prefix and each of "
                + "its \(cuts[true] ?? 0) over an earlier publish")
    }
}
