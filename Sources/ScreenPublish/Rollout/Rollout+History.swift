import Foundation
import ScreenCompiler
import ScreenCrypto
import ScreenJSON

extension Rollout {
    /// One entry of the release history with the SHA-256 it is stored under.
    public typealias HistoryEntry = (hash: String, entry: ReleaseEntry)

    /// The most release entries a bucket's listing is read up to.
    public static let maximumEntries = 100_000

    /// The release history, newest first, up to `limit` entries: the moves the pointer's chain
    /// names (every move since the bucket's first canary), then the publishes before it, found by
    /// listing `releases/` (every publish writes its entry, chained or not).
    public func history(limit: Int = 20) async throws(PublishError) -> [HistoryEntry] {
        guard let state = try await state() else { return [] }
        // A chain shorter than `limit` was read to its start.
        let chain = try await chain(from: state.pointer.history, limit: limit)
        guard chain.count < limit else { return chain }
        let before = try await entriesBefore(chain, count: limit - chain.count)
        return chain + before
    }

    /// Up to `limit` entries of the chain that starts at `head`, newest first; stops early at an
    /// entry the bucket no longer holds, or after the first entry `found` takes.
    func chain(from head: String?, limit: Int, until found: (ReleaseEntry) -> Bool = { _ in false })
        async throws(PublishError) -> [HistoryEntry]
    {
        var entries: [HistoryEntry] = []
        var next = head
        var seen: Set<String> = []
        while let hash = next, entries.count < limit, seen.insert(hash).inserted {
            guard let entry = try await entry(hash) else { break }
            entries.append(entry)
            if found(entry.entry) { break }
            next = entry.entry.previous
        }
        return entries
    }

    /// Up to `count` entries of publishes made before the chain `chain` started (all of them when
    /// the chain is empty), newest first: listed entries that name no previous one, dated before
    /// the chain's first. A publish stopped before its pointer moved leaves its entry too: its
    /// release is complete in the bucket.
    func entriesBefore(_ chain: [HistoryEntry], count: Int) async throws(PublishError) -> [HistoryEntry] {
        let chained = Set(chain.map(\.hash))
        let start = chain.last.flatMap { RFC3339.nanoseconds($0.entry.time) } ?? .max
        var found: [HistoryEntry] = []
        try await scanListed { entries throws(PublishError) in
            for item in entries where !chained.contains(item.hash) && item.entry.previous == nil {
                if let time = RFC3339.nanoseconds(item.entry.time), time < start { found.append(item) }
            }
            return found.count >= count
        }
        return Array(Self.newestFirst(found).prefix(count))
    }

    /// Reads the listed release entries newest first by the bucket's write time, a batch at a
    /// time, until `enough` says so; a batch's entries are handed on in the order read. Entries
    /// written within a few seconds of the last one handed on are read too, since stores keep
    /// whole seconds and writers' clocks differ.
    func scanListed(_ enough: ([HistoryEntry]) async throws(PublishError) -> Bool) async throws(PublishError) {
        let listed: [ListedObject]
        do {
            listed = try await bucket.list(BucketLayout.releases, maximumKeys: Self.maximumEntries)
        } catch {
            throw PublishError(kind: .bucket(error.kind), description: error.description)
        }
        let candidates = listed.compactMap { object in
            BucketLayout.releaseEntryHash(object.key).map { (hash: $0, modified: object.modified) }
        }
        .sorted { $0.modified != $1.modified ? $0.modified > $1.modified : $0.hash < $1.hash }
        var index = 0
        var satisfiedAt: Date?
        while index < candidates.count {
            if let satisfiedAt, candidates[index].modified < satisfiedAt.addingTimeInterval(-5) { return }
            let batch = Array(candidates[index..<min(candidates.count, index + 16)])
            index += batch.count
            let read = try await entries(batch.map(\.hash))
            if try await enough(read), satisfiedAt == nil { satisfiedAt = batch.last?.modified }
        }
    }

