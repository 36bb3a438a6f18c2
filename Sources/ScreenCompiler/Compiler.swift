import Dispatch
import Foundation
import ScreenContract
import ScreenJSON
import ScreenKit
import ScreenLocalization

/// What to compile for.
public struct CompileOptions: Sendable {
    /// Compact bytes for publishing, or pretty for review.
    public var style: JSONStyle
    /// The frozen contract versions 1…N, oldest first; empty means no history (the live contract
    /// then stands in as version 1, with a warning).
    public var history: [Contract]
    /// Whether using pending (not yet frozen) contract elements is an error, as for publishing.
    public var pendingIsError: Bool
    /// Whether envelopes are written in the catalog's wire profile (`Catalog.profile`); false writes
    /// the flat format whatever the profile (the preview reads that).
    public var writesProfile: Bool
    /// The String Catalogs and locales localized strings are built for; nil writes each localized
    /// string's default value, in the source language only.
    public var localization: LocalizationOptions?
    /// Whether every screen that uses localized strings is also written in the pseudo-locale
    /// (``Localizer/pseudo(translations:)``), last in its ``CompiledScreen/localizations`` as
    /// ``Localizer/pseudoLocale``. For the preview only: `build` and `publish` never set it.
    public var pseudoLocale: Bool
    /// The app's own colours the catalog's tokens are compared with (``DesignOptions``); nil
    /// compares nothing.
    public var design: DesignOptions?
    /// The rules whose warnings are errors (a project's `errors` in screenkit.json), such as
    /// `contrast-low` or `token-differs-in-app`.
    public var raisedRules: Set<String> = []

    /// Creates options.
    public init(
        style: JSONStyle = .compact, history: [Contract] = [], pendingIsError: Bool = false, writesProfile: Bool = true,
        localization: LocalizationOptions? = nil, pseudoLocale: Bool = false
    ) {
        self.style = style
        self.history = history
        self.pendingIsError = pendingIsError
        self.writesProfile = writesProfile
        self.localization = localization
        self.pseudoLocale = pseudoLocale
    }
}

/// One screen compiled: its full envelope and its variant for every supported client version.
public struct CompiledScreen: Sendable, Hashable {
    /// The screen ID.
    public let id: String
    /// The oldest client contract version the screen supports.
    public let minContract: Int
    /// The current contract version (the newest frozen one).
    public let contract: Int
    /// The full envelope: current contract, pending elements and inline fallbacks included.
    public let full: [UInt8]
    /// One variant per client contract version from `minContract` to `contract`, oldest first.
    public let variants: [Variant]
    /// The screen's experiments, in document order; empty for a screen without any. Its own
    /// envelopes (``full``, ``variants``) are then those of the all-control combination.
    public var experiments: [Experiment.Declaration] = []
    /// Every combination of the experiments' arms, the all-control one first, each with its
    /// envelopes; empty for a screen without experiments.
    public var combinations: [Combination] = []
    /// The screen written in each configured locale other than the source language, sorted by
    /// locale, then in the pseudo-locale when ``CompileOptions/pseudoLocale`` asks for it; empty for
    /// a screen without localized strings (every locale gets its own bytes).
    public var localizations: [Localized] = []

    /// A screen written in one locale.
    public struct Localized: Sendable, Hashable {
        /// The locale, as configured (`de`, `pt-BR`).
        public let locale: String
        /// The screen's envelopes (and combinations) in that locale.
        public let screen: CompiledScreen
    }

    /// One combination of a screen's experiment arms, written like a screen of its own.
    public struct Combination: Sendable, Hashable {
        /// The arm of each experiment, by experiment name.
        public let arms: ArmChoice
        /// The full envelope of this combination.
        public let full: [UInt8]
        /// Its variant for every supported client version, oldest first.
        public let variants: [Variant]
    }

