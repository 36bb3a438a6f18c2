import Foundation
import ScreenCompiler
import ScreenCrypto
import ScreenEdge

/// What a publish run would do, or did.
public struct PublishPlan: Sendable {
    /// The image being published.
    public let layout: BucketLayout
    /// The manifest the bucket's pointer named before, if any.
    public let previousManifest: String?
    /// The pointer as read, if any: its manifest and edge router.
    public var previousPointer: Pointer? = nil
    /// That manifest's content: what the bucket serves now.
    public var previous: Manifest? = nil
    /// The entity tag of the pointer as read, for the compare-and-swap.
    public let pointerTag: String?
    /// Immutable objects (and the manifest) to upload, sorted.
    public let uploads: [String]
    /// Immutable objects already in the bucket (listed by its current manifest).
    public let present: Int
    /// Aliases (`screens/…`, `contracts/…`, `locales/…`) whose content changes.
    public let aliases: [String]

    /// Whether the pointer changes: another manifest, canary or edge router (or none); its history
    /// aside.
    public var movesPointer: Bool { previousPointer?.serving != layout.pointer }
    /// Whether the new build is published as a canary (`publish --canary`).
    public var isCanary: Bool { layout.pointer.canary != nil }
    /// Whether the bucket already serves exactly this image.
    public var isUpToDate: Bool { !movesPointer && aliases.isEmpty }
}

/// What a publish run did.
public struct PublishSummary: Sendable, Hashable {
    /// Objects (and manifests) uploaded.
    public let uploaded: Int
    /// Bytes of those uploads.
    public let uploadedBytes: Int
    /// Objects already present: skipped, or found with equal bytes.
    public let skipped: Int
    /// Aliases written.
    public let aliases: Int
    /// The manifest the pointer now names.
    public let manifest: String
    /// Whether the pointer moved.
    public let pointerMoved: Bool
    /// Whether another run moved the pointer to this very manifest first (a concurrent publish of
    /// the same build): the bucket serves it, and this run succeeded too.
    public var publishedByAnother: Bool = false

    /// A summary.
    public init(
        uploaded: Int, uploadedBytes: Int, skipped: Int, aliases: Int, manifest: String, pointerMoved: Bool,
        publishedByAnother: Bool = false
    ) {
        self.uploaded = uploaded
        self.uploadedBytes = uploadedBytes
        self.skipped = skipped
        self.aliases = aliases
        self.manifest = manifest
        self.pointerMoved = pointerMoved
        self.publishedByAnother = publishedByAnother
    }
}

/// Why publishing stopped; nothing that was in the bucket was overwritten.
public struct PublishError: Error, Sendable, CustomStringConvertible {
    /// What kind of refusal or failure it is.
    public enum Kind: Sendable, Hashable {
        /// The bucket was built from another contract history.
        case historyMismatch
        /// An immutable object exists with other bytes.
        case objectConflict
        /// Another publisher moved the pointer first.
        case pointerConflict
        /// The bucket failed (authentication, network, I/O).
        case bucket(BucketError.Kind)
        /// The bucket holds something unreadable.
        case corrupt
        /// What was asked cannot be done from the bucket's state (a canary without a stable
        /// release or an edge router, a plain publish while a canary is tried).
        case refused
    }

    /// The kind.
    public let kind: Kind
    /// What happened and what to do.
    public let description: String
}

/// What a bucket serves now: the pointer as read and the manifest it names.
public struct PublishedManifest: Sendable {
    /// The pointer object, with the entity tag a publish swaps against.
    public let pointer: StoredObject
    /// What it names: the manifest and the edge router's files.
    public let content: Pointer
    /// The manifest's SHA-256.
    public let hash: String
    /// The manifest.
    public let manifest: Manifest
}

/// Publishes a bucket image: objects first (create-only), then the manifest, then the pointer with
/// compare-and-swap, then the short-lived aliases. A re-run with nothing changed writes nothing.
public struct Publisher: Sendable {
    /// The bucket.
    public let bucket: any Bucket
    /// How many uploads run at once.
    public let concurrency: Int

