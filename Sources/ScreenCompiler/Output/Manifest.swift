import Foundation
import ScreenJSON
import ScreenKit

/// The manifest: every screen's variants by content hash, the contract history it was built
/// from, and the previous manifest's hash.
public struct Manifest: Sendable, Hashable {
    /// The manifest format this code reads and writes.
    public static let format = 1

    /// One screen's objects.
    public struct Screen: Sendable, Hashable {
        /// The screen ID.
        public let id: String
        /// The oldest client contract version it supports.
        public let minContract: Int
        /// The SHA-256 of the full envelope.
        public let full: String
        /// The SHA-256 of each variant, by client contract version, oldest first.
        public let variants: [Variant]
        /// The screen's experiments (empty for most screens): its own objects are those of the
        /// all-control combination.
        public var experiments: [Experiment.Declaration] = []
        /// Every combination of the experiments' arms, the all-control one first.
        public var combinations: [Combination] = []
        /// The screen's objects in each locale other than the source language, sorted by locale;
        /// empty for a screen without localized strings (every locale serves the screen's own objects).
        public var localizations: [Localization] = []

        /// One screen.
        public init(
            id: String, minContract: Int, full: String, variants: [Variant],
            experiments: [Experiment.Declaration] = [], combinations: [Combination] = [],
            localizations: [Localization] = []
        ) {
            self.id = id
            self.minContract = minContract
            self.full = full
            self.variants = variants
            self.experiments = experiments
            self.combinations = combinations
            self.localizations = localizations.sorted { $0.locale < $1.locale }
        }
    }

    /// The locales a build serves.
    public struct Locales: Sendable, Hashable {
        /// The source language: the objects of ``Screen/full`` and ``Screen/variants``.
        public let source: String
        /// Every locale served, the source language included, sorted.
        public let available: [String]

        /// Locales: `available` is sorted, and holds `source`.
        public init(source: String, available: [String]) {
            self.source = source
            self.available = Set(available + [source]).sorted()
        }

        /// `{"source","available":[…]}`.
    }

    /// One screen's objects in one locale.
    public struct Localization: Sendable, Hashable {
        /// The locale.
        public let locale: String
        /// The SHA-256 of the full envelope in that locale.
        public let full: String
        /// The SHA-256 of each variant in that locale, by client contract version, oldest first.
        public let variants: [Variant]
        /// Every combination of the screen's experiment arms in that locale, in the order of the
        /// screen's own combinations; empty for a screen without experiments.
        public var combinations: [Combination] = []

        /// A localization.
        public init(locale: String, full: String, variants: [Variant], combinations: [Combination] = []) {
            self.locale = locale
            self.full = full
            self.variants = variants
            self.combinations = combinations
        }
    }

    /// One combination of a screen's experiment arms and its objects.
    public struct Combination: Sendable, Hashable {
        /// The arm of each experiment, in the order of the screen's experiments.
        public let arms: [String]
        /// The SHA-256 of its full envelope.
        public let full: String
        /// The SHA-256 of its variant for each client contract version, oldest first.
        public let variants: [Variant]

        /// A combination.
        public init(arms: [String], full: String, variants: [Variant]) {
            self.arms = arms
            self.full = full
            self.variants = variants
        }
    }

    /// One client contract version's object.
    public struct Variant: Sendable, Hashable {
        /// The client contract version.
        public let contract: Int
        /// The SHA-256 of the envelope those clients receive.
        public let object: String
    }

    /// The current contract version.
    public let contract: Int
    /// The SHA-256 of each frozen contract file the screens were built from, version 1 first.
    public let history: [String]
    /// The locales served, nil when no String Catalog is configured (the manifest then has no
    /// `locales` member and no `locales/` aliases exist).
    public let locales: Locales?
    /// The screens, sorted by ID.
    public let screens: [Screen]
    /// The manifest this one followed in its bucket, as ScreenKit wrote it until the image stopped
    /// depending on the destination's history: read back from older buckets, nil in every
    /// manifest written now.
    public let previous: String?
    /// The JSON Schema objects of each frozen version's variants, oldest first (empty when none
    /// were written).
    public let schemas: [Variant]
    /// The JSON Schema object of the full envelopes, if written.
    public let fullSchema: String?
    /// Each frozen version's generated decoders, by version then language (empty when none were
    /// written).
    public var decoders: [Decoder] = []

    /// One frozen version's decoder in one language.
    public struct Decoder: Sendable, Hashable {
        /// The frozen version it decodes.
        public let contract: Int
        /// Its language: `swift`, `typescript` or `kotlin` (``ClientLanguage``).
        public let language: ClientLanguage
        /// The SHA-256 of its source file.
        public let object: String

        /// A decoder entry.
        public init(contract: Int, language: ClientLanguage, object: String) {
            self.contract = contract
            self.language = language
            self.object = object
        }
    }

