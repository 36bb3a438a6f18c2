import ExampleScreens
import Foundation
import ScreenKit
import ScreenTestSupport
import Testing

@testable import ScreenKitCLI

/// The String Catalog the Localization article shows written by hand is one ScreenKit reads, and
/// it does what the article says: the request-time strings of its snippet pass `check` against it
/// in Polish, and 5 orders read "Masz 5 zamówień".
@Suite struct HandWrittenCatalogTests {
    /// The JSON block after `<!-- xcstrings: hand-written -->` in the Localization article.
    static func articleCatalog() throws -> String {
        let article = try String(
            contentsOf: ExampleApp.root.appendingPathComponent("Sources/ScreenKit/ScreenKit.docc/Localization.md"),
            encoding: .utf8)
        let marker = try #require(article.range(of: "<!-- xcstrings: hand-written -->\n```json\n"))
        let end = try #require(article.range(of: "\n```", range: marker.upperBound..<article.endIndex))
        return String(article[marker.upperBound..<end.lowerBound])
    }

    @Test func theArticlesHandWrittenCatalogPassesCheckAndPluralizes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-xcstrings-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Screens/Strings"), withIntermediateDirectories: true)
        try Data(try Self.articleCatalog().utf8).write(
            to: folder.appendingPathComponent("Screens/Strings/Localizable.xcstrings"))
        try Data(#"{"format": 1, "strings": ["Screens/Strings/Localizable.xcstrings"], "locales": ["pl"]}"#.utf8)
            .write(to: folder.appendingPathComponent("screenkit.json"))
        func run(_ arguments: [String], _ catalog: Catalog) async -> (ExitCode, String) {
            let terminal = Terminal.capturing()
            let code = await CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
            return (code, terminal.standardOutput + terminal.standardError)
        }
        let orders = Screen("orders") {
            Column(id: "page") {
                Text(localized: LocalizedString("orders.count", defaultValue: "You have \(5) orders"), id: "count")
                Text(localized: "Hello, \("Ola")", id: "hello")
            }
        }
        let started = await run(["contract", "start", "--standard", "1"], Catalog(screens: []))
        #expect(started.0 == .success, "\(started.1)")
        let (checked, output) = await run(["check"], LocalizationSnippets.catalog(screens: [orders]))
        #expect(checked == .success, "\(output)")
        #expect(!output.contains("[string-"), "\(output)")
        let built = await run(["build"], Catalog(screens: [orders]))
        #expect(built.0 == .success, "\(built.1)")
        let polish = try String(
            contentsOf: folder.appendingPathComponent("dist/locales/pl/screens/orders"), encoding: .utf8)
        #expect(polish.contains("Masz 5 zamówień") && polish.contains("Cześć, Ola"), "\(polish)")
        let english = try String(contentsOf: folder.appendingPathComponent("dist/screens/orders"), encoding: .utf8)
        #expect(english.contains("You have 5 orders"), "\(english)")
    }
}
