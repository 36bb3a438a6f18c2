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

        /// One screen.
        public init(
            id: String, minContract: Int, full: String, variants: [Variant],
            experiments: [Experiment.Declaration] = [], combinations: [Combination] = []
        ) {
            self.id = id
            self.minContract = minContract
            self.full = full
            self.variants = variants
            self.experiments = experiments
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
    /// The screens, sorted by ID.
    public let screens: [Screen]
    /// The previous manifest's SHA-256, nil for the first.
    public let previous: String?
    /// The JSON Schema objects of each frozen version's variants, oldest first (empty when none
    /// were written).
    public let schemas: [Variant]
    /// The JSON Schema object of the full envelopes, if written.
    public let fullSchema: String?

    /// Creates a manifest.
    public init(
        contract: Int, history: [String], screens: [Screen], previous: String?, schemas: [Variant] = [],
        fullSchema: String? = nil
    ) {
        self.contract = contract
        self.history = history
        self.screens = screens.sorted { $0.id < $1.id }
        self.previous = previous
        self.schemas = schemas
        self.fullSchema = fullSchema
    }

    /// A copy chained to another previous manifest.
    public func chained(to previous: String?) -> Manifest {
        Manifest(
            contract: contract, history: history, screens: screens, previous: previous, schemas: schemas,
            fullSchema: fullSchema)
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
                json.beginArray()
                for combination in screen.combinations {
                    json.beginObject()
                    json.key("arms")
                    json.beginArray()
                    for arm in combination.arms { json.string(arm) }
                    json.endArray()
                    json.key("full")
                    json.string(combination.full)
                    json.key("variants")
                    Self.write(combination.variants, into: &json)
                    json.endObject()
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
    private static func write(_ experiment: Experiment.Declaration, into json: inout JSONWriter) {
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
            struct Screen: Decodable {
                let id: String
                let minContract: Int
                let full: String
                let variants: [Variant]
                let experiments: [Experiment]?
                let combinations: [Combination]?
            }
            let contract: Int
            let history: [String]
            let screens: [Screen]
            let previous: String?
            let schemas: [Variant]?
            let fullSchema: String?
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
        // Names read from a bucket become paths and keys: each must be a SHA-256 or a screen ID.
        let combinations = file.screens.flatMap { $0.combinations ?? [] }
        let hashes =
            file.history + file.screens.flatMap { [$0.full] + $0.variants.map(\.object) }
            + combinations.flatMap { [$0.full] + $0.variants.map(\.object) }
            + (file.schemas ?? []).map(\.object) + [file.fullSchema, file.previous].compactMap { $0 }
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
            let combinations = try (screen.combinations ?? []).map { (entry) throws(ReadError) -> Combination in
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
            screens.append(
                Screen(
                    id: screen.id, minContract: screen.minContract, full: screen.full,
                    variants: screen.variants.map { Variant(contract: $0.contract, object: $0.object) },
                    experiments: experiments, combinations: combinations))
        }
        return Manifest(
            contract: file.contract, history: file.history,
            screens: screens,
            previous: file.previous,
            schemas: (file.schemas ?? []).map { Variant(contract: $0.contract, object: $0.object) },
            fullSchema: file.fullSchema)
    }
}

/// The pointer: a small file naming the current manifest; swapped last when publishing.
public struct Pointer: Sendable, Hashable {
    /// The current manifest's SHA-256.
    public let manifest: String

    /// Creates a pointer.
    public init(manifest: String) { self.manifest = manifest }

    /// The canonical bytes: `{"format":1,"manifest":"<sha256>"}`.
    public func encoded() -> [UInt8] {
        var json = JSONWriter(style: .compact, capacity: 128)
        json.beginObject()
        json.key("format")
        json.integer(1)
        json.key("manifest")
        json.string(manifest)
        json.endObject()
        return json.takeBytes()
    }

    /// The largest pointer file read from a bucket, in bytes (a real one is 85).
    public static let maximumBytes = 4096

    /// Reads a pointer.
    public static func decode(_ bytes: [UInt8]) -> Pointer? {
        struct File: Decodable {
            let format: Int
            let manifest: String
        }
        // A name read from a bucket becomes a key: it must be a SHA-256 before anything uses it.
        guard bytes.count <= maximumBytes, let file = try? JSONDecoder().decode(File.self, from: Data(bytes)),
            file.format == 1, BucketLayout.isHash(file.manifest)
        else { return nil }
        return Pointer(manifest: file.manifest)
    }
}
