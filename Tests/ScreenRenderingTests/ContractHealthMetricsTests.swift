import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenKit
import ScreenTestSupport
import Testing

@testable import ScreenRendering

/// The built-in contract-health aggregator: exact counts for a known mix of responses, an
/// exposition Prometheus's own parser reads, and memory bounded whatever the requests carry.
@Suite struct ContractHealthMetricsTests {
    static func event(
        _ screen: String, client: ClientContract, served: Int?, status: Int, rules: [String] = [],
        downgrades: [Downgrade] = [], bytes: Int = 100, microseconds: Int64 = 300, catalog: Bool = true
    ) -> RenderEvent {
        RenderEvent(
            screenID: screen, isCatalogScreen: catalog, client: client, servedVersion: served, status: status,
            rules: rules, downgrades: downgrades, bytes: bytes, duration: .microseconds(microseconds))
    }

    static let card = Downgrade.replaced(nodeID: "card-aeropress", type: "productCard", by: "card")
    static let maxLines = Downgrade.propRemoved(nodeID: "share-note", type: "text", key: "maxLines")

    /// A known mix: two contract-2 clients, a contract-1 client with fallbacks, a 304, no header,
    /// a malformed header, a too-old client, a data error and an unknown screen.
    static func knownMix() -> ContractHealthMetrics {
        let metrics = ContractHealthMetrics(catalogScreens: ["home", "whats-new"], limits: .init(current: 2))
        metrics.record(event("home", client: .version(2), served: 2, status: 200, bytes: 900))
        metrics.record(event("home", client: .version(3), served: 2, status: 200, bytes: 900, microseconds: 800))
        metrics.record(
            event("home", client: .version(1), served: 1, status: 200, downgrades: [card, card], bytes: 700))
        metrics.record(event("home", client: .version(1), served: 1, status: 304, downgrades: [card], bytes: 0))
        metrics.record(event("home", client: .unspecified, served: 1, status: 200, downgrades: [card], bytes: 700))
        metrics.record(
            event("home", client: ClientContract.parse("two"), served: 1, status: 200, downgrades: [card], bytes: 700))
        metrics.record(event("whats-new", client: .version(1), served: nil, status: 406, bytes: 200))
        metrics.record(
            event(
                "orders", client: .version(2), served: nil, status: 500,
                rules: ["id-duplicate", "id-duplicate", "prop-type"], bytes: 400, microseconds: 2000, catalog: false))
        metrics.record(event("orders", client: .version(2), served: 2, status: 200, bytes: 5000, catalog: false))
        metrics.record(event("no-such-screen", client: .version(2), served: nil, status: 404, bytes: 150))
        return metrics
    }

    @Test func theExpositionOfAKnownMixIsExact() {
        Golden.expect(Array(Self.knownMix().exposition().utf8), matches: "metrics/known-mix.prom")
    }

