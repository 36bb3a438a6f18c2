import Foundation
import Testing

@testable import ScreenTestSupport

/// The two tiers of the suite (`TestTier`): a test that reaches a program or package of the
/// integration tier without the trait fails in a default run; the trait skips in a default run and
/// lists the tier once at the end; property suites run fewer cases from a fresh seed by default.
@Suite struct TestTierTests {
    @Test func aProgramOfTheIntegrationTierIsFoundDirectlyOrThroughEnv() {
        #expect(TestTier.integrationProgram("/usr/bin/env", ["swift", "build"]) == "swift")
        #expect(TestTier.integrationProgram("/usr/bin/env", ["FOO=1", "-i", "node", "x.mjs"]) == "node")
        #expect(TestTier.integrationProgram("/opt/swift/usr/bin/swiftc", ["-o", "x"]) == "swiftc")
        #expect(TestTier.integrationProgram("/usr/bin/chromium", ["--headless"]) == "chromium")
        #expect(TestTier.integrationProgram("/usr/bin/env", ["swift", "format", "lint", "x.swift"]) == nil)
        #expect(TestTier.integrationProgram("/usr/bin/git", ["init"]) == nil)
        #expect(TestTier.integrationProgram("/usr/bin/env", ["git", "commit"]) == nil)
        #expect(TestTier.integrationProgram("/usr/bin/env", []) == nil)
    }

    @Test func theFailureNamesWhatWasUsedTheTraitAndTheCommand() throws {
        #expect(TestTier.forgotten("nginx", integration: true) == nil)
        let forgotten = try #require(TestTier.forgotten("`nginx`", integration: false))
        #expect(forgotten.description.contains("this test uses `nginx`, which belongs to the integration tier"))
        #expect(forgotten.description.contains(#"`.integration("…")`"#))
        #expect(forgotten.description.contains("SCREENKIT_INTEGRATION=1 swift test"))
    }

    /// What a default run does to a test that forgot its tier: each support records the issue.
    @Test func aTestThatForgetsItsTierFailsInADefaultRun() async throws {
        try TestTier.$checksIntegration.withValue(false) {
            withKnownIssue("launching swiftc through TestPython.run") {
                let (status, output) = TestPython.run("/usr/bin/env", ["swiftc", "--version"])
                #expect(status == -1 && output.contains("integration tier"))
            }
            withKnownIssue("the pinned Python packages") {
                #expect(throws: TestPython.Unavailable.self) { try TestPython.interpreter.get() }
            }
            withKnownIssue("a program of ExternalTool") {
                #expect(throws: TestTier.Forgotten.self) { try ExternalTool.nginx.require() }
            }
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-tier-\(UUID()).log")
            defer { try? FileManager.default.removeItem(at: log) }
            withKnownIssue("launching swift build through ChildProcess") {
                #expect(throws: TestTier.Forgotten.self) {
                    try ChildProcess.start(["swift", "build"], output: log)
                }
            }
            // What the default tier may run is not refused.
            let (status, _) = TestPython.run("/bin/sh", ["-c", "exit 0"])
            #expect(status == 0)
            try TestTier.requireLaunchable("/usr/bin/env", ["git", "--version"])
        }
    }

    @Test func aDefaultRunListsTheSkippedTierOnceWithTheCommandAndTheSeed() {
        let report = TierReport()
        #expect(report.isEnabled("A.swift:1", integration: true))
        #expect(report.summary() == "", "an integration run skips nothing")
        #expect(!report.isEnabled("A.swift:1", integration: false))
        #expect(!report.isEnabled("A.swift:1", integration: false))
        #expect(!report.isEnabled("B.swift:9", integration: false))
        report.note(PropertyScale.seedLine(42))
        let summary = report.summary()
        #expect(
            summary.hasPrefix("ScreenKit tests: this was the default tier; the integration tier was skipped (2 suites"))
        #expect(summary.contains("Run both tiers with: SCREENKIT_INTEGRATION=1 swift test\n"))
        #expect(summary.hasSuffix("drew seed 42 (`SCREENKIT_SEED=42 swift test` runs them again)\n"))
        #expect(summary.components(separatedBy: "SCREENKIT_INTEGRATION=1").count == 2, "said once")
    }

    @Test func propertySuitesRunTheirFixedSeedsAtFullScaleAndAFreshOneByDefault() {
        #expect(PropertyScale.cases(full: 6, reduced: 1) == (TestTier.isIntegration ? 6 : 1))
        let seeds = PropertyScale.seeds([11, 12, 13], reduced: 1)
        if let runSeed = PropertyScale.runSeed {
            #expect(seeds.count == (TestTier.isIntegration ? 3 : 1))
            #expect(seeds[0] != 11, "derived from the run's seed \(runSeed)")
            #expect(PropertyScale.seed(11) == seeds[0], "the same seed for the same suite within a run")
            #expect(PropertyScale.seed(11) != PropertyScale.seed(12), "suites differ")
        } else {
            #expect(TestTier.isIntegration, "only an integration run without SCREENKIT_SEED keeps the fixed seeds")
            #expect(seeds == [11, 12, 13])
        }
    }
}
