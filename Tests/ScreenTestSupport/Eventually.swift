import Foundation

/// Waits for a condition that another process makes true, patiently on a loaded machine.
public enum Eventually {
    /// Checks `condition` every `interval` seconds until it holds (true) or until both `seconds`
    /// have passed and it has been checked `seconds / interval / 3` times (false). Counting checks
    /// as well as time matters when many suites run at once: this task may not be scheduled for
    /// long stretches, and a wall-clock deadline alone would expire without a second look.
    public static func wait(
        seconds: TimeInterval, interval: TimeInterval = 0.1, until condition: () async throws -> Bool
    ) async rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        let checks = max(1, Int(seconds / interval / 3))
        var checked = 0
        while true {
            if try await condition() { return true }
            checked += 1
            if checked >= checks && Date() >= deadline { return false }
            try? await Task.sleep(for: .seconds(interval))
        }
    }
}
