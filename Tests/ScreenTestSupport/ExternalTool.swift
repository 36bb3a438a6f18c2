import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program from outside the Swift toolchain that some tests need (tsc, kotlinc, Chromium, …),
/// provided one way for every suite.
///
/// A test that needs one declares the trait `.needs(.kotlin)` (Swift Testing's `.enabled(if:)` with
/// the reason as its comment) and gets the paths with `try ExternalTool.kotlin.require()`. The first look provisions the tool where it can: when it is
/// missing, `apt-get` exists and the tests run as root (and `SCREENKIT_INSTALL_TOOLS` is not `0`),
/// it runs `apt-get update` once per run and installs the tool's Debian packages, one install at a
/// time across suites (and across test processes, under a file lock); the outcome is kept for the
/// run. Where it cannot, the tests that need the tool are skipped with the reason and the install
/// command, and the run lists every such test once at its end — never a failure on a machine that
/// simply lacks the tool. With `SCREENKIT_REQUIRE_TOOLS=1` (`.ci/run` sets it) every such test runs,
/// and a missing tool fails it with what was tried.
public struct ExternalTool: Sendable, CustomStringConvertible {
    /// What the tests call it: `tsc`, `kotlinc`, `Chromium`.
    public let name: String
    /// The executables it takes, each as the names it may go by on `PATH` (the first found wins).
    let executables: [[String]]
    /// Files it takes besides (a jar, …).
    let files: [String]
    /// An environment variable naming the first executable's absolute path, checked before `PATH`.
    let override: String?
    /// The Debian packages that provide it.
    let debianPackages: [String]
    /// How to get it elsewhere, for the skip message.
    let elsewhere: String

    /// The tool's name.
    public var description: String { name }

    /// Debian's `tsc` (`node-typescript`, tsc 4.8) and node, for the TypeScript client models.
    public static let typeScript = ExternalTool(
        name: "tsc", executables: [["tsc"], ["node", "nodejs"]], files: [], override: nil,
        debianPackages: ["node-typescript", "nodejs"], elsewhere: "npm install -g typescript@4.8 (and node)")

    /// Debian's Kotlin 1.3 compiler, a JVM and Android's `org.json` jar, for the Kotlin client models.
    public static let kotlin = ExternalTool(
        name: "kotlinc", executables: [["kotlinc"], ["java"]], files: ["/usr/share/java/com.android.json.jar"],
        override: nil, debianPackages: ["kotlin", "libandroid-json-java"],
        elsewhere: "Kotlin 1.3+, a JDK and Android's org.json at /usr/share/java/com.android.json.jar")

    /// Headless Chromium (or Chrome), for the preview's and the review pictures' browser checks.
    public static let chromium = ExternalTool(
        name: "Chromium", executables: [["chromium", "chromium-browser", "google-chrome"]], files: [],
        override: "SCREENKIT_CHROMIUM", debianPackages: ["chromium"],
        elsewhere: "install Chromium or Chrome, or set SCREENKIT_CHROMIUM=/path/to/it")

    /// Node.js 18 or later (Debian's `nodejs`): runs the edge router's `fetch` adapter.
    public static let node = ExternalTool(
        name: "node", executables: [["node", "nodejs"]], files: [], override: nil, debianPackages: ["nodejs"],
        elsewhere: "Node.js 18 or later from nodejs.org")

    /// nginx with its JavaScript module (Debian's `nginx-light` and `libnginx-mod-http-js`, njs
    /// 0.7): runs the edge router's njs adapter in front of the S3 test server.
    public static let nginx = ExternalTool(
        name: "nginx", executables: [["nginx"]], files: ["/usr/lib/nginx/modules/ngx_http_js_module.so"],
        override: nil, debianPackages: ["nginx-light", "libnginx-mod-http-js"],
        elsewhere: "nginx with the njs module (ngx_http_js_module.so in /usr/lib/nginx/modules)")

    /// ShellCheck, for the shell in the CI workflow `screenkit init` writes.
    public static let shellcheck = ExternalTool(
        name: "shellcheck", executables: [["shellcheck"]], files: [], override: nil,
        debianPackages: ["shellcheck"], elsewhere: "brew install shellcheck")

