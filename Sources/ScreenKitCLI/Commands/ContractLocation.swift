import Foundation
import ScreenContract
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
}
