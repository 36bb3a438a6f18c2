import Foundation
import ScreenJSON
import ScreenKit

// Reading a manifest back from a bucket or build folder, bounded and checked before any name becomes a key.
extension Manifest {
    /// Reads a manifest: the format number first, then the rest.
    public static func decode(_ bytes: [UInt8]) throws(ReadError) -> Manifest {
        guard bytes.count <= maximumBytes else {
            throw ReadError(description: "the manifest is \(bytes.count) bytes; a manifest is at most \(maximumBytes)")
        }
        if let offset = JSONDepth.firstOffset(exceeding: maximumDepth, in: bytes) {
            throw ReadError(description: "the manifest nests deeper than a manifest does (at byte \(offset))")
        }
        guard let document = try? JSONObjectReader.document(bytes, maximumDepth: maximumDepth),
            let header = try? document.int("format")
        else {
            throw ReadError(description: "not a manifest (no format number)")
        }
        guard header == format else {
            throw ReadError(description: "manifest format \(header) is not supported (this screenkit reads \(format))")
        }
        let file: File
        do {
            file = try File(document)
        } catch {
            throw ReadError(description: "malformed manifest: \(error.description)")
        }
        // Names read from a bucket become paths and keys: each must be a SHA-256, a screen ID or
        // a locale.
        let locales = try decode(file.locales)
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
    static func decode(_ entry: (source: String, available: [String])?) throws(ReadError) -> Locales? {
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
    static func check(_ localized: [String], of screen: String, against locales: Locales?)
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

/// A manifest's members as read, before any name in them is trusted.
private struct File {
    struct Variant {
        let contract: Int
        let object: String

        init(_ entry: JSONObjectReader) throws(JSONFormatError) {
            contract = try entry.int("contract")
            object = try entry.string("object")
        }
    }

    struct Arm {
        let name: String
        let weight: Int
    }

    struct Experiment {
        let name: String
        let salt: String
        let decision: String
        let flag: String?
        let percent: Int?
        let control: String
        let arms: [Arm]

        init(_ entry: JSONObjectReader) throws(JSONFormatError) {
            name = try entry.string("name")
            salt = try entry.string("salt")
            decision = try entry.string("decision")
            flag = try entry.optionalString("flag")
            percent = try entry.optionalInt("percent")
            control = try entry.string("control")
            arms = try entry.objects("arms").map { (arm) throws(JSONFormatError) in
                Arm(name: try arm.string("name"), weight: try arm.int("weight"))
            }
        }
    }

    struct Combination {
        let arms: [String]
        let full: String
        let variants: [Variant]
    }

    struct Localization {
        let locale: String
        let arms: [String]?
        let full: String
        let variants: [Variant]
    }

    struct Screen {
        let id: String
        let minContract: Int
        let full: String
        let variants: [Variant]
        let experiments: [Experiment]?
        let combinations: [Combination]?
        let localizations: [Localization]?
    }

    struct Decoder {
        let contract: Int
        let language: String
        let object: String
    }

    let contract: Int
    let history: [String]
    let locales: (source: String, available: [String])?
    let screens: [Screen]
    let previous: String?
    let schemas: [Variant]?
    let fullSchema: String?
    let decoders: [Decoder]?

    init(_ document: JSONObjectReader) throws(JSONFormatError) {
        func variants(_ entry: JSONObjectReader) throws(JSONFormatError) -> [Variant] {
            try entry.objects("variants").map { (variant) throws(JSONFormatError) in try Variant(variant) }
        }
        contract = try document.int("contract")
        history = try document.strings("history")
        locales = try document.optionalObject("locales").map { (entry) throws(JSONFormatError) in
            (try entry.string("source"), try entry.strings("available"))
        }
        screens = try document.objects("screens").map { (entry) throws(JSONFormatError) in
            Screen(
                id: try entry.string("id"), minContract: try entry.int("minContract"), full: try entry.string("full"),
                variants: try variants(entry),
                experiments: try entry.optionalObjects("experiments")?.map { (experiment) throws(JSONFormatError) in
                    try Experiment(experiment)
                },
                combinations: try entry.optionalObjects("combinations")?.map { (combination) throws(JSONFormatError) in
                    Combination(
                        arms: try combination.strings("arms"), full: try combination.string("full"),
                        variants: try variants(combination))
                },
                localizations: try entry.optionalObjects("localizations")?.map {
                    (localization) throws(JSONFormatError) in
                    Localization(
                        locale: try localization.string("locale"), arms: try localization.optionalStrings("arms"),
                        full: try localization.string("full"), variants: try variants(localization))
                })
        }
        previous = try document.optionalString("previous")
        schemas = try document.optionalObjects("schemas")?.map { (entry) throws(JSONFormatError) in try Variant(entry) }
        fullSchema = try document.optionalString("fullSchema")
        decoders = try document.optionalObjects("decoders")?.map { (entry) throws(JSONFormatError) in
            Decoder(
                contract: try entry.int("contract"), language: try entry.string("language"),
                object: try entry.string("object"))
        }
    }
}