    /// A tool: the executables it takes (each as the names it may go by), files it takes besides,
    /// an environment variable that may name the first executable, its Debian packages, and how
    /// to get it elsewhere.
    public init(
        name: String, executables: [[String]], files: [String] = [], override: String? = nil,
        debianPackages: [String], elsewhere: String
    ) {
        self.name = name
        self.executables = executables
        self.files = files
        self.override = override
        self.debianPackages = debianPackages
        self.elsewhere = elsewhere
    }

    /// Whether a missing tool fails the tests that need it (`SCREENKIT_REQUIRE_TOOLS=1`).
    public static let required = ProcessInfo.processInfo.environment["SCREENKIT_REQUIRE_TOOLS"] == "1"

    /// The command that installs it on Debian or Ubuntu.
    public var installCommand: String { "apt-get install -y \(debianPackages.joined(separator: " "))" }

    /// Why a test that needs the tool is skipped without it: the comment of `.needs(_:)`.
    public var skipComment: String {
        "needs \(name) (\(installCommand), or: \(elsewhere)); SCREENKIT_REQUIRE_TOOLS=1 makes it required"
    }

    /// True when the tool is here (provisioned if need be) or required; when false, `test` is
    /// recorded in `report` for the end-of-run list of skipped tests.
    func isEnabled(for test: String, required: Bool = Self.required, report: ToolReport = .shared) -> Bool {
        if required { return true }
        if case .success = report.outcome(self) { return true }
        report.skipped(test: test, tool: self)
        return false
    }

    /// The tool's absolute paths, one per executable, in the order declared; provisioned if need be.
    @discardableResult
    public func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try TestTier.require(name, sourceLocation: sourceLocation)
        return try outcome.get()
    }

    /// Why the tool is missing and how to get it, for skip messages and failures.
    public var reason: String {
        if case .failure(let missing) = outcome { return missing.description }
        return "\(name) is here"
    }

    /// The provisioning outcome, computed once per run.
    var outcome: Result<[String], Missing> { ToolReport.shared.outcome(self) }

    /// What is missing, what was tried and how to get it.
    public struct Missing: Error, CustomStringConvertible, Sendable {
        /// The whole explanation.
        public let description: String
    }

    /// The paths when everything is here, else nil.
    func find() -> [String]? {
        let environment = ProcessInfo.processInfo.environment
        var paths: [String] = []
        for (index, names) in executables.enumerated() {
            if index == 0, let override, let path = environment[override],
                FileManager.default.isExecutableFile(atPath: path)
            {
                paths.append(path)
                continue
            }
            guard let path = names.lazy.compactMap({ TestPython.which($0) }).first else { return nil }
            paths.append(path)
        }
        guard files.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) else { return nil }
        return paths
    }

    /// Looks for the tool, installing it first where that is possible.
    func provision() -> Result<[String], Missing> {
        if let paths = find() { return .success(paths) }
        let wanted = (executables.map { $0.joined(separator: " or ") } + files).joined(separator: ", ")
        var tried = "\(name) is not here (needs \(wanted))"
        let hint = "install it with `\(installCommand)` (Debian, Ubuntu) or: \(elsewhere)"
        guard ProcessInfo.processInfo.environment["SCREENKIT_INSTALL_TOOLS"] != "0" else {
            return .failure(Missing(description: "\(tried); SCREENKIT_INSTALL_TOOLS=0; \(hint)"))
        }
        guard let aptGet = TestPython.which("apt-get") else {
            return .failure(Missing(description: "\(tried) and there is no apt-get to install it; \(hint)"))
        }
        guard geteuid() == 0 else {
            return .failure(Missing(description: "\(tried), and installing needs root; \(hint) (sudo)"))
        }
        let log = AptGet.install(debianPackages, aptGet: aptGet)
        if let paths = find() {
            FileHandle.standardError.write(Data("ScreenKit tests: installed \(name) (\(installCommand))\n".utf8))
            return .success(paths)
        }
        tried += "; `\(installCommand)` did not provide it: \(log.suffix(1500))"
        return .failure(Missing(description: "\(tried); \(hint)"))
    }
}

/// `apt-get update` once per run, and one install at a time.
enum AptGet {
    /// Serialises installs within the process; the file lock serialises them across processes.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var updated = false

