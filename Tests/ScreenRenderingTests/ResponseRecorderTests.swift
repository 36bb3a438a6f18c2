import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenRendering
import ScreenTestSupport
import Testing

/// `ResponseRecorder`'s lines byte for byte (a reviewed golden): every field, the bounds, the
/// escaping to ASCII and the time; and its place beside the metrics in `RenderObservers`.
@Suite struct ResponseRecorderTests {
    static func event(
        _ screen: String, client: ClientContract, served: Int?, status: Int, unit: String? = nil, locale: String? = nil,
        experiments: [AppliedArm] = []
    ) -> RenderEvent {
        RenderEvent(
            screenID: screen, isCatalogScreen: true, client: client, servedVersion: served, status: status, rules: [],
            downgrades: [], bytes: 100, duration: .milliseconds(1), unit: unit, locale: locale, experiments: experiments
        )
    }

    @Test func theLinesAreTheReviewedGolden() throws {
        let renderer = try ScreenRenderer(
            catalog: App.catalog, history: .folder(ExampleApp.historyFolder))
        // A contract-1 home: its real fallbacks, counted by element.
        let home = try renderer.render(screenID: "home", for: .version(1))
        var fallbacks = Self.event("home", client: .version(1), served: 1, status: 200, locale: "de")
        fallbacks.downgrades = home.downgrades
        var revalidated = fallbacks
        revalidated.status = 304
        let refused = Self.event("whats-new", client: .version(1), served: nil, status: 406)
        let events = [
            fallbacks, revalidated, refused,
            Self.event(
                "promo", client: .parse(nil), served: 3, status: 200, unit: "ada",
                experiments: [
                    AppliedArm(experiment: "promo-order", arm: "control", forced: false),
                    AppliedArm(experiment: "banner", arm: "b", forced: true),
                ]),
            Self.event("nope\"\\", client: .parse("abc"), served: nil, status: 404, unit: "ü\u{7F}😀\n"),
            Self.event(
                "orders", client: .version(99), served: nil, status: 500, unit: String(repeating: "u", count: 257)),
            Self.event(String(repeating: "s", count: 257), client: .version(2), served: 2, status: 200),
        ]
        let times = [
            Date(timeIntervalSince1970: 1_795_852_800.125), Date(timeIntervalSince1970: 951_782_400.5),
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 4_107_542_399.75),
        ]
        var lines: [String] = []
        for (index, event) in events.enumerated() {
            lines.append(ResponseRecorder.line(event, time: times[index % times.count]))
        }
        for line in lines { #expect(line.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(line)") }
        Golden.expect(Array((lines.joined(separator: "\n") + "\n").utf8), matches: "records/server.jsonl")
        #expect(lines[0].hasPrefix(#"{"format":1,"event":"response","time":"2026-11-28T08:00:00.125Z","#))
        #expect(lines[1].contains(#""time":"2000-02-29T00:00:00.500Z""#))
    }

    @Test func recordsGoBesideTheMetrics() throws {
        let renderer = try ScreenRenderer(catalog: App.catalog, history: .folder(ExampleApp.historyFolder))
        let metrics = ContractHealthMetrics(renderer: renderer)
        let lines = Lines()
        let observed = renderer.observed(by: RenderObservers([metrics, ResponseRecorder { lines.append($0) }]))
        _ = observed.respond(screenID: "home", contractHeader: "1", ifNoneMatch: nil)
        _ = observed.respond(screenID: "nope", contractHeader: "2", ifNoneMatch: nil)
        #expect(lines.count == 2)
        #expect(
            metrics.exposition().contains(
                #"screenkit_responses_total{screen="home",served_version="1",status="200"} 1"#))
        // Without an observer, nothing is recorded and the bytes are the same.
        #expect(
            renderer.respond(screenID: "home", contractHeader: "1", ifNoneMatch: nil).body
                == observed.respond(screenID: "home", contractHeader: "1", ifNoneMatch: nil).body)
    }
}

/// Counts lines written.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0

    func append(_ line: String) { lock.withLock { stored += 1 } }

    var count: Int { lock.withLock { stored } }
}
