import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit
import ScreenLocalization

/// The example app as the tests see it: the repository's paths, its frozen history, and builds.
public enum ExampleApp {
    /// The package root.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Screens/Contract`: the history folder and the exemptions file.
    public static let contractFolder = root.appendingPathComponent("Screens/Contract")

    /// `Screens/Contract/history`.
    public static let historyFolder = contractFolder.appendingPathComponent("history")

    /// The checked-in history, verified.
    public static let history = ContractHistory.load(from: historyFolder)

    /// The SHA-256 of each frozen file, version 1 first.
    public static var historyHashes: [String] { history.versions.map(\.sha256) }

    /// `catalog` (default: the example app) compiled against the checked-in history.
    public static func compile(_ catalog: Catalog = App.catalog, style: JSONStyle = .compact) -> CompileResult {
        Compiler(catalog: catalog).compile(CompileOptions(style: style, history: history.versions.map(\.contract)))
    }

    /// The example app compiled to compact bytes.
    public static let compact = compile()

    /// The example app compiled to pretty bytes.
    public static let pretty = compile(style: .pretty)

    /// The String Catalog, `Screens/Localizable.xcstrings`, for the locales the repository's
    /// `screenkit.json` lists: what `screenkit build` there compiles with.
    public static let localization: LocalizationOptions = {
        let config = root.appendingPathComponent("screenkit.json")
        let catalog = root.appendingPathComponent("Screens/Localizable.xcstrings")
        do {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: config)) as? [String: Any]
            let locales = object?["locales"] as? [String] ?? []
            let table = try StringCatalog.decode([UInt8](try Data(contentsOf: catalog)), path: catalog.path)
            return LocalizationOptions(
                translations: try Translations(tables: ["Localizable": table], locales: locales),
                paths: ["Localizable": catalog.path])
        } catch {
            fatalError("the example app's String Catalog does not load: \(error)")
        }
    }()

    /// `catalog` (default: the example app) compiled against the checked-in history with the
    /// example app's String Catalog and locales.
    public static func compileLocalized(_ catalog: Catalog = App.catalog, style: JSONStyle = .compact)
        -> CompileResult
    {
        Compiler(catalog: catalog).compile(
            CompileOptions(style: style, history: history.versions.map(\.contract), localization: localization))
    }
}
