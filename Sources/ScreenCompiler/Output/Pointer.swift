import ScreenJSON

/// The pointer: a small file naming the current manifest and, when the bucket serves an edge
/// router, that router's files; swapped last when publishing.
public struct Pointer: Sendable, Hashable {
    /// The current manifest's SHA-256.
    public let manifest: String
    /// The edge router's files published with it: file name → SHA-256 of its bytes, each stored at
    /// ``BucketLayout/edgeFile(_:name:)``; empty when no router is published.
    public let edge: [String: String]

    /// Creates a pointer.
    public init(manifest: String, edge: [String: String] = [:]) {
        self.manifest = manifest
        self.edge = edge
    }

    /// The canonical bytes: `{"format":1,"manifest":"<sha256>"}`, with
    /// `"edge":{"<file>":"<sha256>",…}` (names sorted) only when a router is published.
    public func encoded() -> [UInt8] {
        var json = JSONWriter(style: .compact, capacity: 128)
        json.object { json in
            json.member("format", 1)
            json.member("manifest", manifest)
            if !edge.isEmpty {
                json.object("edge") { json in
                    for (name, hash) in edge.sorted(by: { $0.key < $1.key }) { json.member(name, hash) }
                }
            }
        }
        return json.takeBytes()
    }

    /// The largest pointer file read from a bucket, in bytes (a real one is 85, or about 500 with
    /// an edge router).
    public static let maximumBytes = 4096

    /// The most edge files a pointer may name.
    public static let maximumEdgeFiles = 16

    /// Reads a pointer; nil when it is not one, or names anything that could not be a key.
    public static func decode(_ bytes: [UInt8]) -> Pointer? {
        // A name read from a bucket becomes a key: it must be a SHA-256 (and an edge file's name a
        // plain file name) before anything uses it.
        guard bytes.count <= maximumBytes, let file = try? JSONObjectReader.document(bytes, maximumDepth: 16),
            (try? file.int("format")) == 1, let manifest = try? file.string("manifest"), BucketLayout.isHash(manifest)
        else { return nil }
        var edge: [String: String] = [:]
        if file.optional("edge") != nil {
            guard let named = try? file.stringMap("edge") else { return nil }
            edge = named
        }
        guard edge.count <= maximumEdgeFiles,
            edge.allSatisfy({ BucketLayout.isEdgeFileName($0.key) && BucketLayout.isHash($0.value) })
        else { return nil }
        return Pointer(manifest: manifest, edge: edge)
    }
}
