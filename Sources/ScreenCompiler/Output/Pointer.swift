import ScreenJSON

/// The pointer: a small file naming the current manifest (the stable release), a canary release
/// beside it when one is being tried, and, when the bucket serves an edge router, that router's
/// files; swapped last when publishing, and by every rollout move.
public struct Pointer: Sendable, Hashable {
    /// A release served to a share of units beside the stable one (`publish --canary`).
    public struct Canary: Sendable, Hashable {
        /// The canary manifest's SHA-256.
        public let manifest: String
        /// The share of units it serves, in basis points: 1 (0.01 %) to 9,999 (99.99 %).
        public let basisPoints: Int
        /// The salt of the units' assignment: a unit is in the canary when
        /// ``ExperimentAssignment/bucket(experiment:salt:unit:)`` of (``experimentName``, salt, unit)
        /// is below ``basisPoints``, so a unit stays in it while the share grows.
        public let salt: String
        /// The canary's own edge router (file → SHA-256): what the pointer names once it is promoted.
        public let edge: [String: String]
        /// The stable release's own edge router: what the pointer names once the canary is rolled back.
        public let stableEdge: [String: String]

        /// The name the assignment hashes the unit with, as an experiment's name.
        public static let experimentName = "release"

        /// A canary of `manifest` at `basisPoints` with `salt` (by default the manifest's first 16
        /// hex digits: the same build gets the same units, another build others), and the routers
        /// each release serves alone.
        public init(
            manifest: String, basisPoints: Int, salt: String? = nil, edge: [String: String] = [:],
            stableEdge: [String: String] = [:]
        ) {
            self.manifest = manifest
            self.basisPoints = basisPoints
            self.salt = salt ?? String(manifest.prefix(16))
            self.edge = edge
            self.stableEdge = stableEdge
        }

        /// The share as a percentage (`5`, `0.5`).
        public var percent: Double { Double(basisPoints) / 100 }

        /// Whether `unit` (a non-empty unit; a request without one is stable) gets the canary.
        public func serves(unit: String) -> Bool {
            !unit.isEmpty
                && ExperimentAssignment.bucket(experiment: Self.experimentName, salt: salt, unit: unit) < basisPoints
        }

        /// The basis points of `text`, a percentage strictly between 0 and 100 with at most two
        /// decimals (`5`, `0.5`, `12.25`); nil for anything else.
        public static func basisPoints(percent text: String) -> Int? {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let whole = parts.first, (1...2).contains(whole.count),
                whole.allSatisfy({ $0.isASCII && $0.isNumber }), whole == "0" || !whole.hasPrefix("0"),
                let integer = Int(whole)
            else { return nil }
            var fraction = 0
            if parts.count == 2 {
                let digits = parts[1]
                guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                    let value = Int(digits)
                else { return nil }
                fraction = digits.count == 1 ? value * 10 : value
            }
            let basisPoints = integer * 100 + fraction
            return (1...9_999).contains(basisPoints) ? basisPoints : nil
        }

        /// Whether `salt` can be a salt: 1 to 64 of a-z and 0-9.
        public static func isSalt(_ salt: String) -> Bool {
            !salt.isEmpty && salt.utf8.count <= 64
                && salt.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
        }
    }

    /// The current (stable) manifest's SHA-256.
    public let manifest: String
    /// The canary release beside it, if one is being tried.
    public let canary: Canary?
    /// The edge router's files published with it: file name → SHA-256 of its bytes, each stored at
    /// ``BucketLayout/edgeFile(_:name:)``; empty when no router is published. With a canary, the
    /// router that serves both releases.
    public let edge: [String: String]
    /// The SHA-256 of the newest entry of the bucket's release history (``ReleaseEntry``), stored at
    /// ``BucketLayout/releaseEntry(_:)``; nil before the first move that wrote one.
    public let history: String?

    /// Creates a pointer.
    public init(manifest: String, canary: Canary? = nil, edge: [String: String] = [:], history: String? = nil) {
        self.manifest = manifest
        self.canary = canary
        self.edge = edge
        self.history = history
    }

    /// This pointer naming `edge` as its router's files.
    public func with(edge: [String: String]) -> Pointer {
        Pointer(manifest: manifest, canary: canary, edge: edge, history: history)
    }

    /// This pointer with `history` as its newest history entry.
    public func with(history: String?) -> Pointer {
        Pointer(manifest: manifest, canary: canary, edge: edge, history: history)
    }

