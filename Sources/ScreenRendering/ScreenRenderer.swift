import Foundation
import ScreenCompiler
import ScreenContract
import ScreenCrypto
import ScreenKit
import ScreenLocalization

/// Renders screens at request time, inside a server: created once, then called from many tasks.
///
/// At start-up it reads the frozen history (from the contract folder, or embedded in the binary),
/// runs the contract gate, checks the catalog's declarations and compiles the catalog's own
/// screens; if any of that fails it refuses to start. Per request it writes the envelope for the
/// contract version the client advertises: a catalog screen from what start-up compiled, a screen
/// built from data after validating it with the same rules `check` runs. It holds no mutable state.
///
/// Given String Catalogs (``Strings``), it also serves each screen in the locale a request's
/// `Accept-Language` negotiates: catalog screens as start-up wrote them per locale, screens built
/// from data localized per request (plural forms chosen by their numbers).
public struct ScreenRenderer: Sendable {
    /// Where the frozen history comes from.
    public enum History: Sendable {
        /// A contract folder's `history/` (e.g. `Screens/Contract/history`).
        case folder(URL)
        /// The frozen files' bytes, version 1 first, compiled into the binary (see `screenkit contract embed`).
        case embedded([[UInt8]])
    }

    /// Why the renderer refused to start: every problem found, as `check` reports them.
    public struct StartupError: Error, CustomStringConvertible {
        /// The problems.
        public let diagnostics: [Diagnostic]

        /// One line per problem.
        public var description: String {
            "the screen renderer refused to start:\n"
                + diagnostics.filter { $0.severity == .error }.map {
                    "\($0.location.map { "\($0): " } ?? "")error: [\($0.rule)] \($0.message)"
                }.joined(separator: "\n")
        }
    }

    /// The String Catalogs a renderer localizes screens with, and the locales it serves: the
    /// catalogs' exact bytes, compiled into the binary like the contract history (a Swift file
    /// `EmbeddedStringCatalogSource` writes), so a deployed server needs no files.
    public struct Strings: Sendable {
        /// Each catalog's table (its file name without `.xcstrings`: `Localizable`) and bytes.
        public var catalogs: [(table: String, bytes: [UInt8])]
        /// The locales served besides the source language (`de`, `fr`, `pt-BR`).
        public var locales: [String]
        /// What a configured locale without a current translation of a used key is: an error that
        /// refuses start-up (the default), or a warning, the string then served along the fallback
        /// chain (`de-AT` → `de` → the source language).
        public var untranslated: Severity

        /// The catalogs `catalogs` for `locales`.
        public init(catalogs: [(table: String, bytes: [UInt8])], locales: [String], untranslated: Severity = .error) {
            self.catalogs = catalogs
            self.locales = locales
            self.untranslated = untranslated
        }

        /// The catalogs read and checked for the locales; every problem as a start-up diagnostic.
        func options() throws(StartupError) -> LocalizationOptions {
            var tables: [String: StringCatalog] = [:]
            var paths: [String: String] = [:]
            var problems: [Diagnostic] = []
            for (table, bytes) in catalogs {
                let path = "\(table).xcstrings"
                guard tables[table] == nil else {
                    problems.append(
                        Diagnostic(rule: "string-catalog-invalid", message: "two catalogs of table \"\(table)\""))
                    continue
                }
                do {
                    tables[table] = try StringCatalog.decode(bytes, path: path)
                    paths[table] = path
                } catch {
                    problems.append(Diagnostic(rule: "string-catalog-invalid", message: error.description))
                }
            }
            guard problems.isEmpty else { throw StartupError(diagnostics: problems) }
            do {
                return LocalizationOptions(
                    translations: try Translations(tables: tables, locales: locales), untranslated: untranslated,
                    paths: paths)
            } catch {
                let problem = Diagnostic(rule: "string-locales-invalid", message: error.description)
                throw StartupError(diagnostics: [problem])
            }
        }
    }

