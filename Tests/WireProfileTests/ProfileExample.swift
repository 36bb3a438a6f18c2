import ExampleProfiles
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenCrypto
import ScreenJSON
import ScreenKit
import ScreenTestSupport
import Testing

/// One example app of a wire profile: its catalog, its components as version 1 froze them, and its
/// history folder under `Screens/Profiles`.
struct ProfileExample: Sendable, CustomTestStringConvertible {
    let name: String
    let catalog: Catalog
    let version1Components: [ComponentSchema]
    let folder: String

    var testDescription: String { name }

    static let widgets = ProfileExample(
        name: "widgets", catalog: WidgetsApp.catalog, version1Components: WidgetsApp.version1Components,
        folder: "Widgets")
    static let componentSpec = ProfileExample(
        name: "component-spec", catalog: ComponentSpecApp.catalog,
        version1Components: ComponentSpecApp.version1Components, folder: "ComponentSpec")
    static let composition = ProfileExample(
        name: "composition", catalog: CompositionApp.catalog, version1Components: CompositionApp.version1Components,
        folder: "Composition")
    static let layouts = ProfileExample(
        name: "layouts", catalog: LayoutsApp.catalog, version1Components: LayoutsApp.version1Components,
        folder: "Layouts")
    static let route = ProfileExample(
        name: "route", catalog: RouteApp.catalog, version1Components: RouteApp.version1Components, folder: "Route")
    static let all = [widgets, componentSpec, composition, layouts, route]

    /// `Screens/Profiles/<App>/Contract/history`.
    var historyFolder: URL {
        ExampleApp.root.appendingPathComponent("Screens/Profiles/\(folder)/Contract/history")
    }

    /// The two frozen files exactly as `contract freeze` writes them: version 1 with the version-1
    /// components, version 2 with today's, chained by the SHA-256 of version 1.
    var expectedHistoryFiles: [[UInt8]] {
        var version1 = catalog
        version1.components = version1Components
        let first = ContractFile.encode(Contract.live(version1).0, version: 1, previous: nil)
        let second = ContractFile.encode(Contract.live(catalog).0, version: 2, previous: SHA256.hexDigest(first))
        return [first, second]
    }

    /// The committed history.
    var history: ContractHistory { ContractHistory.load(from: historyFolder) }

    /// The catalog compiled against its history.
    func compile(style: JSONStyle = .compact) -> CompileResult {
        Compiler(catalog: catalog).compile(CompileOptions(style: style, history: history.versions.map(\.contract)))
    }
}

/// Runs a strict reference client of `Tests/ReferenceClients` (decoders of the JSON shapes shipped
/// apps read; built on first use).
enum ReferenceClient {
    /// `Tests/ReferenceClients/decode`.
    static let decode = ExampleApp.root.appendingPathComponent("Tests/ReferenceClients/decode")

    /// Writes each payload to a file and decodes them all with `client` and `options`; the exit
    /// status and what the client printed.
    static func run(_ client: String, _ options: [String], payloads: [(String, [UInt8])]) throws -> (Int32, String) {
        try TestTier.require("the reference clients (a second build, of Tests/ReferenceClients)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-clients-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (name, bytes) in payloads {
            let file = folder.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            files.append(file.path)
        }
        let log = folder.appendingPathComponent("client.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [decode.path, client] + options + files
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
