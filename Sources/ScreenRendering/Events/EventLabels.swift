import ScreenCompiler
import ScreenKit

/// The labels an accepted event is counted under, `event`, `experiment` and `arm`, each bounded:
/// the event is one the contract declares (only accepted events are counted), and an experiment or
/// arm the renderer's catalog does not declare is `other` — apps cannot grow a metric's series by
/// sending names. An event sent without arms is counted once under `none`; one with arms once per
/// experiment it names.
public struct EventLabels: Sendable {
    /// The arms of each experiment of the catalog's screens, by experiment.
    public let arms: [String: Set<String>]

    /// Labels for the experiments of `renderer`'s catalog screens.
    public init(renderer: ScreenRenderer) {
        self.init(arms: renderer.experimentArms)
    }

    /// Labels that know the experiments and arms of `arms`.
    public init(arms: [String: Set<String>]) {
        self.arms = arms
    }

    /// One `(event, experiment, arm)` per experiment `event` names (sorted), or one with `none`.
    public func fold(_ event: EventBatch.Event) -> [(event: String, experiment: String, arm: String)] {
        guard !event.experiments.isEmpty else { return [(event.name, "none", "none")] }
        return event.experiments.keys.sorted().map { experiment in
            guard let known = arms[experiment] else { return (event.name, "other", "other") }
            let arm = event.experiments[experiment]!
            return (event.name, experiment, known.contains(arm) ? arm : "other")
        }
    }
}
