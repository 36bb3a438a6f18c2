import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenCrypto
import ScreenKit
import ScreenPublish
import Testing

/// The publish protocol against the directory bucket.
@Suite struct DirectoryPublishTests {
    let folder = PublishFixture.temporaryFolder()

    func publish(_ catalog: Catalog = App.catalog, to bucket: any Bucket) async throws -> PublishSummary {
        let publisher = Publisher(bucket: bucket)
        let plan = try await publisher.plan(
            screens: PublishFixture.screens(catalog), contract: 4, history: PublishFixture.historyHashes)
        return try await publisher.publish(plan)
    }

    func files() -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for path in (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? [] {
            var isDirectory: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if !isDirectory.boolValue && !path.hasPrefix(".") { result[path] = [UInt8](try! Data(contentsOf: url)) }
        }
        return result
    }

    @Test func aFirstPublishWritesTheImageAndARerunWritesNothing() async throws {
        let bucket = CountingBucket(DirectoryBucket(path: folder.path))
        let first = try await publish(to: bucket)
        let layout = BucketLayout(
            screens: PublishFixture.screens(), contract: 4, history: PublishFixture.historyHashes)
        #expect(PublishFixture.image(files()) == layout.files, "the bucket holds exactly the build image")
        // Beside it, the release's entry: what the pointer names, made by a publish.
        let entries = PublishFixture.releaseEntries(files().keys)
        #expect(entries.count == 1)
        let entry = try #require(entries.first.flatMap { ReleaseEntry.decode(files()[$0] ?? []) })
        #expect(entry.move == .publish && entry.pointer == layout.pointer && entry.previous == nil)
        #expect(first.uploaded == layout.immutablePaths.count)
        #expect(first.pointerMoved)
        let again = CountingBucket(DirectoryBucket(path: folder.path))
        let second = try await publish(to: again)
        #expect(second.uploaded == 0 && second.aliases == 0 && !second.pointerMoved)
        #expect(again.written == [], "a re-run with nothing changed writes nothing")
        #expect(again.count("read") == 2, "it reads only the pointer and the manifest")
    }

    @Test func progressIsReportedPerBatchAndTheSummaryCountsTheBytesUploaded() async throws {
        let publisher = Publisher(bucket: DirectoryBucket(path: folder.path))
        let plan = try await publisher.plan(
            screens: PublishFixture.screens(), contract: 4, history: PublishFixture.historyHashes)
        let reports = Locked<[[Int]]>([])
        let summary = try await publisher.publish(plan) { done, total in reports.set(reports.get() + [[done, total]]) }
        let layout = BucketLayout(
            screens: PublishFixture.screens(), contract: 4, history: PublishFixture.historyHashes)
        let total = layout.immutablePaths.count
        #expect(summary.uploadedBytes == layout.immutablePaths.reduce(0) { $0 + (layout.files[$1]?.count ?? 0) })
        let seen = reports.get()
        #expect(seen.count >= 2, "after each batch, not only at the end: \(seen)")
        #expect(seen.last == [total, total])
        #expect(seen.map { $0[0] } == seen.map { $0[0] }.sorted(), "done only grows")
        #expect(seen.allSatisfy { $0[1] == total })
    }