    /// What clients of one contract version receive.
    public struct Variant: Sendable, Hashable {
        /// The client contract version.
        public let contract: Int
        /// The envelope bytes; shared with the previous version's when the payload is the same, so
        /// its `contract` field names the oldest version that receives exactly these bytes.
        public let envelope: [UInt8]
        /// What these clients get differently from the full envelope.
        public let downgrades: [Downgrade]
    }

    /// The variant for clients of contract `version`.
    public func variant(for version: Int) -> Variant? {
        variants.first { $0.contract == version }
    }
}

/// What compiling a catalog produced: envelopes when there are no errors, and every diagnostic.
public struct CompileResult: Sendable {
    /// The compiled screens, in catalog order; empty when there are errors.
    public let screens: [CompiledScreen]
    /// Every problem found, errors and warnings together.
    public let diagnostics: [Diagnostic]
    /// The current contract version the envelopes were written for.
    public let contract: Int
    /// The locales the screens were built for, the source language first; empty without String
    /// Catalogs.
    public var locales: [String] = []

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Validates a catalog's screens with every rule, then writes their envelopes and variants.
public struct Compiler: Sendable {
    /// The catalog being compiled.
    public let catalog: Catalog
    let context: ValidationContext
    /// Whether valid screens are written (false when the catalog's shape is refused: they are
    /// validated only).
    var writes = true
    /// The screens validated and written: the catalog's, each screen with device layouts standing
    /// as one screen per layout (``Screen/layoutScreens``).
    let screens: [Screen]
    /// For each of ``screens`` with experiments, the combinations of their arms (the all-control
    /// one first); nil for a screen without experiments.
    let combinations: [[ArmChoice]?]

    /// The screen validators, run in this order; each reports independently.
    static let validators: [any ScreenValidator] = [
        RootValidator(), ComponentValidator(), ValueValidator(), IDValidator(), EventValidator(),
    ]

    /// Creates a compiler for `catalog`.
    public init(catalog: Catalog) {
        self.catalog = catalog
        self.context = ValidationContext(catalog: catalog)
        self.screens = catalog.screens.flatMap(\.layoutScreens)
        self.combinations = screens.map { screen in
            guard ExperimentResolution.hasExperiments(screen) else { return nil }
            let experiments = ExperimentResolution.experiments(in: screen)
            // Over the limit, only the control is compiled; the limit is reported. An experiment
            // deeper than the walks go (a screen `depth-exceeded` refuses) lists none: the
            // screen is still compiled once, so that it is refused, never left out.
            guard !experiments.isEmpty,
                ExperimentResolution.combinationCount(of: experiments) <= ExperimentResolution.maximumCombinations
            else { return [[:]] }
            return ExperimentResolution.combinations(of: experiments)
        }
    }

    /// Every problem in the catalog's screens, all rules together, for every supported version.
    public func check(_ options: CompileOptions = CompileOptions()) -> [Diagnostic] {
        compile(options).diagnostics
    }

