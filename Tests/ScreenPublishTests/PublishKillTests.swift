import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenPublish
import ScreenTestSupport
import Testing

/// `screenkit publish` into a directory bucket, killed with SIGKILL at moments spread over a whole
/// publish: into an empty bucket and over an earlier publish. After every kill the bucket invariant
/// holds (the pointer names an intact manifest whose objects all exist and hash to their names, or
/// there is no pointer yet), and a re-run completes and publishes the build.
@Suite struct PublishKillTests {
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
        // One whole publish, timed, so the kills spread over it on this machine.
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
                    screens: PublishFixture.screens(PublishFixture.changed("Earlier")), contract: 2,
                    history: PublishFixture.historyHashes)
                _ = try await publisher.publish(plan)
                earlier = try await BucketInvariant.check(DirectoryBucket(path: bucket.path)).manifest
            }
            let process = try startPublish(to: bucket)
            try await Task.sleep(for: .seconds(duration * 1.2 * Double(index / 2) / Double(kills / 2)))
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
        // Kills spread over the whole run: some must have landed while it was writing into the empty bucket.
        #expect(partial >= 1, "no kill landed mid-publish (whole publish took \(duration) s)")
        print(
            "publish kills: \(kills) runs killed, \(partial) mid-write; a whole publish took \(String(format: "%.3f", duration)) s"
        )
    }
}