    /// One catalog screen, compiled at start-up.
    struct CompiledCatalogScreen: Sendable {
        let minContract: Int
        /// By client version, from `minContract` (the all-control combination's, with experiments).
        let variants: [RenderedScreen]
        /// The screen's experiments, in document order; empty for most screens.
        var experiments: [Experiment.Declaration] = []
        /// Each combination's variants by client version, from `minContract`, by the arm of each
        /// of ``experiments`` in their order: a request's arms are looked up without making a
        /// dictionary of them.
        var combinations: [[String]: [RenderedScreen]] = [:]
        /// The screen in each configured locale but the source language; empty for a screen
        /// without localized strings (every locale gets the same bytes).
        var localized: [String: CompiledCatalogScreen] = [:]
    }

    let compiler: Compiler
    let prepared: PreparedHistory
    let catalogScreens: [String: CompiledCatalogScreen]

    /// The current contract version: the newest frozen one.
    public var current: Int { prepared.current }
    /// The catalog's default oldest supported contract version.
    public let minContract: Int
    /// Whether requests may force experiment arms (``ExperimentContext/overrides``, the
    /// `ScreenKit-Arm` header), for QA. Off unless the renderer was created with it.
    public let allowsOverrides: Bool
    /// The SHA-256 of each frozen file, version 1 first.
    public let historyHashes: [String]
    /// Reads apps' batches of analytics events against the frozen history (``EventBatchReader``).
    public let events: EventBatchReader
    /// The arms of each experiment the catalog's screens run, by experiment (``EventLabels``).
    public let experimentArms: [String: Set<String>]
    /// The translations screens are localized with; nil when the renderer was given no ``Strings``.
    public let translations: Translations?
    /// Picks a request's locale among ``locales``; nil without ``Strings``.
    let negotiation: LanguageNegotiation?
    /// The release this renderer answers as, in every response's `ScreenKit-Release` header and
    /// record: the first 12 hex digits of the SHA-256 of the manifest its catalog makes (the one
    /// `screenkit build` writes, less the client schemas and decoders the server does not serve), so
    /// two deployments of different catalogs are told apart and the same catalog is named alike.
    public let release: String

    /// What each response is reported to (``observed(by:)``); none by default.
    public private(set) var observer: (any RenderObserver)?

    /// What the start-up check warned of (the accessibility rules' findings among them): for the
    /// server to log; nothing here refused start-up.
    public let warnings: [Diagnostic]

    /// The locales served, the source language first; empty without ``Strings``.
    public var locales: [String] { translations?.locales ?? [] }

