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
/// fallbacks, each with its record's `fallbacks` array as text (``EdgeFallbacks``).
public struct EdgeTable: Sendable, Hashable {
    /// The table's format number.
    public static let format = 1

    /// The table's bytes.
    public let bytes: [UInt8]
    /// Each object the table names, by SHA-256: its ETag (as the table holds it).
    let etags: [String: String]

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