    /// Validates, then writes every screen's full envelope and variants unless there are errors.
    ///
    /// With localized strings, every screen is written in the source language; a screen that uses
    /// localized strings is written again for each other configured locale (``CompiledScreen/localizations``),
    /// and for the pseudo-locale when ``CompileOptions/pseudoLocale`` is set: its diagnostics are
    /// not reported (its text is never served); when its screens do not all compile, none has it.
    public func compile(_ options: CompileOptions = CompileOptions()) -> CompileResult {
        var collector = DiagnosticCollector()
        collector.raised = options.raisedRules
        let versions = options.history.isEmpty ? [Contract.live(catalog).0] : options.history
        if options.history.isEmpty {
            collector.report(
                ScreenRules.contractUnfrozen.diagnostic(
                    "no frozen contract history; the live contract stands in as version 1", severity: .warning,
                    at: catalog.source))
        }
        let views = versions.enumerated().map { VersionView($0.element, version: $0.offset + 1, live: context) }
        collector.report(contentsOf: CatalogValidator.validate(catalog))
        collector.report(contentsOf: EventValidator.validate(catalog))
        collector.report(contentsOf: TokenValidator.validate(catalog))
        if let design = options.design {
            collector.report(contentsOf: AppColorRules.validate(catalog, screens: self.screens, options: design))
        }
        // A profile or a prop that would give a node a key twice: screens are validated, never
        // written (no payload that cannot mean what it says is ever made, even to be dropped).
        let shape =
            ProfileValidator.validate(catalog, profiles: servedProfiles(views))
            + NodeKeyValidator.validate(catalog, profiles: servedProfiles(views))
        if writes, shape.contains(where: { $0.severity == .error }) {
            var validating = self
            validating.writes = false
            return validating.compile(options)
        }
        collector.report(contentsOf: shape)
        collector.report(contentsOf: ExperimentRules.validate(catalog))
        let localized = Set(self.screens.indices.filter { Localizer.isLocalized(self.screens[$0]) })
        if !localized.isEmpty || options.localization != nil || !catalog.requestTimeStrings.isEmpty {
            collector.report(
                contentsOf: LocalizationRules.validate(
                    self.screens, requestTime: catalog.requestTimeStrings, requestTimeSource: catalog.source,
                    options: options.localization))
        }
        let translations = options.localization?.translations
        let source = Localizer(translations: translations, locale: translations?.sourceLanguage ?? "en")
        var (screens, diagnostics) = compileScreens(
            Array(self.screens.indices), views: views, options: options, localizer: source, localized: localized)
        var seen = Set(diagnostics)
        collector.report(contentsOf: diagnostics)
        // Every layout of a localized screen is written again per locale: a profile merges them.
        let base = Set(localized.map { Self.baseID(self.screens[$0]) })
        let again = self.screens.indices.filter { base.contains(Self.baseID(self.screens[$0])) }
        var localizers = (translations?.locales ?? []).dropFirst().map {
            (name: $0, localizer: Localizer(translations: translations, locale: $0))
        }
        if options.pseudoLocale {
            localizers.append((Localizer.pseudoLocale, Localizer.pseudo(translations: translations)))
        }
        for (locale, localizer) in localizers where !again.isEmpty {
            let (written, found) = compileScreens(
                again, views: views, options: options, localizer: localizer, localized: localized)
            for var diagnostic in found where !localizer.isPseudo && !seen.contains(diagnostic) {
                seen.insert(diagnostic)
                diagnostic.message += " (locale \(locale))"
                collector.report(diagnostic)
            }
            for screen in written {
                guard let index = screens.firstIndex(where: { $0.id == screen.id }) else { continue }
                screens[index].localizations.append(CompiledScreen.Localized(locale: locale, screen: screen))
            }
        }
        collector.report(
            contentsOf: accessibilityProblems(
                source: source, locales: localizers.filter { !$0.localizer.isPseudo }, localized: again,
                holdingStrings: localized, translations: translations))
        var result = CompileResult(
            screens: collector.hasErrors ? [] : screens, diagnostics: collector.diagnostics, contract: versions.count)
        result.locales = translations?.locales ?? []
        return result
    }

    /// The accessibility rules over every screen as clients receive it: in the source language,
    /// then the screens at `localized` in each of `locales` (a problem only a locale has names it),
    /// and the one-line texts of those screens in the pseudo-locale. Only the screens at
    /// `holdingStrings` have localized strings to replace.
    private func accessibilityProblems(
        source: Localizer, locales: [(name: String, localizer: Localizer)], localized: [Int],
        holdingStrings: Set<Int>, translations: Translations?
    ) -> [Diagnostic] {
        let inSource = screens.indices.map { holdingStrings.contains($0) ? source.localize(screens[$0]) : screens[$0] }
        var problems = AccessibilityRules.validate(inSource, catalog: catalog)
        var reported = Set(problems)
        for (locale, localizer) in locales {
            let found = AccessibilityRules.validate(localized.map { localizer.localize(screens[$0]) }, catalog: catalog)
            for var problem in found where reported.insert(problem).inserted {
                problem.message += " (locale \(locale))"
                problems.append(problem)
            }
        }
        let pseudo = Localizer.pseudo(translations: translations)
        problems += AccessibilityRules.truncated(localized.map { pseudo.localize(screens[$0]) }, catalog: catalog)
        return problems
    }