    /// Loads the history and checks everything static; throws rather than start with a problem.
    ///
    /// - Parameters:
    ///   - catalog: the app's components, actions and screens.
    ///   - history: the frozen history.
    ///   - exemptions: the contract folder's `exemptions.json`, if the app has one.
    ///   - allowPending: start although the live contract has elements no version has frozen (for
    ///     development; every client then gets their fallbacks). Off by default, as for `publish`.
    ///   - allowsOverrides: honour arms a request forces (QA builds and staging only). Off by default.
    ///   - strings: the String Catalogs and locales to serve localized screens in; without them every
    ///     localized string is its default value and responses name no language. A malformed
    ///     catalog, a locale without CLDR plural rules or a screen's string that breaks a
    ///     localization rule in a served locale (a missing key or translation, arguments that do
    ///     not fit, a translation that cannot be read) refuses start-up.
    ///   - errors: rules that warn by default but refuse start-up here, as screenkit.json's `errors`
    ///     makes them fail `check` (e.g. `contrast-low`).
    public init(
        catalog: Catalog, history: History, exemptions: URL? = nil, allowPending: Bool = false,
        allowsOverrides: Bool = false, strings: Strings? = nil, errors: Set<String> = []
    ) throws(StartupError) {
        let loaded: ContractHistory
        switch history {
        case .folder(let folder): loaded = ContractHistory.load(from: folder)
        case .embedded(let files):
            loaded = ContractHistory.load(files: files, folder: URL(fileURLWithPath: "embedded-history"))
        }
        let gate = ContractGate.check(
            live: catalog, history: loaded, exemptions: exemptions.map(Exemptions.load(from:)) ?? .none,
            requireHistory: true)
        var problems = gate.diagnostics.filter { $0.severity == .error }
        if !allowPending, !loaded.versions.isEmpty {
            problems += gate.pendingChanges.filter { !$0.isBreaking }.map {
                Diagnostic(
                    rule: "contract-pending", message: "\($0.message), but is not frozen yet", location: $0.location,
                    nodePath: $0.element)
            }
        }
        guard problems.isEmpty else { throw StartupError(diagnostics: problems) }
        let localization = try strings?.options()
        let compiler = Compiler(catalog: catalog)
        let contracts = loaded.versions.map(\.contract)
        var options = CompileOptions(history: contracts, localization: localization)
        options.raisedRules = errors
        let result = compiler.compile(options)
        guard !result.hasErrors else {
            throw StartupError(diagnostics: result.diagnostics.filter { $0.severity == .error })
        }
        var screens: [String: CompiledCatalogScreen] = [:]
        for screen in result.screens {
            var compiled = CompiledCatalogScreen(screen)
            for localized in screen.localizations {
                compiled.localized[localized.locale] = CompiledCatalogScreen(localized.screen)
            }
            screens[screen.id] = compiled
        }
        self.translations = localization?.translations
        self.warnings = result.diagnostics.filter { $0.severity == .warning }
        self.negotiation = localization.map {
            LanguageNegotiation(locales: $0.translations.locales, defaultLocale: $0.translations.sourceLanguage)
        }
        self.allowsOverrides = allowsOverrides
        self.compiler = compiler
        self.prepared = compiler.prepare(contracts)
        self.catalogScreens = screens
        self.minContract = catalog.minContract
        self.historyHashes = loaded.versions.map(\.sha256)
        self.release = String(
            BucketLayout(
                screens: result.screens, contract: result.contract, history: historyHashes, locales: result.locales
            ).manifestHash.prefix(12))
        self.events = EventBatchReader(history: contracts)
        var arms: [String: Set<String>] = [:]
        for screen in catalog.screens.flatMap(\.layoutScreens) {
            for experiment in ExperimentResolution.experiments(in: screen) {
                arms[experiment.name, default: []].formUnion(experiment.arms.map(\.name))
            }
        }
        self.experimentArms = arms
    }

    /// The IDs of the catalog's own screens, compiled at start-up.
    public var catalogScreenIDs: [String] { catalogScreens.keys.sorted() }

    /// The configured locale a request whose `Accept-Language` header is `acceptLanguage` (nil:
    /// absent) is answered in, by RFC 4647 lookup along its quality values: the source language
    /// when nothing matches or the header is malformed or huge (never an error, and read within
    /// fixed bounds). Nil when the renderer has no ``Strings``.
    public func locale(for acceptLanguage: String?) -> String? {
        negotiation?.locale(for: acceptLanguage)
    }

    /// The catalog screen `id` for `client`: the bytes `build` published for that version; with
    /// experiments, those of the arms `experiments` decides (every experiment's control without a
    /// unit), naming them in ``RenderedScreen/experiments``.
    ///
    /// With ``Strings``, the screen is served in `locale` (a language tag: `de-AT` gets `de`; nil,
    /// or one no configured locale matches, gets the source language), named in
    /// ``RenderedScreen/locale``.
    public func render(
        screenID id: String, for client: ClientContract, experiments: ExperimentContext = .none, locale: String? = nil
    ) throws(RenderError) -> RenderedScreen {
        guard let catalogScreen = catalogScreens[id] else { throw .unknownScreen(id) }
        let served = self.locale(for: locale)
        let screen = served.flatMap { catalogScreen.localized[$0] } ?? catalogScreen
        guard let version = client.served(minContract: screen.minContract, current: current) else {
            throw .clientTooOld(screen: id, client: client, minContract: screen.minContract)
        }
        var variants = screen.variants
        var applied: [AppliedArm] = []
        if !screen.experiments.isEmpty {
            applied = experiments.arms(for: screen.experiments, allowsOverrides: allowsOverrides)
            variants = screen.combinations[applied.map(\.arm)] ?? screen.variants
        }
        var rendered = variants[version - screen.minContract]
        rendered.experiments = applied
        rendered.locale = served
        return rendered
    }