    @Test func aChangeUploadsOnlyWhatChanged() async throws {
        _ = try await publish(to: DirectoryBucket(path: folder.path))
        let before = files()
        let bucket = CountingBucket(DirectoryBucket(path: folder.path))
        let summary = try await publish(PublishFixture.changed(), to: bucket)
        let created = bucket.written.filter { $0.hasPrefix("objects/") }
        // sign-in's full envelope (which version 4's variant shares) and the variant object versions
        // 1–3 share changed: two new objects.
        #expect(created.count == 2)
        #expect(summary.uploaded == 3, "two objects and the manifest")
        #expect(
            Set(bucket.written.filter { $0.hasPrefix("screens/") || $0.hasPrefix("contracts/") }) == [
                "screens/sign-in", "contracts/1/screens/sign-in", "contracts/2/screens/sign-in",
                "contracts/3/screens/sign-in", "contracts/4/screens/sign-in",
            ])
        for (path, bytes) in before where path.hasPrefix("objects/") {
            #expect(files()[path] == bytes, "old objects stay, unchanged")
        }
        let pointer = try #require(Pointer.decode(files()["pointer.json"] ?? []))
        let manifest = try Manifest.decode(files()["manifests/\(pointer.manifest).json"] ?? [])
        #expect(manifest.previous == nil, "the image names nothing of the bucket's history")
        let built = BucketLayout(
            screens: PublishFixture.screens(PublishFixture.changed()), contract: 4,
            history: PublishFixture.historyHashes)
        #expect(pointer.manifest == built.manifestHash, "the bucket's manifest is the one the checkout builds")
    }

    @Test func anExistingObjectWithOtherBytesIsAHardErrorAndIsNotOverwritten() async throws {
        let layout = BucketLayout(
            screens: PublishFixture.screens(), contract: 4, history: PublishFixture.historyHashes)
        let victim = try #require(layout.immutablePaths.sorted().first { $0.hasPrefix("objects/") })
        let url = folder.appendingPathComponent(victim)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("tampered".utf8).write(to: url)
        await #expect {
            _ = try await publish(to: DirectoryBucket(path: folder.path))
        } throws: { error in
            (error as? PublishError)?.kind == .objectConflict
                && (error as? PublishError)?.description.contains("refusing to overwrite") == true
        }
        #expect(try Data(contentsOf: url) == Data("tampered".utf8))
        #expect(files()["pointer.json"] == nil, "the pointer never moved")
    }

    @Test func aBucketBuiltFromAnotherHistoryIsRefused() async throws {
        let publisher = Publisher(bucket: DirectoryBucket(path: folder.path))
        let longer = PublishFixture.historyHashes + [String(repeating: "a", count: 64)]
        let plan = try await publisher.plan(screens: PublishFixture.screens(), contract: 2, history: longer)
        _ = try await publisher.publish(plan)
        for history in [
            PublishFixture.historyHashes,
            [String(repeating: "b", count: 64)] + PublishFixture.historyHashes.dropFirst(),
        ] {
            await #expect {
                _ = try await publisher.plan(screens: PublishFixture.screens(), contract: 2, history: history)
            } throws: { error in
                (error as? PublishError)?.kind == .historyMismatch
            }
        }
    }

    @Test func aLongerHistoryThatRewritesAnOlderVersionIsRefused() async throws {
        let publisher = Publisher(bucket: DirectoryBucket(path: folder.path))
        _ = try await publish(to: DirectoryBucket(path: folder.path))
        let rewritten =
            [String(repeating: "b", count: 64)] + PublishFixture.historyHashes.dropFirst()
            + [String(repeating: "c", count: 64)]
        await #expect {
            _ = try await publisher.plan(screens: PublishFixture.screens(), contract: 2, history: rewritten)
        } throws: { error in
            (error as? PublishError)?.kind == .historyMismatch
        }
    }

    @Test func aManifestWhoseBytesNoLongerMatchItsHashIsRefused() async throws {
        _ = try await publish(to: DirectoryBucket(path: folder.path))
        let pointer = try #require(Pointer.decode(files()["pointer.json"] ?? []))
        let path = BucketLayout.manifest(pointer.manifest)
        let manifest = folder.appendingPathComponent(path)
        // Still valid JSON, with the same content: only the bytes differ.
        let reindented = try JSONSerialization.data(
            withJSONObject: JSONSerialization.jsonObject(with: Data(contentsOf: manifest)), options: [.prettyPrinted])
        try reindented.write(to: manifest)
        let publisher = Publisher(bucket: DirectoryBucket(path: folder.path))
        await #expect {
            _ = try await publisher.plan(
                screens: PublishFixture.screens(), contract: 4, history: PublishFixture.historyHashes)
        } throws: { error in
            (error as? PublishError)?.kind == .corrupt && "\(error)".contains("does not match its hash")
        }
    }

    @Test func twoFirstPublishesIntoAnEmptyFolderOneWins() async throws {
        let bucket = DirectoryBucket(path: folder.path)
        let (_, failures) = try await PublishFixture.race(bucket, bucket)
        #expect(failures == [.pointerConflict], "exactly one publisher creates the pointer")
        #expect(Pointer.decode(files()["pointer.json"] ?? []) != nil)
    }

    @Test func twoConcurrentPublishersOneWinsAndNoObjectIsLost() async throws {
        let bucket = DirectoryBucket(path: folder.path)
        _ = try await publish(to: bucket)
        let (plans, failures) = try await PublishFixture.race(bucket, bucket)
        #expect(failures == [.pointerConflict], "exactly one publisher moves the pointer")
        let stored = files()
        for plan in plans {
            for path in plan.layout.immutablePaths { #expect(stored[path] == plan.layout.files[path], "\(path)") }
        }
        let pointer = try #require(Pointer.decode(stored["pointer.json"] ?? []))
        #expect(plans.map(\.layout.manifestHash).contains(pointer.manifest))
    }

    @Test func namesReadFromTheBucketAreCheckedBeforeTheyBecomePaths() async throws {
        let publisher = Publisher(bucket: DirectoryBucket(path: folder.path))
        try Data(#"{"format":1,"manifest":"../../etc/passwd"}"#.utf8).write(
            to: folder.appendingPathComponent("pointer.json"))
        await #expect {
            _ = try await publisher.plan(
                screens: PublishFixture.screens(), contract: 4, history: PublishFixture.historyHashes)
        } throws: { error in
            (error as? PublishError)?.kind == .corrupt && "\(error)".contains("is not a pointer file")
        }
        // A manifest stored under its own hash that names an object outside the bucket.
        let hostile = Array(
            #"{"format":1,"contract":2,"history":[],"screens":[{"id":"home","minContract":1,"full":"../../../tmp/x","variants":[]}]}"#
                .utf8)
        let hash = SHA256.hexDigest(hostile)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("manifests"), withIntermediateDirectories: true)
        try Data(hostile).write(to: folder.appendingPathComponent(BucketLayout.manifest(hash)))
        try Data(Pointer(manifest: hash).encoded()).write(to: folder.appendingPathComponent("pointer.json"))
        await #expect {
            _ = try await publisher.plan(
                screens: PublishFixture.screens(), contract: 4, history: PublishFixture.historyHashes)
        } throws: { error in
            (error as? PublishError)?.kind == .corrupt && "\(error)".contains("which is not a SHA-256")
        }
        #expect(throws: Manifest.ReadError.self) {
            _ = try Manifest.decode(
                Array(
                    #"{"format":1,"contract":1,"history":[],"screens":[{"id":"../x","minContract":1,"full":"\#(hash)","variants":[]}]}"#
                        .utf8))
        }
        // A manifest too large or too deep is refused before it is decoded.
        #expect {
            _ = try Manifest.decode([UInt8](repeating: 0x20, count: Manifest.maximumBytes + 1))
        } throws: { error in
            "\(error)" == "the manifest is 8388609 bytes; a manifest is at most 8388608"
        }
        #expect {
            _ = try Manifest.decode(Array(#"{"format":1,"screens":"#.utf8) + [UInt8](repeating: 0x5B, count: 1_000_000))
        } throws: { error in
            "\(error)" == "the manifest nests deeper than a manifest does (at byte 28)"
        }
        #expect(
            Pointer.decode(
                Array(#"{"format":1,"manifest":"\#(hash)"}"#.utf8)
                    + [UInt8](repeating: 0x20, count: Pointer.maximumBytes))
                == nil)
    }

    @Test func aManifestOverTheLimitIsRefusedWithoutBeingReadWhole() async throws {
        let name = String(repeating: "b", count: 64)
        let manifest = folder.appendingPathComponent(BucketLayout.manifest(name))
        try FileManager.default.createDirectory(
            at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: manifest.path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: manifest.path))
        try handle.truncate(atOffset: 1 << 32)  // 4 GiB, sparse: reading it whole would exhaust memory
        try handle.close()
        try Data(Pointer(manifest: name).encoded()).write(to: folder.appendingPathComponent("pointer.json"))
        let bucket = DirectoryBucket(path: folder.path)
        let head = try #require(try await bucket.read(BucketLayout.manifest(name), maximumBytes: 100))
        #expect(head.bytes.count == 101)
        await #expect {
            _ = try await Publisher(bucket: bucket).plan(
                screens: PublishFixture.screens(), contract: 4, history: PublishFixture.historyHashes)
        } throws: { error in
            (error as? PublishError)?.kind == .corrupt
                && "\(error)".hasSuffix("is larger than a manifest may be (8388608 bytes)")
        }
    }

    @Test func fourPublishersOfTheSameBuildAllSucceedAndOneMovesThePointer() async throws {
        let bucket = DirectoryBucket(path: folder.path)
        _ = try await publish(to: bucket)
        let results = try await PublishFixture.sameBuildRace(Array(repeating: bucket, count: 4))
        let summaries = results.compactMap { try? $0.get() }
        #expect(summaries.count == 4, "\(results)")
        #expect(summaries.filter(\.pointerMoved).count == 1)
        #expect(summaries.filter(\.publishedByAnother).count == 3)
        let pointer = try #require(Pointer.decode(files()["pointer.json"] ?? []))
        #expect(summaries.allSatisfy { $0.manifest == pointer.manifest })
    }

    /// Every entry under the bucket folder, hidden ones included, relative to it.
    func entries(under relative: String = "") -> [String] {
        let url = relative.isEmpty ? folder : folder.appendingPathComponent(relative)
        var result: [String] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() {
            let path = relative.isEmpty ? name : "\(relative)/\(name)"
            result.append(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                result += entries(under: path)
            }
        }
        return result
    }

    /// What a static web server would serve: only the bucket layout, no lock or temporary file.
    func expectOnlyTheLayout(_ comment: Comment, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let all = entries()
        #expect(
            Set(all.filter { !$0.contains("/") }) == [
                "objects", "manifests", "pointer.json", "screens", "contracts", "releases",
            ],
            "\(comment): \(all.filter { !$0.contains("/") })", sourceLocation: sourceLocation)
        let hidden = all.filter { $0.split(separator: "/").contains { $0.hasPrefix(".") } }
        #expect(hidden == [], "\(comment): no dot-file anywhere", sourceLocation: sourceLocation)
    }

    @Test func aPublishLeavesOnlyTheLayoutInTheBucketFolder() async throws {
        _ = try await publish(to: DirectoryBucket(path: folder.path))
        expectOnlyTheLayout("after a first publish")
        _ = try await publish(PublishFixture.changed(), to: DirectoryBucket(path: folder.path))
        expectOnlyTheLayout("after a publish that moved the pointer")
        let bucket = DirectoryBucket(path: folder.path)
        _ = try await PublishFixture.race(bucket, bucket)
        expectOnlyTheLayout("after two publishers raced")
    }

    /// The pointer swap locks the bucket folder itself: while another holder has it locked, the
    /// swap waits.
    @Test func thePointerSwapWaitsForALockOnTheBucketFolder() async throws {
        let bucket = DirectoryBucket(path: folder.path)
        let holder = open(folder.path, O_RDONLY | O_DIRECTORY)
        try #require(holder >= 0)
        defer { close(holder) }
        try #require(flock(holder, LOCK_EX) == 0)
        let swapped = Locked<Date?>(nil)
        let swap = Task.detached {
            let outcome = try await bucket.swap(
                "pointer.json", bytes: Array("{}".utf8), metadata: .shortLived, expecting: nil)
            swapped.set(Date())
            return outcome
        }
        usleep(300_000)
        let released = Date()
        flock(holder, LOCK_UN)
        #expect(try await swap.value == .swapped)
        let finished = try #require(swapped.get())
        #expect(finished >= released, "the swap waited for the folder's lock")
    }

    @Test func aDryRunPlansWithoutWriting() async throws {
        let bucket = CountingBucket(DirectoryBucket(path: folder.path))
        let plan = try await Publisher(bucket: bucket).plan(
            screens: PublishFixture.screens(), contract: 4, history: PublishFixture.historyHashes)
        #expect(plan.uploads.count == plan.layout.immutablePaths.count && plan.present == 0)
        #expect(bucket.written == [] && files().isEmpty)
    }
}
