import ScreenCompiler
import ScreenCrypto
import ScreenJSON

/// The routing table an edge router reads: what a manifest says about each catalog screen, laid
/// out for a request's lookups, with each object's ETag (the renderer's, of the object's bytes).
///
/// `{"format":1,"manifest","contract","locales"?,"screens":{id:{"minContract","control",
/// "experiments","objects":{locale:{arms:[object per version from minContract]}}}},"etags":{object:etag}}`:
/// `locales` only with String Catalogs (then `objects` is keyed by locale, the source language's
/// first, and a locale a screen has no entry for serves the source language's); `arms` is the
/// arm of each experiment, in order, joined by `,` (`""` without experiments; `control` names the
/// all-control key). Compact, keys in this order, the same bytes for the same manifest.
public struct EdgeTable: Sendable, Hashable {
    /// The table's format number.
    public static let format = 1

    /// The table's bytes.
    public let bytes: [UInt8]

    /// The table of `manifest` (named `manifestHash`), with the bytes of every object it names.
    ///
    /// Throws ``MissingObject`` naming an object `objects` lacks.
    public init(manifest: Manifest, manifestHash: String, objects: [String: [UInt8]]) throws(MissingObject) {
        var json = JSONWriter(style: .compact, capacity: 4096)
        var named: Set<String> = []
        json.beginObject()
        json.key("format")
        json.integer(Self.format)
        json.key("manifest")
        json.string(manifestHash)
        json.key("contract")
        json.integer(manifest.contract)
        if let locales = manifest.locales {
            json.key("locales")
            locales.write(into: &json)
        }
        json.key("screens")
        json.beginObject()
        for screen in manifest.screens {
            json.key(screen.id)
            json.beginObject()
            json.key("minContract")
            json.integer(screen.minContract)
            json.key("control")
            json.string(screen.experiments.map(\.control).joined(separator: ","))
            json.key("experiments")
            json.beginArray()
            for experiment in screen.experiments { Manifest.write(experiment, into: &json) }
            json.endArray()
            json.key("objects")
            json.beginObject()
            for (locale, entries) in Self.entries(of: screen, locales: manifest.locales) {
                json.key(locale)
                json.beginObject()
                for (arms, variants) in entries {
                    json.key(arms.joined(separator: ","))
                    json.beginArray()
                    for variant in variants {
                        json.string(variant.object)
                        named.insert(variant.object)
                    }
                    json.endArray()
                }
                json.endObject()
            }
            json.endObject()
            json.endObject()
        }
        json.endObject()
        json.key("etags")
        json.beginObject()
        for object in named.sorted() {
            guard let bytes = objects[object] else { throw MissingObject(object: object) }
            json.key(object)
            json.string(ETag.of(bytes))
        }
        json.endObject()
        json.endObject()
        self.bytes = json.takeBytes()
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
