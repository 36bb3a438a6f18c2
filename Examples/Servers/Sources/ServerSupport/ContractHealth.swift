import Foundation
import Logging
import Metrics
import Prometheus
import ScreenRendering

/// The servers' metrics stack: swift-metrics bootstrapped once with a Prometheus registry, whose
/// exposition `GET /metrics` serves.
public enum ServerMetrics {
    /// The registry every metric of the process lands in.
    public static let registry = PrometheusCollectorRegistry()

    /// The `Content-Type` of the exposition.
    public static let contentType = ContractHealthMetrics.contentType

    /// Bootstraps swift-metrics with a Prometheus factory on ``registry``: call once, at start-up.
    public static func bootstrap() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = ContractHealthMetrics.durationBuckets.map {
            .nanoseconds(Int64(($0 * 1e9).rounded()))
        }
        MetricsSystem.bootstrap(factory)
    }

    /// The exposition of every metric, for `GET /metrics`.
    public static func exposition() -> [UInt8] { registry.emitToBuffer() }
}

/// Reports each response the renderer gives to swift-metrics, with ScreenKit's contract-health
/// metric names and its bounded labels (``ContractHealthLabels``), and logs each failed render as
/// one structured line.
///
/// The metrics of each label combination are made once and kept (``MetricHandles``): making a
/// swift-metrics `Counter` asks the factory, which locks its registry and looks the series up, on
/// every call — five times per response on the request path otherwise. The labels are bounded, so
/// the kept handles are too.
public struct SwiftMetricsRenderObserver: RenderObserver {
    let labels: ContractHealthLabels
    let logger: Logger
    let handles = MetricHandles()

    /// An observer for `renderer`'s screens, logging failures to `logger`.
    public init(renderer: ScreenRenderer, logger: Logger = Logger(label: "screenkit.render")) {
        self.labels = ContractHealthLabels(renderer: renderer)
        self.logger = logger
    }

    public func record(_ event: RenderEvent) {
        let folded = labels.fold(event)
        let response = handles.response(folded)
        response.responses.increment()
        response.clients.increment()
        if event.status == 200 || event.status == 304, !folded.elements.isEmpty {
            handles.counter(
                "screenkit_fallback_responses_total",
                [("screen", folded.screen), ("served_version", folded.servedVersion)]
            ).increment()
            for (element, count) in folded.fallbackCounts {
                handles.counter(
                    "screenkit_fallbacks_total", [("element", element), ("served_version", folded.servedVersion)]
                ).increment(by: count)
            }
        }
        if event.status == 406 {
            handles.counter(
                "screenkit_clients_too_old_total",
                [("screen", folded.screen), ("client_version", folded.clientVersion)]
            ).increment()
        }
        if event.status == 500 {
            for rule in folded.rules {
                handles.counter("screenkit_render_failures_total", [("screen", folded.screen), ("rule", rule)])
                    .increment()
            }
        }
        if event.status >= 500 {
            logger.error(
                "screen render failed",
                metadata: [
                    "screen": .string(folded.screen), "status": .string(folded.status),
                    "client_version": .string(folded.clientVersion),
                    "rules": .string(event.rules.joined(separator: ",")),
                ])
        }
        response.duration.recordNanoseconds(
            event.duration.components.seconds * 1_000_000_000 + event.duration.components.attoseconds
                / 1_000_000_000)
        response.bytes.increment(by: event.bytes)
    }
}

/// The swift-metrics handles of ``SwiftMetricsRenderObserver``, made on first use of a label
/// combination and kept.
final class MetricHandles: @unchecked Sendable {
    /// The metrics every response with the same screen, versions and status updates (the others
    /// are made when first counted: a series appears in the exposition from when it is made).
    struct Response {
        let responses: CoreMetrics.Counter
        let clients: CoreMetrics.Counter
        let duration: CoreMetrics.Timer
        let bytes: CoreMetrics.Counter
    }

    /// A response's labels, without the fallbacks and rules, which have counters of their own.
    struct ResponseKey: Hashable {
        let screen: String
        let clientVersion: String
        let servedVersion: String
        let status: String
    }

    /// A counter's label and dimensions.
    struct CounterKey: Hashable {
        let label: String
        let dimensions: [String]
    }

    private let lock = NSLock()
    private var responses: [ResponseKey: Response] = [:]
    private var counters: [CounterKey: CoreMetrics.Counter] = [:]

    /// The metrics of a response labelled `folded`.
    func response(_ folded: ContractHealthLabels.Folded) -> Response {
        let key = ResponseKey(
            screen: folded.screen, clientVersion: folded.clientVersion, servedVersion: folded.servedVersion,
            status: folded.status)
        return lock.withLock {
            if let response = responses[key] { return response }
            let response = Response(
                responses: CoreMetrics.Counter(
                    label: "screenkit_responses_total",
                    dimensions: [
                        ("screen", key.screen), ("served_version", key.servedVersion), ("status", key.status),
                    ]),
                clients: CoreMetrics.Counter(
                    label: "screenkit_client_responses_total",
                    dimensions: [("client_version", key.clientVersion), ("status", key.status)]),
                duration: CoreMetrics.Timer(
                    label: "screenkit_response_duration_seconds", dimensions: [("screen", key.screen)]),
                bytes: CoreMetrics.Counter(
                    label: "screenkit_response_bytes_total", dimensions: [("screen", key.screen)]))
            responses[key] = response
            return response
        }
    }

    /// The counter `label` with `dimensions`.
    func counter(_ label: String, _ dimensions: [(String, String)]) -> CoreMetrics.Counter {
        let key = CounterKey(label: label, dimensions: dimensions.flatMap { [$0.0, $0.1] })
        return lock.withLock {
            if let counter = counters[key] { return counter }
            let counter = CoreMetrics.Counter(label: label, dimensions: dimensions)
            counters[key] = counter
            return counter
        }
    }
}
