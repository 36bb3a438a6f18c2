import ScreenContract
import ScreenJSON
import ScreenKit

/// The frozen versions, prepared once, for compiling screens one at a time (at request time).
public struct PreparedHistory: Sendable {
    let views: [VersionView]
    /// What the versions know, as bits, so one pass tells which of them write the same variant.
    let agreement: VersionAgreement

    /// The current contract version: the newest frozen one.
    public var current: Int { views.count }

    /// The wire profile clients of `version` decode (the catalog's beyond the frozen versions).
    public func profile(for version: Int) -> WireProfile {
        views.indices.contains(version - 1) ? views[version - 1].profile : (views.last?.profile ?? .flat)
    }
}

/// One screen written for the clients of one contract version.
public struct SingleVariant: Sendable {
    /// The envelope bytes, exactly as `build` writes this version's variant.
    public let bytes: [UInt8]
    /// The client contract version it was written for.
    public let version: Int
    /// The envelope's `contract` field: the oldest version that receives exactly these bytes.
    public let contract: Int
    /// The oldest client contract version the screen supports.
    public let minContract: Int
    /// What these clients get differently from the full envelope.
    public let downgrades: [Downgrade]
}

extension Compiler {
    /// Prepares the frozen versions 1…N (oldest first) for ``variant(of:for:history:style:)``.
    public func prepare(_ history: [Contract]) -> PreparedHistory {
        let views = history.enumerated().map { VersionView($0.element, version: $0.offset + 1, live: context) }
        return PreparedHistory(views: views, agreement: VersionAgreement(views, context: context))
    }

    /// Validates `screen` with every screen rule `check` runs and, when it has no error, writes its
    /// variant for clients of contract `version` — byte for byte the variant `build` writes.
    ///
    /// The screen need not be in the catalog: it may be built per request from data. Only the
    /// requested variant is written, never the full envelope; while writing it, the writer notes
    /// which older versions would write the same bytes. `version` must lie between the screen's
    /// `minContract` and the current version; callers clamp what a client advertises.
    ///
    /// Localized strings still in `screen` are written in the source language (their default
    /// values); localize it for the request's locale first with ``Localizer``.
    public func variant(
        of screen: Screen, for version: Int, history: PreparedHistory, style: JSONStyle = .compact
    ) -> (variant: SingleVariant?, diagnostics: [Diagnostic]) {
        variant(
            of: screen, for: version, history: history, style: style,
            localizer: Localizer(translations: nil, locale: "en"))
    }

    /// ``variant(of:for:history:style:)`` with the localized strings written by `localizer`, each
    /// replaced as the tree is walked rather than in a walk of its own.
    ///
    /// A screen is first written in one walk of its tree (see ``FusedWriter``); only when that walk
    /// is not sure the screen has no problem (or `fused` is false) is the tree flattened, validated
    /// and written as `build` does. Both write the same bytes.
    package func variant(
        of screen: Screen, for version: Int, history: PreparedHistory, style: JSONStyle = .compact,
        localizer: Localizer, fused: Bool = true
    ) -> (variant: SingleVariant?, diagnostics: [Diagnostic]) {
        let screen = localizer.localizingInitialState(of: screen)
        if fused,
            let variant = fusedVariant(of: screen, for: version, history: history, style: style, localizer: localizer)
                .variant
        {
            return (variant, [])
        }
        var diagnostics: [Diagnostic] = []
        let views = history.views
        if !CatalogValidator.isValidScreenOrLayoutID(screen.id) {
            diagnostics.append(
                ScreenRules.screenIDInvalid.diagnostic(
                    "screen ID \"\(screen.id)\" is invalid: use [a-z0-9][a-z0-9_-]*, at most 64 characters",
                    at: screen.source, path: screen.id))
        }
        let (resolved, problem) = resolve(screen, localizer: localizer)
        let flat = resolved.flat
        if let problem { diagnostics.append(problem) }
        for validator in Self.validators { diagnostics += validator.validate(resolved, in: context) }
        diagnostics += EnvelopeValueRules.validate(screen, profiles: servedProfiles(views))
        let minContract = screen.minContract ?? catalog.minContract
        guard (1...max(1, views.count)).contains(minContract), !views.isEmpty else {
            diagnostics.append(
                ScreenRules.minContractInvalid.diagnostic(
                    "screen \"\(screen.id)\" supports contract \(minContract) and up, but the frozen versions are 1 to \(views.count)",
                    at: screen.source, path: screen.id))
            return (nil, diagnostics)
        }
        precondition(
            (minContract...views.count).contains(version),
            "version \(version) is outside the screen's supported range \(minContract)...\(views.count)")
        guard let flat, !diagnostics.contains(where: { $0.severity == .error }) else { return (nil, diagnostics) }
        var writer = EnvelopeWriter(context: context, style: style, writesOnce: true)
        do {
            var written = try writer.envelope(
                flat, contract: version, minContract: minContract, view: views[version - 1],
                agreement: history.agreement)
            let downgrades = writer.downgrades
            diagnostics += writer.problems
            var contract = version
            // Older versions that write the same body share these bytes; the `contract` field then
            // names the oldest of them, as in `build`.
            // Only versions that decode the same wire profile share bytes.
            let sameShape = { (older: Int) in views[older - 1].profile == views[version - 1].profile }
            if let same = writer.olderWritingTheSame {
                while contract > minContract, same & (1 << UInt64(contract - 2)) != 0, sameShape(contract - 1) {
                    contract -= 1
                }
                if contract != version {
                    let digits = String(version).utf8.count
                    written.bytes.replaceSubrange(
                        written.bodyStart - digits..<written.bodyStart, with: String(contract).utf8)
                }
            } else {
                // The writer cannot tell: each older version is written and compared.
                while contract > minContract, sameShape(contract - 1) {
                    let older = try writer.envelope(
                        flat, contract: contract - 1, minContract: minContract, view: views[contract - 2])
                    guard older.bytes[older.bodyStart...] == written.bytes[written.bodyStart...] else { break }
                    written = older
                    contract -= 1
                }
            }
            if diagnostics.contains(where: { $0.severity == .error }) { return (nil, diagnostics) }
            return (
                SingleVariant(
                    bytes: written.bytes, version: version, contract: contract, minContract: minContract,
                    downgrades: downgrades),
                diagnostics
            )
        } catch {
            diagnostics.append(
                Diagnostic(rule: "emit", message: error.message, location: error.location, nodePath: screen.id))
            return (nil, diagnostics)
        }
    }
}

