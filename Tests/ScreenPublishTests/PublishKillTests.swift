import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenPublish
import ScreenTestSupport
import Testing

/// `screenkit publish` into a directory bucket, killed with SIGKILL at points spread over a whole
/// publish (once the bucket has grown by 0, 1/20, 2/20, … of the files a publish writes, watched as
/// it runs): into an empty bucket and over an earlier publish. After every kill the bucket invariant
/// holds (the pointer names an intact manifest whose objects all exist and hash to their names, or
/// there is no pointer yet), and a re-run completes and publishes the build.
@Suite(.integration("kill -9 loops of the built screenkit")) struct PublishKillTests {
    let screenkit = BuiltProducts.executable("screenkit")

    /// Starts `screenkit publish --to file://<bucket>` in the repository (the example app).
    func startPublish(to bucket: URL) throws -> Process {
        let process = Process()
        process.executableURL = screenkit
        process.arguments = ["publish", "--to", "file://\(bucket.path)"]
        process.currentDirectoryURL = ExampleApp.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The visible files of the bucket (a killed run may leave hidden staging files, never named).
    func fileCount(_ bucket: URL) -> Int {
        let paths = (FileManager.default.enumerator(atPath: bucket.path)?.allObjects as? [String]) ?? []
        return paths.filter { path in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(
                atPath: bucket.appendingPathComponent(path).path, isDirectory: &isDirectory)
            return !isDirectory.boolValue && !path.split(separator: "/").contains { $0.hasPrefix(".") }
        }.count
    }

    @Test func aPublishKilledAtAnyMomentLeavesAConsistentBucketAndARerunCompletes() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: screenkit.path),
            "swift build puts screenkit next to the tests: \(screenkit.path)")
        let root = PublishFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        // One whole publish: how many files it writes, so the kills spread over them.
        let referenceBucket = root.appendingPathComponent("reference")
        let started = Date()
        let whole = try startPublish(to: referenceBucket)
        whole.waitUntilExit()
        let duration = Date().timeIntervalSince(started)
        #expect(whole.terminationStatus == 0)
        let complete = fileCount(referenceBucket)
        let referenceState = try await BucketInvariant.check(DirectoryBucket(path: referenceBucket.path))
        var partial = 0
        let kills = 40
        for index in 0..<kills {
            let bucket = root.appendingPathComponent("bucket-\(index)")
            let overEarlier = index % 2 == 1
            var earlier: String?
            if overEarlier {
                // An earlier publish of a changed build: the killed run would move the pointer.
                let publisher = Publisher(bucket: DirectoryBucket(path: bucket.path))
                let plan = try await publisher.plan(
                    screens: PublishFixture.screens(PublishFixture.changed("Earlier")), contract: 4,
                    history: PublishFixture.historyHashes)
                _ = try await publisher.publish(plan)
                earlier = try await BucketInvariant.check(DirectoryBucket(path: bucket.path)).manifest
            }
            let before = fileCount(bucket)
            let target = before + complete * (index / 2) / (kills / 2)
            let process = try startPublish(to: bucket)
            // Kill once the bucket holds `target` files (at once for the first pair), or when the
            // run ends first; the watch gives up after 30 s so a stuck run fails, not hangs.
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && fileCount(bucket) < target && Date() < deadline {
                try await Task.sleep(for: .milliseconds(1))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = fileCount(bucket)
            if !overEarlier && after > 0 && after < complete { partial += 1 }
            let killed = try await BucketInvariant.check(DirectoryBucket(path: bucket.path))
            #expect(killed.problems == [], "kill \(index): \(killed.problems)")
            #expect(
                killed.manifest == nil || killed.manifest == earlier || killed.objects == referenceState.objects,
                "kill \(index): the pointer names neither build")
            if overEarlier { #expect(killed.manifest != nil, "kill \(index): a kill never removes the pointer") }
            let rerun = try startPublish(to: bucket)
            rerun.waitUntilExit()
            #expect(rerun.terminationStatus == 0, "kill \(index): the re-run failed")
            let finished = try await BucketInvariant.check(DirectoryBucket(path: bucket.path))
            #expect(
                finished.problems == [] && finished.manifest != earlier && finished.objects == referenceState.objects,
                "kill \(index): \(finished)")
        }
        // Kills spread over the whole run: many must have landed while it was writing into the empty bucket.
        #expect(partial >= 5, "only \(partial) kills landed mid-publish (whole publish took \(duration) s)")
        print(
            "publish kills: \(kills) runs killed, \(partial) mid-write; a whole publish took \(String(format: "%.3f", duration)) s"
        )
    }
}
