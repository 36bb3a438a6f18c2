import Foundation
import ScreenCompiler

/// The built-in ``RenderObserver``: counts what the renderer decides, in bounded memory, and
/// writes it in the Prometheus text exposition format (``exposition(countersOnly:)``, served at `/metrics`).
///
/// Every label takes a bounded set of values, so a flood of distinct headers or screen IDs cannot
/// grow memory: screens are the catalog's, then the first ``Limits/screens`` others rendered (the
/// rest `other`; an unknown screen of a 404 is always `unknown`); a declared client version is
/// `none`, `malformed`, a number up to ``Limits/clientVersion``, or `newer`; contract elements and
/// rule IDs are bounded by the contract and the rules, and capped all the same.
public final class ContractHealthMetrics: RenderObserver, @unchecked Sendable {
    /// How many values each label may take.
    public struct Limits: Sendable, Hashable {
        /// Screens beyond the catalog's (built per request) with a label of their own.
        public var screens = 256
        /// The highest declared client version with a label of its own; higher ones are `newer`.
        public var clientVersion: Int
        /// Contract elements with a label of their own.
        public var elements = 1024
        /// Rule IDs with a label of their own.
        public var rules = 128

        /// Limits for a renderer whose current contract version is `current`: client versions up
        /// to `current + 16` are told apart.
        public init(current: Int) {
            clientVersion = current + 16
        }
    }

    /// The upper bounds, in seconds, of the response-duration histogram's buckets.
    public static let durationBuckets: [Double] = [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1,
    ]
    /// The `Content-Type` of ``exposition(countersOnly:)``.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The limits in force.
    public let limits: Limits
    private let lock = NSLock()
    private var folding: LabelFolding
    /// Responses served with a request-time localization problem, by screen and rule.
    private var localizationProblems: [ServedKey: Int] = [:]
    private var responses: [ResponseKey: Int] = [:]
    private var clientResponses: [ClientKey: Int] = [:]
    private var fallbackResponses: [ServedKey: Int] = [:]
    private var fallbacks: [ServedKey: Int] = [:]
    private var tooOld: [ClientKey: Int] = [:]
    private var failures: [ServedKey: Int] = [:]
    private var durations: [Int: Histogram] = [:]
    private var bytes: [Int: Int] = [:]
    /// The clients' own render failures (`render_failed`), by screen, declared version, reason and
    /// release.
    private var clientFailures: [ClientFailureKey: Int] = [:]
    /// Releases with a label of their own: the first 32 seen, then `other`; `none` when the client
    /// did not say.
    private var releases = LabelTable(fixed: ["other", "none"], capacity: 32)

    /// Metrics for a renderer's catalog screens and current contract version.
    public convenience init(renderer: ScreenRenderer) {
        self.init(catalogScreens: renderer.catalogScreenIDs, limits: Limits(current: renderer.current))
    }

    /// Metrics whose screen label knows `catalogScreens` from the start.
    public init(catalogScreens: [String], limits: Limits) {
        self.limits = limits
        folding = LabelFolding(catalogScreens: catalogScreens, limits: limits)
    }

    /// Counts one response.
    public func record(_ event: RenderEvent) {
        let seconds =
            Double(event.duration.components.seconds) + Double(event.duration.components.attoseconds) * 1e-18
        let tally = event.status == 200 || event.status == 304 ? FallbackTally(event.downgrades) : FallbackTally([])
        lock.lock()
        defer { lock.unlock() }
        let screen = folding.screenCode(event)
        count(
            screen: screen, client: event.client, served: event.servedVersion ?? 0, status: event.status,
            fallbacks: zip(tally.elements, tally.counts))
        if event.status == 500 {
            var seen: Set<Int> = []
            for rule in event.rules {
                let code = folding.rules.code(rule)
                if seen.insert(code).inserted { failures[ServedKey(label: screen, served: code), default: 0] += 1 }
            }
        } else if !event.rules.isEmpty {
            for rule in Set(event.rules) {
                localizationProblems[ServedKey(label: screen, served: folding.rules.code(rule)), default: 0] += 1
            }
        }
        durations[screen, default: Histogram()].observe(seconds)
        bytes[screen, default: 0] += event.bytes
    }