    /// The ID of the catalog screen `screen` is a layout of (itself when it is no layout).
    private static func baseID(_ screen: Screen) -> String {
        guard let dot = screen.id.firstIndex(of: ".") else { return screen.id }
        return String(screen.id[..<dot])
    }

    /// Validates and writes the screens at `indices` (of ``screens``), each localized by
    /// `localizer` (those at `localized`: the others hold no localized string): their compiled
    /// forms (none when there are errors) and their diagnostics.
    private func compileScreens(
        _ indices: [Int], views: [VersionView], options: CompileOptions, localizer: Localizer, localized: Set<Int>
    ) -> ([CompiledScreen], [Diagnostic]) {
        var collector = DiagnosticCollector()
        // Every combination of a screen's experiment arms is compiled like a screen of its own.
        var jobs: [(screen: Int, arms: ArmChoice?)] = []
        for index in indices {
            if let choices = combinations[index] {
                jobs += choices.map { (index, $0) }
            } else {
                jobs.append((index, nil))
            }
        }
        // Screens are independent: they compile in parallel, and their results are put back in
        // catalog order, so the output and the diagnostics are the same as one by one.
        let outcomes = ScreenOutcomes(count: jobs.count)
        let alongside = jobs.count < Self.processors
        let allJobs = jobs
        DispatchQueue.concurrentPerform(iterations: allJobs.count) { index in
            let (screen, arms) = allJobs[index]
            let resolved =
                arms.map { ExperimentResolution.resolve(self.screens[screen], arms: $0) } ?? self.screens[screen]
            outcomes[index] = compile(
                localized.contains(screen) ? localizer.localize(resolved) : resolved, views: views, options: options,
                alongside: alongside)
        }
        var screens: [CompiledScreen] = []
        var seen: Set<Diagnostic> = []
        // A pending element is the same whichever arm a node is in: said once per node.
        var pendingSeen: Set<String> = []
        var armsBySource: [Int: [SourceLocation: [(experiment: String, arm: String)]]] = [:]
        for (job, outcome) in zip(jobs, outcomes.values) {
            guard let arms = job.arms else {
                collector.report(contentsOf: outcome.diagnostics)
                if let screen = outcome.screen { screens.append(screen) }
                continue
            }
            // A problem inside an arm names the arm; one in shared nodes is reported once.
            let bySource =
                armsBySource[job.screen]
                ?? {
                    let map = ExperimentResolution.armsBySource(in: self.screens[job.screen])
                    armsBySource[job.screen] = map
                    return map
                }()
            for var diagnostic in outcome.diagnostics {
                if diagnostic.rule == ScreenRules.contractPending.id {
                    if pendingSeen.insert(diagnostic.message + "\u{0}" + (diagnostic.nodePath ?? "")).inserted {
                        collector.report(diagnostic)
                    }
                    continue
                }
                let applied = (diagnostic.location.flatMap { bySource[$0] } ?? []).filter {
                    arms[$0.experiment] == $0.arm
                }
                if !applied.isEmpty {
                    diagnostic.message +=
                        " ("
                        + applied.map { "experiment \"\($0.experiment)\", arm \"\($0.arm)\"" }.joined(separator: "; ")
                        + ")"
                }
                if seen.insert(diagnostic).inserted { collector.report(diagnostic) }
            }
            guard let compiled = outcome.screen else { continue }
            let combination = CompiledScreen.Combination(arms: arms, full: compiled.full, variants: compiled.variants)
            if arms == combinations[job.screen]?.first {
                var main = compiled
                main.experiments = ExperimentResolution.experiments(in: self.screens[job.screen]).map(\.declaration)
                main.combinations = [combination]
                screens.append(main)
            } else if var main = screens.popLast() {
                main.combinations.append(combination)
                screens.append(main)
            }
        }
        // A combination that did not compile leaves its screen incomplete: errors were reported.
        if collector.hasErrors { return ([], collector.diagnostics) }
        if options.writesProfile { screens = shaped(screens, views: views, style: options.style) }
        return (screens, collector.diagnostics)
    }

