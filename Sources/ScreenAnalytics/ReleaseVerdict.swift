import Foundation
import ScreenJSON

/// What the responses of two releases — the stable one and a canary beside it — and the apps'
/// reports of what they could not show say about the canary: each health measure compared, overall
/// and per screen, with its 95 % interval and p-value (the experiment report's statistics), and a
/// decision: promote, hold or roll back.
///
/// A measure is a share of responses: server errors (5xx), client errors (4xx), responses that
/// applied a fallback (of the 200s and 304s), and render failures the apps reported per screen
/// shown (200 and 304; `render_failed` events naming the release). The canary is **rolled back**
/// when any measure is higher for it overall with p < 0.05 (two-proportion z-test, pooled);
/// **held** while either release has fewer than the minimum of responses (no verdict from too
/// little traffic), or while a measure is higher but not significantly so; **promoted** otherwise.
/// The comparisons per screen and per client contract version are shown to say where a difference
/// lies; the decision rests on the overall ones, so looking at many groups does not multiply the
/// chance of a false alarm.
public struct ReleaseVerdict: Sendable {
    /// What the canary should do.
    public enum Decision: String, Sendable, Hashable {
        /// Every measure is as good as the stable release's: make the canary stable.
        case promote
        /// Not enough traffic, or a difference not yet significant: keep watching.
        case hold
        /// A measure is significantly worse: withdraw the canary.
        case rollback = "roll back"
    }

    /// One release's counts (overall, or on one screen).
    public struct Tally: Sendable, Hashable {
        /// Responses.
        public var responses = 0
        /// Responses with a 5xx status.
        public var serverErrors = 0
        /// Responses with a 4xx status.
        public var clientErrors = 0
        /// Responses that showed a screen (200 and 304).
        public var shown = 0
        /// Of those, responses that applied a fallback.
        public var withFallback = 0
        /// Render failures the apps reported, by reason.
        public var renderFailures: [RenderFailureReason: Int] = [:]

        /// An empty tally.
        public init() {}

        /// Counts `record`.
        public mutating func count(_ record: ResponseRecord) {
            responses += 1
            if record.status >= 500 { serverErrors += 1 } else if record.status >= 400 { clientErrors += 1 }
            if record.status == 200 || record.status == 304 {
                shown += 1
                if !record.fallbacks.isEmpty { withFallback += 1 }
            }
        }

        /// Counts one render failure.
        public mutating func count(_ failure: RenderFailureLine) {
            renderFailures[failure.reason, default: 0] += 1
        }

        /// All render failures.
        public var failures: Int { renderFailures.values.reduce(0, +) }

        /// Adds `other`'s counts (another screen's, another log's).
        public mutating func add(_ other: Tally) {
            responses += other.responses
            serverErrors += other.serverErrors
            clientErrors += other.clientErrors
            shown += other.shown
            withFallback += other.withFallback
            renderFailures.merge(other.renderFailures, uniquingKeysWith: +)
        }
    }

    /// One measure of both releases, compared.
    public struct Comparison: Sendable, Hashable {
        /// What is measured (`server errors (5xx)`).
        public let measure: String
        /// The canary's count and the count it is a share of.
        public let canary: (count: Int, of: Int)
        /// The stable release's.
        public let stable: (count: Int, of: Int)
        /// The canary's share minus the stable one's, with its 95 % interval; nil without traffic.
        public let difference: (value: Double, low: Double, high: Double)?
        /// The two-sided p-value; nil when the test is undefined (no traffic, or no count in either).
        public let p: Double?

        /// Whether the canary's share is higher with p < 0.05.
        public var isWorse: Bool { (difference?.value ?? 0) > 0 && (p ?? 1) < 0.05 }
        /// Whether the canary's share is higher, significantly or not.
        public var isHigher: Bool { (difference?.value ?? 0) > 0 }

        /// `a` compared with `b` for `measure`.
        init(_ measure: String, canary: (Int, Int), stable: (Int, Int)) {
            self.measure = measure
            // A share: a count above its base (several failures of one screen shown) is capped.
            self.canary = (min(canary.0, canary.1), canary.1)
            self.stable = (min(stable.0, stable.1), stable.1)
            difference = Statistics.difference(
                (self.canary.count, self.canary.of), (self.stable.count, self.stable.of))
            p = Statistics.zTest((self.canary.count, self.canary.of), (self.stable.count, self.stable.of))?.p
        }

        public static func == (left: Comparison, right: Comparison) -> Bool {
            left.measure == right.measure && left.canary == right.canary && left.stable == right.stable
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(measure)
            hasher.combine(canary.count)
            hasher.combine(canary.of)
            hasher.combine(stable.count)
            hasher.combine(stable.of)
        }
    }

