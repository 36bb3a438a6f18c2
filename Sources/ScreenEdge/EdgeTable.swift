import ScreenCompiler
import ScreenCrypto
import ScreenJSON

/// The routing table an edge router reads: what a manifest says about each catalog screen, laid
/// out for a request's lookups, with each object's ETag (the renderer's, of the object's bytes).
///
/// `{"format":1,"manifest","contract","locales"?,"screens":{id:{"minContract","control",
/// "experiments","objects":{locale:{arms:[object per version from minContract]}}}},"etags":{object:etag}}`:
/// `locales` only with String Catalogs (`{"source","available","tags":{tag:locale}}`, `tags` each
/// locale by the form a request's ranges are compared in; `objects` is then keyed by locale, the
/// source language's first, and a locale a screen has no entry for serves the source language's); `arms` is the
/// arm of each experiment, in order, joined by `,` (`""` without experiments; `control` names the
/// all-control key). Compact, keys in this order, the same bytes for the same manifest. A router
/// that writes response records has `"fallbacks":{object:"[{…}]"}` last: the objects that apply
/// fallbacks, each with its record's `fallbacks` array as text (``EdgeFallbacks``). A router serving
/// a canary beside the stable release has `"canary":{"basisPoints","salt","table":{…}}` last: the
/// canary's share, its assignment's salt and its own table (``adding(canary:basisPoints:salt:)``).
public struct EdgeTable: Sendable, Hashable {
    /// The table's format number.
    public static let format = 1

    /// The table's bytes.
    public let bytes: [UInt8]
    /// The SHA-256 of the manifest it was made from.
    public let manifestHash: String
    /// Each object the table names, by SHA-256: its ETag (as the table holds it).
    let etags: [String: String]
    /// Whether it lists each object's fallbacks (a router that writes records).
    public let hasFallbacks: Bool
    /// Whether a canary's table is beside it.
    public let hasCanary: Bool

    /// The largest table read back from a bucket (a router's `table.json`).
    public static let maximumBytes = 64 << 20

    /// A table as a router's `table.json` holds it (without its last newline), read back from a
    /// bucket: format 1, a manifest's SHA-256 and each object's ETag; no canary beside it.
    ///
    /// Throws a ``JSONFormatError`` saying what is wrong.
    public init(bytes: [UInt8]) throws(JSONFormatError) {
        guard bytes.count <= Self.maximumBytes else {
            throw JSONFormatError("a table larger than \(Self.maximumBytes) bytes")
        }
        let file = try JSONObjectReader.document(bytes, maximumDepth: 16)
        guard try file.int("format") == Self.format else { throw JSONFormatError("a table format other than 1") }
        let manifest = try file.string("manifest")
        guard BucketLayout.isHash(manifest) else { throw JSONFormatError("a manifest that is not a SHA-256") }
        guard file.optional("canary") == nil else { throw JSONFormatError("a table with a canary beside it") }
        let etags = try file.stringMap("etags")
        guard etags.keys.allSatisfy(BucketLayout.isHash) else {
            throw JSONFormatError("an object that is not a SHA-256")
        }
        self.bytes = bytes
        self.manifestHash = manifest
        self.etags = etags
        self.hasFallbacks = file.optional("fallbacks") != nil
        self.hasCanary = false
    }

    private init(bytes: [UInt8], manifestHash: String, etags: [String: String], hasFallbacks: Bool, hasCanary: Bool) {
        self.bytes = bytes
        self.manifestHash = manifestHash
        self.etags = etags
        self.hasFallbacks = hasFallbacks
        self.hasCanary = hasCanary
    }

    /// This (stable) table with `canary`'s beside it, serving the units whose bucket of
    /// (`release`, `salt`) is below `basisPoints` (``Pointer/Canary``).
    public func adding(canary: EdgeTable, basisPoints: Int, salt: String) -> EdgeTable {
        var json = JSONWriter(style: .compact, capacity: 64)
        json.object { json in
            json.member("basisPoints", basisPoints)
            json.member("salt", salt)
        }
        var canaryMember = json.takeBytes()
        canaryMember.removeLast()
        let combined =
            bytes.dropLast() + Array(",\"canary\":".utf8) + canaryMember + Array(",\"table\":".utf8) + canary.bytes
            + Array("}}".utf8)
        return EdgeTable(
            bytes: Array(combined), manifestHash: manifestHash, etags: etags, hasFallbacks: hasFallbacks,
            hasCanary: true)
    }

