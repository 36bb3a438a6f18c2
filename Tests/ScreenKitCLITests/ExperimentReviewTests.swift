import Foundation
import ScreenKit
import ScreenKitCLI
import Testing

/// Review of experiment changes against a base build: added, removed and re-weighted experiments
/// are listed; a new salt or renamed arms, which reshuffle units, are warnings.
@Suite struct ExperimentReviewTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-experiments-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String], catalog: Catalog) async -> (ExitCode, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput)
    }

    static func catalog(
        salt: String = "", weights: (Int, Int) = (50, 50), second: String = "big-image", flag: Bool = true
    )
        -> Catalog
    {
        Catalog(screens: [
            Screen("home") {
                Column {
                    Experiment("hero-test", salt: salt) {
                        Arm("control", weight: weights.0) { Text("Classic") }
                        Arm(second, weight: weights.1) { Text("Big") }
                    }
                    if flag { Flag("reviews", rollout: 20) { Text("Reviews") } }
                }
            }
        ])
    }

    @Test func checkAgainstABaseBuildListsWhatAChangeDoesToRunningExperiments() async throws {
        #expect(await run(["contract", "freeze", "--initial"], catalog: Self.catalog()).0 == .success)
        #expect(await run(["build", "--out", "base"], catalog: Self.catalog()).0 == .success)
        let (same, unchanged) = await run(["check", "--baseline", "base"], catalog: Self.catalog())
        #expect(same == .success)
        #expect(!unchanged.contains("experiment-changed"), "\(unchanged)")

        let (reweighted, notes) = await run(
            ["check", "--baseline", "base"], catalog: Self.catalog(weights: (40, 60), flag: false))
        #expect(reweighted == .success)
        #expect(
            notes.contains(
                #"note: [experiment-changed] experiment "hero-test" of screen "home" was re-weighted (control 50, big-image 50 → control 40, big-image 60): only the units whose bucket changes arm move"#
            ), "\(notes)")
        #expect(
            notes.contains(
                #"note: [experiment-changed] experiment "reviews" of screen "home" was removed (rollout 20 %)"#),
            "\(notes)")

        let (reshuffled, warnings) = await run(
            ["check", "--baseline", "base", "--format", "markdown"], catalog: Self.catalog(salt: "v2", second: "hero-b")
        )
        #expect(reshuffled == .success)
        #expect(warnings.contains("⚠️"), "\(warnings)")
        #expect(warnings.contains(#"changed its salt from "" to "v2": every unit is assigned anew"#), "\(warnings)")
        #expect(warnings.contains("exposures logged under the old names no longer match"), "\(warnings)")
    }
}