    /// `screen`, built per request from data, for `client`: validated with every screen rule, then
    /// written for the client's version. A problem in the data is a ``RenderError/invalidScreen(_:problems:)``
    /// naming each rule and where in the data it is; no bytes are returned then.
    ///
    /// A screen with device layouts is written as one document holding every layout when the
    /// catalog's profile lists layouts; otherwise render one device's with
    /// ``render(_:device:for:experiments:locale:)``.
    ///
    /// Its localized strings are written in `locale` (as for ``render(screenID:for:experiments:locale:)``),
    /// each formatted with its arguments there, plural forms chosen by their numbers; without
    /// ``Strings``, as their default values.
    public func render(
        _ screen: Screen, for client: ClientContract, experiments: ExperimentContext = .none, locale: String? = nil
    ) throws(RenderError) -> RenderedScreen {
        let served = self.locale(for: locale)
        guard !ExperimentResolution.hasExperiments(screen) else {
            // Resolved to the request's arms first: only that combination is validated and written.
            let declarations = ExperimentResolution.experiments(in: screen).map(\.declaration)
            let applied = experiments.arms(for: declarations, allowsOverrides: allowsOverrides)
            let choice = Dictionary(applied.map { ($0.experiment, $0.arm) }) { first, _ in first }
            // Rendered as resolved: no second walk looking for experiments it no longer holds.
            var rendered = try renderResolved(
                ExperimentResolution.resolve(screen, arms: choice), for: client, locale: served)
            rendered.experiments = applied
            return rendered
        }
        return try renderResolved(screen, for: client, locale: served)
    }

    /// `screen`, whose experiments are resolved (or which has none), localized for `locale` (a
    /// configured one; nil without ``Strings``), validated and written for `client`.
    private func renderResolved(_ screen: Screen, for client: ClientContract, locale: String?) throws(RenderError)
        -> RenderedScreen
    {
        // Localized as the tree is flattened, before validation, so the rules and the writer only
        // ever see plain strings.
        var localizer = Localizer(translations: translations, locale: locale ?? "en")
        // What the checker could not see (strings built per request that no declaration names):
        // noted as the strings are localized, named in the response and counted.
        let findings = translations == nil ? nil : LocalizationFindings()
        localizer.findings = findings
        var rendered = try renderLocalized(screen, for: client, localizer: localizer)
        rendered.locale = locale
        if let findings, !findings.isEmpty {
            rendered.localizationProblems = findings.rules
            if !findings.untranslated.isEmpty, let source = translations?.sourceLanguage, locale != source {
                rendered.fallbackLanguage = source
            }
        }
        return rendered
    }

    /// `screen` validated and written for `client`, its localized strings by `localizer`.
    private func renderLocalized(_ screen: Screen, for client: ClientContract, localizer: Localizer)
        throws(RenderError) -> RenderedScreen
    {
        guard !screen.layouts.isEmpty else {
            let variant = try flatVariant(of: screen, for: client, localizer: localizer)
            return RenderedScreen(
                screenID: screen.id,
                bytes: compiler.shaped(variant.bytes, of: screen, for: variant.version, history: prepared),
                servedVersion: variant.version,
                downgrades: variant.downgrades)
        }
        guard compiler.catalog.profile.envelope.layouts != nil else {
            let diagnostic = Diagnostic(
                rule: "layout-invalid",
                message: "screen \"\(screen.id)\" has layouts per device, which the \(compiler.catalog.profile.name) "
                    + "format publishes one by one: render one with render(_:device:for:)",
                location: screen.source, nodePath: screen.id)
            throw .invalidScreen(
                screen.id, problems: [RenderProblem(diagnostic: diagnostic, occurrence: nil, occurrences: nil)])
        }
        var parts: [(device: String, variant: SingleVariant)] = []
        var problems: [RenderProblem] = []
        for (layout, layoutScreen) in zip(screen.layouts, screen.layoutScreens) {
            do {
                parts.append((layout.device, try flatVariant(of: layoutScreen, for: client, localizer: localizer)))
            } catch .invalidScreen(_, let found) {
                problems += found
            }
        }
        guard problems.isEmpty, let first = parts.first else { throw .invalidScreen(screen.id, problems: problems) }
        return RenderedScreen(
            screenID: screen.id,
            bytes: compiler.shapedLayouts(
                of: screen, parts.map { ($0.device, $0.variant.bytes) }, for: first.variant.version, history: prepared),
            servedVersion: first.variant.version, downgrades: parts.flatMap(\.variant.downgrades))
    }

