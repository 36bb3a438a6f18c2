import ExampleScreens
import Foundation
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// The inputs that once crashed or hung `check` (a type descriptor nested 100,000 levels, a JSON
/// value nested 1,000,000 levels, a byte-order mark) are clear errors with exit
/// status 1 for a bad contract file, and the history is left as it was.
@Suite struct HostileInputCommandTests {
    let folder: URL
    let history: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-hostile-\(UUID())")
        let contract = folder.appendingPathComponent("Screens/Contract")
        try FileManager.default.createDirectory(
            at: contract.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ExampleApp.contractFolder, to: contract)
        history = contract.appendingPathComponent("history")
    }

    func check() async -> (ExitCode, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            ["check", "--allow-empty-history"], catalog: App.catalog, terminal: terminal,
            workingDirectory: folder.path)
        return (code, terminal.standardOutput + terminal.standardError)
    }

    @Test func hostileHistoryFilesAreExitStatusOneWithTheFileAndTheLimit() async throws {
        let newest = history.appendingPathComponent("2.json")
        let original = try Data(contentsOf: newest)
        let text = String(decoding: original, as: UTF8.self)
        let deepType =
            String(repeating: "[", count: 100_000) + "string" + String(repeating: "]", count: 100_000)
        let cases: [(Data, String)] = [
            (
                Data(text.replacingOccurrences(of: #""type": "string""#, with: "\"type\": \"\(deepType)\"").utf8),
                "is 200006 bytes; names and types are at most 256"
            ),
            (
                Data(#"{"format": 1, "version": 2, "components": "#.utf8) + Data(repeating: 0x5B, count: 1_000_000),
                "2.json: nests deeper than 32 levels (at byte 73); a contract file never does"
            ),
            (
                Data([0xEF, 0xBB, 0xBF]) + original,
                "[history-edited] 2.json is not the file screenkit wrote for the contract it holds (first difference at byte 0)"
            ),
        ]
        for (bytes, message) in cases {
            try bytes.write(to: newest)
            let (code, output) = await check()
            #expect(code == .violations, "\(message)")
            #expect(output.contains(message), "\(output)")
            #expect(try Data(contentsOf: newest) == bytes)
        }
    }
}
