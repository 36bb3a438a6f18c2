import Foundation
import Testing

/// Compares output with a reviewed golden file under `Tests/Goldens/`, showing a line diff on mismatch.
///
/// Set `SCREENKIT_RECORD_GOLDENS=1` to rewrite the goldens on purpose; review the diff before committing.
public enum Golden {
    /// The folder holding the goldens, `Tests/Goldens`.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")

    /// Whether goldens are being re-recorded.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["SCREENKIT_RECORD_GOLDENS"] == "1" }

    /// Expects `actual` to equal the golden file `name`, or records it when recording.
    public static func expect(
        _ actual: [UInt8], matches name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let url = directory.appendingPathComponent(name)
        if isRecording {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: url.path, contents: Data(actual))
            return
        }
        guard let expected = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "golden file \(name) is missing; run with SCREENKIT_RECORD_GOLDENS=1 to record it, then review it",
                sourceLocation: sourceLocation)
            return
        }
        guard [UInt8](expected) != actual else { return }
        let diff = lineDiff(
            expected: String(decoding: expected, as: UTF8.self), actual: String(decoding: actual, as: UTF8.self))
        Issue.record(
            "output differs from golden \(name) (- golden, + actual); re-record with SCREENKIT_RECORD_GOLDENS=1 if intended:\n\(diff)",
            sourceLocation: sourceLocation)
    }

    /// A unified-style line diff of two texts, from their longest common subsequence.
    public static func lineDiff(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                i += 1
                j += 1
            } else if j < new.count, i == old.count || table[i][j + 1] >= table[i + 1][j] {
                lines.append("\(j + 1) + \(new[j])")
                j += 1
            } else {
                lines.append("\(i + 1) - \(old[i])")
                i += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