    /// Counts one response an edge router logged (a response record): the catalog screen (nil for
    /// an ID the router does not have: a 404), the declared contract, the version served (0 when
    /// none was), the status and the fallbacks the object applies, by element. No duration or size.
    /// With `responses`, counts that many responses of the same facts (aggregated counts).
    public func record(
        screen: String?, client: ClientContract, served: Int, status: Int, fallbacks: [(element: String, count: Int)],
        responses: Int = 1
    ) {
        lock.lock()
        defer { lock.unlock() }
        let code = status == 404 || screen == nil ? LabelTable.unknown : folding.screens.code(screen!)
        count(
            screen: code, client: client, served: served, status: status,
            fallbacks: status == 200 || status == 304 ? fallbacks.map { ($0.element, $0.count) } : [],
            times: responses)
    }

    /// Counts `times` render failures a client reported (a `render_failed` event, as POST /events
    /// accepts it or a log of them holds it): the screen it happened on, the contract version the
    /// app declared, the reason (one of `EventBatch.RenderFailure`, else `other`) and the release the
    /// screen came from (nil: `none`).
    public func recordClientFailure(
        screen: String, client: ClientContract, reason: String, release: String?, times: Int = 1
    ) {
        let reason = EventBatch.RenderFailure(rawValue: reason) ?? .other
        lock.lock()
        defer { lock.unlock() }
        let key = ClientFailureKey(
            screen: folding.screens.code(screen), client: folding.clientCode(client),
            reason: EventBatch.RenderFailure.allCases.firstIndex(of: reason) ?? 0,
            release: release.map { releases.code($0) } ?? 1)
        clientFailures[key, default: 0] += times
    }

    /// Counts `times` responses of the same contract facts (the lock held).
    private func count(
        screen: Int, client declared: ClientContract, served: Int, status: Int,
        fallbacks counted: some Sequence<(String, Int)>, times: Int = 1
    ) {
        let client = folding.clientCode(declared)
        responses[ResponseKey(screen: screen, served: served, status: status), default: 0] += times
        clientResponses[ClientKey(a: client, b: status), default: 0] += times
        var any = false
        for (element, count) in counted {
            any = true
            fallbacks[ServedKey(label: folding.elements.code(element), served: served), default: 0] += count * times
        }
        if any { fallbackResponses[ServedKey(label: screen, served: served), default: 0] += times }
        if status == 406 { tooOld[ClientKey(a: screen, b: client), default: 0] += times }
    }

    /// How many series the exposition holds: bounded by the limits, whatever the requests.
    public var seriesCount: Int {
        lock.withLock {
            responses.count + clientResponses.count + fallbackResponses.count + fallbacks.count + tooOld.count
                + failures.count + localizationProblems.count + clientFailures.count
                + durations.count * (Self.durationBuckets.count + 3)
                + bytes.count
        }
    }

    /// Every metric in the Prometheus text exposition format (version 0.0.4), series sorted by
    /// their labels; with `countersOnly`, the contract counters alone (``counters()``), without the
    /// durations and body sizes (what an edge router's response records can say).
    public func exposition(countersOnly: Bool = false) -> String {
        lock.lock()
        defer { lock.unlock() }
        var text = PrometheusText()
        for family in counterFamilies() {
            text.family(
                family.name, .counter, family.help,
                family.series.map { series in (series.labels.map { ($0.name, $0.value) }, series.value) })
        }
        if countersOnly { return text.output }
        let screens = folding.screens
        text.histogram(
            "screenkit_response_duration_seconds", "Time to render a screen and make its response, by screen.",
            buckets: Self.durationBuckets,
            durations.map { ([("screen", screens.name($0.key))], $0.value) })
        text.family(
            "screenkit_response_bytes_total", .counter, "Body bytes sent, by screen.",
            bytes.map { ([("screen", screens.name($0.key))], $0.value) })
        return text.output
    }

    /// The contract counters — responses, declared client versions, fallbacks, clients too old,
    /// render failures — each family's series sorted by their labels, as ``exposition(countersOnly:)``
    /// writes them: for reports in other formats.
    public func counters() -> [ContractHealthFamily] {
        lock.withLock { counterFamilies() }
    }

