import Foundation
import Testing

/// Runs commands with their output in a file.
public enum ChildProcess {
    /// Runs `arguments` (through `/usr/bin/env`, in `folder` with `environment` when given), output
    /// and errors into `output`; the exit status, or -1 when it ran past `timeout` seconds (it is
    /// killed then).
    public static func run(
        _ arguments: [String], output: URL, timeout: TimeInterval, in folder: URL? = nil,
        environment: [String: String]? = nil
    ) async -> Int32 {
        guard let process = try? start(arguments, output: output, in: folder, environment: environment) else {
            return -1
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return -1
        }
        return process.terminationStatus
    }

    /// Starts `arguments` (in `folder`, with `environment`, when given) with output and errors into
    /// `output`.
    public static func start(
        _ arguments: [String], output: URL, in folder: URL? = nil, environment: [String: String]? = nil
    ) throws -> Process {
        try TestTier.requireLaunchable("/usr/bin/env", arguments)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try handle.close()
        return process
    }
}