    /// Creates a publisher.
    public init(bucket: any Bucket, concurrency: Int = 8) {
        self.bucket = bucket
        self.concurrency = max(1, concurrency)
    }

    /// The manifest the bucket's pointer names, verified against its hash, with the pointer as
    /// read; nil when the bucket has no pointer yet. A pointer that names no readable manifest is
    /// `.corrupt`.
    public func published() async throws(PublishError) -> PublishedManifest? {
        guard
            let pointer = try await wrap({ () async throws(BucketError) in
                try await bucket.read(BucketLayout.pointer, maximumBytes: Pointer.maximumBytes)
            })
        else { return nil }
        guard let decoded = Pointer.decode(pointer.bytes) else {
            throw PublishError(
                kind: .corrupt, description: "\(bucket)/\(BucketLayout.pointer) is not a pointer file")
        }
        let key = BucketLayout.manifest(decoded.manifest)
        guard
            let stored = try await wrap({ () async throws(BucketError) in
                try await bucket.read(key, maximumBytes: Manifest.maximumBytes)
            })
        else {
            throw PublishError(
                kind: .corrupt, description: "the pointer names \(key), which is missing from \(bucket)")
        }
        guard stored.bytes.count <= Manifest.maximumBytes else {
            throw PublishError(
                kind: .corrupt,
                description: "\(bucket)/\(key) is larger than a manifest may be (\(Manifest.maximumBytes) bytes)")
        }
        guard SHA256.hexDigest(stored.bytes) == decoded.manifest else {
            throw PublishError(kind: .corrupt, description: "\(bucket)/\(key) does not match its hash")
        }
        do {
            return PublishedManifest(
                pointer: pointer, content: decoded, hash: decoded.manifest, manifest: try Manifest.decode(stored.bytes))
        } catch {
            throw PublishError(kind: .corrupt, description: "\(bucket)/\(key): \(error.description)")
        }
    }

    /// Reads the bucket's current state and works out what to upload for `screens` (and the
    /// contract's JSON Schemas, when given), built in `locales` (``CompileResult/locales``: the
    /// source language first; empty without String Catalogs), with the edge router of the image
    /// written with `edge` (none when nil).
    ///
    /// With `canary` (a share in basis points), the build is planned as a canary beside the stable
    /// release the bucket serves: its objects, manifest and own router are uploaded, with the router
    /// serving both releases (made from the stable release's own table in the bucket, never
    /// recompiled); the pointer keeps the stable manifest and names the canary; no alias changes.
    public func plan(
        screens: [CompiledScreen], contract: Int, history: [String], schemas: ClientSchemas = .none,
        locales: [String] = [], edge: EdgeRouter.Options? = nil, canary: Int? = nil
    ) async throws(PublishError) -> PublishPlan {
        let current = try await published()
        if canary == nil, let tried = current?.content.canary {
            throw PublishError(
                kind: .refused,
                description:
                    "release \(Pointer.release(of: tried.manifest)) is being tried as a canary (\(Self.percent(tried.basisPoints)) of units): promote or roll it back first (screenkit rollout promote|rollback), or publish this build with --canary to try it instead"
            )
        }
        let pointer = current?.pointer
        let previous = current.map { (hash: $0.hash, manifest: $0.manifest) }
        if let published = previous?.manifest.history {
            guard published.count <= history.count, Array(history.prefix(published.count)) == published else {
                let detail =
                    published.count > history.count
                    ? "the bucket was built from \(published.count) frozen contract versions, this checkout has \(history.count)"
                    : "frozen contract version \(zip(published, history).enumerated().first { $0.element.0 != $0.element.1 }.map { $0.offset + 1 } ?? 0) differs from the one the bucket was built from"
                throw PublishError(
                    kind: .historyMismatch,
                    description: "refusing to publish: \(detail); update this checkout (git pull) and rebuild")
            }
        }
        var layout = BucketLayout(
            screens: screens, contract: contract, history: history, schemas: schemas,
            locales: locales)
        var router: EdgeRouter?
        if let edge {
            (layout, router) = try Self.adding(edge, to: layout, screens: screens)
        }
        if let canary {
            layout = try await self.canary(layout, router: router, basisPoints: canary, current: current)
        }
        var known: Set<String> = []
        var oldAliases: [String: String] = [:]
        if let previous {
            known = Set(BucketLayout.objects(of: previous.manifest).map(BucketLayout.object))
            known.insert(BucketLayout.manifest(previous.hash))
            oldAliases = BucketLayout.aliases(of: previous.manifest)
        }
        if let current { known.formUnion(BucketLayout.edgeFiles(of: current.content)) }
        let uploads = layout.immutablePaths.subtracting(known).sorted()
        // A canary leaves the aliases to the stable release: simple clients never see it.
        let aliases =
            layout.pointer.canary != nil
            ? [] : BucketLayout.aliases(of: layout.manifest).filter { oldAliases[$0.key] != $0.value }.map(\.key)
        var plan = PublishPlan(
            layout: layout, previousManifest: previous?.hash, pointerTag: pointer?.etag, uploads: uploads,
            present: layout.immutablePaths.count - uploads.count, aliases: aliases.sorted())
        plan.previous = previous?.manifest
        plan.previousPointer = current?.content
        return plan
    }