    /// The counter families (the lock held).
    private func counterFamilies() -> [ContractHealthFamily] {
        let (screens, elements, rules) = (folding.screens, folding.elements, folding.rules)
        let clientName = LabelFolding.clientName
        return [
            ContractHealthFamily(
                "screenkit_responses_total",
                "Responses by screen, contract version served (0: none) and HTTP status.",
                responses.map { key, value in
                    (
                        [
                            ("screen", screens.name(key.screen)), ("served_version", "\(key.served)"),
                            ("status", "\(key.status)"),
                        ], value
                    )
                }),
            ContractHealthFamily(
                "screenkit_client_responses_total",
                "Responses by the contract version the client declared (none, malformed, a number, newer) and HTTP status.",
                clientResponses.map { key, value in
                    ([("client_version", clientName(key.a)), ("status", "\(key.b)")], value)
                }),
            ContractHealthFamily(
                "screenkit_fallback_responses_total",
                "Responses (200 and 304) that applied at least one fallback, by screen and contract version served.",
                fallbackResponses.map { key, value in
                    ([("screen", screens.name(key.label)), ("served_version", "\(key.served)")], value)
                }),
            ContractHealthFamily(
                "screenkit_fallbacks_total",
                "Fallbacks applied, by contract element the client lacks (component:, prop:, enum:, action:, field:) and contract version served.",
                fallbacks.map { key, value in
                    ([("element", elements.name(key.label)), ("served_version", "\(key.served)")], value)
                }),
            ContractHealthFamily(
                "screenkit_clients_too_old_total",
                "Requests refused with 406 because the client's contract version is older than the screen supports, by screen and declared version.",
                tooOld.map { key, value in
                    ([("screen", screens.name(key.a)), ("client_version", clientName(key.b))], value)
                }),
            ContractHealthFamily(
                "screenkit_render_failures_total",
                "Screens built from data that broke a rule (500), by screen and rule ID.",
                failures.map { key, value in
                    ([("screen", screens.name(key.label)), ("rule", rules.name(key.served))], value)
                }),
        ]
            // Only once it happened: a renderer whose strings are all checked writes what it wrote.
            + (localizationProblems.isEmpty
                ? []
                : [
                    ContractHealthFamily(
                        "screenkit_request_time_string_problems_total",
                        "Screens built from data served with a string the checker never saw that broke a localization rule (string-untranslated: another language's text stood in; string-arguments-mismatch), by screen and rule ID.",
                        localizationProblems.map { key, value in
                            ([("screen", screens.name(key.label)), ("rule", rules.name(key.served))], value)
                        })
                ])
            + (clientFailures.isEmpty
                ? []
                : [
                    ContractHealthFamily(
                        "screenkit_client_render_failures_total",
                        "Screens (or parts) the apps could not show, as they reported them (render_failed), by screen, declared contract version, reason and release.",
                        clientFailures.map { key, value in
                            (
                                [
                                    ("screen", screens.name(key.screen)), ("client_version", clientName(key.client)),
                                    ("reason", EventBatch.RenderFailure.allCases[key.reason].rawValue),
                                    ("release", releases.name(key.release)),
                                ], value
                            )
                        })
                ])
    }

    private struct ClientFailureKey: Hashable {
        let screen: Int
        let client: Int
        let reason: Int
        let release: Int
    }

    private struct ResponseKey: Hashable {
        let screen: Int
        let served: Int
        let status: Int
    }

    private struct ClientKey: Hashable {
        let a: Int
        let b: Int
    }

    private struct ServedKey: Hashable {
        let label: Int
        let served: Int
    }
}

/// Folds a response's facts into bounded label values, as small codes (see ``ContractHealthMetrics``).
struct LabelFolding {
    var screens: LabelTable
    var elements: LabelTable
    var rules: LabelTable
    let clientVersionLimit: Int

    init(catalogScreens: [String], limits: ContractHealthMetrics.Limits) {
        screens = LabelTable(fixed: ["other", "unknown"] + catalogScreens, capacity: limits.screens)
        elements = LabelTable(fixed: ["other"], capacity: limits.elements)
        rules = LabelTable(fixed: ["other"], capacity: limits.rules)
        clientVersionLimit = limits.clientVersion
    }

    /// The screen's code: `unknown` for a 404 (its ID is the request's), else its own or `other`.
    mutating func screenCode(_ event: RenderEvent) -> Int {
        event.status == 404 ? LabelTable.unknown : screens.code(event.screenID)
    }

