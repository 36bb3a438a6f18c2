import Foundation

/// How many cases a property or mutation suite runs, and from which seed.
///
/// The integration tier runs every suite at its full case count from the suite's own fixed seeds,
/// as it always has. The default tier runs fewer cases from a seed drawn fresh for each run, so
/// that every contributor's run explores new cases; the seed is printed when first used and again
/// at the end of the run, and `SCREENKIT_SEED=N swift test` runs with it again (in either tier).
public enum PropertyScale: Sendable {
    /// The environment variable that fixes the run's seed.
    public static let variable = "SCREENKIT_SEED"

    /// The run's seed: `SCREENKIT_SEED` when set, a fresh one in a default run, nil in an
    /// integration run (each suite keeps its fixed seeds).
    public static let runSeed: UInt64? = {
        let environment = ProcessInfo.processInfo.environment
        if let text = environment[variable] {
            guard let seed = UInt64(text) else {
                fatalError("\(variable)=\(text) is not a whole number from 0 to \(UInt64.max)")
            }
            return seed
        }
        return TestTier.isIntegration ? nil : UInt64.random(in: 1...999_999_999)
    }()

    /// Whether the suites run at their full case counts (the integration tier).
    public static let isFull = TestTier.isIntegration

    /// `full` in the integration tier, `reduced` in the default tier.
    public static func cases(full: Int, reduced: Int) -> Int { isFull ? full : reduced }

    /// The seed a suite whose fixed seed is `fixed` uses: `fixed` in an integration run without
    /// `SCREENKIT_SEED`, otherwise one derived from the run's seed and `fixed` (so suites differ).
    public static func seed(_ fixed: UInt64) -> UInt64 {
        guard let runSeed else { return fixed }
        announce(runSeed)
        var mixer = SplitMix64(seed: runSeed ^ (fixed &* 0x9E37_79B9_7F4A_7C15))
        return mixer.next()
    }

    /// The seeds a suite with the fixed seeds `fixed` runs: all of them, each as ``seed(_:)`` maps
    /// it, in the integration tier; the first `reduced` in the default tier.
    public static func seeds(_ fixed: [UInt64], reduced: Int = 1) -> [UInt64] {
        (isFull ? fixed : Array(fixed.prefix(reduced))).map(seed)
    }

    /// The line that names the run's seed.
    public static func seedLine(_ seed: UInt64) -> String {
        "ScreenKit tests: property and mutation suites drew seed \(seed) (`\(variable)=\(seed) swift test` runs them again)"
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var announced = false

    private static func announce(_ seed: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        guard !announced else { return }
        announced = true
        FileHandle.standardError.write(Data((seedLine(seed) + "\n").utf8))
        TierReport.shared.note(seedLine(seed))
    }
}
