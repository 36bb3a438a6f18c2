import Foundation
import ScreenJSON

/// The manifest: every screen's variants by content hash, the contract history it was built
/// from, and the previous manifest's hash.
public struct Manifest: Sendable, Hashable {
    /// The manifest format this code reads and writes.
    public static let format = 1

    /// One screen's objects.
    public struct Screen: Sendable, Hashable {
        /// The screen ID.
        public let id: String
        /// The oldest client contract version it supports.
        public let minContract: Int
        /// The SHA-256 of the full envelope.
        public let full: String
        /// The SHA-256 of each variant, by client contract version, oldest first.
        public let variants: [Variant]
    }

    /// One client contract version's object.
    public struct Variant: Sendable, Hashable {
        /// The client contract version.
        public let contract: Int
        /// The SHA-256 of the envelope those clients receive.
        public let object: String
    }

    /// The current contract version.
    public let contract: Int
    /// The SHA-256 of each frozen contract file the screens were built from, version 1 first.
    public let history: [String]
    /// The screens, sorted by ID.
    public let screens: [Screen]
    /// The previous manifest's SHA-256, nil for the first.
    public let previous: String?
    /// The JSON Schema objects of each frozen version's variants, oldest first (empty when none
    /// were written).
    public let schemas: [Variant]
    /// The JSON Schema object of the full envelopes, if written.
    public let fullSchema: String?

    /// Creates a manifest.
    public init(
        contract: Int, history: [String], screens: [Screen], previous: String?, schemas: [Variant] = [],
        fullSchema: String? = nil
    ) {
        self.contract = contract
        self.history = history
        self.screens = screens.sorted { $0.id < $1.id }
        self.previous = previous
        self.schemas = schemas
        self.fullSchema = fullSchema
    }

    /// A copy chained to another previous manifest.
    public func chained(to previous: String?) -> Manifest {
        Manifest(
            contract: contract, history: history, screens: screens, previous: previous, schemas: schemas,
            fullSchema: fullSchema)
    }

    /// The canonical bytes.
    public func encoded(style: JSONStyle = .compact) -> [UInt8] {
        var json = JSONWriter(style: style, capacity: 256 + screens.count * 256)
        json.beginObject()
        json.key("format")
        json.integer(Self.format)
        json.key("contract")
        json.integer(contract)
        json.key("history")
        json.beginArray()
        for hash in history { json.string(hash) }
        json.endArray()
        json.key("screens")
        json.beginArray()
        for screen in screens {
            json.beginObject()
            json.key("id")
            json.string(screen.id)
            json.key("minContract")
            json.integer(screen.minContract)
            json.key("full")
            json.string(screen.full)
            json.key("variants")
            Self.write(screen.variants, into: &json)
            json.endObject()
        }
        json.endArray()
        // Only when written, so manifests without schemas keep their bytes.
        if !schemas.isEmpty {
            json.key("schemas")
            Self.write(schemas, into: &json)
        }
        if let fullSchema {
            json.key("fullSchema")
            json.string(fullSchema)
        }
        if let previous {
            json.key("previous")
            json.string(previous)
        }
        json.endObject()
        if style == .pretty { json.newline() }
        return json.takeBytes()
    }

    /// `[{"contract": k, "object": "<sha256>"}, …]`.
    private static func write(_ entries: [Variant], into json: inout JSONWriter) {
        json.beginArray()
        for entry in entries {
            json.beginObject()
            json.key("contract")
            json.integer(entry.contract)
            json.key("object")
            json.string(entry.object)
            json.endObject()
        }
        json.endArray()
    }

    /// Why a manifest could not be read.
    public struct ReadError: Error, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// The largest manifest read from a bucket, in bytes: about 25,000 screens served to three contract versions.
    public static let maximumBytes = 8 << 20

    /// Reads a manifest: the format number first, then the rest.
    public static func decode(_ bytes: [UInt8]) throws(ReadError) -> Manifest {
        struct Header: Decodable { let format: Int }
        struct File: Decodable {
            struct Variant: Decodable {
                let contract: Int
                let object: String
            }
            struct Screen: Decodable {
                let id: String
                let minContract: Int
                let full: String
                let variants: [Variant]
            }
            let contract: Int
            let history: [String]
            let screens: [Screen]
            let previous: String?
            let schemas: [Variant]?
            let fullSchema: String?
        }
        guard bytes.count <= maximumBytes else {
            throw ReadError(description: "the manifest is \(bytes.count) bytes; a manifest is at most \(maximumBytes)")
        }
        if let offset = JSONDepth.firstOffset(exceeding: 5, in: bytes) {
            throw ReadError(description: "the manifest nests deeper than a manifest does (at byte \(offset))")
        }
        let data = Data(bytes)
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw ReadError(description: "not a manifest (no format number)")
        }
        guard header.format == format else {
            throw ReadError(
                description: "manifest format \(header.format) is not supported (this screenkit reads \(format))")
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw ReadError(description: "malformed manifest: \(error)")
        }
        // Names read from a bucket become paths and keys: each must be a SHA-256 or a screen ID.
        let hashes =
            file.history + file.screens.flatMap { [$0.full] + $0.variants.map(\.object) }
            + (file.schemas ?? []).map(\.object) + [file.fullSchema, file.previous].compactMap { $0 }
        if let bad = hashes.first(where: { !BucketLayout.isHash($0) }) {
            throw ReadError(
                description:
                    "the manifest names \"\(bad.prefix(80))\", which is not a SHA-256 (64 lowercase hex digits)")
        }
        if let bad = file.screens.first(where: { !BucketLayout.isScreenID($0.id) }) {
            throw ReadError(description: "the manifest lists screen \"\(bad.id.prefix(80))\", which is not a screen ID")
        }
        return Manifest(
            contract: file.contract, history: file.history,
            screens: file.screens.map { screen in
                Screen(
                    id: screen.id, minContract: screen.minContract, full: screen.full,
                    variants: screen.variants.map { Variant(contract: $0.contract, object: $0.object) })
            },
            previous: file.previous,
            schemas: (file.schemas ?? []).map { Variant(contract: $0.contract, object: $0.object) },
            fullSchema: file.fullSchema)
    }
}

/// The pointer: a small file naming the current manifest; swapped last when publishing.
public struct Pointer: Sendable, Hashable {
    /// The current manifest's SHA-256.
    public let manifest: String

    /// Creates a pointer.
    public init(manifest: String) { self.manifest = manifest }

    /// The canonical bytes: `{"format":1,"manifest":"<sha256>"}`.
    public func encoded() -> [UInt8] {
        var json = JSONWriter(style: .compact, capacity: 128)
        json.beginObject()
        json.key("format")
        json.integer(1)
        json.key("manifest")
        json.string(manifest)
        json.endObject()
        return json.takeBytes()
    }

    /// The largest pointer file read from a bucket, in bytes (a real one is 85).
    public static let maximumBytes = 4096

    /// Reads a pointer.
    public static func decode(_ bytes: [UInt8]) -> Pointer? {
        struct File: Decodable {
            let format: Int
            let manifest: String
        }
        // A name read from a bucket becomes a key: it must be a SHA-256 before anything uses it.
        guard bytes.count <= maximumBytes, let file = try? JSONDecoder().decode(File.self, from: Data(bytes)),
            file.format == 1, BucketLayout.isHash(file.manifest)
        else { return nil }
        return Pointer(manifest: file.manifest)
    }
}
