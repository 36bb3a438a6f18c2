import Foundation
import ScreenCompiler
import ScreenCrypto

/// Moves a bucket's pointer between releases it holds: promote the canary, roll it back (or roll
/// back to any earlier release), and read the release history. Every move writes its history entry
/// create-only, then swaps the pointer against the entity tag it read — nothing else is written
/// but the aliases a promote or rollback changes — so a move killed at any point leaves the
/// pointer naming releases the bucket holds, and of two moves from the same pointer one wins.
public struct Rollout: Sendable {
    /// The bucket.
    public let bucket: any Bucket

    /// A rollout of `bucket`.
    public init(bucket: any Bucket) {
        self.bucket = bucket
    }

    /// The pointer as read: its stored bytes and tag, and what it names.
    public struct State: Sendable {
        /// The stored pointer, for the compare-and-swap.
        public let stored: StoredObject
        /// What it names.
        public let pointer: Pointer
    }

    /// What a move did.
    public enum Outcome: Sendable, Hashable {
        /// The pointer now names `pointer`.
        case moved(Pointer)
        /// The bucket already was where the move leads (the move was made before, e.g. by a run
        /// that was stopped after it): nothing was written.
        case alreadyDone(Pointer)
    }

    /// The pointer; nil when the bucket has none.
    public func state() async throws(PublishError) -> State? {
        let stored: StoredObject?
        do {
            stored = try await bucket.read(BucketLayout.pointer, maximumBytes: Pointer.maximumBytes)
        } catch {
            throw PublishError(kind: .bucket(error.kind), description: error.description)
        }
        guard let stored else { return nil }
        guard let pointer = Pointer.decode(stored.bytes) else {
            throw PublishError(kind: .corrupt, description: "\(bucket)/\(BucketLayout.pointer) is not a pointer file")
        }
        return State(stored: stored, pointer: pointer)
    }

    /// Makes the canary the stable release for every unit: the pointer names its manifest and its
    /// own router, and the aliases are rewritten to its objects.
    public func promote() async throws(PublishError) -> Outcome {
        guard let state = try await state() else { throw Self.nothing("the bucket serves no release yet") }
        guard let canary = state.pointer.canary else {
            if let done = try await repeated(.promote, state) { return done }
            throw Self.nothing("no canary is being tried: release \(state.pointer.release) serves every unit")
        }
        let target = Pointer(manifest: canary.manifest, edge: canary.edge)
        return try await move(.promote, from: state, to: target, aliasesFrom: state.pointer.manifest)
    }

    /// Withdraws the canary (every unit gets the stable release and its own router again), or with
    /// `release` (12 or more of a manifest's hex digits) makes that earlier release stable, as the
    /// history names it, with its own router.
    public func rollback(to release: String? = nil) async throws(PublishError) -> Outcome {
        guard let state = try await state() else { throw Self.nothing("the bucket serves no release yet") }
        guard let release else {
            guard let canary = state.pointer.canary else {
                if let done = try await repeated(.rollback, state) { return done }
                throw Self.nothing(
                    "no canary is being tried: release \(state.pointer.release) serves every unit (name an earlier release with --to)"
                )
            }
            return try await move(
                .rollback, from: state, to: Pointer(manifest: state.pointer.manifest, edge: canary.stableEdge),
                aliasesFrom: nil)
        }
        guard Self.isRelease(release) else {
            throw PublishError(
                kind: .refused, description: "'\(release)' is not a release: 12 to 64 lowercase hex digits")
        }
        let target = try await earlier(release)
        if state.pointer.serving == target {
            if let done = try await repeated(.rollback, state) { return done }
            return .alreadyDone(state.pointer)
        }
        try await requireHeld(target)
        return try await move(
            .rollback, from: state, to: target, aliasesFrom: state.pointer.manifest)
    }

    /// Checks the bucket still holds `pointer`'s manifest and router files.
    func requireHeld(_ pointer: Pointer) async throws(PublishError) {
        let publisher = Publisher(bucket: bucket)
        _ = try await publisher.readVerified(
            BucketLayout.manifest(pointer.manifest), hash: pointer.manifest, maximumBytes: Manifest.maximumBytes)
        for (name, hash) in pointer.edge {
            let key = BucketLayout.edgeFile(hash, name: name)
            let held: StoredObject?
            do {
                held = try await bucket.read(key, maximumBytes: 0)
            } catch {
                throw PublishError(kind: .bucket(error.kind), description: error.description)
            }
            guard held != nil else {
                throw PublishError(kind: .corrupt, description: "\(bucket) no longer holds \(key)")
            }
        }
    }

