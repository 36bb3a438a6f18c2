import Foundation
import ScreenContract
import Testing

/// The inputs the fuzz suite (`Fuzz/`) found problems with, kept under `Tests/Fuzz/Regressions/`
/// and replayed here through the reader that failed, each with the clear error it must now give.
@Suite struct FuzzRegressionTests {
    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions")

    /// A `fuzz-history-folder` input as its target reads it: files separated by a `#` line, each
    /// named by its first line.
    static func folder(from input: [UInt8]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-fuzz-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for piece in String(decoding: input, as: UTF8.self).components(separatedBy: "\n#\n") {
            let lines = piece.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let content = lines.count > 1 ? String(lines[1]) : ""
            try Data(content.utf8).write(to: folder.appendingPathComponent(String(lines[0])))
        }
        return folder
    }

    /// An empty `1.json` (it leaked Foundation's 4 KiB read buffer on every load): a clear error.
    @Test func anEmptyVersionFileIsUnreadableNamingIt() throws {
        let input = try [UInt8](
            Data(contentsOf: Self.regressions.appendingPathComponent("fuzz-history-folder/empty-version-file")))
        let folder = try Self.folder(from: input)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["1.json"])
        let history = ContractHistory.load(from: folder)
        #expect(history.versions.isEmpty)
        #expect(history.diagnostics.map(\.rule) == ["history-unreadable"])
        #expect(history.diagnostics.first?.message.hasPrefix("1.json: not a contract file") == true)
        // The same for the small files read beside the history.
        let empty = folder.appendingPathComponent("exemptions.json")
        try Data().write(to: empty)
        #expect(
            Exemptions.load(from: empty).diagnostics.map(\.message) == [
                "exemptions.json is not JSON with a \"format\" number"
            ])
    }
}