    /// `layout` with the edge router of its manifest written with `options` (the fallbacks of its
    /// records from `screens`, which it was laid out from).
    static func adding(
        _ options: EdgeRouter.Options, to layout: BucketLayout, screens: [CompiledScreen]
    ) throws(PublishError) -> (BucketLayout, EdgeRouter) {
        var objects: [String: [UInt8]] = [:]
        for hash in BucketLayout.objects(of: layout.manifest) {
            objects[hash] = layout.files[BucketLayout.object(hash)]
        }
        do {
            let router = try EdgeRouter(
                manifest: layout.manifest, manifestHash: layout.manifestHash, objects: objects, options: options,
                fallbacks: options.records ? EdgeFallbacks(manifest: layout.manifest, screens: screens) : nil)
            return (layout.adding(edge: router.files.map { ($0.name, $0.bytes) }), router)
        } catch {
            throw PublishError(kind: .corrupt, description: "the edge router cannot be written: \(error.description)")
        }
    }

    /// Carries out `plan`; `progress` is told after every upload (done, total).
    public func publish(_ plan: PublishPlan, progress: @Sendable (Int, Int) -> Void = { _, _ in })
        async throws(PublishError) -> PublishSummary
    {
        let layout = plan.layout
        if plan.isUpToDate {
            return PublishSummary(
                uploaded: 0, uploadedBytes: 0, skipped: layout.immutablePaths.count, aliases: 0,
                manifest: layout.manifestHash, pointerMoved: false)
        }
        let manifestKey = BucketLayout.manifest(layout.manifestHash)
        let objects = plan.uploads.filter { $0 != manifestKey }
        var created = 0
        var bytes = 0
        var existed = 0
        var done = 0
        var index = 0
        while index < objects.count {
            let batch = Array(objects[index..<min(objects.count, index + concurrency)])
            index += batch.count
            let outcomes = try await upload(batch, layout: layout)
            for (key, outcome) in outcomes {
                if outcome == .created {
                    created += 1
                    bytes += layout.files[key]?.count ?? 0
                } else {
                    existed += 1
                }
            }
            done += batch.count
            progress(done, plan.uploads.count)
        }
        if plan.uploads.contains(manifestKey) {
            let outcome = try await createVerified(manifestKey, layout.files[manifestKey] ?? [])
            if outcome == .created {
                created += 1
                bytes += layout.files[manifestKey]?.count ?? 0
            } else {
                existed += 1
            }
            progress(plan.uploads.count, plan.uploads.count)
        }
        var pointerMoved = false
        var publishedByAnother = false
        if plan.movesPointer {
            var pointer = layout.files[BucketLayout.pointer] ?? []
            // Every release gets its entry before the pointer can name it, so `rollout rollback --to`
            // finds it with its router; the pointer names the entry only in a bucket that keeps the
            // chain of moves (one that tried a canary), so every other keeps the image's pointer.
            let chained = plan.isCanary || plan.previousPointer?.history != nil
            let entry = try await recordMove(
                plan.isCanary ? .canary : .publish, to: layout.pointer,
                after: chained ? plan.previousPointer?.history : nil)
            if chained {
                pointer = layout.pointer.with(history: entry).encoded()
            }
            let outcome = try await wrap { () async throws(BucketError) in
                try await bucket.swap(
                    BucketLayout.pointer, bytes: pointer, metadata: .shortLived, expecting: plan.pointerTag)
            }
            if outcome == .swapped {
                pointerMoved = true
            } else {
                // Lost the race: fine when the winner published exactly this pointer (the same
                // build, run twice at once); the desired state is reached.
                let now = try? await bucket.read(BucketLayout.pointer, maximumBytes: Pointer.maximumBytes)
                let named = now.flatMap { Pointer.decode($0.bytes) }
                guard named?.serving == layout.pointer else {
                    let names = named.map { " (the bucket now \(Rollout.describe($0)))" } ?? ""
                    throw PublishError(
                        kind: .pointerConflict,
                        description:
                            "another publish or rollout moved the pointer first\(names); your objects are uploaded but the pointer was not changed — re-run publish"
                    )
                }
                publishedByAnother = true
            }
        }
        for alias in plan.aliases {
            let content = layout.files[alias] ?? []
            try await wrap { () async throws(BucketError) in
                try await bucket.write(alias, bytes: content, metadata: .alias(alias))
            }
        }
        return PublishSummary(
            uploaded: created, uploadedBytes: bytes, skipped: plan.present + existed, aliases: plan.aliases.count,
            manifest: layout.manifestHash, pointerMoved: pointerMoved, publishedByAnother: publishedByAnother)
    }

