import Foundation
import ScreenCompiler

/// A content bucket: a directory or an S3-compatible store.
///
/// Objects are created only if absent, the pointer is swapped only if unchanged since it was
/// read, and aliases are overwritten; nothing else is ever written. Keys can be listed by prefix
/// (a rollout finds the release entries the bucket holds).
public protocol Bucket: Sendable, CustomStringConvertible {
    /// Where the bucket is, for messages, e.g. `s3://shop/screens` or `file:///srv/screens`.
    var description: String { get }

    /// The object at `key` with its entity tag; nil when there is none. Of an object larger than
    /// `maximumBytes`, only the first `maximumBytes + 1` bytes are read, so a caller can refuse it
    /// without holding it.
    func read(_ key: String, maximumBytes: Int) async throws(BucketError) -> StoredObject?

    /// Creates the object only if `key` does not exist yet.
    func create(_ key: String, bytes: [UInt8], metadata: ObjectMetadata) async throws(BucketError) -> CreateOutcome

    /// Writes `key`, replacing what is there (used for short-lived aliases only).
    func write(_ key: String, bytes: [UInt8], metadata: ObjectMetadata) async throws(BucketError)

    /// Replaces `key` only if its entity tag is still `expected` (nil: only if it does not exist).
    func swap(_ key: String, bytes: [UInt8], metadata: ObjectMetadata, expecting expected: String?)
        async throws(BucketError) -> SwapOutcome

    /// Every key that starts with `prefix`, with when it was last written, in no particular order;
    /// more than `maximumKeys` of them is an error (the caller names its bound).
    func list(_ prefix: String, maximumKeys: Int) async throws(BucketError) -> [ListedObject]
}

extension Bucket {
    /// The whole object at `key` with its entity tag; nil when there is none.
    public func read(_ key: String) async throws(BucketError) -> StoredObject? {
        try await read(key, maximumBytes: .max)
    }
}

/// An object as read from a bucket.
public struct StoredObject: Sendable, Hashable {
    /// The exact bytes.
    public let bytes: [UInt8]
    /// The entity tag the bucket reported, used for compare-and-swap.
    public let etag: String

    /// Creates a stored object.
    public init(bytes: [UInt8], etag: String) {
        self.bytes = bytes
        self.etag = etag
    }
}

/// A key found by ``Bucket/list(_:maximumKeys:)``.
public struct ListedObject: Sendable, Hashable {
    /// The key, without the bucket's prefix.
    public let key: String
    /// When the object was last written, as the bucket reports it (S3's `LastModified`, whole
    /// seconds at most stores; a file's modification time).
    public let modified: Date

    /// Creates a listed object.
    public init(key: String, modified: Date) {
        self.key = key
        self.modified = modified
    }
}

/// HTTP metadata stored with an object.
public struct ObjectMetadata: Sendable, Hashable {
    /// The `Content-Type`.
    public let contentType: String
    /// The `Cache-Control`.
    public let cacheControl: String

    /// Immutable, content-addressed objects and manifests: cached for a year.
    public static let immutable = ObjectMetadata(
        contentType: "application/json", cacheControl: "public, max-age=31536000, immutable")
    /// An immutable key's metadata: ``immutable``, as `text/javascript` for an edge router's
    /// script (`edge/<sha256>/screenkit-edge.mjs`), `text/plain` for its nginx maps
    /// (`edge/<sha256>/screenkit-edge-nginx.conf`) and JSON for everything else.
    public static func immutable(at key: String) -> ObjectMetadata {
        guard key.hasPrefix("edge/") else { return immutable }
        if key.hasSuffix(".js") || key.hasSuffix(".mjs") {
            return ObjectMetadata(contentType: "text/javascript; charset=utf-8", cacheControl: immutable.cacheControl)
        }
        if key.hasSuffix(".conf") {
            return ObjectMetadata(contentType: "text/plain; charset=utf-8", cacheControl: immutable.cacheControl)
        }
        return immutable
    }
    /// The pointer and the client aliases: revalidated within a minute.
    public static let shortLived = ObjectMetadata(contentType: "application/json", cacheControl: "public, max-age=60")

    /// An alias's metadata: ``shortLived``, as `text/plain` for a generated decoder's source
    /// (`contracts/<k>/ScreenModel.ts`) and JSON for everything else.
    public static func alias(_ path: String) -> ObjectMetadata {
        ClientLanguage.allCases.contains { path.hasPrefix("contracts/") && path.hasSuffix("/" + $0.fileName) }
            ? ObjectMetadata(contentType: "text/plain; charset=utf-8", cacheControl: shortLived.cacheControl)
            : shortLived
    }

    /// Creates metadata.
    public init(contentType: String, cacheControl: String) {
        self.contentType = contentType
        self.cacheControl = cacheControl
    }
}

/// What a create-only write found.
public enum CreateOutcome: Sendable, Hashable {
    /// The object was written.
    case created
    /// An object already had that key; nothing was written.
    case exists
}

/// What a compare-and-swap found.
public enum SwapOutcome: Sendable, Hashable {
    /// The new bytes replaced the expected ones.
    case swapped
    /// Someone else changed the key since it was read; nothing was written.
    case conflict
}

/// A bucket operation that failed, with a message fit for the user.
public struct BucketError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: Sendable, Hashable {
        /// The credentials were refused.
        case authentication
        /// The bucket could not be reached, or kept failing after retries.
        case unavailable
        /// The bucket answered something this client refuses (a redirect, an unexpected status).
        case protocolError
        /// Reading or writing local files failed.
        case io
    }

    /// The kind.
    public let kind: Kind
    /// What went wrong, naming the key.
    public let description: String

    /// Creates an error.
    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
