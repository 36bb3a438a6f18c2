import Foundation
import Testing

/// The two tiers of the test suite, decided in this one place.
///
/// The **default tier** (`swift test`) runs the package's own checks on a fresh machine with the
/// toolchain and a bare `python3`: the compiler, the contract rules and gate, goldens, the readers,
/// analytics against their fixtures, the CLI in-process and the property suites at a default scale
/// with a fresh seed. The **integration tier** (`SCREENKIT_INTEGRATION=1 swift test`, which
/// `.ci/run` always sets) adds every suite that needs a second build (the example servers, the
/// reference clients, generated Swift compiled), a server (the S3 test server, nginx), a browser,
/// another language's toolchain (tsc, kotlinc, node, the pinned Python packages), docc, or minutes
/// of loops, and runs the property suites at their full case counts.
///
/// A suite or test of the integration tier says so with the trait `.integration("why")` (or
/// `.needs(tool)`, which implies it). Every support that belongs to the integration tier (a
/// toolchain or program it launches, the Python packages, the example servers) checks the tier
/// when it is used: in a default run a test that reaches one without the trait fails, naming what
/// it used and the trait it forgot.
public enum TestTier: Sendable {
    /// The environment variable that switches the integration tier on.
    public static let variable = "SCREENKIT_INTEGRATION"

    /// The command that runs both tiers.
    public static let command = "\(variable)=1 swift test"

    /// Whether this run includes the integration tier.
    public static let isIntegration = ProcessInfo.processInfo.environment[variable] == "1"

    /// The tier the supports check against: this run's, or the one a test of this file sets to
    /// see the check fail.
    @TaskLocal public static var checksIntegration = isIntegration

    /// Programs whose use makes a test part of the integration tier: a second build (`swift`,
    /// `swiftc`), another language's toolchain, a browser, a server.
    public static let integrationPrograms: Set<String> = [
        "swift", "swiftc", "node", "nodejs", "tsc", "kotlinc", "java", "nginx", "chromium", "chromium-browser",
        "google-chrome", "docc",
    ]

    /// Why a test reached something of the integration tier without the trait.
    public struct Forgotten: Error, CustomStringConvertible {
        /// What it used and the trait to add.
        public let description: String
    }

    /// Checks that the running test may use `what`, something of the integration tier: always in
    /// an integration run; in a default run the test forgot its tier, and this records the issue
    /// and throws.
    public static func require(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if let forgotten = forgotten(what) {
            Issue.record(Comment(rawValue: forgotten.description), sourceLocation: sourceLocation)
            throw forgotten
        }
    }

    /// The failure for using `what` in this run, or nil when the run includes the integration tier.
    public static func forgotten(_ what: String, integration: Bool = checksIntegration) -> Forgotten? {
        guard !integration else { return nil }
        return Forgotten(
            description:
                "this test uses \(what), which belongs to the integration tier: give its suite or test the "
                + "trait `.integration(\"…\")` (Tests/ScreenTestSupport/TestTier.swift), and run it with "
                + "`\(command)`")
    }

    /// Checks a program about to be launched (directly, or through `/usr/bin/env` as its first
    /// argument): one of `integrationPrograms` requires the integration tier.
    public static func requireLaunchable(
        _ executable: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard let program = integrationProgram(executable, arguments) else { return }
        try require("`\(program)`", sourceLocation: sourceLocation)
    }

    /// The integration program that `executable` with `arguments` launches, if any.
    public static func integrationProgram(_ executable: String, _ arguments: [String]) -> String? {
        var name = URL(fileURLWithPath: executable).lastPathComponent
        var rest = arguments[...]
        if name == "env" {
            // `/usr/bin/env [NAME=VALUE …] PROGRAM …`
            rest = rest.drop(while: { $0.contains("=") || $0.hasPrefix("-") })
            guard let program = rest.popFirst() else { return nil }
            name = URL(fileURLWithPath: program).lastPathComponent
        }
        // `swift format` is the toolchain's formatter, no build: the default tier may use it.
        if name == "swift", rest.first == "format" { return nil }
        return integrationPrograms.contains(name) ? name : nil
    }
}

extension Trait where Self == ConditionTrait {
    /// Puts the suite or test in the integration tier: it runs when `SCREENKIT_INTEGRATION=1` (as
    /// `.ci/run` sets), and a default run skips it with `why` and lists the tier once at its end.
    public static func integration(_ why: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .enabled(
            if: TierReport.shared.isEnabled(
                "\(sourceLocation.fileID):\(sourceLocation.line)", integration: TestTier.isIntegration),
            Comment(rawValue: "integration tier (\(why)): run it with `\(TestTier.command)`"),
            sourceLocation: sourceLocation)
    }
}

/// What a run skipped, and the seed it drew, listed once when the test process exits.
final class TierReport: @unchecked Sendable {
    /// The run's report.
    static let shared = TierReport()

    private let lock = NSLock()
    private var skipped: Set<String> = []
    private var notes: [String] = []
    private var registered = false

    /// True in an integration run; otherwise records `place` as skipped and returns false.
    func isEnabled(_ place: String, integration: Bool) -> Bool {
        if integration { return true }
        lock.lock()
        defer { lock.unlock() }
        skipped.insert(place)
        registerOnce()
        return false
    }

    /// Adds a line to the end-of-run summary.
    func note(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        notes.append(line)
        registerOnce()
    }

    /// The end-of-run lines: what was skipped and the command that runs it, then the notes.
    func summary() -> String {
        lock.lock()
        defer { lock.unlock() }
        var text = ""
        if !skipped.isEmpty {
            let count = skipped.count
            text += "ScreenKit tests: this was the default tier; the integration tier was skipped "
            text += "(\(count) suite\(count == 1 ? "" : "s") and tests: the example servers, S3 and nginx, browsers, "
            text += "tsc, kotlinc and node, the Python oracles, docc, generated Swift compiled, kill loops, and the "
            text += "property suites at full scale). Run both tiers with: \(TestTier.command)\n"
        }
        for line in notes { text += line + "\n" }
        return text
    }

    private func registerOnce() {
        guard self === TierReport.shared && !registered else { return }
        registered = true
        atexit { TierReport.shared.printSummary() }
    }

    private func printSummary() {
        let text = summary()
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(("\n" + text).utf8))
    }
}