    private func upload(_ keys: [String], layout: BucketLayout) async throws(PublishError) -> [(String, CreateOutcome)]
    {
        do {
            return try await withThrowingTaskGroup(of: (String, CreateOutcome).self) { group in
                for key in keys {
                    let bytes = layout.files[key] ?? []
                    group.addTask { (key, try await createVerified(key, bytes)) }
                }
                var results: [(String, CreateOutcome)] = []
                for try await result in group { results.append(result) }
                return results
            }
        } catch let error as PublishError {
            throw error
        } catch {
            throw PublishError(kind: .corrupt, description: "\(error)")
        }
    }

    /// Creates `key`; when it exists, proves the stored bytes are the same (never overwrites).
    private func createVerified(_ key: String, _ bytes: [UInt8]) async throws(PublishError) -> CreateOutcome {
        let outcome = try await wrap { () async throws(BucketError) in
            try await bucket.create(key, bytes: bytes, metadata: .immutable(at: key))
        }
        guard outcome == .exists else { return .created }
        let stored = try await wrap { () async throws(BucketError) in
            try await bucket.read(key, maximumBytes: bytes.count)
        }
        guard let stored, stored.bytes == bytes else {
            throw PublishError(
                kind: .objectConflict,
                description:
                    "\(bucket)/\(key) already exists with different bytes; refusing to overwrite an immutable object")
        }
        return .exists
    }

    private func wrap<T>(_ operation: () async throws(BucketError) -> T) async throws(PublishError) -> T {
        do {
            return try await operation()
        } catch {
            throw PublishError(kind: .bucket(error.kind), description: error.description)
        }
    }
}
