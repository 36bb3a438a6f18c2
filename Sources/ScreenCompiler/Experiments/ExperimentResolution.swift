import ScreenKit

/// The arm chosen for each experiment of a screen, by experiment name.
public typealias ArmChoice = [String: String]

/// Resolves a screen's experiments: which there are, every combination of their arms, and the
/// screen with each experiment replaced by one arm's nodes.
public enum ExperimentResolution {
    /// The deepest an experiment may sit inside arms of other experiments (1: not nested).
    public static let maximumDepth = 2
    /// Whether `name` is a valid experiment, arm, flag or (non-empty) salt name: `[a-z0-9][a-z0-9_-]*`,
    /// at most 64 characters — the screen ID pattern, so names never need escaping or quoting.
    public static func isValidName(_ name: String) -> Bool { CatalogValidator.isValidScreenID(name) }

    /// The most combinations of arms one screen may have (the product of its experiments' arm
    /// counts): each is validated and, in a static bucket, written for every contract version.
    public static let maximumCombinations = 64

    /// Every experiment in `screen` (its body and its device layouts), in document order, nested
    /// ones included, each occurrence with its depth and whether it sits in a fallback.
    static func occurrences(in screen: Screen) -> [(experiment: Experiment, depth: Int, inFallback: Bool)] {
        var found: [(Experiment, Int, Bool)] = []
        func visit(_ nodes: [Node], depth: Int, level: Int, inFallback: Bool) {
            guard level < walkDepth else { return }
            // Read in place: copying each node out would retain and release every field it holds.
            nodes.withUnsafeBufferPointer { nodes in
                for index in nodes.indices {
                    if let experiment = nodes[index].experiment {
                        found.append((experiment, depth + 1, inFallback))
                        for arm in experiment.arms {
                            visit(arm.content, depth: depth + 1, level: level + 1, inFallback: inFallback)
                        }
                        continue
                    }
                    if let children = nodes[index].children {
                        visit(children, depth: depth, level: level + 1, inFallback: inFallback)
                    }
                    if case .node(let fallback) = nodes[index].fallback {
                        visit([fallback], depth: depth, level: level + 1, inFallback: true)
                    }
                }
            }
        }
        visit(screen.content, depth: 0, level: 0, inFallback: false)
        for layout in screen.layouts { visit(layout.content, depth: 0, level: 0, inFallback: false) }
        return found
    }

    /// The depth below which the walks here do not descend: a screen that deep is refused
    /// (`depth-exceeded`) before anything is written, and the walks stay off the stack's limit.
    static let walkDepth = ScreenLimits.maximumDepth + 2

    /// Whether `screen` holds any experiment (within the depth a valid screen can have).
    public static func hasExperiments(_ screen: Screen) -> Bool {
        // Each node read in place, to the depth the walks below stop at: a screen without an
        // experiment, the common case, is answered at a few nanoseconds a node.
        screen.content.contains { $0.holdsExperiment(depth: walkDepth) }
            || screen.layouts.contains { $0.content.contains { $0.holdsExperiment(depth: walkDepth) } }
    }

    /// The distinct experiments of `screen` (by name, first declaration), in document order.
    public static func experiments(in screen: Screen) -> [Experiment] {
        var seen: Set<String> = []
        return occurrences(in: screen).map(\.experiment).filter { seen.insert($0.name).inserted }
    }

    /// Every combination of the arms of `experiments`, the all-control one first, then in the
    /// order of the arms (the last experiment varying fastest); empty when there are none.
    public static func combinations(of experiments: [Experiment]) -> [ArmChoice] {
        guard !experiments.isEmpty else { return [] }
        var result: [ArmChoice] = [[:]]
        for experiment in experiments {
            let ordered =
                [experiment.control] + experiment.arms.map(\.name).filter { $0 != experiment.control }
            result = result.flatMap { partial in
                ordered.map { arm in
                    var choice = partial
                    choice[experiment.name] = arm
                    return choice
                }
            }
        }
        return result
    }

    /// The number of combinations `experiments` have, without listing them (saturating).
    static func combinationCount(of experiments: [Experiment]) -> Int {
        experiments.reduce(1) { count, experiment in
            let (product, overflow) = count.multipliedReportingOverflow(by: max(1, experiment.arms.count))
            return overflow ? Int.max : product
        }
    }