    /// The stable release and the canary.
    public let stable: String
    /// The canary release.
    public let canary: String
    /// The minimum of responses each release needs before any verdict.
    public let minimumResponses: Int
    /// Each measure overall.
    public let overall: [Comparison]
    /// Each measure on each screen either release answered, screens sorted.
    public let screens: [(screen: String, comparisons: [Comparison])]
    /// Each measure for each contract version the apps declared (`none`, `malformed` or a number),
    /// numbers first in order; empty when the tallies were not kept by version.
    public let versions: [(version: String, comparisons: [Comparison])]
    /// The canary's render failures by reason.
    public let failuresByReason: [(reason: RenderFailureReason, canary: Int, stable: Int)]
    /// The decision.
    public let decision: Decision
    /// Why, in a sentence each.
    public let reasons: [String]

    /// A guardrail goal: the units each release showed a screen to, and of them those that sent
    /// the goal event.
    public struct Guardrail: Sendable, Hashable {
        /// The goal event.
        public let event: String
        /// The stable release's units: shown, and converted.
        public let stable: (units: Int, converted: Int)
        /// The canary's.
        public let canary: (units: Int, converted: Int)

        /// A goal `event` reached by `converted` of `units` of each release.
        public init(event: String, stable: (units: Int, converted: Int), canary: (units: Int, converted: Int)) {
            self.event = event
            self.stable = stable
            self.canary = canary
        }

        public static func == (left: Guardrail, right: Guardrail) -> Bool {
            left.event == right.event && left.stable == right.stable && left.canary == right.canary
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(event)
            hasher.combine(stable.units)
            hasher.combine(canary.units)
        }
    }

    /// The verdict on `canary` against `stable` from their tallies, overall, by screen and by the
    /// contract version the apps declared; with a `guardrail`, a drop in its conversion counts as
    /// a measure too (the share of units that did not send the goal event).
    public init(
        stable: String, canary: String, overall: (stable: Tally, canary: Tally),
        screens: [String: (stable: Tally, canary: Tally)], versions: [String: (stable: Tally, canary: Tally)] = [:],
        minimumResponses: Int, guardrail: Guardrail? = nil
    ) {
        self.stable = stable
        self.canary = canary
        self.minimumResponses = minimumResponses
        self.overall =
            Self.comparisons(overall.canary, overall.stable)
            + (guardrail.map { goal in
                [
                    Comparison(
                        "units that did not send \(goal.event)",
                        canary: (goal.canary.units - goal.canary.converted, goal.canary.units),
                        stable: (goal.stable.units - goal.stable.converted, goal.stable.units))
                ]
            } ?? [])
        self.screens = screens.keys.sorted().map { ($0, Self.comparisons(screens[$0]!.canary, screens[$0]!.stable)) }
        self.versions = versions.keys.sorted(by: Self.versionOrder).map {
            ($0, Self.comparisons(versions[$0]!.canary, versions[$0]!.stable))
        }
        failuresByReason = RenderFailureReason.allCases.compactMap { reason in
            let (c, s) = (overall.canary.renderFailures[reason] ?? 0, overall.stable.renderFailures[reason] ?? 0)
            return c + s > 0 ? (reason, c, s) : nil
        }
        var reasons: [String] = []
        let worse = self.overall.filter(\.isWorse)
        if overall.canary.responses < minimumResponses || overall.stable.responses < minimumResponses {
            reasons.append(
                "too little traffic for a verdict: \(overall.canary.responses) canary and \(overall.stable.responses) stable responses, \(minimumResponses) each needed"
            )
            decision = worse.isEmpty ? .hold : .rollback
        } else if !worse.isEmpty {
            decision = .rollback
        } else if let higher = self.overall.first(where: \.isHigher), higher.p == nil || higher.p! < 0.2 {
            reasons.append(
                "\(higher.measure) is higher for the canary, not yet significantly (p = \(Self.p(higher.p)))")
            decision = .hold
        } else {
            decision = .promote
            reasons.append("no measure is worse for the canary (each p ≥ 0.05 or lower for it)")
        }
        // A significant harm decides even on little traffic: waiting would only show more users it.
        for comparison in worse {
            reasons.insert(
                "\(comparison.measure): \(Self.share(comparison.canary)) for the canary against \(Self.share(comparison.stable)) (p = \(Self.p(comparison.p)))",
                at: 0)
        }
        self.reasons = reasons
    }

