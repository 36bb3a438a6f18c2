import Foundation

/// Timing and memory helpers.
enum Measure {
    /// The median wall time of `runs` runs of `body`, in seconds, and the last result.
    static func median<T>(runs: Int, _ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
        var result: T?
        let times = try sortedTimes(runs: runs) { result = try body() }
        return (times[times.count / 2], result!)
    }

    /// The wall times of `runs` runs of `body` (at least one), in seconds, shortest first.
    static func sortedTimes(runs: Int, _ body: () throws -> Void) rethrows -> [Double] {
        var times: [Double] = []
        times.reserveCapacity(max(1, runs))
        for _ in 0..<max(1, runs) {
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return times.sorted()
    }

    /// The process's peak resident memory so far, in MiB.
    static func peakMemoryMiB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