    /// What the bucket serves, whatever its history: the manifests, the share and the routers.
    public var serving: Pointer { with(history: nil) }

    /// The stable release (``release(of:)`` of ``manifest``).
    public var release: String { Self.release(of: manifest) }

    /// The release of a manifest: its SHA-256's first 12 hex digits (the `ScreenKit-Release` header).
    public static func release(of manifest: String) -> String { String(manifest.prefix(12)) }

    /// The canonical bytes: `{"format":1,"manifest":"<sha256>"}`, with
    /// `"canary":{"manifest":"<sha256>","percent":P,"salt":"…","edge"?:{…},"stableEdge"?:{…}}` only
    /// while a canary is tried, `"edge":{"<file>":"<sha256>",…}` (names sorted) only when a router
    /// is published, and `"history":"<sha256>"` once a move wrote a history entry.
    public func encoded() -> [UInt8] {
        var json = JSONWriter(style: .compact, capacity: 128)
        json.object { json in
            json.member("format", 1)
            json.member("manifest", manifest)
            if let canary {
                json.object("canary") { json in
                    json.member("manifest", canary.manifest)
                    json.key("percent")
                    try? json.number(canary.percent)
                    json.member("salt", canary.salt)
                    Self.write(canary.edge, as: "edge", into: &json)
                    Self.write(canary.stableEdge, as: "stableEdge", into: &json)
                }
            }
            Self.write(edge, as: "edge", into: &json)
            json.member("history", ifPresent: history)
        }
        return json.takeBytes()
    }

    /// `files` as member `key`, names sorted; nothing when there are none.
    static func write(_ files: [String: String], as key: String, into json: inout JSONWriter) {
        guard !files.isEmpty else { return }
        json.object(key) { json in
            for (name, hash) in files.sorted(by: { $0.key < $1.key }) { json.member(name, hash) }
        }
    }

    /// The edge files in member `key` of `object`: at most ``maximumEdgeFiles``, each a plain file
    /// name and a SHA-256; nil when the member is malformed.
    static func edgeFiles(_ key: String, of object: JSONObjectReader) -> [String: String]? {
        guard object.optional(key) != nil else { return [:] }
        guard let named = try? object.stringMap(key), named.count <= maximumEdgeFiles,
            named.allSatisfy({ BucketLayout.isEdgeFileName($0.key) && BucketLayout.isHash($0.value) })
        else { return nil }
        return named
    }

    /// The largest pointer file read from a bucket, in bytes (a real one is 85, about 500 with an
    /// edge router, about 1,700 with a canary and three routers).
    public static let maximumBytes = 16_384

    /// The most edge files a pointer may name.
    public static let maximumEdgeFiles = 16

    /// Reads a pointer; nil when it is not one, or names anything that could not be a key.
    public static func decode(_ bytes: [UInt8]) -> Pointer? {
        // A name read from a bucket becomes a key: it must be a SHA-256 (and an edge file's name a
        // plain file name) before anything uses it.
        guard bytes.count <= maximumBytes, let file = try? JSONObjectReader.document(bytes, maximumDepth: 16),
            (try? file.int("format")) == 1, let manifest = try? file.string("manifest"), BucketLayout.isHash(manifest)
        else { return nil }
        var canary: Canary?
        if let named = file.optional("canary") {
            // The share as written: a percentage with at most two decimals, strictly within 0–100.
            guard let object = try? JSONObjectReader(named), let hash = try? object.string("manifest"),
                BucketLayout.isHash(hash), hash != manifest, let salt = try? object.string("salt"),
                Canary.isSalt(salt), case .number(let percent) = object.value("percent"),
                let basisPoints = Canary.basisPoints(percent: percent),
                let own = edgeFiles("edge", of: object), let stable = edgeFiles("stableEdge", of: object)
            else { return nil }
            canary = Canary(manifest: hash, basisPoints: basisPoints, salt: salt, edge: own, stableEdge: stable)
        }
        guard let edge = edgeFiles("edge", of: file) else { return nil }
        var history: String?
        if file.optional("history") != nil {
            guard let hash = try? file.string("history"), BucketLayout.isHash(hash) else { return nil }
            history = hash
        }
        return Pointer(manifest: manifest, canary: canary, edge: edge, history: history)
    }
}
