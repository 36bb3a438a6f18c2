import Foundation
import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit

/// Where the contract history and exemptions live: `--contract DIR` (default `Screens/Contract`).
struct ContractLocation {
    /// The default folder, next to the screens.
    static let defaultPath = "Screens/Contract"

    let folder: URL

    init(_ arguments: Arguments, _ context: CommandContext) {
        folder = context.url(arguments.value("--contract") ?? Self.defaultPath)
    }

    /// The frozen versions, `DIR/history/N.json`.
    var historyFolder: URL { folder.appendingPathComponent("history") }

    /// The exemptions file, `DIR/exemptions.json`.
    var exemptionsFile: URL { folder.appendingPathComponent("exemptions.json") }

    /// Loads and verifies the history.
    func history() -> ContractHistory { ContractHistory.load(from: historyFolder) }

    /// Runs the contract gate over the catalog.
    func report(_ catalog: Catalog) -> ContractReport {
        ContractGate.check(live: catalog, history: history(), exemptions: Exemptions.load(from: exemptionsFile))
    }

    /// Runs the contract gate, then compiles every screen for every frozen version.
    func compile(_ catalog: Catalog, style: JSONStyle = .compact, pendingIsError: Bool = false) -> Compilation {
        let contract = report(catalog)
        let options = CompileOptions(
            style: style, history: contract.history.versions.map(\.contract), pendingIsError: pendingIsError)
        let result = Compiler(catalog: catalog).compile(options)
        return Compilation(contract: contract, result: result)
    }
}

/// The contract gate's report and the compiled screens, checked together.
struct Compilation {
    let contract: ContractReport
    let result: CompileResult

    /// Contract diagnostics first, then screen diagnostics.
    var diagnostics: [Diagnostic] { contract.diagnostics + result.diagnostics }

    /// Whether anything failed.
    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The SHA-256 of each frozen contract file, version 1 first.
    var historyHashes: [String] { contract.history.versions.map(\.sha256) }
}
