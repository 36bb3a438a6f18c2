/// The process exit codes every command uses.
public enum ExitCode: Int32, Sendable {
    /// Clean: nothing to report.
    case success = 0
    /// Violations found (or the command refused because of them).
    case violations = 1
    /// The command line was wrong.
    case usage = 2
    /// Reading or writing files, or the environment, failed.
    case failure = 3
    /// A verdict that is to wait (`rollout status` over too little or too unclear traffic).
    case hold = 4
}

/// An error that ends a command with a message and an exit code.
struct CommandError: Error {
    let message: String
    let code: ExitCode

    static func usage(_ message: String) -> CommandError { CommandError(message: message, code: .usage) }
    static func failure(_ message: String) -> CommandError { CommandError(message: message, code: .failure) }
}
