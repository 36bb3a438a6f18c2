/// The client artifacts published with the screens, as the bucket holds them: the JSON Schema of
/// each frozen version and of the full envelope, and each version's generated decoders. The
/// `ScreenClients` module writes them (`ClientSchemas(history:hashes:live:profileSince:)`); the build
/// only stores them.
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

        /// A decoder as given.
        public init(contract: Int, language: ClientLanguage, bytes: [UInt8]) {
            self.contract = contract
            self.language = language
            self.bytes = bytes
        }
    }

    /// No schemas.
    public static let none = ClientSchemas(versions: [], full: nil)

    /// Schemas as given.
    public init(versions: [[UInt8]], full: [UInt8]?) {
        self.versions = versions
        self.full = full
    }
}

/// A language ScreenKit generates client decoders in, as the bucket names it: the manifest's
/// `language` and the alias's file name. Its generator is in the `ScreenClients` module.
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
}
