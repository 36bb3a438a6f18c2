import ScreenContract
import ScreenJSON
import ScreenKit

/// What to compile for.
public struct CompileOptions: Sendable {
    /// Compact bytes for publishing, or pretty for review.
    public var style: JSONStyle
    /// The frozen contract versions 1…N, oldest first; empty means no history (the live contract
    /// then stands in as version 1, with a warning).
    public var history: [Contract]
    /// Whether using pending (not yet frozen) contract elements is an error, as for publishing.
    public var pendingIsError: Bool

    /// Creates options.
    public init(style: JSONStyle = .compact, history: [Contract] = [], pendingIsError: Bool = false) {
        self.style = style
        self.history = history
        self.pendingIsError = pendingIsError
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

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Validates a catalog's screens with every rule, then writes their envelopes and variants.
public struct Compiler: Sendable {
    /// The catalog being compiled.
    public let catalog: Catalog
    private let context: ValidationContext

    /// The screen validators, run in this order; each reports independently.
    private static let validators: [any ScreenValidator] = [
        RootValidator(), ComponentValidator(), ValueValidator(), IDValidator(),
    ]

    /// Creates a compiler for `catalog`.
    public init(catalog: Catalog) {
        self.catalog = catalog
        self.context = ValidationContext(catalog: catalog)
    }

    /// Every problem in the catalog's screens, all rules together, for every supported version.
    public func check(_ options: CompileOptions = CompileOptions()) -> [Diagnostic] {
        compile(options).diagnostics
    }

    /// Validates, then writes every screen's full envelope and variants unless there are errors.
    public func compile(_ options: CompileOptions = CompileOptions()) -> CompileResult {
        var collector = DiagnosticCollector()
        let versions = options.history.isEmpty ? [Contract.live(catalog).0] : options.history
        if options.history.isEmpty {
            collector.report(
                ScreenRules.contractUnfrozen.diagnostic(
                    "no frozen contract history; the live contract stands in as version 1", severity: .warning,
                    at: nil))
        }
        let views = versions.enumerated().map { VersionView($0.element, version: $0.offset + 1) }
        let current = versions.count
        collector.report(contentsOf: CatalogValidator.validate(catalog))
        var writer = EnvelopeWriter(context: context, style: options.style)
        var screens: [CompiledScreen] = []
        for screen in catalog.screens {
            var root: Node?
            if screen.content.count == 1 {
                if let problem = Self.sizeProblem(screen.content[0], screenID: screen.id) {
                    collector.report(problem)
                } else {
                    root = IDAssigner.assign(screen.content[0], screenID: screen.id)
                }
            }
            let resolved = ResolvedScreen(screen: screen, root: root)
            let before = collector.errorCount
            for validator in Self.validators {
                collector.report(contentsOf: validator.validate(resolved, in: context))
            }
            let minContract = screen.minContract ?? catalog.minContract
            guard (1...current).contains(minContract) else {
                collector.report(
                    ScreenRules.minContractInvalid.diagnostic(
                        "screen \"\(screen.id)\" supports contract \(minContract) and up, but the frozen versions are 1 to \(current)",
                        at: screen.source, path: screen.id))
                continue
            }
            guard let root, collector.errorCount == before else { continue }
            do {
                let full = try writer.envelope(
                    screen, root: root, contract: current, minContract: minContract, view: nil)
                var variants: [CompiledScreen.Variant] = []
                var previous: (bytes: [UInt8], bodyStart: Int)?
                for view in views[(minContract - 1)...] {
                    var written = try writer.envelope(
                        screen, root: root, contract: view.version, minContract: minContract, view: view)
                    collector.report(contentsOf: writer.problems)
                    if let previous, previous.bytes[previous.bodyStart...] == written.bytes[written.bodyStart...] {
                        written = previous
                    }
                    variants.append(
                        CompiledScreen.Variant(
                            contract: view.version, envelope: written.bytes, downgrades: writer.downgrades))
                    previous = written
                }
                reportPending(variants.last?.downgrades ?? [], screen: screen, options: options, into: &collector)
                screens.append(
                    CompiledScreen(
                        id: screen.id, minContract: minContract, contract: current, full: full.bytes,
                        variants: variants))
            } catch {
                collector.report(
                    Diagnostic(rule: "emit", message: error.message, location: error.location, nodePath: screen.id))
            }
        }
        return CompileResult(
            screens: collector.hasErrors ? [] : screens, diagnostics: collector.diagnostics, contract: current)
    }

    /// What the newest frozen version lacks is pending: reported once per element and screen.
    private func reportPending(
        _ downgrades: [Downgrade], screen: Screen, options: CompileOptions, into collector: inout DiagnosticCollector
    ) {
        var seen: Set<String> = []
        for downgrade in downgrades where seen.insert(downgrade.element).inserted {
            collector.report(
                ScreenRules.contractPending.diagnostic(
                    "screen \"\(screen.id)\" uses \(downgrade.element), which is not frozen yet; every client gets its fallback",
                    severity: options.pendingIsError ? .error : .warning, at: screen.source, path: screen.id))
        }
    }

    /// A diagnostic when the tree (fallbacks included) nests deeper or holds more nodes than the
    /// limits; found without recursion, before any recursive pass runs.
    static func sizeProblem(_ root: Node, screenID: String) -> Diagnostic? {
        var stack: [(Node, Int)] = [(root, 1)]
        var count = 0
        while let (node, depth) = stack.popLast() {
            count += 1
            if depth > ScreenLimits.maximumDepth {
                return ScreenRules.depthExceeded.diagnostic(
                    "screen \"\(screenID)\" nests deeper than \(ScreenLimits.maximumDepth) levels", at: node.source,
                    path: screenID)
            }
            if count > ScreenLimits.maximumNodes {
                return ScreenRules.screenTooLarge.diagnostic(
                    "screen \"\(screenID)\" has more than \(ScreenLimits.maximumNodes) nodes", at: root.source,
                    path: screenID)
            }
            for child in node.children ?? [] { stack.append((child, depth + 1)) }
            if case .node(let fallback) = node.fallback { stack.append((fallback, depth + 1)) }
        }
        return nil
    }
}