    /// `.alreadyDone` when the newest entry of the chain is a `move` to exactly what the pointer
    /// names; the aliases that move changes are written again first, in case the move that swapped
    /// the pointer was stopped before it wrote them all.
    func repeated(_ move: ReleaseEntry.Move, _ state: State) async throws(PublishError) -> Outcome? {
        let chain = try await chain(from: state.pointer.history, limit: 2)
        guard let newest = chain.first, newest.entry.move == move, newest.entry.pointer == state.pointer.serving
        else { return nil }
        if chain.count == 2 {
            let before = chain[1].entry.pointer.manifest
            if before != state.pointer.manifest { try await rewriteAliases(from: before, to: state.pointer.manifest) }
        }
        return .alreadyDone(state.pointer)
    }

    /// Writes the entry of `move`, swaps the pointer from `state` to `target`, then, when the
    /// stable manifest changed from `aliasesFrom`, rewrites the aliases that differ.
    func move(_ move: ReleaseEntry.Move, from state: State, to target: Pointer, aliasesFrom old: String?)
        async throws(PublishError) -> Outcome
    {
        let publisher = Publisher(bucket: bucket)
        let entry = try await publisher.recordMove(move, to: target, after: state.pointer.history)
        let outcome: SwapOutcome
        do {
            outcome = try await bucket.swap(
                BucketLayout.pointer, bytes: target.with(history: entry).encoded(), metadata: .shortLived,
                expecting: state.stored.etag)
        } catch {
            throw PublishError(kind: .bucket(error.kind), description: error.description)
        }
        guard outcome == .swapped else {
            let now = try? await self.state()
            throw PublishError(
                kind: .pointerConflict,
                description:
                    "another move changed the pointer first; it now \(Self.describe(now?.pointer)); nothing was changed: look, then run again"
            )
        }
        if let old, old != target.manifest {
            try await rewriteAliases(from: old, to: target.manifest)
        }
        return .moved(target.with(history: entry))
    }

    /// Rewrites the aliases whose object differs between manifests `old` and `new` with the
    /// objects' bytes from the bucket.
    func rewriteAliases(from old: String, to new: String) async throws(PublishError) {
        let publisher = Publisher(bucket: bucket)
        func manifest(_ hash: String) async throws(PublishError) -> Manifest {
            let bytes = try await publisher.readVerified(
                BucketLayout.manifest(hash), hash: hash, maximumBytes: Manifest.maximumBytes)
            do {
                return try Manifest.decode(bytes)
            } catch {
                throw PublishError(kind: .corrupt, description: "\(bucket)/\(BucketLayout.manifest(hash)): \(error)")
            }
        }
        let before = BucketLayout.aliases(of: try await manifest(old))
        for (alias, hash) in BucketLayout.aliases(of: try await manifest(new)).sorted(by: { $0.key < $1.key })
        where before[alias] != hash {
            let bytes = try await publisher.readVerified(
                BucketLayout.object(hash), hash: hash, maximumBytes: Manifest.maximumBytes)
            do {
                try await bucket.write(alias, bytes: bytes, metadata: .alias(alias))
            } catch {
                throw PublishError(kind: .bucket(error.kind), description: error.description)
            }
        }
    }

    /// Whether `text` can name a release of a bucket: 12 to 64 lowercase hex digits of its
    /// manifest's SHA-256.
    public static func isRelease(_ text: String) -> Bool {
        (12...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// What `pointer` serves, in words.
    public static func describe(_ pointer: Pointer?) -> String {
        guard let pointer else { return "names nothing" }
        guard let canary = pointer.canary else { return "serves release \(pointer.release) to every unit" }
        return
            "serves release \(pointer.release), with release \(Pointer.release(of: canary.manifest)) as a canary for \(Publisher.percent(canary.basisPoints)) of units"
    }

    static func nothing(_ description: String) -> PublishError {
        PublishError(kind: .refused, description: description)
    }
}
