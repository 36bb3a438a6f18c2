import Foundation

/// Where a command writes: standard output for results, standard error for diagnostics and progress.
public final class Terminal: @unchecked Sendable {
    private let lock = NSLock()
    private let sink: (@Sendable (_ toError: Bool, _ text: String) -> Void)?
    private var captured = (out: "", err: "")
    /// Whether standard error is an interactive terminal (progress is shown only then).
    public let isInteractive: Bool

    /// The process's real standard output and error.
    public static func standard() -> Terminal {
        Terminal(isInteractive: isatty(2) == 1) { toError, text in
            FileHandle(fileDescriptor: toError ? 2 : 1).write(Data(text.utf8))
        }
    }

    /// A terminal that keeps everything written, for tests.
    public static func capturing() -> Terminal {
        Terminal(isInteractive: false, sink: nil)
    }

    private init(isInteractive: Bool, sink: (@Sendable (Bool, String) -> Void)?) {
        self.isInteractive = isInteractive
        self.sink = sink
    }

    /// Writes a line to standard output.
    public func print(_ line: String) { write(toError: false, line + "\n") }

    /// Writes a line to standard error.
    public func printError(_ line: String) { write(toError: true, line + "\n") }

    /// Shows transient progress on an interactive terminal; nothing otherwise.
    public func progress(_ text: String) {
        guard isInteractive else { return }
        write(toError: true, "\r\u{1B}[2K" + text)
    }

    /// Clears the progress line.
    public func endProgress() {
        guard isInteractive else { return }
        write(toError: true, "\r\u{1B}[2K")
    }

    /// What was written to standard output, for a capturing terminal.
    public var standardOutput: String { lock.withLock { captured.out } }

    /// What was written to standard error, for a capturing terminal.
    public var standardError: String { lock.withLock { captured.err } }

    private func write(toError: Bool, _ text: String) {
        if let sink {
            sink(toError, text)
        } else {
            lock.withLock {
                if toError { captured.err += text } else { captured.out += text }
            }
        }
    }
}
