import ScreenCompiler
import ScreenContract
import ScreenKit

/// Writing the client artifacts of a contract history: each version's JSON Schema, the full
/// envelope's, and each version's decoder in every ``ClientLanguage``.
extension ClientSchemas {
    /// The schemas of `history` as ``init(history:live:profileSince:)`` writes them, with every
    /// version's decoder in each language; `hashes` are the frozen files' SHA-256s, version 1 first;
    /// the colour tokens carry the app's colour names `colorNames` gives.
    public init(
        history: [Contract], hashes: [String], live: Contract, profileSince: Int = 1, colorNames: AppColorNames = [:]
    ) {
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
                        language.source(
                            history[index], version: version, sha256: hashes[index], profile: profile,
                            colorNames: colorNames
                        ).utf8
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
        self.init(
            versions: history.enumerated().map { index, contract in
                let version = index + 1
                return EnvelopeSchema.variant(
                    contract, version: version,
                    profile: Self.profile(
                        ofVersion: version, history: history, current: live.profile, profileSince: profileSince))
            },
            full: EnvelopeSchema.full(live, version: history.count, profile: live.profile))
    }
}

/// Each language's generator: adding a language is a case of ``ClientLanguage`` (its name in the
/// bucket) and one file here with its model writer.
extension ClientLanguage {
    /// The decoder of frozen version `version` (its file hashed `sha256`) for clients of `profile`,
    /// its colour tokens carrying the app's colour names `colorNames` gives.
    public func source(
        _ contract: Contract, version: Int, sha256: String, profile: WireProfile, colorNames: AppColorNames = [:]
    ) -> String {
        switch self {
        case .swift:
            SwiftClientModel.source(
                contract, version: version, sha256: sha256, profile: profile, colorNames: colorNames)
        case .typescript: TypeScriptClientModel.source(contract, version: version, sha256: sha256, profile: profile)
        case .kotlin:
            KotlinClientModel.source(
                contract, version: version, sha256: sha256, package: KotlinClientModel.defaultPackage(version: version),
                profile: profile, colorNames: colorNames)
        }
    }
}
