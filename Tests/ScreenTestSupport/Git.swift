import Foundation

/// Runs git in a test's folder, as a fixed test author, with its output discarded.
public enum Git {
    /// Runs `git ARGUMENTS` in `folder` and returns its exit status.
    @discardableResult
    public static func run(_ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
