import Foundation
import Testing

@testable import screenkit_bench

/// `screenkit-bench emit` on the example app's contract history as it is in this checkout: the
/// benchmark takes its versions 1 and 2 and adds a generated 3, however many versions the example
/// has grown since. A tiny run of every phase; no timing is asserted.
struct EmitBenchmarkTests {
    /// The example app's contract history, from this file's place in the package.
    static let historyFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Screens/Contract/history")

    @Test func theBenchCatalogBuildsOnTheExampleHistoryAsItIsNow() throws {
        let bench = try BenchCatalog.make(nodes: 300, historyFolder: Self.historyFolder)
        #expect(bench.history.count == 3)
        #expect(bench.nodes == 300)
    }

    @Test(arguments: ["pipeline", "emit", "profile"])
    func aTinyRunOfEachPhaseCompletes(_ phase: String) throws {
        var options = EmitBenchmark.Options()
        options.nodes = 200
        options.runs = 1
        options.phase = phase
        options.historyFolder = Self.historyFolder
        try EmitBenchmark.run(options)
    }
}