    /// Installs `packages`; returns apt-get's output.
    static func install(_ packages: [String], aptGet: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        let file = open(
            FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-apt.lock").path,
            O_CREAT | O_RDWR, 0o644)
        if file >= 0 { flock(file, LOCK_EX) }
        defer {
            if file >= 0 {
                flock(file, LOCK_UN)
                close(file)
            }
        }
        var output = ""
        if !updated {
            FileHandle.standardError.write(Data("ScreenKit tests: apt-get update (once per run)…\n".utf8))
            output += TestPython.run(aptGet, ["-o", "DPkg::Lock::Timeout=600", "update", "-qq"]).output
            updated = true
        }
        FileHandle.standardError.write(
            Data("ScreenKit tests: apt-get install \(packages.joined(separator: " "))…\n".utf8))
        let (status, log) = TestPython.run(
            "/usr/bin/env",
            [
                "DEBIAN_FRONTEND=noninteractive", aptGet, "-o", "DPkg::Lock::Timeout=600", "install", "-y", "-qq",
                "--no-install-recommends",
            ] + packages)
        output += log
        if status != 0 { output += "\n(apt-get exited \(status))" }
        return output
    }
}

/// The provisioning outcomes of the run, and the tests skipped for a missing tool, listed once when
/// the test process exits.
final class ToolReport: @unchecked Sendable {
    /// The run's report, printed when the process exits.
    static let shared = ToolReport()

    private let lock = NSLock()
    private var outcomes: [String: Result<[String], ExternalTool.Missing>] = [:]
    private var skips: [String: Set<String>] = [:]
    private var registered = false

    /// The tool's outcome, provisioning it on first use (one tool at a time).
    func outcome(_ tool: ExternalTool) -> Result<[String], ExternalTool.Missing> {
        // The Python packages install beside the tools (one is network and unpacking, the other
        // dpkg), not after them.
        TestPython.provideInTheBackground()
        lock.lock()
        defer { lock.unlock() }
        if let known = outcomes[tool.name] { return known }
        let result = tool.provision()
        outcomes[tool.name] = result
        return result
    }

    /// Records a test skipped for `tool`.
    func skipped(test: String, tool: ExternalTool) {
        lock.lock()
        defer { lock.unlock() }
        skips[tool.name, default: []].insert(test)
        if self === ToolReport.shared && !registered {
            registered = true
            atexit { ToolReport.shared.printSummary() }
        }
    }

    /// The end-of-run list: each missing tool, why, and the tests it skipped.
    func summary() -> String {
        lock.lock()
        defer { lock.unlock() }
        let count = skips.values.reduce(0) { $0 + $1.count }
        guard count > 0 else { return "" }
        var text = "ScreenKit tests: \(count) test\(count == 1 ? "" : "s") skipped for a missing tool"
        text += " (SCREENKIT_REQUIRE_TOOLS=1 makes them required):\n"
        for (tool, tests) in skips.sorted(by: { $0.key < $1.key }) {
            text += "- \(tool): \(outcomes[tool].map { Self.reason($0) } ?? "missing")\n"
            for test in tests.sorted() { text += "    \(test)\n" }
        }
        return text
    }

    private static func reason(_ result: Result<[String], ExternalTool.Missing>) -> String {
        if case .failure(let missing) = result { return missing.description }
        return "here"
    }

    private func printSummary() {
        let text = summary()
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(("\n" + text).utf8))
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where `tool` is here (provisioned if need be) or `SCREENKIT_REQUIRE_TOOLS=1`
    /// requires it; otherwise it is skipped with the reason and the install command, and listed at
    /// the end of the run.
    /// Every tool is of the integration tier: a default run skips the test as `.integration` does,
    /// without looking for the tool.
    public static func needs(_ tool: ExternalTool, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        let place = "\(sourceLocation.fileID):\(sourceLocation.line)"
        guard TestTier.isIntegration else { return .integration("needs \(tool.name)", sourceLocation: sourceLocation) }
        return .enabled(
            if: tool.isEnabled(for: place), Comment(rawValue: tool.skipComment), sourceLocation: sourceLocation)
    }
}
