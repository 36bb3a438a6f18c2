import ExampleScreens
import Foundation
import ScreenContract
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// `screenkit contract embed`: the history as Swift source for a server binary.
@Suite struct EmbedCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-embed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Screens"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ExampleApp.contractFolder, to: folder.appendingPathComponent("Screens/Contract"))
    }

    func run(_ arguments: [String], in directory: URL? = nil) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            arguments, catalog: App.catalog, terminal: terminal, workingDirectory: (directory ?? folder).path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    @Test func theRepositorysEmbeddedHistoryIsUpToDate() async {
        let (code, out, errors) = await run(["contract", "embed", "--check"], in: ExampleApp.root)
        #expect(code == .success, "\(errors)")
        #expect(out.contains("Screens/EmbeddedContractHistory.swift embeds versions 1–4: up to date"))
        #expect(EmbeddedContractHistory.files == ExampleApp.history.versions.map(\.bytes))
    }

    @Test func embedWritesTheFilesBytesAndCheckCatchesAStaleFile() async throws {
        let (missing, _, missingErrors) = await run(["contract", "embed", "--check"])
        #expect(missing == .violations)
        #expect(missingErrors.contains("Screens/EmbeddedContractHistory.swift is stale or missing"))
        let (code, out, _) = await run(["contract", "embed", "--name", "ShopHistory", "--out", "Server/History.swift"])
        #expect(code == .success)
        #expect(out.contains("wrote Server/History.swift: versions 1–4 as ShopHistory.files"))
        let written = try String(contentsOf: folder.appendingPathComponent("Server/History.swift"), encoding: .utf8)
        #expect(written.contains("public enum ShopHistory {"))
        #expect(
            written
                == EmbeddedHistorySource.swift(
                    files: ExampleApp.history.versions.map(\.bytes), typeName: "ShopHistory",
                    origin: "Screens/Contract/history"))
        let repository = try String(
            contentsOf: ExampleApp.root.appendingPathComponent("Screens/EmbeddedContractHistory.swift"), encoding: .utf8
        )
        #expect(
            written.replacingOccurrences(of: "ShopHistory", with: "EmbeddedContractHistory") == repository)
        #expect(
            await run(["contract", "embed", "--check", "--name", "ShopHistory", "--out", "Server/History.swift"]).0
                == .success)
        // A freeze makes it stale.
        var catalog = App.catalog
        catalog.components.append(ComponentSchema(type: "banner", props: [], fallback: .drop))
        let terminal = Terminal.capturing()
        #expect(
            await CLI.run(["contract", "freeze"], catalog: catalog, terminal: terminal, workingDirectory: folder.path)
                == .success)
        #expect(
            await run(["contract", "embed", "--check", "--name", "ShopHistory", "--out", "Server/History.swift"]).0
                == .violations)
        #expect(await run(["contract", "embed", "--name", "not a name"]).0 == .usage)
    }

    @Test func bytesThatAStringLiteralCannotCarryAreWrittenAsAnArray() {
        let odd: [UInt8] = [0x7B, 0x0D, 0x0A, 0x7D]
        let source = EmbeddedHistorySource.swift(files: [odd], typeName: "H", origin: "x")
        #expect(source.contains("private static let version1: [UInt8] = [\n        123, 13, 10, 125,\n    ]"))
    }
}
