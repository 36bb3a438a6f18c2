import ScreenKit

/// Checks experiment and flag declarations (rule `experiment-invalid`): what the assignment, the
/// build and the bucket rely on, before any combination is validated.
enum ExperimentRules {
    /// Whether `name` is a valid name (see ``ExperimentResolution/isValidName(_:)``).
    static func isValidName(_ name: String) -> Bool { ExperimentResolution.isValidName(name) }

    /// The problems with the experiments of every screen of `catalog`, and between screens.
    static func validate(_ catalog: Catalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var declared: [String: (Experiment.Declaration, SourceLocation, String)] = [:]
        // Most screens have no experiment: told by a walk that reads nodes in place, instead of
        // collecting occurrences twice.
        for screen in catalog.screens where ExperimentResolution.hasExperiments(screen) {
            diagnostics += validate(screen)
            if catalog.profile.envelope.layouts != nil, !screen.layouts.isEmpty {
                diagnostics.append(
                    problem(
                        "screen \"\(screen.id)\" has experiments in device layouts, which the wire profile \"\(catalog.profile.name)\" merges into one document: not supported; put the experiment in a screen of one layout",
                        screen.source, screen))
            }
            for experiment in ExperimentResolution.experiments(in: screen) {
                if let (first, source, other) = declared[experiment.name], first != experiment.declaration {
                    diagnostics.append(
                        problem(
                            "experiment \"\(experiment.name)\" of screen \"\(screen.id)\" is declared with other arms, weights, salt or decision than in screen \"\(other)\" (\(source)): one experiment must be declared the same everywhere",
                            experiment.source, screen))
                } else if declared[experiment.name] == nil {
                    declared[experiment.name] = (experiment.declaration, experiment.source, screen.id)
                }
            }
        }
        return diagnostics
    }

    /// The problems with `screen`'s experiments.
    static func validate(_ screen: Screen) -> [Diagnostic] {
        let occurrences = ExperimentResolution.occurrences(in: screen)
        guard !occurrences.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        var first: [String: Experiment] = [:]
        for (experiment, depth, inFallback) in occurrences {
            let name = experiment.name
            let label = "experiment \"\(name)\""
            func report(_ message: String, at source: SourceLocation? = nil) {
                diagnostics.append(problem("\(label): \(message)", source ?? experiment.source, screen))
            }
            if let earlier = first[name] {
                if earlier.declaration != experiment.declaration {
                    report(
                        "declared twice in screen \"\(screen.id)\" with other arms, weights, salt or decision (also at \(earlier.source))"
                    )
                }
                continue
            }
            first[name] = experiment
            if !isValidName(name) { report("the name is invalid: use [a-z0-9][a-z0-9_-]*, at most 64 characters") }
            if !experiment.salt.isEmpty && !isValidName(experiment.salt) {
                report(
                    "the salt \"\(experiment.salt)\" is invalid: empty, or [a-z0-9][a-z0-9_-]*, at most 64 characters")
            }
            if experiment.arms.count < 2 {
                report(
                    "has \(experiment.arms.count) arm\(experiment.arms.count == 1 ? "" : "s"); an experiment has at least two"
                )
            }
            var seen: Set<String> = []
            for arm in experiment.arms {
                if !seen.insert(arm.name).inserted {
                    report("the arm \"\(arm.name)\" is declared twice", at: arm.source)
                }
                if !isValidName(arm.name) {
                    report(
                        "the arm name \"\(arm.name)\" is invalid: use [a-z0-9][a-z0-9_-]*, at most 64 characters",
                        at: arm.source)
                }
            }
            switch experiment.decision {
            case .weighted:
                for arm in experiment.arms where arm.weight < 1 {
                    report(
                        "the arm \"\(arm.name)\" has weight \(arm.weight); a weight is a positive whole number",
                        at: arm.source)
                }
            case .rollout(let percent):
                if !(0...100).contains(percent) {
                    report("rolls out to \(percent) %; a rollout is a whole number from 0 to 100")
                }
                checkFlagArms(experiment, report)
            case .flag(let flag):
                if !isValidName(flag) { report("the flag name \"\(flag)\" is invalid: use [a-z0-9][a-z0-9_-]*") }
                checkFlagArms(experiment, report)
            }
            if experiment.arm(experiment.control) == nil {
                report("the control \"\(experiment.control)\" is none of its arms")
            }
            if depth > ExperimentResolution.maximumDepth {
                report(
                    "is nested \(depth) experiments deep; experiments nest at most \(ExperimentResolution.maximumDepth) deep"
                )
            }
            if inFallback {
                report(
                    "sits in a fallback; a fallback is what older clients get, the same for every unit: move the experiment out of it"
                )
            }
        }
        let distinct = ExperimentResolution.experiments(in: screen)
        let count = ExperimentResolution.combinationCount(of: distinct)
        if count > ExperimentResolution.maximumCombinations {
            diagnostics.append(
                problem(
                    "screen \"\(screen.id)\" has \(count == Int.max ? "too many" : String(count)) combinations of experiment arms (\(distinct.map { "\($0.name): \($0.arms.count)" }.joined(separator: ", "))); a screen has at most \(ExperimentResolution.maximumCombinations)",
                    screen.source, screen))
        }
        return diagnostics
    }

    /// A flag's arms are exactly `on` and `off`.
    private static func checkFlagArms(_ experiment: Experiment, _ report: (String, SourceLocation?) -> Void) {
        let names = experiment.arms.map(\.name)
        let missing = ["on", "off"].filter { !names.contains($0) }
        for branch in missing {
            report("is a flag without its \"\(branch)\" branch; a flag has exactly the arms \"on\" and \"off\"", nil)
        }
        if missing.isEmpty && names.count != 2 {
            report(
                "is a flag with the arms \(names.joined(separator: ", ")); a flag has exactly \"on\" and \"off\"", nil)
        }
    }

    private static func problem(_ message: String, _ source: SourceLocation, _ screen: Screen) -> Diagnostic {
        ScreenRules.experimentInvalid.diagnostic(message, at: source, path: screen.id)
    }
}