    /// Creates a manifest.
    public init(
        contract: Int, history: [String], screens: [Screen], previous: String?, schemas: [Variant] = [],
        fullSchema: String? = nil, locales: Locales? = nil
    ) {
        self.contract = contract
        self.history = history
        self.locales = locales
        self.screens = screens.sorted { $0.id < $1.id }
        self.previous = previous
        self.schemas = schemas
        self.fullSchema = fullSchema
    }

    /// The canonical bytes.
    public func encoded(style: JSONStyle = .compact) -> [UInt8] {
        var json = JSONWriter(style: style, capacity: 256 + screens.count * 256)
        json.object(self)
        if style == .pretty { json.newline() }
        return json.takeBytes()
    }

    /// `{"name", "salt", "decision": "weighted" | "flag" | "rollout", "flag"?, "percent"?, "control",
    /// "arms": [{"name", "weight"}]}`.
    package static func write(_ experiment: Experiment.Declaration, into json: inout JSONWriter) {
        json.object { json in
            json.member("name", experiment.name)
            json.member("salt", experiment.salt)
            switch experiment.decision {
            case .weighted:
                json.member("decision", "weighted")
            case .flag(let flag):
                json.member("decision", "flag")
                json.member("flag", flag)
            case .rollout(let percent):
                json.member("decision", "rollout")
                json.member("percent", percent)
            }
            json.member("control", experiment.control)
            json.array("arms") { json in
                for arm in experiment.arms {
                    json.object { json in
                        json.member("name", arm.name)
                        json.member("weight", arm.weight)
                    }
                }
            }
        }
    }

    /// Why a manifest could not be read.
    public struct ReadError: Error, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// The largest manifest read from a bucket, in bytes: about 25,000 screens served to three contract versions.
    public static let maximumBytes = 8 << 20
    /// The deepest nesting of a manifest (a screen's experiments' arms are 7 levels down).
    public static let maximumDepth = 7
    /// The most locales a manifest lists, and the most locales one screen is localized in: more
    /// than a config may list (64, and the source language).
    public static let maximumLocales = 100
    /// The most entries of one screen's `localizations`: each locale's own and one per
    /// combination of the screen's experiment arms.
    public static let maximumLocalizationEntries = maximumLocales * (ExperimentResolution.maximumCombinations + 1)
}

extension Manifest: JSONObjectWritable {
    /// The manifest's members, in the documented order; members a feature adds only when it is used,
    /// so manifests without it keep their bytes.
    public func writeMembers(into json: inout JSONWriter) {
        json.member("format", Self.format)
        json.member("contract", contract)
        json.member("history", history)
        json.member("locales", ifPresent: locales)
        json.member("screens", screens)
        if !schemas.isEmpty { json.member("schemas", schemas) }
        json.member("fullSchema", ifPresent: fullSchema)
        if !decoders.isEmpty { json.member("decoders", decoders) }
        json.member("previous", ifPresent: previous)
    }
}

extension Manifest.Screen: JSONObjectWritable {
    /// `{"id","minContract","full","variants","experiments"?,"combinations"?,"localizations"?}`.
    public func writeMembers(into json: inout JSONWriter) {
        json.member("id", id)
        json.member("minContract", minContract)
        json.member("full", full)
        json.member("variants", variants)
        // Only for a screen with experiments: every other screen keeps its bytes.
        if !experiments.isEmpty {
            json.array("experiments") { json in
                for experiment in experiments { Manifest.write(experiment, into: &json) }
            }
            json.member("combinations", combinations)
        }
        // Only for a screen with localized strings, likewise. Flat, so that nesting stays within
        // 7: each locale's own objects, then an entry with `arms` per combination of its arms.
        if !localizations.isEmpty {
            json.array("localizations") { json in
                for localization in localizations {
                    json.object { json in
                        json.member("locale", localization.locale)
                        json.member("full", localization.full)
                        json.member("variants", localization.variants)
                    }
                    for combination in localization.combinations {
                        json.object { json in
                            json.member("locale", localization.locale)
                            combination.writeMembers(into: &json)
                        }
                    }
                }
            }
        }
    }
}

extension Manifest.Combination: JSONObjectWritable {
    /// `"arms": [arm per experiment], "full": "<sha256>", "variants": […]`.
    public func writeMembers(into json: inout JSONWriter) {
        json.member("arms", arms)
        json.member("full", full)
        json.member("variants", variants)
    }
}

extension Manifest.Variant: JSONObjectWritable {
    /// `"contract": k, "object": "<sha256>"`.
    public func writeMembers(into json: inout JSONWriter) {
        json.member("contract", contract)
        json.member("object", object)
    }
}

extension Manifest.Decoder: JSONObjectWritable {
    /// `"contract": k, "language": "swift", "object": "<sha256>"`.
    public func writeMembers(into json: inout JSONWriter) {
        json.member("contract", contract)
        json.member("language", language.rawValue)
        json.member("object", object)
    }
}

extension Manifest.Locales: JSONObjectWritable {
    /// `"source": "en", "available": ["de", "en"]`.
    public func writeMembers(into json: inout JSONWriter) {
        json.member("source", source)
        json.member("available", available)
    }
}