extension Compiler {
    /// `screen`'s variant for `version` written in one walk of its tree, when the walk is sure the
    /// screen has no problem; else why it is not (see ``FusedWriter``). Its initial state is localized.
    package func fusedVariant(
        of screen: Screen, for version: Int, history: PreparedHistory, style: JSONStyle = .compact,
        localizer: Localizer
    ) -> (variant: SingleVariant?, doubt: String?) {
        let views = history.views
        let minContract = screen.minContract ?? catalog.minContract
        guard CatalogValidator.isValidScreenOrLayoutID(screen.id) else { return (nil, "an invalid screen ID") }
        guard !views.isEmpty, (1...views.count).contains(minContract), (minContract...views.count).contains(version)
        else { return (nil, "a version outside the screen's range") }
        let size: FusedWriter.Size
        switch FusedWriter.size(of: screen) {
        case .success(let counted): size = counted
        case .failure(let doubt): return (nil, doubt.reason.description)
        }
        guard EnvelopeValueRules.validate(screen, profiles: servedProfiles(views)).isEmpty else {
            return (nil, "an envelope value problem")
        }
        var writer = FusedWriter(screen: screen, context: context, localizer: localizer, style: style)
        switch writer.write(version, minContract: minContract, history: history, size: size) {
        case .success(let variant): return (variant, nil)
        case .failure(let doubt): return (nil, doubt.reason.description)
        }
    }
}

/// Where a node of a screen came from: its ID, the Swift line that wrote it, and which of the
/// nodes that line wrote it is (in a `for` loop, the iteration).
public struct NodeSite: Sendable, Hashable {
    /// The node's ID as the envelope has it (explicit or derived).
    public let id: String
    /// The Swift source location that wrote it.
    public let source: SourceLocation
    /// 1-based: which of the nodes written at `source` this is, in document order.
    public let occurrence: Int
    /// How many nodes of the screen were written at `source`.
    public let count: Int
}

extension Compiler {
    /// Every node of `screen` (fallbacks included) in document order, with the line that wrote it
    /// and which of that line's nodes it is: how a data error names its position. Empty for a
    /// screen without exactly one root or over the size limits.
    public func nodeSites(of screen: Screen) -> [NodeSite] {
        guard let flat = resolve(screen).0.flat else { return [] }
        let sources = flat.nodes.indices.map { flat.source(of: $0) }
        var counts: [SourceLocation: Int] = [:]
        for source in sources { counts[source, default: 0] += 1 }
        var seen: [SourceLocation: Int] = [:]
        return flat.nodes.indices.map { index in
            let source = sources[index]
            seen[source, default: 0] += 1
            return NodeSite(id: flat.id(of: index), source: source, occurrence: seen[source]!, count: counts[source]!)
        }
    }
}