    /// `device`'s layout of `screen` (the screen `<id>.<device>`, as the flat format publishes it),
    /// built per request, for `client`; as ``render(_:for:experiments:locale:)``. A device the screen has no layout
    /// for is ``RenderError/unknownScreen(_:)``.
    public func render(
        _ screen: Screen, device: String, for client: ClientContract, experiments: ExperimentContext = .none,
        locale: String? = nil
    ) throws(RenderError) -> RenderedScreen {
        let id = Screen.layoutID(screen.id, device: device)
        guard let layout = screen.layoutScreens.first(where: { $0.id == id }) else { throw .unknownScreen(id) }
        return try render(layout, for: client, experiments: experiments, locale: locale)
    }

    /// `screen` (with one layout) validated and written in the flat format for `client`.
    private func flatVariant(of screen: Screen, for client: ClientContract, localizer: Localizer)
        throws(RenderError) -> SingleVariant
    {
        let minContract = screen.minContract ?? self.minContract
        let (variant, diagnostics): (SingleVariant?, [Diagnostic])
        if (1...current).contains(minContract) {
            guard let version = client.served(minContract: minContract, current: current) else {
                throw .clientTooOld(screen: screen.id, client: client, minContract: minContract)
            }
            (variant, diagnostics) = compiler.variant(
                of: screen, for: version, history: prepared, localizer: localizer)
        } else {
            (variant, diagnostics) = compiler.variant(
                of: screen, for: current, history: prepared, localizer: localizer)
        }
        guard let variant else {
            throw .invalidScreen(
                screen.id,
                problems: RenderProblem.locate(diagnostics.filter { $0.severity == .error }, in: screen, compiler))
        }
        return variant
    }
}

/// A screen written for one client: the bytes, the version served, an ETag and what was downgraded.
public struct RenderedScreen: Sendable, Hashable {
    /// The screen ID.
    public let screenID: String
    /// The envelope bytes (compact JSON).
    public let bytes: [UInt8]
    /// The client contract version the bytes were written for (the envelope's `contract` field may
    /// name an older version that receives exactly the same bytes).
    public let servedVersion: Int
    /// A strong ETag: a 128-bit hash of `bytes`, quoted, computed from the bytes alone.
    public let etag: String
    /// What this client gets differently from the newest clients.
    public let downgrades: [Downgrade]
    /// Every experiment of the screen and the arm served, in document order: what to log as
    /// exposures (leave out the `forced` ones). Empty for a screen without experiments.
    public internal(set) var experiments: [AppliedArm] = []
    /// The configured locale the screen is written in (`Content-Language`); nil when the renderer
    /// has no String Catalogs.
    public internal(set) var locale: String?
    /// The source language, when some strings of a screen built per request had no translation in
    /// ``locale`` and were served in it: `Content-Language` names both, never claiming one
    /// language for text in two.
    public internal(set) var fallbackLanguage: String?
    /// The localization rules a screen built per request broke where the checker could not see it
    /// (`string-untranslated`, `string-arguments-mismatch`), counted by the observer; empty for
    /// every screen the checker saw.
    public internal(set) var localizationProblems: [String] = []

    init(screenID: String, bytes: [UInt8], servedVersion: Int, downgrades: [Downgrade]) {
        self.screenID = screenID
        self.bytes = bytes
        self.servedVersion = servedVersion
        self.etag = ETag.of(bytes)
        self.downgrades = downgrades
    }
}

extension ScreenRenderer.CompiledCatalogScreen {
    /// `screen` as start-up compiled it (its localizations aside).
    init(_ screen: CompiledScreen) {
        func rendered(_ variants: [CompiledScreen.Variant]) -> [RenderedScreen] {
            variants.map { variant in
                RenderedScreen(
                    screenID: screen.id, bytes: variant.envelope, servedVersion: variant.contract,
                    downgrades: variant.downgrades)
            }
        }
        self.init(minContract: screen.minContract, variants: rendered(screen.variants))
        experiments = screen.experiments
        for combination in screen.combinations {
            // Keyed as a request's arms are listed: one per experiment (each named once), in order.
            let arms = experiments.compactMap { combination.arms[$0.name] }
            guard arms.count == experiments.count, combination.arms.count == experiments.count else { continue }
            combinations[arms] = rendered(combination.variants)
        }
    }
}

