import ScreenKit

/// What a change does to running experiments, against a base build's manifest (`check
/// --baseline`): experiments added, removed or re-weighted (notes), and changes that reshuffle
/// units — a new salt, renamed or added arms, another decision (warnings, rule `experiment-changed`).
public enum ExperimentChanges {
    /// The changes from the experiments `base` lists to those of `catalog`'s screens.
    public static func between(_ base: Manifest, _ catalog: Catalog) -> [Diagnostic] {
        var before: [String: [Experiment.Declaration]] = [:]
        for screen in base.screens where !screen.experiments.isEmpty { before[screen.id] = screen.experiments }
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        for screen in catalog.screens.flatMap(\.layoutScreens) {
            seen.insert(screen.id)
            let old = Dictionary((before[screen.id] ?? []).map { ($0.name, $0) }) { first, _ in first }
            let current = ExperimentResolution.experiments(in: screen)
            for experiment in current {
                let new = experiment.declaration
                let label = "experiment \"\(new.name)\" of screen \"\(screen.id)\""
                func report(_ message: String, _ severity: Severity) {
                    diagnostics.append(
                        ScreenRules.experimentChanged.diagnostic(
                            "\(label) \(message)", severity: severity, at: experiment.source, path: screen.id))
                }
                guard let was = old[new.name] else {
                    report("was added (\(describe(new)))", .note)
                    continue
                }
                if was.salt != new.salt {
                    report(
                        "changed its salt from \"\(was.salt)\" to \"\(new.salt)\": every unit is assigned anew",
                        .warning)
                }
                if was.decision != new.decision {
                    report(
                        "changed how arms are decided (\(describe(was)) → \(describe(new))): units are assigned anew",
                        .warning)
                } else if was.arms.map(\.name) != new.arms.map(\.name) {
                    report(
                        "changed its arms from \(was.arms.map(\.name)) to \(new.arms.map(\.name)): units are reassigned, and exposures logged under the old names no longer match",
                        .warning)
                } else if was.arms != new.arms {
                    report(
                        "was re-weighted (\(describe(was)) → \(describe(new))): only the units whose bucket changes arm move",
                        .note)
                }
                if was.control != new.control && was.arms.map(\.name) == new.arms.map(\.name) {
                    report("changed its control from \"\(was.control)\" to \"\(new.control)\"", .note)
                }
            }
            let names = Set(current.map(\.name))
            for was in before[screen.id] ?? [] where !names.contains(was.name) {
                diagnostics.append(
                    ScreenRules.experimentChanged.diagnostic(
                        "experiment \"\(was.name)\" of screen \"\(screen.id)\" was removed (\(describe(was)))",
                        severity: .note, at: screen.source, path: screen.id))
            }
        }
        return diagnostics
    }

    /// `control 50, big-image 50`, `flag new-checkout`, `rollout 20 %`.
    static func describe(_ experiment: Experiment.Declaration) -> String {
        switch experiment.decision {
        case .weighted: experiment.arms.map { "\($0.name) \($0.weight)" }.joined(separator: ", ")
        case .flag(let flag): "flag \(flag)"
        case .rollout(let percent): "rollout \(percent) %"
        }
    }
}