    /// A declared version as a code: -1 none, -2 malformed, -3 newer than the limit, else itself.
    func clientCode(_ client: ClientContract) -> Int {
        switch client.advertised {
        case .missing: -1
        case .malformed: -2
        case .version(let version): version <= clientVersionLimit ? version : -3
        }
    }

    static func clientName(_ code: Int) -> String {
        switch code {
        case -1: "none"
        case -2: "malformed"
        case -3: "newer"
        default: String(code)
        }
    }
}

/// A response's facts as bounded label values: what ``ContractHealthMetrics`` counts them by, for
/// feeding another metrics system (swift-metrics) with the same bounds.
public final class ContractHealthLabels: @unchecked Sendable {
    /// One response's labels.
    public struct Folded: Sendable, Hashable {
        /// The screen: a catalog screen's ID, another rendered screen's (up to the limit), `other`
        /// or `unknown` (a 404).
        public let screen: String
        /// The declared client version: `none`, `malformed`, a number up to the limit, or `newer`.
        public let clientVersion: String
        /// The contract version served, `0` when none was.
        public let servedVersion: String
        /// The HTTP status.
        public let status: String
        /// The contract element of each fallback applied (capped, then `other`), those of one
        /// element together, in order of the element's first fallback.
        public let elements: [String]
        /// The number of fallbacks applied by contract element (capped, then `other`): what
        /// ``elements`` lists, counted.
        public let fallbackCounts: [String: Int]
        /// Each distinct rule ID of a 500 (capped, then `other`).
        public let rules: [String]
    }

    private let lock = NSLock()
    private var folding: LabelFolding

    /// Labels for a renderer's catalog screens and current contract version.
    public convenience init(renderer: ScreenRenderer) {
        self.init(catalogScreens: renderer.catalogScreenIDs, limits: .init(current: renderer.current))
    }

    /// Labels whose screen label knows `catalogScreens` from the start.
    public init(catalogScreens: [String], limits: ContractHealthMetrics.Limits) {
        folding = LabelFolding(catalogScreens: catalogScreens, limits: limits)
    }

    /// The labels of `event`.
    public func fold(_ event: RenderEvent) -> Folded {
        let tally = FallbackTally(event.downgrades)
        return lock.withLock {
            // Each code is taken before its name is read: taking it may add the name to the table.
            let screenCode = folding.screenCode(event)
            let screen = folding.screens.name(screenCode)
            var elements: [String] = []
            var fallbackCounts: [String: Int] = [:]
            for (element, count) in zip(tally.elements, tally.counts) {
                let code = folding.elements.code(element)
                let name = folding.elements.name(code)
                elements += repeatElement(name, count: count)
                fallbackCounts[name, default: 0] += count
            }
            var rules: [String] = []
            for rule in event.rules {
                let code = folding.rules.code(rule)
                let name = folding.rules.name(code)
                if !rules.contains(name) { rules.append(name) }
            }
            return Folded(
                screen: screen, clientVersion: LabelFolding.clientName(folding.clientCode(event.client)),
                servedVersion: String(event.servedVersion ?? 0), status: String(event.status), elements: elements,
                fallbackCounts: fallbackCounts, rules: rules)
        }
    }
}

/// A label's values as small codes: fixed ones first, then the first `capacity` others seen; any
/// later one is `other` (code 0).
struct LabelTable {
    /// The code of `unknown` when the fixed values start with `other`, `unknown`.
    static let unknown = 1
    private var codes: [String: Int] = [:]
    private var names: [String] = []
    private let limit: Int

    init(fixed: [String], capacity: Int) {
        for name in fixed where codes[name] == nil {
            codes[name] = names.count
            names.append(name)
        }
        limit = names.count + capacity
    }

    mutating func code(_ name: String) -> Int {
        if let code = codes[name] { return code }
        guard names.count < limit else { return 0 }
        codes[name] = names.count
        names.append(name)
        return names.count - 1
    }

    func name(_ code: Int) -> String { names[code] }
}

/// A cumulative histogram of durations in seconds.
struct Histogram: Sendable {
    var counts = [Int](repeating: 0, count: ContractHealthMetrics.durationBuckets.count)
    var count = 0
    var sum = 0.0

    mutating func observe(_ seconds: Double) {
        count += 1
        sum += seconds
        if let index = ContractHealthMetrics.durationBuckets.firstIndex(where: { seconds <= $0 }) {
            counts[index] += 1
        }
    }
}