    /// One screen's outcome: its output when it compiled, and its diagnostics.
    struct ScreenOutcome: Sendable {
        var screen: CompiledScreen?
        var diagnostics: [Diagnostic] = []
    }

    /// Validates and writes one screen: its full envelope and a variant per supported version.
    private func compile(
        _ screen: Screen, views: [VersionView], options: CompileOptions, alongside: Bool
    ) -> ScreenOutcome {
        var collector = DiagnosticCollector()
        let current = views.count
        let (resolved, problem) = resolve(screen)
        let flat = resolved.flat
        if let problem { collector.report(problem) }
        let minContract = screen.minContract ?? catalog.minContract
        let minContractIsValid = (1...current).contains(minContract)
        let validate = { @Sendable in Self.validators.flatMap { $0.validate(resolved, in: context) } }
        // Writing needs a valid screen. With processors to spare, and a screen big enough to repay
        // starting a thread, it starts alongside validation; what it wrote is dropped if validation
        // finds errors.
        let (validation, early): ([Diagnostic], WriteOutcome?)
        if alongside, writes, let flat, flat.nodes.count >= Self.nodesWorthAThread, minContractIsValid {
            (validation, early) = Self.concurrently(validate) {
                write(
                    flat, views: views,
                    minContract: minContract, options: options)
            }
        } else {
            (validation, early) = (validate(), nil)
        }
        collector.report(contentsOf: validation)
        collector.report(contentsOf: EnvelopeValueRules.validate(screen, profiles: servedProfiles(views)))
        guard minContractIsValid else {
            collector.report(
                ScreenRules.minContractInvalid.diagnostic(
                    "screen \"\(screen.id)\" supports contract \(minContract) and up, but the frozen versions are 1 to \(current)",
                    at: screen.source, path: screen.id))
            return ScreenOutcome(diagnostics: collector.diagnostics)
        }
        guard let flat, !collector.hasErrors, writes else { return ScreenOutcome(diagnostics: collector.diagnostics) }
        switch early
            ?? write(
                flat, views: views,
                minContract: minContract, options: options)
        {
        case .success(let written):
            collector.report(contentsOf: written.problems)
            reportPending(
                written.screen.variants.last?.downgrades ?? [], screen: screen, flat: flat, options: options,
                into: &collector)
            return ScreenOutcome(screen: written.screen, diagnostics: collector.diagnostics)
        case .failure(let error):
            collector.report(
                Diagnostic(rule: "emit", message: error.message, location: error.location, nodePath: screen.id))
            return ScreenOutcome(diagnostics: collector.diagnostics)
        }
    }

    /// `screen`'s tree flattened with IDs assigned, ready for the validators; with the reason it
    /// could not be flattened (over the size limits), if so. A body without exactly one root is
    /// left for the root validator to report.
    func resolve(_ screen: Screen, localizer: Localizer? = nil) -> (ResolvedScreen, problem: Diagnostic?) {
        guard screen.content.count == 1 else { return (ResolvedScreen(screen: screen, flat: nil), nil) }
        let made = FlatScreen.make(screen, root: screen.content[0], context: context, localizer: localizer)
        return (ResolvedScreen(screen: screen, flat: made.flat), made.problem)
    }

    /// The processors available, read once.
    private static let processors = ProcessInfo.processInfo.activeProcessorCount