    /// The table of `manifest` (named `manifestHash`), with the bytes of every object it names and,
    /// for a router that writes response records, the fallbacks each applies.
    ///
    /// Throws ``MissingObject`` naming an object `objects` lacks.
    public init(
        manifest: Manifest, manifestHash: String, objects: [String: [UInt8]], fallbacks: EdgeFallbacks? = nil
    ) throws(MissingObject) {
        var json = JSONWriter(style: .compact, capacity: 4096)
        var named: Set<String> = []
        var etags: [String: String] = [:]
        json.beginObject()
        json.member("format", Self.format)
        json.member("manifest", manifestHash)
        json.member("contract", manifest.contract)
        if let locales = manifest.locales {
            json.object("locales") { json in
                json.member("source", locales.source)
                json.member("available", locales.available)
                json.object("tags") { json in
                    for (tag, locale) in Self.tags(of: locales) { json.member(tag, locale) }
                }
            }
        }
        json.object("screens") { json in
            for screen in manifest.screens {
                json.object(screen.id) { json in
                    json.member("minContract", screen.minContract)
                    json.member("control", screen.experiments.map(\.control).joined(separator: ","))
                    json.array("experiments") { json in
                        for experiment in screen.experiments { Manifest.write(experiment, into: &json) }
                    }
                    json.object("objects") { json in
                        for (locale, entries) in Self.entries(of: screen, locales: manifest.locales) {
                            json.object(locale) { json in
                                for (arms, variants) in entries {
                                    json.member(arms.joined(separator: ","), variants.map(\.object))
                                    named.formUnion(variants.map(\.object))
                                }
                            }
                        }
                    }
                }
            }
        }
        try json.object("etags") { (json) throws(MissingObject) in
            for object in named.sorted() {
                guard let bytes = objects[object] else { throw MissingObject(object: object) }
                let etag = ETag.of(bytes)
                etags[object] = etag
                json.member(object, etag)
            }
        }
        fallbacks?.write(into: &json, objects: named)
        json.endObject()
        self.bytes = json.takeBytes()
        self.etags = etags
        self.manifestHash = manifestHash
        self.hasFallbacks = fallbacks != nil
        self.hasCanary = false
    }

    /// Each locale served by its tag as the routers compare ranges (lowercase, `-` for `_`), the
    /// first of a tag winning, in the order the routers look locales up: the available ones, then
    /// the source language.
    static func tags(of locales: Manifest.Locales) -> [(tag: String, locale: String)] {
        var seen: Set<String> = []
        var tags: [(tag: String, locale: String)] = []
        for locale in locales.available + [locales.source] {
            let tag = locale.lowercased().replacingOccurrences(of: "_", with: "-")
            if seen.insert(tag).inserted { tags.append((tag, locale)) }
        }
        return tags
    }

    /// An object the manifest names whose bytes were not given.
    public struct MissingObject: Error, Sendable, Hashable, CustomStringConvertible {
        /// The object's SHA-256.
        public let object: String

        /// `objects/<hash>.json, which the manifest names, is missing`.
        public var description: String { "\(BucketLayout.object(object)), which the manifest names, is missing" }
    }

    /// A screen's variants by locale (the source language's first; `""` without String Catalogs),
    /// then by combination (the all-control one first).
    static func entries(of screen: Manifest.Screen, locales: Manifest.Locales?) -> [(
        String, [([String], [Manifest.Variant])]
    )] {
        let control = screen.experiments.map(\.control)
        var source: [([String], [Manifest.Variant])] = [(control, screen.variants)]
        source += screen.combinations.filter { $0.arms != control }.map { ($0.arms, $0.variants) }
        var entries = [(locales?.source ?? "", source)]
        for localization in screen.localizations {
            var combinations: [([String], [Manifest.Variant])] = [(control, localization.variants)]
            combinations += localization.combinations.filter { $0.arms != control }.map { ($0.arms, $0.variants) }
            entries.append((localization.locale, combinations))
        }
        return entries
    }
}
