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
        package func write(into json: inout JSONWriter) {
            json.beginObject()
            json.key("source")
            json.string(source)
            json.key("available")
            json.beginArray()
            for locale in available { json.string(locale) }
            json.endArray()
            json.endObject()
        }
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
    /// The previous manifest's SHA-256, nil for the first.
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

    /// A copy chained to another previous manifest.
    public func chained(to previous: String?) -> Manifest {
        var manifest = Manifest(
            contract: contract, history: history, screens: screens, previous: previous, schemas: schemas,
            fullSchema: fullSchema, locales: locales)
        manifest.decoders = decoders
        return manifest
    }

    /// The canonical bytes.
    public func encoded(style: JSONStyle = .compact) -> [UInt8] {
        var json = JSONWriter(style: style, capacity: 256 + screens.count * 256)
        json.beginObject()
        json.key("format")
        json.integer(Self.format)
        json.key("contract")
        json.integer(contract)
        json.key("history")
        json.beginArray()
        for hash in history { json.string(hash) }
        json.endArray()
        // Only with String Catalogs, so manifests without keep their bytes.
        if let locales {
            json.key("locales")
            locales.write(into: &json)
        }
        json.key("screens")
        json.beginArray()
        for screen in screens {
            json.beginObject()
            json.key("id")
            json.string(screen.id)
            json.key("minContract")
            json.integer(screen.minContract)
            json.key("full")
            json.string(screen.full)
            json.key("variants")
            Self.write(screen.variants, into: &json)
            // Only for a screen with experiments: every other screen keeps its bytes.
            if !screen.experiments.isEmpty {
                json.key("experiments")
                json.beginArray()
                for experiment in screen.experiments { Self.write(experiment, into: &json) }
                json.endArray()
                json.key("combinations")
                Self.write(screen.combinations, into: &json)
            }
            // Only for a screen with localized strings, likewise.
            if !screen.localizations.isEmpty {
                json.key("localizations")
                json.beginArray()
                // Flat, so that nesting stays within 7: each locale's own objects, then an entry
                // with `arms` per combination of its experiment arms in that locale.
                for localization in screen.localizations {
                    let combinations = localization.combinations.map { ($0.arms as [String]?, $0.full, $0.variants) }
                    for (arms, full, variants) in [(nil, localization.full, localization.variants)] + combinations {
                        json.beginObject()
                        json.key("locale")
                        json.string(localization.locale)
                        Self.writeObjects(arms: arms, full: full, variants: variants, into: &json)
                        json.endObject()
                    }
                }
                json.endArray()
            }
            json.endObject()
        }
        json.endArray()
        // Only when written, so manifests without schemas keep their bytes.
        if !schemas.isEmpty {
            json.key("schemas")
            Self.write(schemas, into: &json)
        }
        if let fullSchema {
            json.key("fullSchema")
            json.string(fullSchema)
        }
        if !decoders.isEmpty {
            json.key("decoders")
            json.beginArray()
            for decoder in decoders {
                json.beginObject()
                json.key("contract")
                json.integer(decoder.contract)
                json.key("language")
                json.string(decoder.language.rawValue)
                json.key("object")
                json.string(decoder.object)
                json.endObject()
            }
            json.endArray()
        }
        if let previous {
            json.key("previous")
            json.string(previous)
        }
        json.endObject()
        if style == .pretty { json.newline() }
        return json.takeBytes()
    }

    /// `{"name", "salt", "decision": "weighted" | "flag" | "rollout", "flag"?, "percent"?, "control",
    /// "arms": [{"name", "weight"}]}`.
    package static func write(_ experiment: Experiment.Declaration, into json: inout JSONWriter) {
        json.beginObject()
        json.key("name")
        json.string(experiment.name)
        json.key("salt")
        json.string(experiment.salt)
        json.key("decision")
        switch experiment.decision {
        case .weighted:
            json.string("weighted")
        case .flag(let flag):
            json.string("flag")
            json.key("flag")
            json.string(flag)
        case .rollout(let percent):
            json.string("rollout")
            json.key("percent")
            json.integer(percent)
        }
        json.key("control")
        json.string(experiment.control)
        json.key("arms")
        json.beginArray()
        for arm in experiment.arms {
            json.beginObject()
            json.key("name")
            json.string(arm.name)
            json.key("weight")
            json.integer(arm.weight)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    /// `[{"arms": [arm per experiment], "full": "<sha256>", "variants": […]}, …]`.
    private static func write(_ combinations: [Combination], into json: inout JSONWriter) {
        json.beginArray()
        for combination in combinations {
            json.beginObject()
            writeObjects(arms: combination.arms, full: combination.full, variants: combination.variants, into: &json)
            json.endObject()
        }
        json.endArray()
    }

    /// The members naming one combination's or locale's objects: `"arms": […]` (when given),
    /// `"full": "<sha256>"`, `"variants": […]`.
    private static func writeObjects(arms: [String]?, full: String, variants: [Variant], into json: inout JSONWriter) {
        if let arms {
            json.key("arms")
            json.beginArray()
            for arm in arms { json.string(arm) }
            json.endArray()
        }
        json.key("full")
        json.string(full)
        json.key("variants")
        write(variants, into: &json)
    }

    /// `[{"contract": k, "object": "<sha256>"}, …]`.
    private static func write(_ entries: [Variant], into json: inout JSONWriter) {
        json.beginArray()
        for entry in entries {
            json.beginObject()
            json.key("contract")
            json.integer(entry.contract)
            json.key("object")
            json.string(entry.object)
            json.endObject()
        }
        json.endArray()
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

    /// Reads a manifest: the format number first, then the rest.
    public static func decode(_ bytes: [UInt8]) throws(ReadError) -> Manifest {
        struct Header: Decodable { let format: Int }
        struct File: Decodable {
            struct Variant: Decodable {
                let contract: Int
                let object: String
            }
            struct Arm: Decodable {
                let name: String
                let weight: Int
            }
            struct Experiment: Decodable {
                let name: String
                let salt: String
                let decision: String
                let flag: String?
                let percent: Int?
                let control: String
                let arms: [Arm]
            }
            struct Combination: Decodable {
                let arms: [String]
                let full: String
                let variants: [Variant]
            }
            struct Localization: Decodable {
                let locale: String
                let arms: [String]?
                let full: String
                let variants: [Variant]
            }
            struct Screen: Decodable {
                let id: String
                let minContract: Int
                let full: String
                let variants: [Variant]
                let experiments: [Experiment]?
                let combinations: [Combination]?
                let localizations: [Localization]?
            }
            struct Locales: Decodable {
                let source: String
                let available: [String]
            }
            let contract: Int
            let history: [String]
            let locales: Locales?
            let screens: [Screen]
            let previous: String?
            let schemas: [Variant]?
            let fullSchema: String?
            let decoders: [Decoder]?
            struct Decoder: Decodable {
                let contract: Int
                let language: String
                let object: String
            }
        }
        guard bytes.count <= maximumBytes else {
            throw ReadError(description: "the manifest is \(bytes.count) bytes; a manifest is at most \(maximumBytes)")
        }
        if let offset = JSONDepth.firstOffset(exceeding: maximumDepth, in: bytes) {
            throw ReadError(description: "the manifest nests deeper than a manifest does (at byte \(offset))")
        }
        let data = Data(bytes)
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw ReadError(description: "not a manifest (no format number)")
        }
        guard header.format == format else {
            throw ReadError(
                description: "manifest format \(header.format) is not supported (this screenkit reads \(format))")
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw ReadError(description: "malformed manifest: \(error)")
        }
        // Names read from a bucket become paths and keys: each must be a SHA-256, a screen ID or
        // a locale.
        let locales = try decode(file.locales.map { ($0.source, $0.available) })
        let localizations = file.screens.flatMap { $0.localizations ?? [] }
        let combinations = file.screens.flatMap { $0.combinations ?? [] }
        let hashes =
            file.history + file.screens.flatMap { [$0.full] + $0.variants.map(\.object) }
            + localizations.flatMap { [$0.full] + $0.variants.map(\.object) }
            + combinations.flatMap { [$0.full] + $0.variants.map(\.object) }
            + (file.schemas ?? []).map(\.object) + (file.decoders ?? []).map(\.object)
            + [file.fullSchema, file.previous].compactMap { $0 }
        if let bad = hashes.first(where: { !BucketLayout.isHash($0) }) {
            throw ReadError(
                description:
                    "the manifest names \"\(bad.prefix(80))\", which is not a SHA-256 (64 lowercase hex digits)")
        }
        if let bad = file.screens.first(where: { !BucketLayout.isScreenID($0.id) }) {
            throw ReadError(description: "the manifest lists screen \"\(bad.id.prefix(80))\", which is not a screen ID")
        }
        // Experiment and arm names become header values and an edge function's keys: each is a name.
        var screens: [Screen] = []
        for screen in file.screens {
            var experiments: [ScreenKit.Experiment.Declaration] = []
            for entry in screen.experiments ?? [] {
                let names = [entry.name, entry.control] + entry.arms.map(\.name) + [entry.flag].compactMap { $0 }
                guard names.allSatisfy(ExperimentRules.isValidName),
                    entry.salt.isEmpty || ExperimentRules.isValidName(entry.salt)
                else {
                    throw ReadError(
                        description:
                            "the manifest lists experiment \"\(entry.name.prefix(80))\" with a name that is not [a-z0-9][a-z0-9_-]*"
                    )
                }
                let decision: ScreenKit.Experiment.Decision
                switch (entry.decision, entry.flag, entry.percent) {
                case ("weighted", nil, nil): decision = .weighted
                case ("flag", let flag?, nil): decision = .flag(flag)
                case ("rollout", nil, let percent?) where (0...100).contains(percent):
                    decision = .rollout(percent: percent)
                default:
                    throw ReadError(
                        description:
                            "the manifest lists experiment \"\(entry.name)\" with an unknown decision \"\(entry.decision.prefix(40))\""
                    )
                }
                experiments.append(
                    .init(
                        name: entry.name, salt: entry.salt, decision: decision, control: entry.control,
                        arms: entry.arms.map { .init(name: $0.name, weight: $0.weight) }))
            }
            let combinations = { (entries: [File.Combination]?) throws(ReadError) -> [Combination] in
                try (entries ?? []).map { (entry) throws(ReadError) -> Combination in
                    guard entry.arms.count == experiments.count else {
                        throw ReadError(
                            description:
                                "the manifest lists a combination of screen \"\(screen.id)\" with \(entry.arms.count) arms for \(experiments.count) experiments"
                        )
                    }
                    return Combination(
                        arms: entry.arms, full: entry.full,
                        variants: entry.variants.map { Variant(contract: $0.contract, object: $0.object) })
                }
            }
            // Flat, so that nesting stays within 7: a locale's own objects, then an entry with
            // `arms` per combination in that locale.
            let entries = screen.localizations ?? []
            guard entries.count <= maximumLocalizationEntries else {
                throw ReadError(
                    description:
                        "the manifest lists \(entries.count) localizations of screen \"\(screen.id)\"; a screen has at most \(maximumLocalizationEntries)"
                )
            }
            var localized: [Localization] = []
            for entry in entries {
                guard let arms = entry.arms else {
                    localized.append(
                        Localization(
                            locale: entry.locale, full: entry.full,
                            variants: entry.variants.map { Variant(contract: $0.contract, object: $0.object) }))
                    continue
                }
                guard localized.last?.locale == entry.locale else {
                    throw ReadError(
                        description:
                            "the manifest lists a combination of screen \"\(screen.id)\" in locale \"\(entry.locale.prefix(80))\" that does not follow that locale's own objects"
                    )
                }
                localized[localized.count - 1].combinations += try combinations([
                    File.Combination(arms: arms, full: entry.full, variants: entry.variants)
                ])
            }
            try check(localized.map(\.locale), of: screen.id, against: locales)
            screens.append(
                Screen(
                    id: screen.id, minContract: screen.minContract, full: screen.full,
                    variants: screen.variants.map { Variant(contract: $0.contract, object: $0.object) },
                    experiments: experiments, combinations: try combinations(screen.combinations),
                    localizations: localized))
        }
        var manifest = Manifest(
            contract: file.contract, history: file.history,
            screens: screens,
            previous: file.previous,
            schemas: (file.schemas ?? []).map { Variant(contract: $0.contract, object: $0.object) },
            fullSchema: file.fullSchema, locales: locales)
        // A decoder's language and version become a path: a known language, a version of the history.
        let decoders = file.decoders ?? []
        guard decoders.count <= file.history.count * ClientLanguage.allCases.count else {
            throw ReadError(
                description:
                    "the manifest lists \(decoders.count) decoders; a manifest lists at most one per frozen version and language"
            )
        }
        manifest.decoders = try decoders.map { entry throws(ReadError) in
            guard let language = ClientLanguage(rawValue: entry.language) else {
                throw ReadError(
                    description:
                        "the manifest lists a decoder in \"\(entry.language.prefix(40))\", not one of \(ClientLanguage.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            guard (1...max(1, file.history.count)).contains(entry.contract) else {
                throw ReadError(
                    description:
                        "the manifest lists a decoder of contract \(entry.contract), which is not a frozen version (1 to \(file.history.count))"
                )
            }
            return Decoder(contract: entry.contract, language: language, object: entry.object)
        }
        return manifest
    }

    /// The `locales` member read back: at most ``maximumLocales``, each a locale name
    /// (``BucketLayout/isLocale(_:)``), none twice, the source language among them.
    private static func decode(_ entry: (source: String, available: [String])?) throws(ReadError) -> Locales? {
        guard let (source, available) = entry else { return nil }
        guard available.count <= maximumLocales else {
            throw ReadError(
                description: "the manifest lists \(available.count) locales; a manifest lists at most \(maximumLocales)"
            )
        }
        if let bad = ([source] + available).first(where: { !BucketLayout.isLocale($0) }) {
            throw ReadError(description: "the manifest lists locale \"\(bad.prefix(80))\", which is not \(localeRule)")
        }
        guard Set(available).count == available.count, available.contains(source) else {
            throw ReadError(
                description:
                    "the manifest's locales list a locale twice or leave out the source language \"\(source)\"")
        }
        return Locales(source: source, available: available)
    }

    /// Checks the locales of one screen's localizations: at most ``maximumLocales``, each a locale
    /// name listed in `locales` other than the source language, none twice.
    private static func check(_ localized: [String], of screen: String, against locales: Locales?)
        throws(ReadError)
    {
        guard !localized.isEmpty else { return }
        guard localized.count <= maximumLocales else {
            throw ReadError(
                description:
                    "the manifest lists \(localized.count) localizations of screen \"\(screen)\"; a screen has at most \(maximumLocales)"
            )
        }
        if let bad = localized.first(where: { !BucketLayout.isLocale($0) }) {
            throw ReadError(
                description:
                    "the manifest lists a localization of screen \"\(screen)\" in \"\(bad.prefix(80))\", which is not \(localeRule)"
            )
        }
        guard let locales else {
            throw ReadError(
                description: "the manifest lists localizations of screen \"\(screen)\" but no \"locales\" member")
        }
        var seen: Set<String> = []
        for locale in localized
        where locale == locales.source || !locales.available.contains(locale) || !seen.insert(locale).inserted {
            throw ReadError(
                description:
                    "the manifest lists a localization of screen \"\(screen)\" in \"\(locale)\", which is the source language, twice listed or not among its locales"
            )
        }
    }

    /// What a locale name is, for messages.
    static let localeRule = "a locale name (letters, digits, - and _; at most 35 characters)"
}
