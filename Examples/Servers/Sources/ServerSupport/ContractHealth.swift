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
public struct SwiftMetricsRenderObserver: RenderObserver {
    let labels: ContractHealthLabels
    let logger: Logger

    /// An observer for `renderer`'s screens, logging failures to `logger`.
    public init(renderer: ScreenRenderer, logger: Logger = Logger(label: "screenkit.render")) {
        self.labels = ContractHealthLabels(renderer: renderer)
        self.logger = logger
    }

    public func record(_ event: RenderEvent) {
        let folded = labels.fold(event)
        Counter(
            label: "screenkit_responses_total",
            dimensions: [
                ("screen", folded.screen), ("served_version", folded.servedVersion), ("status", folded.status),
            ]
        ).increment()
        Counter(
            label: "screenkit_client_responses_total",
            dimensions: [("client_version", folded.clientVersion), ("status", folded.status)]
        ).increment()
        if event.status == 200 || event.status == 304, !folded.elements.isEmpty {
            Counter(
                label: "screenkit_fallback_responses_total",
                dimensions: [("screen", folded.screen), ("served_version", folded.servedVersion)]
            ).increment()
            for element in folded.elements {
                Counter(
                    label: "screenkit_fallbacks_total",
                    dimensions: [("element", element), ("served_version", folded.servedVersion)]
                ).increment()
            }
        }
        if event.status == 406 {
            Counter(
                label: "screenkit_clients_too_old_total",
                dimensions: [("screen", folded.screen), ("client_version", folded.clientVersion)]
            ).increment()
        }
        if event.status == 500 {
            for rule in folded.rules {
                Counter(
                    label: "screenkit_render_failures_total", dimensions: [("screen", folded.screen), ("rule", rule)]
                )
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
        Timer(label: "screenkit_response_duration_seconds", dimensions: [("screen", folded.screen)])
            .recordNanoseconds(
                event.duration.components.seconds * 1_000_000_000 + event.duration.components.attoseconds
                    / 1_000_000_000)
        Counter(label: "screenkit_response_bytes_total", dimensions: [("screen", folded.screen)])
            .increment(by: event.bytes)
    }
}
