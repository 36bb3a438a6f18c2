import ScreenCompiler
import ScreenJSON

/// The fallbacks each published object applies, by the SHA-256 that names it: for a router's
/// response records, which count them as ``ContractHealthMetrics`` does (each contract element the
/// client lacks, with how many times the object falls back for it, in order of first appearance).
public struct EdgeFallbacks: Sendable, Hashable {
    /// One contract element and its number of fallbacks in an object.
    public struct Element: Sendable, Hashable {
        /// The element (`component:Carousel`, `prop:text.maxLines`).
        public let element: String
        /// How many fallbacks of it the object applies.
        public let count: Int
    }

    /// The elements of each object that applies at least one fallback.
    public let objects: [String: [Element]]
    /// The objects the manifest names that `screens` has no variant for (another catalog's build).
    public let unmatched: [String]

    /// The fallbacks of every object `manifest` names, from the variant of `screens` in the same
    /// place (screen, locale, combination of arms, contract version): by place, not by bytes, so a
    /// build written in another style (`--pretty`) matches too.
    public init(manifest: Manifest, screens: [CompiledScreen]) {
        var objects: [String: [Element]] = [:]
        var unmatched: Set<String> = []
        let byID = Dictionary(screens.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func add(_ variants: [Manifest.Variant], _ compiled: [CompiledScreen.Variant]?) {
            for variant in variants {
                guard let match = compiled?.first(where: { $0.contract == variant.contract }) else {
                    unmatched.insert(variant.object)
                    continue
                }
                let elements = Self.elements(match.downgrades)
                if !elements.isEmpty { objects[variant.object] = elements }
            }
        }
        func add(_ combinations: [Manifest.Combination], of screen: CompiledScreen?, _ names: [String]) {
            for combination in combinations {
                let match = screen?.combinations.first { candidate in
                    names.compactMap { candidate.arms[$0] } == combination.arms
                }
                add(combination.variants, match?.variants)
            }
        }
        for screen in manifest.screens {
            let compiled = byID[screen.id]
            let names = screen.experiments.map(\.name)
            add(screen.variants, compiled?.variants)
            add(screen.combinations, of: compiled, names)
            for localization in screen.localizations {
                let localized = compiled?.localizations.first { $0.locale == localization.locale }?.screen
                add(localization.variants, localized?.variants)
                add(localization.combinations, of: localized, names)
            }
        }
        self.objects = objects
        self.unmatched = unmatched.sorted()
    }

    /// No object applies a fallback.
    public static let empty = EdgeFallbacks()

    private init() {
        objects = [:]
        unmatched = []
    }

    /// The fallbacks among `downgrades`, counted by element in order of first appearance.
    static func elements(_ downgrades: [Downgrade]) -> [Element] {
        var elements: [String] = []
        var counts: [String: Int] = [:]
        for downgrade in downgrades where downgrade.isFallback {
            let element = downgrade.element
            if counts[element] == nil { elements.append(element) }
            counts[element, default: 0] += 1
        }
        return elements.map { Element(element: $0, count: counts[$0]!) }
    }

    /// `"fallbacks":{object:"[{\"element\":…,\"count\":…},…]"}`, objects sorted, into `json`'s open
    /// object: each object's fallbacks as the text a response record holds, so a router adds it to
    /// the line as it is.
    func write(into json: inout JSONWriter, objects named: Set<String>) {
        json.object("fallbacks") { json in
            for object in named.sorted() {
                guard let elements = objects[object] else { continue }
                var record = JSONWriter(style: .compact, capacity: 64 * elements.count)
                record.beginArray()
                for element in elements {
                    record.object { record in
                        record.member("element", element.element)
                        record.member("count", element.count)
                    }
                }
                record.endArray()
                json.member(object, String(decoding: record.takeBytes(), as: UTF8.self))
            }
        }
    }
}