    /// The entries named `hashes` the bucket still holds, read eight at a time.
    func entries(_ hashes: [String]) async throws(PublishError) -> [HistoryEntry] {
        var read: [HistoryEntry] = []
        var index = 0
        while index < hashes.count {
            let batch = Array(hashes[index..<min(hashes.count, index + 8)])
            index += batch.count
            let results = await withTaskGroup(of: Result<HistoryEntry?, PublishError>.self) { group in
                for hash in batch {
                    group.addTask {
                        do throws(PublishError) { return .success(try await entry(hash)) } catch {
                            return .failure(error)
                        }
                    }
                }
                var all: [Result<HistoryEntry?, PublishError>] = []
                for await result in group { all.append(result) }
                return all
            }
            for result in results {
                switch result {
                case .success(let entry?): read.append(entry)
                case .success(nil): break
                case .failure(let error): throw error
                }
            }
        }
        return read
    }

    /// The entry named `hash`; nil when the bucket no longer holds it.
    func entry(_ hash: String) async throws(PublishError) -> HistoryEntry? {
        let key = BucketLayout.releaseEntry(hash)
        let stored: StoredObject?
        do {
            stored = try await bucket.read(key, maximumBytes: ReleaseEntry.maximumBytes)
        } catch {
            throw PublishError(kind: .bucket(error.kind), description: error.description)
        }
        guard let stored else { return nil }
        guard SHA256.hexDigest(stored.bytes) == hash, let entry = ReleaseEntry.decode(stored.bytes) else {
            throw PublishError(kind: .corrupt, description: "\(bucket)/\(key) is not the history entry it is named")
        }
        return (hash, entry)
    }

    /// The pointer that made `release` stable with its own router: from the newest entry of the
    /// chain that names it, else from the newest entry the bucket holds that names it.
    func earlier(_ release: String) async throws(PublishError) -> Pointer {
        func target(_ entry: ReleaseEntry) -> Pointer? {
            let pointer = entry.pointer
            if pointer.manifest.hasPrefix(release) {
                return Pointer(manifest: pointer.manifest, edge: pointer.canary?.stableEdge ?? pointer.edge)
            }
            if let canary = pointer.canary, canary.manifest.hasPrefix(release) {
                return Pointer(manifest: canary.manifest, edge: canary.edge)
            }
            return nil
        }
        let head = try await state()?.pointer.history
        let chain = try await chain(from: head, limit: Self.maximumEntries) { target($0) != nil }
        if let found = chain.last.flatMap({ target($0.entry) }) { return found }
        var found: Pointer?
        var read = 0
        try await scanListed { entries throws(PublishError) in
            read += entries.count
            if found == nil, let match = Self.newestFirst(entries).lazy.compactMap({ target($0.entry) }).first {
                found = match
            }
            return found != nil
        }
        if let found { return found }
        if let manifest = try await unrecorded(release) { return manifest }
        throw PublishError(
            kind: .refused,
            description:
                "release \(release) is not in the bucket's history (\(max(read, chain.count)) entries read; releases published by earlier versions of screenkit have none: publish that commit again)"
        )
    }

    /// A release published before publishes wrote history entries, as a manifest the bucket holds:
    /// a release of its own only in a bucket whose pointer names no edge router (the manifest is
    /// then all the release is); nil when the bucket holds no manifest `release` starts.
    func unrecorded(_ release: String) async throws(PublishError) -> Pointer? {
        let listed: [ListedObject]
        do {
            listed = try await bucket.list(BucketLayout.manifests + release, maximumKeys: 1_000)
        } catch {
            throw PublishError(kind: .bucket(error.kind), description: error.description)
        }
        let manifests = listed.compactMap { BucketLayout.manifestHash($0.key) }
        guard let manifest = manifests.first else { return nil }
        guard manifests.count == 1 else {
            throw PublishError(
                kind: .refused, description: "release \(release) names more than one manifest: give more of its digits")
        }
        guard let state = try await state(), state.pointer.edge.isEmpty, state.pointer.canary == nil else {
            throw PublishError(
                kind: .refused,
                description:
                    "release \(release) was published by an earlier version of screenkit, which recorded no history entry naming its edge router: publish that commit again"
            )
        }
        return Pointer(manifest: manifest)
    }

    /// `entries` newest first by the time each entry was made, ties by hash.
    static func newestFirst(_ entries: [HistoryEntry]) -> [HistoryEntry] {
        entries.sorted {
            let (a, b) = (RFC3339.nanoseconds($0.entry.time) ?? 0, RFC3339.nanoseconds($1.entry.time) ?? 0)
            return a != b ? a > b : $0.hash < $1.hash
        }
    }
}