    /// `screen` with each experiment replaced by the nodes of the arm `arms` names for it (the
    /// control arm when it names none, or names an arm the experiment lacks). Each node an arm
    /// puts in place takes the slot the experiment stood in.
    /// ``Screen/servedArms`` records the arms served: `arms`, with each experiment met on the way set to the
    /// arm it was resolved to; left empty for a screen without experiments.
    public static func resolve(_ screen: Screen, arms: ArmChoice) -> Screen {
        var resolved = screen
        // The request's choice as it is (shared, not copied), changed only where an arm it names
        // is not the one served: on the request path, a complete choice costs no allocation.
        var served = ServedArms(arms: arms)
        if let content = resolvedNodes(screen.content, arms: arms, level: 0, served: &served) {
            resolved.content = content
        }
        for index in resolved.layouts.indices {
            if let content = resolvedNodes(screen.layouts[index].content, arms: arms, level: 0, served: &served) {
                resolved.layouts[index].content = content
            }
        }
        if served.met { resolved.servedArms = served.arms }
        return resolved
    }

    /// `nodes` with their experiments resolved, or nil when they hold none: only the lists on the
    /// way to an experiment are copied, every other subtree is shared with `nodes` as it is.
    /// The arms a resolution served: the choice, corrected where it named no arm or another than
    /// the one served; and whether any experiment was met at all.
    private struct ServedArms {
        var arms: ArmChoice
        var met = false
    }

    private static func resolvedNodes(_ nodes: [Node], arms: ArmChoice, level: Int, served: inout ServedArms)
        -> [Node]?
    {
        // Deeper than a valid screen: left as it is, for `depth-exceeded` to refuse.
        guard level < walkDepth else { return nil }
        // Read in place: copying each node out would retain and release every field it holds.
        return nodes.withUnsafeBufferPointer { nodes -> [Node]? in
            var result: [Node]?
            /// Starts the copy with the nodes before `index`, unchanged, the first time one changes.
            func copyBefore(_ index: Int) {
                guard result == nil else { return }
                var copy: [Node] = []
                copy.reserveCapacity(nodes.count)
                copy.append(contentsOf: nodes[..<index])
                result = copy
            }
            for index in nodes.indices {
                if let experiment = nodes[index].experiment {
                    copyBefore(index)
                    let arm = arms[experiment.name].flatMap(experiment.arm) ?? experiment.arm(experiment.control)
                    served.met = true
                    if let arm, served.arms[experiment.name] != arm.name { served.arms[experiment.name] = arm.name }
                    let content = arm?.content ?? []
                    let slot = nodes[index].slot
                    for child in resolvedNodes(content, arms: arms, level: level + 1, served: &served) ?? content {
                        result?.append(slot.map { child.inSlot($0) } ?? child)
                    }
                    continue
                }
                var replacement: Node?
                if let children = nodes[index].children,
                    let changed = resolvedNodes(children, arms: arms, level: level + 1, served: &served)
                {
                    replacement = nodes[index]
                    replacement?.children = changed
                }
                if case .node(let fallback) = nodes[index].fallback,
                    let changed = resolvedNodes([fallback], arms: [:], level: level + 1, served: &served)
                {
                    // Experiments do not belong in fallbacks (`experiment-invalid`): the control stands.
                    if replacement == nil { replacement = nodes[index] }
                    replacement?.fallback = changed.first.map { .node($0) } ?? .drop
                }
                if let replacement {
                    copyBefore(index)
                    result?.append(replacement)
                } else if result != nil {
                    result?.append(nodes[index])
                }
            }
            return result
        }
    }

    /// For each source location inside an arm of `screen`'s experiments, the experiments and arms
    /// holding it: how a problem found in one combination names the arm it is in.
    static func armsBySource(in screen: Screen) -> [SourceLocation: [(experiment: String, arm: String)]] {
        var map: [SourceLocation: [(String, String)]] = [:]
        func mark(_ nodes: [Node], _ path: [(String, String)], level: Int) {
            guard level < walkDepth else { return }
            for node in nodes {
                if let experiment = node.experiment {
                    for arm in experiment.arms {
                        mark(arm.content, path + [(experiment.name, arm.name)], level: level + 1)
                    }
                    continue
                }
                // Each arm once per place: a helper called in a loop writes many nodes at one line.
                for step in path where !(map[node.source]?.contains { $0 == step } ?? false) {
                    map[node.source, default: []].append(step)
                }
                if let children = node.children { mark(children, path, level: level + 1) }
                if case .node(let fallback) = node.fallback { mark([fallback], path, level: level + 1) }
            }
        }
        mark(screen.content, [], level: 0)
        for layout in screen.layouts { mark(layout.content, [], level: 0) }
        return map
    }
}
