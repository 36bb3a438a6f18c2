import Foundation
import ScreenClients
import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit

/// Where the contract history and exemptions live: `--contract DIR`, else the config file's
/// `contract`, else `Screens/Contract`.
struct ContractLocation {
    /// The default folder, next to the screens.
    static let defaultPath = "Screens/Contract"

    let folder: URL
    /// Whether the folder was named (by `--contract` or the config file) rather than defaulted.
    let isNamed: Bool
    /// The String Catalogs and locales the config names, if any.
    let localization: LocalizationOptions?
    /// The app's colours the config names, if any.
    let design: DesignOptions?
    /// The rules the config raises to errors.
    let raisedRules: Set<String>

    /// The location the command line and config name. A named folder that does not exist is an
    /// I/O error (exit 3) unless `mayBeMissing`: a wrong path must never pass for an empty history.
    init(_ arguments: Arguments, _ context: CommandContext, mayBeMissing: Bool = false) throws(CommandError) {
        let named = arguments.value("--contract")
        folder = context.url(named ?? Self.defaultPath)
        isNamed = named != nil
        localization = try StringCatalogFiles.load(context.config)
        design = try AppColorFiles.load(context.config)
        raisedRules = try AppColorFiles.raisedRules(context.config)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory)
        if isNamed && !mayBeMissing && !(exists && isDirectory.boolValue) {
            let source =
                arguments.isGiven("--contract")
                ? "--contract" : "the contract folder of \(context.config?.path ?? "the config")"
            throw .failure(
                "\(source) names \(folder.path), which \(exists ? "is not a folder" : "does not exist"); fix the path, or start a history there with `screenkit contract start --standard 1`"
            )
        }
    }

    /// The frozen versions, `DIR/history/N.json`.
    var historyFolder: URL { folder.appendingPathComponent("history") }

    /// The exemptions file, `DIR/exemptions.json`.
    var exemptionsFile: URL { folder.appendingPathComponent("exemptions.json") }

    /// The sunset file, `DIR/sunset.json`.
    var sunsetFile: URL { folder.appendingPathComponent("sunset.json") }

    /// The sunset file's entries (none when it is missing).
    func sunsets() -> Sunsets { Sunsets.load(from: sunsetFile) }

    /// Every screen the catalog serves (device layouts as their own screens) and its minContract.
    static func servedScreens(_ catalog: Catalog) -> [(id: String, minContract: Int)] {
        catalog.screens.flatMap(\.layoutScreens).map { ($0.id, $0.minContract ?? catalog.minContract) }
    }

    /// Loads and verifies the history.
    func history() -> ContractHistory { ContractHistory.load(from: historyFolder) }

    /// Runs the contract gate over the catalog; with `requireHistory`, an empty history is an error.
    func report(_ catalog: Catalog, requireHistory: Bool = false) -> ContractReport {
        ContractGate.check(
            live: catalog, history: history(), exemptions: Exemptions.load(from: exemptionsFile),
            requireHistory: requireHistory, sunsets: Sunsets.load(from: sunsetFile))
    }

    /// Runs the contract gate, then compiles every screen for every frozen version; with
    /// `pseudoLocale` (the preview's) and String Catalogs configured, localized screens are also
    /// written in the pseudo-locale.
    func compile(
        _ catalog: Catalog, style: JSONStyle = .compact, pendingIsError: Bool = false, requireHistory: Bool = false,
        writesProfile: Bool = true, pseudoLocale: Bool = false
    ) -> Compilation {
        let contract = report(catalog, requireHistory: requireHistory)
        var options = CompileOptions(
            style: style, history: contract.history.versions.map(\.contract), pendingIsError: pendingIsError,
            writesProfile: writesProfile, localization: localization, pseudoLocale: pseudoLocale && localization != nil)
        options.design = design
        options.raisedRules = raisedRules
        let result = Compiler(catalog: catalog).compile(options)
        return Compilation(contract: contract, result: result)
    }
}

/// The contract gate's report and the compiled screens, checked together.
struct Compilation {
    let contract: ContractReport
    let result: CompileResult

    /// Contract diagnostics first, then screen diagnostics (without the compiler's `contract-unfrozen`
    /// warning when the gate already reports the missing history as an error).
    var diagnostics: [Diagnostic] {
        let missing = contract.diagnostics.contains { $0.rule == ContractRules.historyMissing.id }
        return contract.diagnostics + result.diagnostics.filter { !missing || $0.rule != "contract-unfrozen" }
    }

    /// Whether anything failed.
    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The SHA-256 of each frozen contract file, version 1 first.
    var historyHashes: [String] { contract.history.versions.map(\.sha256) }

    /// The JSON Schemas published with `catalog`'s screens: one per frozen version and the full
    /// envelope's, each in the wire profile its clients decode, the colour tokens carrying the
    /// app's colour names `config` maps.
    func schemas(for catalog: Catalog, config: ProjectConfig?) -> ClientSchemas {
        ClientSchemas(
            history: contract.history.versions.map(\.contract), hashes: historyHashes,
            live: Contract.live(catalog).0, profileSince: catalog.profileSince,
            colorNames: AppColorFiles.names(config))
    }
}