extension ScreenRenderer {
    /// The whole response to a request for catalog screen `id`: the client's `ScreenKit-Contract`
    /// header negotiated, `If-None-Match` honoured, errors as problem documents.
    ///
    /// With experiments, `experiments` decides the arms (its overrides, when allowed, come from
    /// the request's `ScreenKit-Arm` header: ``ExperimentContext/parseOverrides(_:)``), and the
    /// response names them and is private to the user.
    ///
    /// With ``Strings``, `acceptLanguage` (the request's `Accept-Language`) picks the locale
    /// (``locale(for:)``), which the response names in `Content-Language`, varying with
    /// `Accept-Language` too.
    public func respond(
        screenID id: String, contractHeader: String?, ifNoneMatch: String?, experiments: ExperimentContext = .none,
        acceptLanguage: String? = nil
    ) -> ScreenResponse {
        let client = ClientContract.parse(contractHeader)
        let start = observer == nil ? nil : ContinuousClock.now
        let outcome: Result<RenderedScreen, RenderError>
        do {
            outcome = .success(
                try render(screenID: id, for: client, experiments: experiments, locale: locale(for: acceptLanguage)))
        } catch {
            outcome = .failure(error)
        }
        return respond(
            outcome, ifNoneMatch: ifNoneMatch, cacheControl: ScreenResponse.sharedCaching, screenID: id,
            isCatalogScreen: catalogScreens[id] != nil, client: client, start: start, experiments: experiments)
    }

    /// The response for `outcome`, reported to the observer (timed from `start`) if there is one.
    private func respond(
        _ outcome: Result<RenderedScreen, RenderError>, ifNoneMatch: String?, cacheControl: String, screenID: String,
        isCatalogScreen: Bool, client: ClientContract, start: ContinuousClock.Instant?, experiments: ExperimentContext
    ) -> ScreenResponse {
        let response: ScreenResponse
        switch outcome {
        case .success(let rendered):
            response = .screen(rendered, ifNoneMatch: ifNoneMatch, cacheControl: cacheControl, release: release)
        case .failure(let error): response = .problem(error, release: release)
        }
        if let observer, let start {
            observer.record(
                RenderEvent(
                    screenID: screenID, isCatalogScreen: isCatalogScreen, outcome: outcome, status: response.status,
                    bytes: response.body.count, client: client, duration: ContinuousClock.now - start,
                    unit: experiments.unit, release: release))
        }
        return response
    }

    /// The whole response to a request for `screen`, built from the request's data (private to
    /// the user by default: `Cache-Control: private, no-cache`), in the locale `acceptLanguage`
    /// picks, as for ``respond(screenID:contractHeader:ifNoneMatch:experiments:acceptLanguage:)``.
    public func respond(
        _ screen: Screen, contractHeader: String?, ifNoneMatch: String?,
        cacheControl: String = ScreenResponse.privateCaching, experiments: ExperimentContext = .none,
        acceptLanguage: String? = nil
    ) -> ScreenResponse {
        let client = ClientContract.parse(contractHeader)
        let start = observer == nil ? nil : ContinuousClock.now
        let outcome: Result<RenderedScreen, RenderError>
        do {
            outcome = .success(
                try render(screen, for: client, experiments: experiments, locale: locale(for: acceptLanguage)))
        } catch {
            outcome = .failure(error)
        }
        return respond(
            outcome, ifNoneMatch: ifNoneMatch, cacheControl: cacheControl, screenID: screen.id, isCatalogScreen: false,
            client: client, start: start, experiments: experiments)
    }

    /// This renderer reporting every response of its `respond` functions to `observer` (such as
    /// ``ContractHealthMetrics``); the bytes and headers are unchanged.
    public func observed(by observer: any RenderObserver) -> ScreenRenderer {
        var copy = self
        copy.observer = observer
        return copy
    }
}
