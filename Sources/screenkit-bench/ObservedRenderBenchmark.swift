import ExampleScreens
import Foundation
import ScreenRendering

/// The renderer with the built-in contract-health aggregator attached against the same renderer
/// without an observer (issue 28: at most 1.05×), and the aggregator's memory under a flood of
/// requests with random contract headers and screen IDs.
enum ObservedRenderBenchmark {
    /// The largest ratio issue 28 allows.
    static let target = 1.05

    /// Measures both and prints one `#` line per measurement.
    static func run(_ options: RenderBenchmark.Options) throws {
        let plain = try ScreenRenderer(catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files))
        let metrics = ContractHealthMetrics(renderer: plain)
        let observed = plain.observed(by: metrics)
        let customer = Customer.sample(orders: options.orders)
        log(
            "observer benchmark: respond() with ContractHealthMetrics attached against no observer, \(options.requests) paired responses per case; then \(options.flood) responses with random headers and IDs"
        )
        for version in 1...plain.current {
            let header = String(version)
            guard
                observed.respond(OrdersScreen.screen(for: customer), contractHeader: header, ifNoneMatch: nil)
                    == plain.respond(OrdersScreen.screen(for: customer), contractHeader: header, ifNoneMatch: nil)
            else { throw BenchError("the observed renderer answers differently") }
            let orders = try ExperimentRenderBenchmark.paired(
                rounds: options.requests, batch: 1,
                with: {
                    _ = observed.respond(OrdersScreen.screen(for: customer), contractHeader: header, ifNoneMatch: nil)
                },
                without: {
                    _ = plain.respond(OrdersScreen.screen(for: customer), contractHeader: header, ifNoneMatch: nil)
                })
            print(
                ExperimentRenderBenchmark.comparison(
                    "# observed, orders from data, contract \(version)", names: ("observed", "plain"), orders,
                    target: target, allocations: nil))
            let home = try ExperimentRenderBenchmark.paired(
                rounds: options.requests, batch: 16,
                with: { _ = observed.respond(screenID: "home", contractHeader: header, ifNoneMatch: nil) },
                without: { _ = plain.respond(screenID: "home", contractHeader: header, ifNoneMatch: nil) })
            print(
                ExperimentRenderBenchmark.comparison(
                    "# observed, home (catalog, bytes compiled at start-up), contract \(version)",
                    names: ("observed", "plain"), home, target: target, allocations: nil,
                    note: "the catalog path only looks bytes up, so the counting is most of the difference"))
        }
        try flood(options.flood, plain: plain)
    }

    /// `count` responses with random contract headers and screen IDs (most of them unknown:
    /// 404s) counted by a fresh aggregator: resident memory and series before and after.
    static func flood(_ count: Int, plain: ScreenRenderer) throws {
        let metrics = ContractHealthMetrics(renderer: plain)
        let renderer = plain.observed(by: metrics)
        var random = SystemRandomNumberGenerator()
        let known = plain.catalogScreenIDs
        func one() {
            let header = String(random.next() % 20_000)
            let id = random.next() % 4 == 0 ? known[Int(random.next() % UInt64(known.count))] : "s\(random.next())"
            _ = renderer.respond(screenID: id, contractHeader: header, ifNoneMatch: nil)
        }
        for _ in 0..<min(count, 100_000) { one() }
        let (rssWarm, seriesWarm) = (residentBytes(), metrics.seriesCount)
        let start = ContinuousClock.now
        for _ in 0..<max(0, count - 100_000) { one() }
        let elapsed = ContinuousClock.now - start
        let (rssEnd, seriesEnd) = (residentBytes(), metrics.seriesCount)
        print(
            "# observed, flood of \(count) responses with random headers and IDs: resident \(rssWarm / 1_048_576) MiB after 100,000, \(rssEnd / 1_048_576) MiB after \(count) (\(rssEnd >= rssWarm ? "+" : "")\(Int(rssEnd) - Int(rssWarm)) bytes); series \(seriesWarm) → \(seriesEnd); \(String(format: "%.0f", Double(max(0, count - 100_000)) / RenderBenchmark.seconds(elapsed))) responses/s"
        )
    }

    /// The process's resident set, from /proc/self/statm (0 where there is none).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