    /// The size from which writing a screen alongside its validation pays for the second thread
    /// (measured on 2 cores: no gain at 250 or 500 nodes, 6 % faster at 1,000, 12 % at 2,000).
    static let nodesWorthAThread = 1000

    /// What writing a screen gave: its envelopes and the problems only writing finds, or why it failed.
    typealias WriteOutcome = Result<(screen: CompiledScreen, problems: [Diagnostic]), EmitError>

    /// Writes the full envelope and the variant for every supported version of `flat`'s screen.
    private func write(
        _ flat: FlatScreen, views: [VersionView], minContract: Int, options: CompileOptions
    ) -> WriteOutcome {
        var writer = EnvelopeWriter(context: context, style: options.style)
        var problems: [Diagnostic] = []
        do {
            let supported = views[(minContract - 1)...]
            let full = try writer.envelope(
                flat, contract: views.count, minContract: minContract, view: nil, supported: Array(supported))
            var variants: [CompiledScreen.Variant] = []
            var previous: (bytes: [UInt8], bodyStart: Int)?
            for view in supported {
                var written = try writer.envelope(flat, contract: view.version, minContract: minContract, view: view)
                problems += writer.problems
                // Bytes are shared within one wire profile only: a version that decodes another
                // shape gets bytes of its own, whose `contract` names it.
                if let previous, view.version > 1, views[view.version - 2].profile == view.profile,
                    previous.bytes[previous.bodyStart...] == written.bytes[written.bodyStart...]
                {
                    written = previous
                }
                variants.append(
                    CompiledScreen.Variant(
                        contract: view.version, envelope: written.bytes, downgrades: writer.downgrades))
                previous = written
            }
            let compiled = CompiledScreen(
                id: flat.screen.id, minContract: minContract, contract: views.count, full: full.bytes,
                variants: variants)
            return .success((compiled, problems))
        } catch {
            return .failure(error)
        }
    }

    /// The distinct wire profiles of `views` and the catalog's (the full envelope's), catalog's first.
    func servedProfiles(_ views: [VersionView]) -> [WireProfile] {
        var profiles = [catalog.profile]
        for view in views where !profiles.contains(view.profile) { profiles.append(view.profile) }
        return profiles
    }

    /// ``screens`` with every experiment resolved to its control: what `screens/<id>` serves.
    var controlScreens: [Screen] {
        zip(screens, combinations).map { screen, choices in
            choices == nil ? screen : ExperimentResolution.resolve(screen, arms: [:])
        }
    }

    /// Runs `first` and `second` at the same time, on two threads, and returns both results.
    static func concurrently<A: Sendable, B: Sendable>(
        _ first: @Sendable () -> A, _ second: @Sendable () -> B
    ) -> (A, B) {
        let results = Pair<A, B>()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 { results.first = first() } else { results.second = second() }
        }
        return (results.first!, results.second!)
    }

    /// Every screen's tree flattened with IDs assigned; nil for a screen without exactly one root
    /// or over the size limits.
    ///
    /// With ``emitFull(_:trees:)``, writing alone, for benchmarks.
    public func resolvedTrees() -> [ResolvedTree?] {
        controlScreens.map { screen in
            guard screen.content.count == 1,
                let flat = FlatScreen.make(screen, root: screen.content[0], context: context).flat
            else { return nil }
            return ResolvedTree(flat: flat)
        }
    }

    /// The emit step alone: resolves each screen's tree (assigns IDs, escapes scalars) and writes
    /// its full envelope, one screen after another, without validating or writing variants. Screens
    /// without exactly one root, or over the size limits, are skipped. For benchmarks.
    public func emitFull(_ options: CompileOptions) throws -> [[UInt8]] {
        var writer = EnvelopeWriter(context: context, style: options.style)
        var envelopes: [[UInt8]] = []
        for screen in controlScreens where screen.content.count == 1 {
            guard let flat = FlatScreen.make(screen, root: screen.content[0], context: context).flat else { continue }
            envelopes.append(try fullEnvelope(flat, options: options, writer: &writer))
        }
        return envelopes
    }