    @Test(.integration("prometheus_client")) func prometheusOwnParserReadsTheExactValues() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-\(UUID()).prom")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(Self.knownMix().exposition().utf8).write(to: file)
        let python = try TestPython.interpreter.get()
        let (status, output) = TestPython.run(
            python, [TestPython.supportFolder.appendingPathComponent("parse_prometheus.py").path, file.path])
        #expect(status == 0, "\(output)")
        let lines = Set(output.split(separator: "\n").map(String.init))
        for expected in [
            "# screenkit_responses counter",
            "screenkit_responses_total{screen=home,served_version=1,status=200} 3",
            "screenkit_responses_total{screen=home,served_version=1,status=304} 1",
            "screenkit_responses_total{screen=home,served_version=2,status=200} 2",
            "screenkit_responses_total{screen=unknown,served_version=0,status=404} 1",
            "screenkit_responses_total{screen=orders,served_version=0,status=500} 1",
            "screenkit_client_responses_total{client_version=none,status=200} 1",
            "screenkit_client_responses_total{client_version=malformed,status=200} 1",
            "screenkit_client_responses_total{client_version=1,status=406} 1",
            "screenkit_client_responses_total{client_version=2,status=500} 1",
            "screenkit_fallback_responses_total{screen=home,served_version=1} 4",
            "screenkit_fallbacks_total{element=component:productCard,served_version=1} 5",
            "screenkit_clients_too_old_total{client_version=1,screen=whats-new} 1",
            "screenkit_render_failures_total{rule=id-duplicate,screen=orders} 1",
            "screenkit_render_failures_total{rule=prop-type,screen=orders} 1",
            "# screenkit_response_duration_seconds histogram",
            "screenkit_response_duration_seconds_bucket{le=0.0005,screen=home} 5",
            "screenkit_response_duration_seconds_bucket{le=0.001,screen=home} 6",
            "screenkit_response_duration_seconds_count{screen=home} 6",
            "screenkit_response_bytes_total{screen=home} 3900",
        ] {
            #expect(lines.contains(expected), "missing \(expected) in:\n\(output)")
        }
        // The fallback hit rate, as the "Operating ScreenKit" article's PromQL computes it: 4 of the 6 home responses.
        #expect(lines.contains("screenkit_fallback_responses_total{screen=home,served_version=1} 4"))
    }

    @Test func aFloodOfDistinctHeadersAndIDsDoesNotGrowTheSeries() {
        let metrics = ContractHealthMetrics(catalogScreens: ["home"], limits: .init(current: 2))
        var random = SplitMix64(seed: PropertyScale.seed(27))
        for index in 0..<200_000 {
            let header = String(random.next() % 100_000)
            let id = "screen-\(random.next() % 1_000_000)"
            let status = [200, 404, 406, 500][index % 4]
            metrics.record(
                Self.event(
                    id, client: ClientContract.parse(index % 3 == 0 ? "x\(header)" : header), served: 1, status: status,
                    rules: ["rule-\(random.next() % 10_000)"],
                    downgrades: [.replaced(nodeID: "n", type: "type-\(random.next() % 10_000)", by: "card")],
                    catalog: false))
        }
        let limits = metrics.limits
        // Screens: the catalog's, `other`, `unknown` and 256 more; client versions: none,
        // malformed, newer and 1…18; elements and rules capped.
        let screens = 1 + 2 + limits.screens
        let clients = 3 + limits.clientVersion
        let bound =
            screens * 1 * 4 + clients * 4 + screens + (limits.elements + 1) + screens * clients
            + screens * (limits.rules + 1) + screens * (ContractHealthMetrics.durationBuckets.count + 3) + screens
        #expect(metrics.seriesCount <= bound, "\(metrics.seriesCount) series")
        let exposition = metrics.exposition()
        #expect(exposition.contains("screen=\"other\""))
        #expect(exposition.contains("client_version=\"newer\""))
        #expect(exposition.contains("element=\"other\""))
    }

    /// The renderer reports each response of its `respond` functions, with what it decided.
    @Test func theRendererReportsEveryResponseItGives() throws {
        let plain = try ScreenRenderer(catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files))
        let metrics = ContractHealthMetrics(renderer: plain)
        let renderer = plain.observed(by: metrics)
        let home2 = renderer.respond(screenID: "home", contractHeader: "2", ifNoneMatch: nil)
        let home1 = renderer.respond(screenID: "home", contractHeader: "1", ifNoneMatch: nil)
        #expect(home1.body != home2.body)
        // The same bytes as without an observer.
        #expect(home1 == plain.respond(screenID: "home", contractHeader: "1", ifNoneMatch: nil))
        let notModified = renderer.respond(screenID: "home", contractHeader: "1", ifNoneMatch: home1.header("ETag"))
        #expect(notModified.status == 304)
        #expect(renderer.respond(screenID: "home", contractHeader: nil, ifNoneMatch: nil).status == 200)
        #expect(renderer.respond(screenID: "home", contractHeader: "v2", ifNoneMatch: nil).status == 200)
        #expect(renderer.respond(WhatsNewScreen.screen, contractHeader: "1", ifNoneMatch: nil).status == 406)
        #expect(renderer.respond(screenID: "nope", contractHeader: "2", ifNoneMatch: nil).status == 404)
        let broken = renderer.respond(
            OrdersScreen.screen(for: .demo(user: "broken")), contractHeader: "2", ifNoneMatch: nil)
        #expect(broken.status == 500)
        let orders = renderer.respond(
            OrdersScreen.screen(for: .demo(user: "ada")), contractHeader: "2", ifNoneMatch: nil)
        #expect(orders.status == 200)
        let text = metrics.exposition()
        for line in [
            #"screenkit_responses_total{screen="home",served_version="1",status="200"} 3"#,
            #"screenkit_responses_total{screen="home",served_version="1",status="304"} 1"#,
            #"screenkit_responses_total{screen="home",served_version="2",status="200"} 1"#,
            #"screenkit_responses_total{screen="whats-new",served_version="0",status="406"} 1"#,
            #"screenkit_responses_total{screen="unknown",served_version="0",status="404"} 1"#,
            #"screenkit_responses_total{screen="orders",served_version="0",status="500"} 1"#,
            #"screenkit_responses_total{screen="orders",served_version="2",status="200"} 1"#,
            #"screenkit_client_responses_total{client_version="none",status="200"} 1"#,
            #"screenkit_client_responses_total{client_version="malformed",status="200"} 1"#,
            #"screenkit_fallback_responses_total{screen="home",served_version="1"} 4"#,
            #"screenkit_clients_too_old_total{screen="whats-new",client_version="1"} 1"#,
            #"screenkit_render_failures_total{screen="orders",rule="id-duplicate"} 1"#,
            #"screenkit_response_duration_seconds_count{screen="home"} 5"#,
        ] {
            #expect(text.contains(line + "\n"), "missing \(line) in:\n\(text)")
        }
        let fallbacks = text.split(separator: "\n").filter { $0.hasPrefix("screenkit_fallbacks_total{") }
        #expect(
            fallbacks.contains { $0.contains(#"element="component:productCard",served_version="1""#) }, "\(fallbacks)")
    }

    @Test func foldedLabelsAreTheAggregatorsBoundedValues() {
        let labels = ContractHealthLabels(catalogScreens: ["home"], limits: .init(current: 2))
        let first = labels.fold(
            Self.event(
                "orders", client: ClientContract.parse("x"), served: nil, status: 500,
                rules: ["id-duplicate", "id-duplicate", "prop-type"], downgrades: [Self.card, Self.maxLines],
                catalog: false))
        #expect(first.screen == "orders")
        #expect(first.clientVersion == "malformed")
        #expect(first.servedVersion == "0")
        #expect(first.status == "500")
        #expect(first.elements == ["component:productCard", "prop:text.maxLines"])
        #expect(first.rules == ["id-duplicate", "prop-type"])
        #expect(labels.fold(Self.event("nope", client: .version(99), served: nil, status: 404)).screen == "unknown")
        #expect(labels.fold(Self.event("home", client: .version(99), served: 2, status: 200)).clientVersion == "newer")
        #expect(labels.fold(Self.event("home", client: .unspecified, served: 1, status: 200)).clientVersion == "none")
        // Past the limit, a new screen is `other`.
        let small = ContractHealthLabels(
            catalogScreens: [],
            limits: {
                var l = ContractHealthMetrics.Limits(current: 1)
                l.screens = 2
                return l
            }())
        #expect(
            ["a", "b", "c", "a"].map { small.fold(Self.event($0, client: .version(1), served: 1, status: 200)).screen }
                == ["a", "b", "other", "a"])
    }

    /// A screen with hundreds of fallbacks over many elements, interleaved: each element counted
    /// exactly (past the elements compared one by one, and past the label cap), the same by both
    /// observers' ways.
    @Test func manyInterleavedFallbacksAreCountedByElement() {
        let keys = (0..<12).map { "k\($0)" }
        let downgrades = (0..<30).flatMap { _ in
            keys.map { Downgrade.propRemoved(nodeID: "n", type: "text", key: $0) }
        }
        var limits = ContractHealthMetrics.Limits(current: 2)
        limits.elements = 10
        let metrics = ContractHealthMetrics(catalogScreens: ["home"], limits: limits)
        let event = Self.event("home", client: .version(1), served: 1, status: 200, downgrades: downgrades)
        metrics.record(event)
        metrics.record(event)
        let text = metrics.exposition()
        for key in keys.prefix(10) {
            #expect(text.contains(#"screenkit_fallbacks_total{element="prop:text.\#(key)",served_version="1"} 60"#))
        }
        #expect(text.contains(#"screenkit_fallbacks_total{element="other",served_version="1"} 120"#), "\(text)")
        #expect(text.contains(#"screenkit_fallback_responses_total{screen="home",served_version="1"} 2"#))

        let folded = ContractHealthLabels(catalogScreens: ["home"], limits: limits).fold(event)
        var expected = Dictionary(uniqueKeysWithValues: keys.prefix(10).map { ("prop:text.\($0)", 30) })
        expected["other"] = 60
        #expect(folded.fallbackCounts == expected)
        #expect(folded.elements.count == downgrades.count)
        #expect(Array(folded.elements.prefix(31)) == Array(repeating: "prop:text.k0", count: 30) + ["prop:text.k1"])
    }

    @Test func labelValuesAreEscaped() {
        #expect(PrometheusText.escapeLabel("a\"b\\c\nd") == #"a\"b\\c\nd"#)
        let metrics = ContractHealthMetrics(catalogScreens: [], limits: .init(current: 1))
        metrics.record(Self.event("we\"ird\nid", client: .version(1), served: 1, status: 200, catalog: false))
        #expect(metrics.exposition().contains(#"screen="we\"ird\nid""#))
    }
}
