import ScreenJSON
import ScreenKit

/// What to compile for.
public struct CompileOptions: Sendable {
    /// Compact bytes for publishing, or pretty for review.
    public var style: JSONStyle
    /// The current contract version envelopes are written for.
    public var contractVersion: Int

    /// Creates options.
    public init(style: JSONStyle = .compact, contractVersion: Int = 1) {
        self.style = style
        self.contractVersion = contractVersion
    }
}

/// One compiled screen: its envelope bytes.
public struct CompiledScreen: Sendable, Hashable {
    /// The screen ID.
    public let id: String
    /// The envelope's exact bytes.
    public let envelope: [UInt8]
}

/// What compiling a catalog produced: envelopes when there are no errors, and every diagnostic.
public struct CompileResult: Sendable {
    /// The compiled screens, in catalog order; empty when there are errors.
    public let screens: [CompiledScreen]
    /// Every problem found, errors and warnings together.
    public let diagnostics: [Diagnostic]

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Validates a catalog's screens with every rule, then writes their envelopes.
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

    /// Every problem in the catalog's screens, all rules together.
    public func check() -> [Diagnostic] {
        validate().1.diagnostics
    }

    /// Validates, then writes every screen's envelope unless there are errors.
    public func compile(_ options: CompileOptions = CompileOptions()) -> CompileResult {
        let (resolved, collector) = validate()
        guard !collector.hasErrors else {
            return CompileResult(screens: [], diagnostics: collector.diagnostics)
        }
        var writer = EnvelopeWriter(context: context, style: options.style)
        var screens: [CompiledScreen] = []
        var diagnostics = collector.diagnostics
        for screen in resolved {
            guard let root = screen.root else { continue }
            do {
                let bytes = try writer.envelope(
                    screen.screen, root: root, contract: options.contractVersion,
                    minContract: screen.screen.minContract ?? catalog.minContract)
                screens.append(CompiledScreen(id: screen.screen.id, envelope: bytes))
            } catch {
                diagnostics.append(
                    Diagnostic(
                        rule: "emit", message: error.message, location: error.location, nodePath: screen.screen.id))
            }
        }
        if diagnostics.count > collector.diagnostics.count { screens = [] }
        return CompileResult(screens: screens, diagnostics: diagnostics)
    }

    private func validate() -> ([ResolvedScreen], DiagnosticCollector) {
        var collector = DiagnosticCollector()
        collector.report(contentsOf: CatalogValidator.validate(catalog))
        var resolved: [ResolvedScreen] = []
        for screen in catalog.screens {
            let root = screen.content.count == 1 ? IDAssigner.assign(screen.content[0], screenID: screen.id) : nil
            let item = ResolvedScreen(screen: screen, root: root)
            for validator in Self.validators {
                collector.report(contentsOf: validator.validate(item, in: context))
            }
            resolved.append(item)
        }
        return (resolved, collector)
    }
}