    /// Writes the full envelope of every screen whose tree is given, without validating.
    public func emitFull(_ options: CompileOptions, trees: [ResolvedTree?]) throws -> [[UInt8]] {
        var writer = EnvelopeWriter(context: context, style: options.style)
        return try trees.compactMap { tree in
            try tree.map { try fullEnvelope($0.flat, options: options, writer: &writer) }
        }
    }

    /// The full envelope of `flat`, without validating.
    private func fullEnvelope(_ flat: FlatScreen, options: CompileOptions, writer: inout EnvelopeWriter) throws
        -> [UInt8]
    {
        let minContract = flat.screen.minContract ?? catalog.minContract
        do {
            return try writer.envelope(
                flat, contract: max(1, options.history.count), minContract: minContract, view: nil
            )
            .bytes
        } catch {
            throw EmitFailure(description: "\(error.location): \(error.message)")
        }
    }

    /// A screen's tree, flattened and with IDs assigned, ready to be written.
    public struct ResolvedTree: Sendable {
        let flat: FlatScreen

        /// The screen's root as a node tree with every ID set, as the envelopes have them.
        public var root: Node { flat.resolvedRoot() }
    }

    /// Why ``emitFull(_:)`` could not write an envelope.
    public struct EmitFailure: Error, CustomStringConvertible {
        /// What went wrong, with the source location.
        public let description: String
    }

    /// What the newest frozen version lacks is pending: reported once per element and screen, at
    /// the Swift line and path of the first node that uses it (named by its ID), saying what every
    /// client gets meanwhile. A screen with experiments reports it once, not once per arm.
    private func reportPending(
        _ downgrades: [Downgrade], screen: Screen, flat: FlatScreen, options: CompileOptions,
        into collector: inout DiagnosticCollector
    ) {
        guard !downgrades.isEmpty else { return }
        var seen: Set<String> = []
        // Node IDs to their places, made only for a screen with something pending.
        var places: [String: Int] = [:]
        for index in flat.nodes.indices.reversed() { places[flat.id(of: index)] = index }
        for downgrade in downgrades where seen.insert(downgrade.element).inserted {
            let meanwhile: String =
                switch downgrade {
                case .eventRemoved, .eventParamRemoved: "no client sends it: it is left out of every envelope"
                case .tokenReplaced: "every client gets the token's light literal"
                case .propRemoved: "every client gets the node without it (a prop has no fallback)"
                case .fieldRemoved: "every client gets the action without it (a field has no fallback)"
                case .enumMapped(_, _, _, let to): "every client gets \"\(to)\", the value it falls back to"
                default: "every client gets its fallback"
                }
            let node = places[downgrade.nodeID]
            collector.report(
                ScreenRules.contractPending.diagnostic(
                    "screen \"\(screen.id)\" uses \(downgrade.element) at node \"\(downgrade.nodeID)\", which is not "
                        + "frozen yet; \(meanwhile)",
                    severity: options.pendingIsError ? .error : .warning,
                    at: node.map { flat.source(of: $0) } ?? screen.source,
                    path: node.map { NodePath(flat: flat, index: $0).description } ?? screen.id))
        }
    }
}

/// Two results, each set by its own thread and read once both threads are done.
final class Pair<A, B>: @unchecked Sendable {
    var first: A?
    var second: B?
}

/// Per-screen results filled in by parallel workers, each index written exactly once.
final class ScreenOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Compiler.ScreenOutcome]

    init(count: Int) {
        storage = Array(repeating: Compiler.ScreenOutcome(), count: count)
    }

    subscript(index: Int) -> Compiler.ScreenOutcome {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    /// The outcomes in screen order.
    var values: [Compiler.ScreenOutcome] { lock.withLock { storage } }
}
