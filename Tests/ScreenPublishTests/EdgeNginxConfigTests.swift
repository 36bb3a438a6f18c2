import Foundation
import ScreenEdge
import ScreenTestSupport
import Testing

/// The njs router under the two nginx configs it meets: the documented one (the object served by
/// an internal redirect, its headers carried in `js_var` variables) when the bucket fails, and the
/// config of routers before it (a subrequest, the record one `js_set` variable), which a newer
/// router must keep serving: a deploy of the router alone must not break a server.
@Suite struct EdgeNginxConfigTests {
    /// nginx's own refusals (400), which never reach the router.
    static let refusedByNginx: Set<String> = ["a%00b", "..%2F..%2Fetc%2Fpasswd"]

    @Test(.needs(.nginx), .needs(.node)) func theSubrequestConfigStillAnswersAsTheRendererDoes() async throws {
        let edge = try await NginxEdge.start(
            router: try EdgeFixture.router(records: true), objects: EdgeFixture.objects, subrequestConfig: true)
        defer { edge.stop() }
        let renderer = try EdgeFixture.renderer()
        // Every third request of the matrix: each screen, contract, locale and unit kind is among them.
        let requests = EdgeFixture.requests.filter { !Self.refusedByNginx.contains($0.segment) }.enumerated()
            .filter { $0.offset % 3 == 0 }.map(\.element)
        let responses = try edge.send(requests)
        try #require(responses.count == requests.count, "\(edge.errors)")
        for (request, response) in zip(requests, responses) {
            EdgeFixture.compare(
                request, expected: request.expected(from: renderer), status: response.status,
                headers: response.headers, body: response.body)
        }
        #expect(Set(responses.map(\.status)) == [200, 404, 406])
        let records = try await edge.recordLines(atLeast: requests.count)
        try #require(records.count == requests.count, "\(records.count) records for \(requests.count) responses")
        for (request, line) in zip(requests, records) {
            request.expectRecord(line, request.expectedRecord(from: renderer, allowsOverrides: true), source: "nginx")
        }
    }

    @Test(.needs(.nginx), .needs(.node)) func aBucketThatFailsGivesTheProblemDocumentAndItsRecord() async throws {
        // No objects: every screen the router would answer with an object is missing from the bucket.
        let edge = try await NginxEdge.start(router: try EdgeFixture.router(records: true), objects: [:])
        defer { edge.stop() }
        let renderer = try EdgeFixture.renderer()
        let requests = Array(
            EdgeFixture.requests.filter { $0.ifNoneMatch == nil && $0.expected(from: renderer).status == 200 }
                .prefix(5))
        try #require(requests.count == 5)
        let responses = try edge.send(requests)
        try #require(responses.count == requests.count, "\(edge.errors)")
        for (request, response) in zip(requests, responses) {
            #expect(response.status == 502, "\(request)")
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(response.headers["cache-control"] == "no-store")
            #expect(response.headers["etag"] == nil, "no header of the screen's response is left on the problem")
            let problem = try #require(
                try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], "\(request)")
            #expect(problem["type"] as? String == "urn:screenkit:problem:bucket-unavailable")
            #expect(problem["status"] as? Int == 502)
            let detail = try #require(problem["detail"] as? String)
            #expect(detail.hasPrefix("objects/") && detail.hasSuffix(".json answered nothing"), "\(detail)")
        }
        let records = try await edge.recordLines(atLeast: requests.count)
        try #require(records.count == requests.count)
        for line in records {
            #expect(line.contains(#""status":502,"#), "\(line)")
            #expect(line.contains(#""object":""#), "the record names the object the bucket did not give: \(line)")
        }
    }
}
