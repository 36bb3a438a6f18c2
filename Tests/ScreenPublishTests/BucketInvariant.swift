import Foundation
import ScreenCompiler
import ScreenCrypto
import ScreenPublish

/// What must hold of a bucket whatever happened to a publish: the pointer, when there is one,
/// names a manifest whose bytes hash to its name, every object that manifest references exists and
/// hashes to its name, and so does every edge router file the pointer names.
enum BucketInvariant {
    /// The problems found (none when the invariant holds), the manifest the pointer names, and the
    /// objects that manifest references (what a build published, whatever came before it).
    static func check(_ bucket: any Bucket) async throws -> (
        problems: [String], manifest: String?, objects: Set<String>
    ) {
        guard let pointer = try await bucket.read(BucketLayout.pointer) else { return ([], nil, []) }
        guard let named = Pointer.decode(pointer.bytes) else { return (["the pointer does not decode"], nil, []) }
        guard let stored = try await bucket.read(BucketLayout.manifest(named.manifest)) else {
            return (["the pointer names manifest \(named.manifest), which is missing"], named.manifest, [])
        }
        guard SHA256.hexDigest(stored.bytes) == named.manifest else {
            return (["manifest \(named.manifest) does not hash to its name"], named.manifest, [])
        }
        let manifest = try Manifest.decode(stored.bytes)
        var problems: [String] = []
        // Every object: each combination's and each locale's envelopes too, and the schemas.
        let objects = BucketLayout.objects(of: manifest)
        for hash in objects {
            guard let object = try await bucket.read(BucketLayout.object(hash)) else {
                problems.append("object \(hash) is missing")
                continue
            }
            if SHA256.hexDigest(object.bytes) != hash { problems.append("object \(hash) does not hash to its name") }
        }
        for (name, hash) in named.edge {
            let stored = try await bucket.read(BucketLayout.edgeFile(hash, name: name))
            if stored.map({ SHA256.hexDigest($0.bytes) }) != hash {
                problems.append("edge file \(name) \(hash) is missing or differs")
            }
        }
        return (problems, named.manifest, objects)
    }
}