    /// Contract versions in order: numbers ascending, then words.
    static func versionOrder(_ left: String, _ right: String) -> Bool {
        switch (Int(left), Int(right)) {
        case (let a?, let b?): a < b
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): left < right
        }
    }

    /// The versions worth a section: only when the apps declared more than one.
    var versionSections: [(version: String, comparisons: [Comparison])] {
        let seen = versions.filter { $0.comparisons.contains(where: { $0.canary.of + $0.stable.of > 0 }) }
        return seen.count > 1 ? seen : []
    }

    /// The measures of `canary` against `stable`.
    static func comparisons(_ canary: Tally, _ stable: Tally) -> [Comparison] {
        [
            Comparison(
                "server errors (5xx)", canary: (canary.serverErrors, canary.responses),
                stable: (stable.serverErrors, stable.responses)),
            Comparison(
                "client errors (4xx)", canary: (canary.clientErrors, canary.responses),
                stable: (stable.clientErrors, stable.responses)),
            Comparison(
                "responses with a fallback", canary: (canary.withFallback, canary.shown),
                stable: (stable.withFallback, stable.shown)),
            Comparison(
                "render failures per screen shown", canary: (canary.failures, canary.shown),
                stable: (stable.failures, stable.shown)),
        ]
    }

    /// `5 of 1000 (0.50 %)`.
    static func share(_ value: (count: Int, of: Int)) -> String {
        value.of == 0
            ? "0 of 0"
            : "\(value.count) of \(value.of) (\(String(format: "%.2f", 100 * Double(value.count) / Double(value.of))) %)"
    }

    /// A p-value for people.
    static func p(_ p: Double?) -> String {
        guard let p else { return "n/a" }
        return p < 0.0001 ? String(format: "%.2e", p) : String(format: "%.4f", p)
    }

    /// `+0.42 pp [-0.10, +0.94]`.
    static func interval(_ difference: (value: Double, low: Double, high: Double)?) -> String {
        guard let difference else { return "n/a" }
        func pp(_ value: Double) -> String { String(format: "%+.2f", 100 * value) }
        return "\(pp(difference.value)) pp [\(pp(difference.low)), \(pp(difference.high))]"
    }

    /// The verdict for people.
    public var text: String {
        var out = "verdict: \(decision.rawValue) canary release \(canary) (stable: \(stable))\n"
        for reason in reasons { out += "  - \(reason)\n" }
        out += "\noverall:\n"
        out += table(overall)
        for (screen, comparisons) in screens where comparisons.contains(where: { $0.canary.of + $0.stable.of > 0 }) {
            out += "\nscreen \(screen):\n" + table(comparisons)
        }
        for (version, comparisons) in versionSections {
            out += "\nclient contract version \(version):\n" + table(comparisons)
        }
        if !failuresByReason.isEmpty {
            out += "\nrender failures by reason:\n"
            for (reason, canary, stable) in failuresByReason {
                out +=
                    "  \(reason.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0))  canary \(canary)  stable \(stable)\n"
            }
        }
        return out
    }

    func table(_ comparisons: [Comparison]) -> String {
        var out = ""
        for comparison in comparisons {
            out +=
                "  \(comparison.measure.padding(toLength: 33, withPad: " ", startingAt: 0))  canary \(Self.share(comparison.canary))  stable \(Self.share(comparison.stable))  difference \(Self.interval(comparison.difference))  p \(Self.p(comparison.p))\(comparison.isWorse ? "  WORSE" : "")\n"
        }
        return out
    }

    /// The verdict as Markdown, for a CI job's summary.
    public var markdown: String {
        var out = "# Canary verdict: \(decision.rawValue)\n\nCanary release `\(canary)` against stable `\(stable)`.\n\n"
        for reason in reasons { out += "- \(reason)\n" }
        func section(_ title: String, _ comparisons: [Comparison]) {
            out +=
                "\n## \(title)\n\n| measure | canary | stable | difference (95 % interval) | p |\n|---|---|---|---|---|\n"
            for comparison in comparisons {
                out +=
                    "| \(comparison.measure)\(comparison.isWorse ? " **worse**" : "") | \(Self.share(comparison.canary)) | \(Self.share(comparison.stable)) | \(Self.interval(comparison.difference)) | \(Self.p(comparison.p)) |\n"
            }
        }
        section("Overall", overall)
        for (screen, comparisons) in screens where comparisons.contains(where: { $0.canary.of + $0.stable.of > 0 }) {
            section("Screen `\(screen)`", comparisons)
        }
        for (version, comparisons) in versionSections {
            section("Client contract version `\(version)`", comparisons)
        }
        return out
    }
}
