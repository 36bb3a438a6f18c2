import ExampleScreens
import Foundation
import ScreenRendering
import ScreenTestSupport
import Testing

/// `POST /events` on both example servers: a known batch (events of the example app's contract 3,
/// with served arms the catalog knows and some it does not, and events the version refuses), then
/// the response, the JSON Lines written and the scrape of `screenkit_events_total`, each checked
/// exactly; an unreadable batch and an oversized one are refused whole.
@Suite(.integration("builds and runs the example servers"), .serialized, .buildsTheExampleServersEarly)
struct EventIngestionTests {
    /// One event of the batch, at a fixed time.
    static func event(_ name: String, _ params: String, arms: String? = nil, second: Int) -> String {
        let experiments = arms.map { #","experiments":{\#($0)}"# } ?? ""
        return #"{"name":"\#(name)","params":{\#(params)}\#(experiments),"time":"2026-11-27T10:00:0\#(second).000Z"}"#
    }

    static let batch = Array(
        (#"{"format":1,"contract":3,"events":["#
            + [
                event("product_viewed", #""product":"aeropress""#, arms: #""promo-order":"shipping-first""#, second: 1),
                event("product_viewed", #""product":"kettle""#, arms: #""promo-order":"shipping-first""#, second: 2),
                event(
                    "add_to_cart_tapped", #""product":"aeropress","badge":true"#, arms: #""promo-order":"control""#,
                    second: 3),
                event("product_viewed", #""product":"grinder""#, second: 4),
                event(
                    "product_viewed", #""product":"kettle""#, arms: #""promo-order":"zzz","new-test":"a""#, second: 5),
                event("promo_clicked", #""promo":"shipping""#, second: 6),
                event("add_to_cart_tapped", #""badge":true"#, second: 7),
            ].joined(separator: ",") + "]}").utf8)

    @Test(arguments: ExampleServer.allCases)
    func aBatchIsCountedAndLoggedAndItsRefusalsExplained(_ server: ExampleServer) async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-events-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: log) }
        let running = try await RunningServer.start(server, ["--events", log.path])
        defer { running.stop() }

        let response = try await running.post("/events?user=ada", body: Self.batch)
        #expect(response.status == 200, "\(server): \(String(decoding: response.body, as: UTF8.self))")
        #expect(response.header("Content-Type") == "application/json")
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"contract":3,"accepted":5,"rejected":[{"index":5,"reason":"unknown event \"promo_clicked\" (contract 3)"},{"index":6,"reason":"event \"add_to_cart_tapped\" is missing its required param \"product\""}]}"#
        )
        // Contract 2 declares no events: every one is refused, none counted.
        let older = try await running.post(
            "/events",
            body: Array(
                #"{"format":1,"contract":2,"events":[\#(Self.event("product_viewed", #""product":"x""#, second: 8))]}"#
                    .utf8))
        #expect(String(decoding: older.body, as: UTF8.self).contains(#""accepted":0"#))
        let unreadable = try await running.post("/events", body: Array(#"{"format":1,"events":[]}"#.utf8))
        #expect(unreadable.status == 400)
        #expect(unreadable.header("Content-Type") == "application/problem+json")
        #expect(
            String(decoding: unreadable.body, as: UTF8.self)
                == #"{"type":"urn:screenkit:problem:bad-event-batch","title":"The event batch cannot be read","status":400,"detail":"not an event batch: missing key \"contract\""}"#
        )
        let oversized = try await running.post(
            "/events", body: Array(repeating: 0x20, count: EventBatch.Limits().maximumBytes + 1))
        #expect(oversized.status == 413, "\(server)")

        // Exactly the accepted events, as the renderer's reader writes them, for the unit.
        let expected = try ExampleServerTests.renderer.events.read(Self.batch).accepted.flatMap {
            $0.jsonLine(contract: 3, unit: "ada", receivedAt: "unused")
        }
        // Written before the response was sent.
        let written = [UInt8](try Data(contentsOf: log))
        #expect(written == expected, "\(server): \(String(decoding: written, as: UTF8.self))")

        let scrape = try await running.get("/metrics", headers: [:])
        let samples = try MetricsScrapeTests.samples(String(decoding: scrape.body, as: UTF8.self))
        let events = samples.filter { $0.hasPrefix("screenkit_event") }
        #expect(
            events == [
                "screenkit_event_batches_refused_total{} 1",
                "screenkit_events_rejected_total{} 3",
                "screenkit_events_total{arm=control,event=add_to_cart_tapped,experiment=promo-order} 1",
                "screenkit_events_total{arm=none,event=product_viewed,experiment=none} 1",
                "screenkit_events_total{arm=other,event=product_viewed,experiment=other} 1",
                "screenkit_events_total{arm=other,event=product_viewed,experiment=promo-order} 1",
                "screenkit_events_total{arm=shipping-first,event=product_viewed,experiment=promo-order} 2",
            ], "\(server): \(events)")
    }
}
