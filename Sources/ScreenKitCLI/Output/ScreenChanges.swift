import ScreenCompiler

/// How one screen's published output differs from a baseline build.
struct ScreenChanges: Sendable, Hashable {
    /// The screen ID.
    let id: String
    /// What changed: `new screen`, `removed`, `full envelope`, `contract 1`, …
    let changes: [String]
    /// The contract versions whose published object changed (new ones included).
    var versions: [Int] = []
    /// The screen in the baseline manifest (nil for a new screen).
    var baseline: Manifest.Screen?

    /// The screens whose output differs between the baseline manifest and this compilation.
    static func between(_ baseline: Manifest, _ compilation: Compilation) -> [ScreenChanges] {
        let current = BucketLayout(
            screens: compilation.result.screens, contract: compilation.result.contract,
            history: compilation.historyHashes
        ).manifest
        let before = Dictionary(uniqueKeysWithValues: baseline.screens.map { ($0.id, $0) })
        var result: [ScreenChanges] = []
        for screen in current.screens {
            guard let old = before[screen.id] else {
                result.append(
                    ScreenChanges(id: screen.id, changes: ["new screen"], versions: screen.variants.map(\.contract)))
                continue
            }
            var changes: [String] = []
            var versions: [Int] = []
            let oldVariants = Dictionary(uniqueKeysWithValues: old.variants.map { ($0.contract, $0.object) })
            for variant in screen.variants where oldVariants[variant.contract] != variant.object {
                versions.append(variant.contract)
                changes.append(
                    oldVariants[variant.contract] == nil
                        ? "contract \(variant.contract) (new)" : "contract \(variant.contract)")
            }
            if old.full != screen.full && changes.isEmpty { changes.append("full envelope") }
            if !changes.isEmpty {
                result.append(ScreenChanges(id: screen.id, changes: changes, versions: versions, baseline: old))
            }
        }
        let ids = Set(current.screens.map(\.id))
        for screen in baseline.screens where !ids.contains(screen.id) {
            result.append(ScreenChanges(id: screen.id, changes: ["removed"]))
        }
        return result
    }
}
