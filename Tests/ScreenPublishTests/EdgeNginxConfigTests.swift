import Foundation
import ScreenEdge
import ScreenRendering
import ScreenTestSupport
import Testing

/// The njs router under the nginx configs it meets: the documented one (the table preloaded, the
/// object served by an internal redirect, its headers carried in `js_var` variables) with its own
/// table, with a table that is not its own, and when the bucket fails; and the config of routers
/// before it (a subrequest, the record one `js_set` variable, no preloaded table), which a newer
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
        let responses = try Self.expectTheRenderersAnswers(to: requests, from: edge, renderer: renderer)
        #expect(Set(responses.map(\.status)) == [200, 404, 406])
        let records = try await edge.recordLines(atLeast: requests.count)
        try #require(records.count == requests.count, "\(records.count) records for \(requests.count) responses")
        for (request, line) in zip(requests, records) {
            request.expectRecord(line, request.expectedRecord(from: renderer, allowsOverrides: true), source: "nginx")
        }
    }

    /// Sends `requests` to `edge` and expects each answer to be the renderer's; returns them.
    static func expectTheRenderersAnswers(
        to requests: [EdgeFixture.Request], from edge: NginxEdge, renderer: ScreenRenderer,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> [EdgeFixture.Response] {
        let responses = try edge.send(requests)
        try #require(responses.count == requests.count, "\(edge.errors)", sourceLocation: sourceLocation)
        for (request, response) in zip(requests, responses) {
            EdgeFixture.compare(
                request, expected: request.expected(from: renderer), status: response.status,
                headers: response.headers, body: response.body, sourceLocation: sourceLocation)
        }
        return responses
    }

    /// `router`'s table with every ETag forged, and the manifest or the fallbacks as given.
    static func forgedTable(of router: EdgeRouter, manifest: String? = nil, dropFallbacks: Bool = false) throws
        -> [UInt8]
    {
        let file = try #require(router.files.first { $0.name == EdgeRouter.tableFile })
        var table = try #require(try JSONSerialization.jsonObject(with: Data(file.bytes)) as? [String: Any])
        let etags = try #require(table["etags"] as? [String: String])
        table["etags"] = etags.mapValues { _ in "\"forged\"" }
        if let manifest { table["manifest"] = manifest }
        if dropFallbacks { table["fallbacks"] = nil }
        return Array(try JSONSerialization.data(withJSONObject: table))
    }

    @Test(.needs(.nginx), .needs(.node)) func aPreloadedTableWithoutLocaleTagsIsIgnored() async throws {
        // The table of a `screenkit edge` from before the tags: the same manifest, but not the
        // router's own table; it negotiates with the one it holds.
        let router = try EdgeFixture.router(records: true)
        let file = try #require(router.files.first { $0.name == EdgeRouter.tableFile })
        var table = try #require(try JSONSerialization.jsonObject(with: Data(file.bytes)) as? [String: Any])
        var locales = try #require(table["locales"] as? [String: Any])
        #expect(locales["tags"] != nil)
        locales["tags"] = nil
        table["locales"] = locales
        let edge = try await NginxEdge.start(
            router: router, objects: EdgeFixture.objects,
            table: Array(try JSONSerialization.data(withJSONObject: table)))
        defer { edge.stop() }
        let renderer = try EdgeFixture.renderer()
        let requests = EdgeFixture.languages.map {
            EdgeFixture.Request(segment: "sign-in", screenID: "sign-in", contract: "2", acceptLanguage: $0)
        }
        _ = try Self.expectTheRenderersAnswers(to: requests, from: edge, renderer: renderer)
    }

    @Test(.needs(.nginx), .needs(.node)) func theRouterAnswersFromItsPreloadedTable() async throws {
        // Its own table, forged: what the router answers shows which table it read.
        let router = try EdgeFixture.router(records: true)
        let edge = try await NginxEdge.start(
            router: router, objects: EdgeFixture.objects, table: try Self.forgedTable(of: router))
        defer { edge.stop() }
        let request = EdgeFixture.Request(segment: "sign-in", screenID: "sign-in", contract: "2")
        let responses = try edge.send([request])
        try #require(responses.count == 1, "\(edge.errors)")
        #expect(responses[0].status == 200)
        #expect(responses[0].headers["etag"] == "\"forged\"")
    }

    @Test(
        .needs(.nginx), .needs(.node),
        arguments: [("another manifest", true), ("the table without records", false)])
    func aPreloadedTableThatIsNotTheRoutersIsIgnored(_ kind: String, otherManifest: Bool) async throws {
        let router = try EdgeFixture.router(records: true)
        let table = try Self.forgedTable(
            of: router, manifest: otherManifest ? String(repeating: "0", count: 64) : nil,
            dropFallbacks: !otherManifest)
        let edge = try await NginxEdge.start(router: router, objects: EdgeFixture.objects, table: table)
        defer { edge.stop() }
        let renderer = try EdgeFixture.renderer()
        let requests = EdgeFixture.requests.filter { !Self.refusedByNginx.contains($0.segment) }.enumerated()
            .filter { $0.offset % 11 == 0 }.map(\.element)
        _ = try Self.expectTheRenderersAnswers(to: requests, from: edge, renderer: renderer)
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
