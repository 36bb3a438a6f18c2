import ScreenContract

/// The JSON Schemas published with the screens: one per frozen version, and the full envelope's.
public struct ClientSchemas: Sendable, Hashable {
    /// The schema of version K's variants at index K - 1.
    public let versions: [[UInt8]]
    /// The full envelope's schema.
    public let full: [UInt8]?

    /// No schemas.
    public static let none = ClientSchemas(versions: [], full: nil)

    /// Schemas as given.
    public init(versions: [[UInt8]], full: [UInt8]?) {
        self.versions = versions
        self.full = full
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
