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
/// contracts/<k>/ScreenModel.swift     contract k's generated decoders (also .ts)
/// locales/<locale>/screens/<id>              the oldest supported variant in a locale
/// locales/<locale>/contracts/<k>/screens/<id>  the variant for clients of contract k in a locale
/// edge/<sha256>/<file>               an edge router's file, immutable, named by the pointer
/// releases/<sha256>.json             an entry of the release history, immutable, the newest named by the pointer
/// ```
///
/// The `locales/` aliases exist only with String Catalogs, for every configured locale (the source
/// language included); a screen without localized strings serves its own objects in each.
public struct BucketLayout: Sendable {
    /// An object's key for a SHA-256.
    public static func object(_ hash: String) -> String { "objects/\(hash).json" }
    /// A manifest's key for a SHA-256.
    public static func manifest(_ hash: String) -> String { "\(manifests)\(hash).json" }
    /// The prefix of every manifest's key.
    public static let manifests = "manifests/"
    /// The SHA-256 a manifest's key names; nil for any other key.
    public static func manifestHash(_ key: String) -> String? { hash(in: key, under: manifests) }
    /// The pointer's key.
    public static let pointer = "pointer.json"
    /// The path simple clients fetch: the oldest supported variant.
    public static func screen(_ id: String) -> String { "screens/\(id)" }
    /// The path clients of contract `version` fetch.
    public static func screen(_ id: String, contract version: Int) -> String { "contracts/\(version)/screens/\(id)" }
    /// The path simple clients fetch in `locale`.
    public static func screen(_ id: String, locale: String) -> String { "locales/\(locale)/screens/\(id)" }
    /// The path clients of contract `version` fetch in `locale`.
    public static func screen(_ id: String, contract version: Int, locale: String) -> String {
        "locales/\(locale)/\(screen(id, contract: version))"
    }
    /// Whether `name` can be a path segment naming a locale: 1 to 35 ASCII letters, digits, `-`
    /// and `_`, starting with a letter, no empty subtag (`de`, `pt-BR`, `zh_Hant`) — never `.`,
    /// `..` or a `/`. Every locale with CLDR plural rules is one.
    public static func isLocale(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") }
        func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard (1...35).contains(bytes.count), let first = bytes.first, isLetter(first), let last = bytes.last,
            !isSeparator(last)
        else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || isSeparator($0) }
            && !zip(bytes, bytes.dropFirst()).contains { isSeparator($0) && isSeparator($1) }
    }
    /// Whether `name` can name an object or manifest: 64 lowercase hex digits (a SHA-256), checked
    /// before a name read from a bucket becomes part of a path or key.
    public static func isHash(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// The key of an edge router's file `name` whose bytes' SHA-256 is `hash`.
    public static func edgeFile(_ hash: String, name: String) -> String { "edge/\(hash)/\(name)" }
    /// Whether `name` can name an edge router's file: 1 to 64 lowercase ASCII letters, digits, `-`
    /// and `.`, starting with a letter (`screenkit-edge.mjs`) — never a `/` or `..`.
    public static func isEdgeFileName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count), let first = bytes.first, (0x61...0x7A).contains(first),
            !name.contains("..")
        else { return false }
        return bytes.allSatisfy {
            (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".")
        }
    }

    /// Whether `id` is a screen ID or a device layout's (`home.ipad`), as aliases are named.
    public static func isScreenID(_ id: String) -> Bool { CatalogValidator.isValidScreenOrLayoutID(id) }

    /// The alias of the JSON Schema of contract `version`'s variants.
    public static func schema(contract version: Int) -> String { "contracts/\(version)/schema.json" }
    /// The alias of the JSON Schema of the full envelopes.
    public static let fullSchema = "contracts/full/schema.json"
    /// The alias of contract `version`'s decoder in `language` (`contracts/2/ScreenModel.ts`).
    public static func decoder(contract version: Int, language: ClientLanguage) -> String {
        "contracts/\(version)/\(language.fileName)"
    }

    /// Every file of the image, keyed by path.
    public private(set) var files: [String: [UInt8]]
    /// The immutable, content-addressed paths (objects, manifests and edge files).
    public private(set) var immutablePaths: Set<String>
    /// The pointer the image ends with.
    public private(set) var pointer: Pointer
    /// The manifest.
    public let manifest: Manifest
    /// The manifest's SHA-256.
    public let manifestHash: String

    /// The image of `screens` built for the frozen files hashed `history`.
    ///
    /// `locales` are the locales the screens were built for, the source language first
    /// (``CompileResult/locales``); empty without String Catalogs, which writes no `locales/`
    /// aliases and no `locales` member. Each must be a locale name (``isLocale(_:)``), as every
    /// locale with plural rules is.
    ///
    /// The image depends on nothing else: not on what was built or published before, so the same
    /// checkout gives the same bytes (manifest and pointer included) in `dist/` and in every bucket.
    public init(
        screens: [CompiledScreen], contract: Int, history: [String], schemas: ClientSchemas = .none,
        locales: [String] = []
    ) {
        // Locale names become path segments: `Translations` only accepts locales with plural
        // rules, which are all locale names; anything else is a programming error, never a path.
        precondition(locales.allSatisfy(Self.isLocale), "not locale names: \(locales.filter { !Self.isLocale($0) })")
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
        func storeAll(_ variants: [CompiledScreen.Variant]) -> [Manifest.Variant] {
            variants.map { Manifest.Variant(contract: $0.contract, object: store($0.envelope)) }
        }
        var entries: [Manifest.Screen] = []
        for screen in screens {
            // Every combination of a screen's experiment arms is stored once per distinct bytes
            // and listed in the manifest, so an edge function can route without ScreenKit.
            func combinations(of written: CompiledScreen) -> [Manifest.Combination] {
                written.combinations.map { combination in
                    Manifest.Combination(
                        arms: screen.experiments.map { combination.arms[$0.name] ?? $0.control },
                        full: store(combination.full), variants: storeAll(combination.variants))
                }
            }
            // Each locale's envelopes likewise: a locale whose bytes equal another's is one object.
            let localizations = screen.localizations.map { localized in
                Manifest.Localization(
                    locale: localized.locale, full: store(localized.screen.full),
                    variants: storeAll(localized.screen.variants), combinations: combinations(of: localized.screen))
            }
            entries.append(
                Manifest.Screen(
                    id: screen.id, minContract: screen.minContract, full: store(screen.full),
                    variants: storeAll(screen.variants), experiments: screen.experiments,
                    combinations: combinations(of: screen), localizations: localizations))
        }
        let schemaEntries = schemas.versions.enumerated().map {
            Manifest.Variant(contract: $0.offset + 1, object: store($0.element))
        }
        let fullSchema = schemas.full.map { store($0) }
        var manifest = Manifest(
            contract: contract, history: history, screens: entries, previous: nil, schemas: schemaEntries,
            fullSchema: fullSchema,
            locales: locales.first.map { Manifest.Locales(source: $0, available: locales) })
        manifest.decoders = schemas.decoders.map {
            Manifest.Decoder(contract: $0.contract, language: $0.language, object: store($0.bytes))
        }
        // Every alias holds the bytes of the object the manifest names for it.
        for (path, hash) in Self.aliases(of: manifest) { files[path] = files[Self.object(hash)] }
        let manifestBytes = manifest.encoded()
        let manifestHash = SHA256.hexDigest(manifestBytes)
        files[Self.manifest(manifestHash)] = manifestBytes
        immutable.insert(Self.manifest(manifestHash))
        let pointer = Pointer(manifest: manifestHash)
        files[Self.pointer] = pointer.encoded()
        self.pointer = pointer
        self.files = files
        self.immutablePaths = immutable
        self.manifest = manifest
        self.manifestHash = manifestHash
    }

    /// This image with an edge router's `files` (name and bytes each): every file stored
    /// content-addressed (``edgeFile(_:name:)``) and named by the pointer. Each name must be an edge
    /// file name (``isEdgeFileName(_:)``).
    public func adding(edge router: [(name: String, bytes: [UInt8])]) -> BucketLayout {
        var (layout, named) = storing(router)
        layout.pointer = Pointer(manifest: manifestHash, edge: named)
        layout.files[Self.pointer] = layout.pointer.encoded()
        return layout
    }

    /// This image (with its own router, ``adding(edge:)``) published as a canary of `share` beside
    /// the stable release `stable` (whose own router is `stableEdge`): the pointer names the stable
    /// manifest, this one as the canary with both releases' own routers, and `router` (the router
    /// serving both, stored like any edge file) as its router.
    public func asCanary(
        of stable: String, stableEdge: [String: String], basisPoints share: Int,
        router: [(name: String, bytes: [UInt8])]
    ) -> BucketLayout {
        var (layout, named) = storing(router)
        layout.pointer = Pointer(
            manifest: stable,
            canary: Pointer.Canary(
                manifest: manifestHash, basisPoints: share, edge: pointer.edge, stableEdge: stableEdge),
            edge: named)
        layout.files[Self.pointer] = layout.pointer.encoded()
        return layout
    }

    /// This image with `router`'s files stored content-addressed, and their names and hashes.
    private func storing(_ router: [(name: String, bytes: [UInt8])]) -> (BucketLayout, [String: String]) {
        precondition(router.allSatisfy { Self.isEdgeFileName($0.name) }, "not edge file names: \(router.map(\.name))")
        var layout = self
        var named: [String: String] = [:]
        for file in router {
            let hash = SHA256.hexDigest(file.bytes)
            let key = Self.edgeFile(hash, name: file.name)
            layout.files[key] = file.bytes
            layout.immutablePaths.insert(key)
            named[file.name] = hash
        }
        return (layout, named)
    }

    /// The edge files `pointer` names, as keys: its router's and, with a canary, each release's own.
    public static func edgeFiles(of pointer: Pointer) -> Set<String> {
        let files = [pointer.edge, pointer.canary?.edge ?? [:], pointer.canary?.stableEdge ?? [:]]
        return Set(files.flatMap { $0.map { edgeFile($0.value, name: $0.key) } })
    }

    /// The key of the release history's entry whose bytes' SHA-256 is `hash` (``ReleaseEntry``).
    public static func releaseEntry(_ hash: String) -> String { "\(releases)\(hash).json" }
    /// The prefix of every release entry's key.
    public static let releases = "releases/"
    /// The SHA-256 a release entry's key names; nil for any other key.
    public static func releaseEntryHash(_ key: String) -> String? { hash(in: key, under: releases) }

    /// The SHA-256 of a key `<prefix><sha256>.json`; nil for any other key.
    static func hash(in key: String, under prefix: String) -> String? {
        guard key.hasPrefix(prefix), key.hasSuffix(".json") else { return nil }
        let hash = String(key.dropFirst(prefix.count).dropLast(".json".count))
        return isHash(hash) ? hash : nil
    }

    /// Every alias of the image `manifest` describes, with the SHA-256 of the object it holds:
    /// what `build` writes and what `publish` compares with the bucket's manifest.
    public static func aliases(of manifest: Manifest) -> [String: String] {
        var aliases: [String: String] = [:]
        func alias(_ variants: [Manifest.Variant], of id: String, locale: String?) {
            for variant in variants {
                let path = locale.map { screen(id, contract: variant.contract, locale: $0) }
                aliases[path ?? screen(id, contract: variant.contract)] = variant.object
            }
            if let oldest = variants.first {
                aliases[locale.map { screen(id, locale: $0) } ?? screen(id)] = oldest.object
            }
        }
        for entry in manifest.screens {
            alias(entry.variants, of: entry.id, locale: nil)
            // Every locale, the source language included; a screen not written in a locale (one
            // without localized strings) serves its own objects there.
            for locale in manifest.locales?.available ?? [] {
                let localized = entry.localizations.first { $0.locale == locale }
                alias(localized?.variants ?? entry.variants, of: entry.id, locale: locale)
            }
        }
        for schema in manifest.schemas { aliases[Self.schema(contract: schema.contract)] = schema.object }
        for decoder in manifest.decoders {
            aliases[Self.decoder(contract: decoder.contract, language: decoder.language)] = decoder.object
        }
        if let full = manifest.fullSchema { aliases[Self.fullSchema] = full }
        return aliases
    }

    /// The SHA-256 of every object `manifest` names: envelopes of every combination and locale,
    /// and schemas.
    public static func objects(of manifest: Manifest) -> Set<String> {
        func objects(_ full: String, _ variants: [Manifest.Variant], _ combinations: [Manifest.Combination])
            -> [String]
        {
            [full] + variants.map(\.object) + combinations.flatMap { [$0.full] + $0.variants.map(\.object) }
        }
        var hashes = Set(
            manifest.schemas.map(\.object) + manifest.decoders.map(\.object) + [manifest.fullSchema].compactMap { $0 })
        for screen in manifest.screens {
            hashes.formUnion(objects(screen.full, screen.variants, screen.combinations))
            for localization in screen.localizations {
                hashes.formUnion(objects(localization.full, localization.variants, localization.combinations))
            }
        }
        return hashes
    }
}
