import Foundation
import ScreenCompiler
import ScreenCrypto
import ScreenEdge
import ScreenJSON

extension Publisher {
    /// `layout` (with its own router, `router`) planned as a canary of `basisPoints` beside the
    /// stable release `current` serves: the router serving both is made from the stable release's
    /// own table as the bucket holds it, so nothing of the stable release is recompiled.
    func canary(
        _ layout: BucketLayout, router: EdgeRouter?, basisPoints: Int, current: PublishedManifest?
    ) async throws(PublishError) -> BucketLayout {
        guard let current else {
            throw PublishError(
                kind: .refused,
                description:
                    "the bucket serves no release yet: publish once without --canary, then try the next build as a canary"
            )
        }
        guard let router else {
            throw PublishError(
                kind: .refused,
                description:
                    "a canary is served by the edge router: publish with --edge (or \"edge\" in screenkit.json)")
        }
        let stable = current.content
        guard layout.manifestHash != stable.manifest else {
            throw PublishError(
                kind: .refused,
                description: "this build is release \(stable.release), which the bucket already serves to every unit")
        }
        let stableEdge = stable.canary?.stableEdge ?? stable.edge
        guard let tableHash = stableEdge[EdgeRouter.tableFile] else {
            throw PublishError(
                kind: .refused,
                description:
                    "the stable release \(stable.release) was published without an edge router: publish it with --edge first, then the canary"
            )
        }
        let key = BucketLayout.edgeFile(tableHash, name: EdgeRouter.tableFile)
        let stored = try await readVerified(key, hash: tableHash, maximumBytes: EdgeTable.maximumBytes + 1)
        let table: EdgeTable
        do {
            // The file ends with a newline the table itself does not hold.
            table = try EdgeTable(bytes: stored.last == 0x0A ? Array(stored.dropLast()) : stored)
        } catch {
            throw PublishError(kind: .corrupt, description: "\(bucket)/\(key): \(error.description)")
        }
        guard table.manifestHash == stable.manifest else {
            throw PublishError(
                kind: .corrupt, description: "\(bucket)/\(key) is the table of another manifest than the stable one")
        }
        guard table.hasFallbacks == router.options.records else {
            throw PublishError(
                kind: .refused,
                description:
                    "the stable release's router was written \(table.hasFallbacks ? "with" : "without") records and this one \(router.options.records ? "with" : "without"): publish both alike"
            )
        }
        let share = Pointer.Canary(manifest: layout.manifestHash, basisPoints: basisPoints)
        let both = EdgeRouter(
            manifest: current.manifest, table: table, options: router.options,
            canary: EdgeRouter.Canary(
                table: router.table, basisPoints: basisPoints, salt: share.salt, locales: layout.manifest.locales))
        return layout.asCanary(
            of: stable.manifest, stableEdge: stableEdge, basisPoints: basisPoints,
            router: both.files.map { ($0.name, $0.bytes) })
    }

    /// The bytes at `key`, which must exist and hash to `hash`.
    func readVerified(_ key: String, hash: String, maximumBytes: Int) async throws(PublishError) -> [UInt8] {
        let stored: StoredObject?
        do {
            stored = try await bucket.read(key, maximumBytes: maximumBytes)
        } catch {
            throw PublishError(kind: .bucket(error.kind), description: error.description)
        }
        guard let stored else {
            throw PublishError(kind: .corrupt, description: "the pointer names \(key), which is missing from \(bucket)")
        }
        guard SHA256.hexDigest(stored.bytes) == hash else {
            throw PublishError(kind: .corrupt, description: "\(bucket)/\(key) does not match its hash")
        }
        return stored.bytes
    }

    /// `basisPoints` as a percentage for messages: `5 %`, `0.5 %`.
    public static func percent(_ basisPoints: Int) -> String {
        let whole = basisPoints / 100
        let fraction = basisPoints % 100
        guard fraction != 0 else { return "\(whole) %" }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10) %" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction) %"
    }
}

extension Publisher {
    /// Creates the release history's entry of `move` to `pointer` after the entry `previous`;
    /// returns its SHA-256 (create-only: an equal entry already there is the same entry).
    func recordMove(_ move: ReleaseEntry.Move, to pointer: Pointer, after previous: String?, at date: Date = Date())
        async throws(PublishError) -> String
    {
        let entry = ReleaseEntry(
            time: Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date), move: move, pointer: pointer,
            previous: previous)
        let bytes = entry.encoded()
        let hash = SHA256.hexDigest(bytes)
        let key = BucketLayout.releaseEntry(hash)
        do {
            _ = try await bucket.create(key, bytes: bytes, metadata: .immutable)
        } catch {
            throw PublishError(kind: .bucket(error.kind), description: error.description)
        }
        return hash
    }
}
