import Foundation

/// Whether a git repository has a release tag, asked with `git ls-remote` before `init` writes a
/// package that depends on ScreenKit `from:` that tag: a tag does not travel with every copy of a
/// repository (a mirror, a fork, a clone pushed elsewhere), and SwiftPM cannot resolve a version
/// that no tag names.
enum ReleaseTagCheck {
    /// What the remote said.
    enum Answer: Equatable {
        /// The tag is there.
        case present
        /// The remote answered, without the tag.
        case absent
        /// The remote could not be asked (no git, offline, credentials, too slow): why.
        case unknown(String)
    }

    /// Asks `url` for `refs/tags/<tag>`, without prompting for credentials, for at most `timeout` seconds.
    static func ask(_ url: String, tag: String, timeout: TimeInterval = 20) -> Answer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "ls-remote", "--tags", "--refs", url, "refs/tags/\(tag)"]
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_SSH_COMMAND"] = environment["GIT_SSH_COMMAND"] ?? "ssh -o BatchMode=yes"
        process.environment = environment
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-ls-remote-\(UUID())")
        guard FileManager.default.createFile(atPath: output.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: output)
        else { return .unknown("cannot write a temporary file") }
        defer { try? FileManager.default.removeItem(at: output) }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return .unknown("cannot run git: \(error.localizedDescription)") }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            try? handle.close()
            return .unknown("git ls-remote did not answer within \(Int(timeout)) s")
        }
        try? handle.close()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            let reason = text.split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
            return .unknown("git ls-remote failed: \(reason)")
        }
        return text.split(separator: "\n").contains { $0.hasSuffix("\trefs/tags/\(tag)") } ? .present : .absent
    }
}
