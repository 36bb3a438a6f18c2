import Foundation
import ScreenAnalytics
import ScreenEdge
import ScreenRendering
import ScreenTestSupport
import Testing

/// Routers written with records: reviewed goldens, and for every request of the matrix the record
/// each engine writes says what the renderer decided — the screen, the declared and served contract,
/// the status, the locale, the unit and its arms (forced ones apart), the object and its fallbacks.
@Suite struct EdgeRecordTests {
    @Test func theExampleAppsRoutersWithRecordsAreTheReviewedGoldens() throws {
        let router = try EdgeFixture.router(unit: .header("X-User-ID"), allowsOverrides: false, records: true)
        for file in router.files { Golden.expect(file.bytes, matches: "edge/records/\(file.name)") }
        // The table gains the fallbacks of the objects that apply any, last; the rest is the same.
        let plain = try EdgeFixture.router(unit: .header("X-User-ID"), allowsOverrides: false)
        let table = String(decoding: router.table.bytes, as: UTF8.self)
        let without = String(decoding: plain.table.bytes, as: UTF8.self)
        #expect(table.hasPrefix(String(without.dropLast())) && table.contains(",\"fallbacks\":{\""))
    }

    @Test(.needs(.node)) func theFetchHandlersRecordsSayWhatTheRendererDecided() throws {
        let renderer = try EdgeFixture.renderer()
        let requests = Self.requests(renderer)
        let records = try EdgeFetchParityTests.run(requests, router: try EdgeFixture.router(records: true)).records
        try #require(records.count == requests.count)
        for (request, record) in zip(requests, records) {
            request.expectRecord(record, request.expectedRecord(from: renderer, allowsOverrides: true), source: "fetch")
        }
    }

    @Test(.needs(.node)) func theLambdaEdgeHandlersLogTheRecordOfWhatTheViewerGets() throws {
        let renderer = try EdgeFixture.renderer()
        let requests = Self.requests(renderer)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let handler = folder.appendingPathComponent(EdgeRouter.lambdaEdgeFile)
        let router = try EdgeFixture.router(records: true)
        try Data(try #require(router.files.first { $0.name == EdgeRouter.lambdaEdgeFile }).bytes).write(to: handler)
        let results =
            try EdgeFixture.runNode("edge_lambda_harness.mjs", [handler.path], requests: requests, in: folder)
            as? [[String: Any]] ?? []
        try #require(results.count == requests.count)
        var viewerResponses = 0
        for (request, result) in zip(requests, results) {
            let expected = request.expectedRecord(from: renderer, allowsOverrides: true)
            let logs = result["logs"] as? [String: Any] ?? [:]
            let atRequest = logs["viewerRequest"] as? [String] ?? []
            if result["uri"] == nil {
                // Answered in the viewer request: logged there.
                #expect(atRequest.count == 1, "\(request)")
                request.expectRecord(atRequest.first, expected, source: "lambda-edge")
                continue
            }
            #expect(atRequest.isEmpty, "\(request)")
            // The object's responses: logged by the viewer response with the status the viewer gets,
            // whichever request it is shown (the rewritten one or the viewer's), and CloudFront's 304.
            let atResponse = logs["viewerResponses"] as? [[String]] ?? []
            #expect(atResponse.map(\.count) == [1, 1, 1], "\(request)")
            for (index, lines) in atResponse.enumerated() {
                var status = expected
                status.status = index == 2 ? 304 : 200
                request.expectRecord(lines.first, status, source: "lambda-edge")
                viewerResponses += 1
            }
        }
        #expect(viewerResponses > 1000)
    }

    @Test func theServersRecorderWritesTheRoutersRecords() throws {
        // The renderer observed by ResponseRecorder, as a Swift server runs it: for every request of
        // the matrix, the record the routers write, without the object (a server hashes no bytes).
        let renderer = try EdgeFixture.renderer()
        let lines = LineCapture()
        let observed = renderer.observed(by: ResponseRecorder { lines.append($0) })
        let requests = Self.requests(renderer)
        for request in requests { _ = request.expected(from: observed) }
        let written = lines.lines
        try #require(written.count == requests.count && requests.count > 3000)
        for (request, line) in zip(requests, written) {
            var expected = request.expectedRecord(from: renderer, allowsOverrides: true)
            expected.object = nil
            request.expectRecord(line, expected, source: "server")
        }
        #expect(written.contains { $0.contains(#""unit":"\u00fc""#) })
        #expect(written.contains { $0.contains(#""screen":null"#) && $0.contains(#""status":404"#) })
        #expect(written.contains { $0.contains(#""forced":{"promo-order":"shipping-first"}"#) })
    }

    /// The matrix, with each 200's ETag sent back for every twentieth (the router's own 304s).
    static func requests(_ renderer: ScreenRenderer) -> [EdgeFixture.Request] {
        EdgeFixture.requests + EdgeFixture.revalidations(of: EdgeFixture.requests, every: 20, renderer)
    }
}

/// The lines a ``ResponseRecorder`` wrote, in order.
final class LineCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) { lock.withLock { stored.append(line) } }

    var lines: [String] { lock.withLock { stored } }
}
