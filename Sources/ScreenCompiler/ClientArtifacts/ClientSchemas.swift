import ScreenContract
import ScreenKit

/// The client artifacts published with the screens: the JSON Schema of each frozen version and of
/// the full envelope, and each version's generated decoders (Swift, TypeScript, Kotlin).
public struct ClientSchemas: Sendable, Hashable {
    /// The schema of version K's variants at index K - 1.
    public let versions: [[UInt8]]
    /// The full envelope's schema.
    public let full: [UInt8]?
    /// Each frozen version's decoders, by version then language; empty unless the frozen files'
    /// hashes were given (the decoders name the file they were generated from).
    public var decoders: [Decoder] = []

    /// One generated decoder of one frozen version.
    public struct Decoder: Sendable, Hashable {
        /// The frozen version it decodes.
        public let contract: Int
        /// Its language.
        public let language: ClientLanguage
        /// The source file's bytes.
        public let bytes: [UInt8]
    }

    /// No schemas.
    public static let none = ClientSchemas(versions: [], full: nil)

    /// Schemas as given.
    public init(versions: [[UInt8]], full: [UInt8]?) {
        self.versions = versions
        self.full = full
    }

    /// The schemas of `history` as ``init(history:live:profileSince:)`` writes them, with every
    /// version's decoder in each language; `hashes` are the frozen files' SHA-256s, version 1 first.
    public init(history: [Contract], hashes: [String], live: Contract, profileSince: Int = 1) {
        self.init(history: history, live: live, profileSince: profileSince)
        guard hashes.count == history.count else { return }
        decoders = history.indices.flatMap { index in
            let version = index + 1
            let profile = Self.profile(
                ofVersion: version, history: history, current: live.profile, profileSince: profileSince)
            return ClientLanguage.allCases.map { language in
                Decoder(
                    contract: version, language: language,
                    bytes: Array(
                        language.source(history[index], version: version, sha256: hashes[index], profile: profile).utf8
                    ))
            }
        }
    }

    /// The schemas of `history` (frozen versions 1…N) and of the full envelope written from `live`
    /// (none when nothing is frozen: there is no version to describe), each in the wire profile its
    /// clients decode: a version's own before `profileSince` (``Catalog/profileSince``), `live`'s
    /// (the catalog's) from it on and for the full envelope.
    public init(history: [Contract], live: Contract, profileSince: Int = 1) {
        guard !history.isEmpty else {
            self = .none
            return
        }
        versions = history.enumerated().map { index, contract in
            let version = index + 1
            return EnvelopeSchema.variant(
                contract, version: version,
                profile: Self.profile(
                    ofVersion: version, history: history, current: live.profile, profileSince: profileSince))
        }
        full = EnvelopeSchema.full(live, version: history.count, profile: live.profile)
    }
}

/// A language ScreenKit generates client decoders in.
public enum ClientLanguage: String, Sendable, Hashable, CaseIterable {
    /// `Decodable` models (`ScreenModel.swift`).
    case swift
    /// Types and a validating `decode` (`ScreenModel.ts`).
    case typescript
    /// Data classes and an `org.json` decoder (`ScreenModel.kt`, package `screenkit.contract.v<k>`).
    case kotlin

    /// The file name a version's decoder is published under, beside its `schema.json`.
    public var fileName: String {
        switch self {
        case .swift: "ScreenModel.swift"
        case .typescript: "ScreenModel.ts"
        case .kotlin: "ScreenModel.kt"
        }
    }

    /// The decoder of frozen version `version` (its file hashed `sha256`) for clients of `profile`.
    public func source(_ contract: Contract, version: Int, sha256: String, profile: WireProfile) -> String {
        switch self {
        case .swift: SwiftClientModel.source(contract, version: version, sha256: sha256, profile: profile)
        case .typescript: TypeScriptClientModel.source(contract, version: version, sha256: sha256, profile: profile)
        case .kotlin:
            KotlinClientModel.source(
                contract, version: version, sha256: sha256, package: KotlinClientModel.defaultPackage(version: version),
                profile: profile)
        }
    }
}
