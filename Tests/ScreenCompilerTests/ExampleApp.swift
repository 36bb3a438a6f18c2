import Foundation
import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit
import Screens

/// The example app compiled against its checked-in contract history.
enum ExampleApp {
    static let historyFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Screens/Contract/history")

    static let history = ContractHistory.load(from: historyFolder)

    static func compile(_ style: JSONStyle = .compact) -> CompileResult {
        Compiler(catalog: App.catalog).compile(CompileOptions(style: style, history: history.versions.map(\.contract)))
    }

    static let compact = compile()
    static let pretty = compile(.pretty)
}

extension Compiler {
    /// Compiles with the catalog's own live contract frozen as version 1, as unit tests want.
    func compileFrozen(_ style: JSONStyle = .compact) -> CompileResult {
        compile(CompileOptions(style: style, history: [Contract.live(catalog).0]))
    }
}
