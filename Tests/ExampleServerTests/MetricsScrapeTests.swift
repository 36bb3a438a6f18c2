import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenKitCLI
import ScreenRendering
import ScreenTestSupport
import Testing

/// `GET /metrics` on both example servers: a known mix of requests, then the scrape parsed with
/// Prometheus's own text parser (Python's `prometheus_client`), each value checked exactly against
/// the same requests counted in process by ScreenKit's built-in aggregator; and the response records
/// the server wrote (`--records`), counted by `screenkit health`, equal to the scrape's counters.
@Suite(.integration("builds and runs the example servers"), .serialized, .buildsTheExampleServersEarly)
struct MetricsScrapeTests {
    /// The requests: several contract headers, fallbacks, a 304, no header, a malformed one, a
    /// too-old client, a data error, an unknown screen and a localized data-driven screen.
    static let requests: [(path: String, headers: [String: String])] = [
        ("/screens/home", [ClientContract.headerName: "2"]),
        ("/screens/home", [ClientContract.headerName: "2"]),
        ("/screens/home", [ClientContract.headerName: "1"]),
        ("/screens/home", [:]),
        ("/screens/home", [ClientContract.headerName: "v2"]),
        ("/screens/sign-in", [ClientContract.headerName: "1", "Accept-Language": "pl"]),
        ("/screens/whats-new", [ClientContract.headerName: "1"]),
        ("/screens/orders?user=broken", [ClientContract.headerName: "2"]),
        ("/screens/orders?user=ada&orders=5", [ClientContract.headerName: "2", "Accept-Language": "pl"]),
        ("/screens/no-such-screen", [ClientContract.headerName: "2"]),
    ]

    /// The same requests made in process, counted by `ContractHealthMetrics`: the reference.
    static func reference() throws -> String {
        let plain = ExampleServerTests.renderer
        let metrics = ContractHealthMetrics(renderer: plain)
        let renderer = plain.observed(by: metrics)
        for (path, headers) in requests + [("/screens/home", [ClientContract.headerName: "1", "If-None-Match": "*"])] {
            let contract = headers[ClientContract.headerName]
            let language = headers["Accept-Language"]
            let id = String(path.dropFirst("/screens/".count).prefix { $0 != "?" })
            switch id {
            case OrdersScreen.id:
                let user = path.contains("broken") ? "broken" : "ada"
                _ = renderer.respond(
                    OrdersScreen.screen(for: .demo(user: user, orders: user == "ada" ? 5 : nil)),
                    contractHeader: contract, ifNoneMatch: headers["If-None-Match"], acceptLanguage: language)
            case WhatsNewScreen.screen.id:
                _ = renderer.respond(
                    WhatsNewScreen.screen, contractHeader: contract, ifNoneMatch: headers["If-None-Match"],
                    cacheControl: ScreenResponse.sharedCaching, acceptLanguage: language)
            default:
                _ = renderer.respond(
                    screenID: id, contractHeader: contract, ifNoneMatch: headers["If-None-Match"],
                    acceptLanguage: language)
            }
        }
        return metrics.exposition()
    }

    /// The samples of an exposition as Prometheus's parser reads them, without the duration
    /// buckets and sum (timings), by sample line.
    static func samples(_ exposition: String) throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-\(UUID()).prom")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(exposition.utf8).write(to: file)
        let python = try TestPython.interpreter.get()
        let (status, output) = TestPython.run(
            python, [TestPython.supportFolder.appendingPathComponent("parse_prometheus.py").path, file.path])
        try #require(status == 0, "the scrape is not valid exposition: \(output)")
        return output.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("screenkit_") && !$0.hasPrefix("screenkit_response_duration_seconds_bucket")
                && !$0.hasPrefix("screenkit_response_duration_seconds_sum")
        }.sorted()
    }

    @Test(arguments: ExampleServer.allCases)
    func theScrapeCountsAKnownMixExactly(_ server: ExampleServer) async throws {
        let records = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-records-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: records) }
        let running = try await RunningServer.start(server, ["--records", records.path])
        defer { running.stop() }
        var etag: String?
        for (path, headers) in Self.requests {
            let response = try await running.get(path, headers: headers)
            if path == "/screens/home", headers[ClientContract.headerName] == "1" { etag = response.header("ETag") }
        }
        let notModified = try await running.get(
            "/screens/home", headers: [ClientContract.headerName: "1", "If-None-Match": try #require(etag)])
        #expect(notModified.status == 304)
        let scrape = try await running.get("/metrics", headers: [:])
        #expect(scrape.status == 200)
        #expect(scrape.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        let scraped = try Self.samples(String(decoding: scrape.body, as: UTF8.self))
        let expected = try Self.samples(try Self.reference())
        #expect(
            scraped == expected,
            "\(server): scraped\n\(scraped.joined(separator: "\n"))\nexpected\n\(expected.joined(separator: "\n"))")
        // Anchors, independent of the reference.
        for line in [
            "screenkit_responses_total{screen=home,served_version=1,status=200} 3",
            "screenkit_responses_total{screen=home,served_version=1,status=304} 1",
            "screenkit_responses_total{screen=home,served_version=2,status=200} 2",
            "screenkit_responses_total{screen=whats-new,served_version=0,status=406} 1",
            "screenkit_responses_total{screen=orders,served_version=0,status=500} 1",
            "screenkit_responses_total{screen=unknown,served_version=0,status=404} 1",
            "screenkit_client_responses_total{client_version=malformed,status=200} 1",
            "screenkit_client_responses_total{client_version=none,status=200} 1",
            "screenkit_fallback_responses_total{screen=home,served_version=1} 4",
            "screenkit_clients_too_old_total{client_version=1,screen=whats-new} 1",
            "screenkit_render_failures_total{rule=id-duplicate,screen=orders} 1",
        ] {
            #expect(scraped.contains(line), "\(server): missing \(line)")
        }
        // The server's response records, counted by `screenkit health`: the scrape's contract counters.
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            ["health", records.path, "--format", "prometheus", "--contract", ExampleApp.contractFolder.path],
            catalog: App.catalog, terminal: terminal, workingDirectory: FileManager.default.temporaryDirectory.path)
        #expect(code == .success, "\(terminal.standardError)")
        let families = [
            "screenkit_responses_total", "screenkit_client_responses_total", "screenkit_fallback_responses_total",
            "screenkit_fallbacks_total", "screenkit_clients_too_old_total",
        ]
        let counted = try Self.samples(terminal.standardOutput)
        let contract = scraped.filter { line in families.contains { line.hasPrefix($0 + "{") } }
        #expect(counted.count == contract.count && counted.count > 10)
        #expect(counted == contract, "\(server): from records\n\(counted.joined(separator: "\n"))")
        // One structured log line per failed render.
        let failures = running.output.split(separator: "\n").filter { $0.contains("screen render failed") }
        #expect(failures.count == 1, "\(running.output)")
        #expect(failures.first?.contains("rules=id-duplicate") == true, "\(failures)")
    }
}
