import ScreenCrypto

/// The bucket layout: content-addressed objects, the manifest, the pointer and the client paths.
///
/// ```
/// objects/<sha256>.json              every distinct envelope, immutable
/// manifests/<sha256>.json            every manifest, immutable
/// pointer.json                       names the current manifest; swapped last
/// screens/<id>                       the variant for the screen's oldest supported contract
/// contracts/<k>/screens/<id>         the variant for clients of contract k
/// contracts/<k>/schema.json           the JSON Schema of contract k's variants
/// contracts/full/schema.json          the JSON Schema of the full envelopes
/// ```
public struct BucketLayout: Sendable {
    /// An object's key for a SHA-256.
    public static func object(_ hash: String) -> String { "objects/\(hash).json" }
    /// A manifest's key for a SHA-256.
    public static func manifest(_ hash: String) -> String { "manifests/\(hash).json" }
    /// The pointer's key.
    public static let pointer = "pointer.json"
    /// The path simple clients fetch: the oldest supported variant.
    public static func screen(_ id: String) -> String { "screens/\(id)" }
    /// The path clients of contract `version` fetch.
    public static func screen(_ id: String, contract version: Int) -> String { "contracts/\(version)/screens/\(id)" }
    /// Whether `name` can name an object or manifest: 64 lowercase hex digits (a SHA-256), checked
    /// before a name read from a bucket becomes part of a path or key.
    public static func isHash(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// Whether `id` is a screen ID or a device layout's (`home.ipad`), as aliases are named.
    public static func isScreenID(_ id: String) -> Bool { CatalogValidator.isValidScreenOrLayoutID(id) }

    /// The alias of the JSON Schema of contract `version`'s variants.
    public static func schema(contract version: Int) -> String { "contracts/\(version)/schema.json" }
    /// The alias of the JSON Schema of the full envelopes.
    public static let fullSchema = "contracts/full/schema.json"

    /// Every file of the image, keyed by path.
    public let files: [String: [UInt8]]
    /// The immutable, content-addressed paths (objects and manifests).
    public let immutablePaths: Set<String>
    /// The manifest.
    public let manifest: Manifest
    /// The manifest's SHA-256.
    public let manifestHash: String

    /// The image of `screens` built for the frozen files hashed `history`, chained to `previous`.
    ///
    /// When `previous` has the same content (apart from its own `previous`), it is reused as is,
    /// so rebuilding without changes gives byte-identical output.
    public init(
        screens: [CompiledScreen], contract: Int, history: [String], previous: (hash: String, manifest: Manifest)?,
        schemas: ClientSchemas = .none
    ) {
        var files: [String: [UInt8]] = [:]
        var immutable: Set<String> = []
        func store(_ bytes: [UInt8]) -> String {
            let hash = SHA256.hexDigest(bytes)
            let path = Self.object(hash)
            if files[path] == nil {
                files[path] = bytes
                immutable.insert(path)
            }
            return hash
        }
        var entries: [Manifest.Screen] = []
        for screen in screens {
            let full = store(screen.full)
            var variants: [Manifest.Variant] = []
            for variant in screen.variants {
                let hash = store(variant.envelope)
                variants.append(Manifest.Variant(contract: variant.contract, object: hash))
                files[Self.screen(screen.id, contract: variant.contract)] = variant.envelope
            }
            if let oldest = screen.variants.first { files[Self.screen(screen.id)] = oldest.envelope }
            // Every combination of a screen's experiment arms is stored once per distinct bytes
            // and listed in the manifest, so an edge function can route without ScreenKit.
            let combinations = screen.combinations.map { combination in
                Manifest.Combination(
                    arms: screen.experiments.map { combination.arms[$0.name] ?? $0.control },
                    full: store(combination.full),
                    variants: combination.variants.map {
                        Manifest.Variant(contract: $0.contract, object: store($0.envelope))
                    })
            }
            entries.append(
                Manifest.Screen(
                    id: screen.id, minContract: screen.minContract, full: full, variants: variants,
                    experiments: screen.experiments, combinations: combinations))
        }
        var schemaEntries: [Manifest.Variant] = []
        for (index, bytes) in schemas.versions.enumerated() {
            schemaEntries.append(Manifest.Variant(contract: index + 1, object: store(bytes)))
            files[Self.schema(contract: index + 1)] = bytes
        }
        let fullSchema = schemas.full.map { bytes in
            files[Self.fullSchema] = bytes
            return store(bytes)
        }
        var manifest = Manifest(
            contract: contract, history: history, screens: entries, previous: previous?.hash, schemas: schemaEntries,
            fullSchema: fullSchema)
        if let previous, previous.manifest.chained(to: nil) == manifest.chained(to: nil) {
            manifest = previous.manifest
        }
        let manifestBytes = manifest.encoded()
        let manifestHash = SHA256.hexDigest(manifestBytes)
        files[Self.manifest(manifestHash)] = manifestBytes
        immutable.insert(Self.manifest(manifestHash))
        files[Self.pointer] = Pointer(manifest: manifestHash).encoded()
        self.files = files
        self.immutablePaths = immutable
        self.manifest = manifest
        self.manifestHash = manifestHash
    }
}
