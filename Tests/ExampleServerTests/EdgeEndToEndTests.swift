import ExampleScreens
import Foundation
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// The CDN path end to end: the example app's router in nginx (records logged as documented)
/// beside the Hummingbird example. One request mix sent to both gives the same contract counters
/// (the server's `/metrics` scrape, `screenkit health` over nginx's records); then seeded traffic
/// — 20,000 units fetching the home screen through nginx, each converting at its arm's known rate
/// and posting the goal event to the server's `POST /events` — is read back by `screenkit
/// experiment report` from the edge's log and the server's events: it recovers the effect inside
/// its interval and passes the split check, and dropping 5 % of one arm's log lines makes the
/// split check fail (exit 1).
@Suite(.integration("builds and runs the example servers"), .serialized, .buildsTheExampleServersEarly)
struct EdgeEndToEndTests {
    /// Each arm's true conversion rate.
    static let rates = ["control": 0.10, "shipping-first": 0.13]
    static let units = 20_000

    func run(_ arguments: [String], in folder: URL) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: App.catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    @Test(.needs(.nginx), .needs(.node)) func theEdgeLogAndTheAppsEventsReadAnExperimentBack() async throws {
        let edge = try await NginxEdge.start(
            router: try EdgeFixture.router(records: true), objects: EdgeFixture.objects)
        defer { edge.stop() }
        let events = edge.folder.appendingPathComponent("events.jsonl")
        let server = try await RunningServer.start(.hummingbird, ["--allow-overrides", "--events", events.path])
        defer { server.stop() }

        // 1. Parity: the matrix's requests for catalog screens (and an unknown one), to both.
        let mix = EdgeFixture.requests.filter { request in
            (EdgeFixture.catalog.screens.contains { $0.id == request.segment } || request.segment == "nope")
                && request.user?.hasPrefix("beta-") != true
        }
        let fromEdge = try edge.send(mix)
        try #require(fromEdge.count == mix.count, "\(edge.errors)")
        for request in mix {
            let response = try await server.get(request.path, headers: request.headers)
            #expect([200, 304, 404, 406].contains(response.status))
        }
        let scrape = try await server.get("/metrics", headers: [:])
        let families = [
            "screenkit_responses_total", "screenkit_client_responses_total", "screenkit_fallback_responses_total",
            "screenkit_fallbacks_total", "screenkit_clients_too_old_total",
        ]
        let scraped = try MetricsScrapeTests.samples(String(decoding: scrape.body, as: UTF8.self)).filter { line in
            families.contains { line.hasPrefix($0 + "{") }
        }
        let mixRecords = try await edge.recordLines(atLeast: mix.count)
        try #require(mixRecords.count == mix.count)
        let mixLog = edge.folder.appendingPathComponent("mix.jsonl")
        try Data((mixRecords.joined(separator: "\n") + "\n").utf8).write(to: mixLog)
        let (healthCode, health, healthErrors) = await run(
            ["health", mixLog.path, "--format", "prometheus", "--contract", ExampleApp.contractFolder.path],
            in: edge.folder)
        #expect(healthCode == .success, "\(healthErrors)")
        let counted = try MetricsScrapeTests.samples(health)
        #expect(counted.count > 20 && counted.contains { $0.hasPrefix("screenkit_clients_too_old_total{") })
        #expect(
            counted == scraped,
            "from the edge\n\(counted.joined(separator: "\n"))\nscraped\n\(scraped.joined(separator: "\n"))")

        // 2. Seeded traffic through the edge, with a known effect per arm; goals to the server.
        let traffic = (0..<Self.units).map {
            EdgeFixture.Request(segment: "home", screenID: "home", user: "u-\($0)", contract: "3")
        }
        let responses = try edge.send(traffic)
        try #require(responses.count == traffic.count, "\(edge.errors)")
        var random = SplitMix64(seed: 54)
        var exposed: [String: Int] = [:]
        var converted: [String: Int] = [:]
        let later = EventTime.string(Date().addingTimeInterval(60))
        for (request, response) in zip(traffic, responses) {
            let header = response.headers["screenkit-experiments"] ?? ""
            let pair = header.components(separatedBy: ", ").first { $0.hasPrefix("promo-order=") }
            let arm = try #require(pair.map { String($0.dropFirst("promo-order=".count)) }, "\(header)")
            exposed[arm, default: 0] += 1
            guard Double(random.next() >> 11) / Double(1 << 53) < Self.rates[arm] ?? 0 else { continue }
            converted[arm, default: 0] += 1
            let batch =
                #"{"format":1,"contract":3,"events":[{"name":"add_to_cart_tapped","params":{"product":"aeropress"},"experiments":{"promo-order":"\#(arm)"},"time":"\#(later)"}]}"#
            let answer = try await server.post("/events?user=\(request.user!)", body: Array(batch.utf8))
            #expect(answer.status == 200)
        }
        let records = try await edge.recordLines(atLeast: mix.count + traffic.count)
        try #require(records.count == mix.count + traffic.count)

        // 3. The report from the edge's log and the apps' events.
        let (code, out, errors) = await run(
            [
                "experiment", "report", edge.records.path, events.path, "--experiment", "promo-order", "--goal",
                "add_to_cart_tapped", "--format", "json",
            ], in: edge.folder)
        #expect(code == .success, "\(errors)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let split = try #require(report["sampleRatio"] as? [String: Any])
        #expect(split["mismatch"] as? Bool == false)
        let arms = try #require(report["arms"] as? [[String: Any]])
        // The mix's units (ada, u42…) are exposed too, without goals: they count as exposed only.
        for arm in arms {
            let name = try #require(arm["name"] as? String)
            #expect((arm["units"] as? Int ?? 0) >= exposed[name] ?? 0, "\(name)")
            #expect(arm["converted"] as? Int == converted[name] ?? 0, "\(name)")
        }
        let treated = try #require(arms.first { $0["name"] as? String == "shipping-first" })
        let lift = try #require(treated["lift"] as? [String: Double])
        let effect = Self.rates["shipping-first"]! - Self.rates["control"]!
        #expect(lift["low"]! <= effect && effect <= lift["high"]!, "\(lift)")
        #expect(lift["low"]! > 0, "the effect is detected: \(lift)")
        #expect((report["warnings"] as? [String]) == nil, "\(report["warnings"] ?? "")")

        // 4. 5 % of one arm's lines lost on the way: the split check fails.
        var dropped = 0
        let lossy = records.filter { line in
            guard line.contains(#""experiments":{"promo-order":"shipping-first""#) else { return true }
            dropped += 1
            return dropped % 20 != 0
        }
        let lossyLog = edge.folder.appendingPathComponent("lossy.jsonl")
        try Data((lossy.joined(separator: "\n") + "\n").utf8).write(to: lossyLog)
        let (lossyCode, _, lossyErrors) = await run(
            [
                "experiment", "report", lossyLog.path, events.path, "--experiment", "promo-order", "--goal",
                "add_to_cart_tapped",
            ], in: edge.folder)
        #expect(dropped > 9_000)
        #expect(lossyCode == .violations)
        #expect(lossyErrors.contains("error: sample ratio mismatch in promo-order"), "\(lossyErrors)")
    }
}

/// RFC 3339 UTC with milliseconds, as apps send an event's time.
enum EventTime {
    static func string(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
