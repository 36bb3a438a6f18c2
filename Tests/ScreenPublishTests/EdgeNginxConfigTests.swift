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

    /// nginx's maps (`screenkit-edge-nginx.conf`, behind the article's block) answer the requests
    /// they can without JavaScript, and the router the rest: every request of the matrix, each 200
    /// sent again with its ETag, and 1,500 made at random (screens with and without experiments,
    /// an unknown one, contract headers and `Accept-Language` headers as browsers and hostile
    /// clients send them, some with `If-None-Match`) get the renderer's answers; the maps answer
    /// only screens without experiments and requests without `If-None-Match` (some 350 here, a
    /// tenth of the random ones: the rest is what the maps leave to the router).
    @Test(.needs(.nginx), .needs(.node)) func theMapsAnswerThePlainestRequestsAsTheRendererDoes() async throws {
        let edge = try await NginxEdge.start(router: try EdgeFixture.router(), objects: EdgeFixture.objects)
        defer { edge.stop() }
        let renderer = try EdgeFixture.renderer()
        let matrix = EdgeFixture.requests.filter { !Self.refusedByNginx.contains($0.segment) }
        var random = SplitMix64(seed: 1223)
        let ranges = ["de", "DE-at", "fr-CH", "pl", "en-US", "pt-BR", "xx", "*", "de-a-b", "1de", "de_AT", ""]
        let qualities = ["", "", "", ";q=0.9", ";q=0", ";q=abc", " ;q=0.3"]
        let generated = (0..<1500).map { _ in
            let id = ["sign-in", "settings", "product-kettle", "whats-new", "home", "nope"].randomElement(
                using: &random)!
            let items = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                ranges.randomElement(using: &random)! + qualities.randomElement(using: &random)!
            }
            let language = Int.random(in: 0..<8, using: &random) == 0 ? nil : items.joined(separator: ",")
            let contract = [nil, "1", "2", "3", "4", "5", "0", "02", "x"].randomElement(using: &random)!
            var request = EdgeFixture.Request(
                segment: id, screenID: id, user: "u\(Int.random(in: 0..<50, using: &random))", contract: contract,
                acceptLanguage: language)
            if Int.random(in: 0..<6, using: &random) == 0, let etag = request.expected(from: renderer).header("ETag") {
                request.ifNoneMatch = Bool.random(using: &random) ? etag : "\"other\""
            }
            return request
        }
        let requests = matrix + EdgeFixture.revalidations(of: matrix, every: 3, renderer) + generated
        _ = try Self.expectTheRenderersAnswers(to: requests, from: edge, renderer: renderer)
        let answers = try await edge.mapAnswers(atLeast: requests.count)
        try #require(answers.count == requests.count, "\(answers.count) lines for \(requests.count) requests")
        let experiments = Set(EdgeFixture.layout.manifest.screens.filter { !$0.experiments.isEmpty }.map(\.id))
        for (request, object) in zip(requests, answers) where !object.isEmpty {
            #expect(!experiments.contains(request.screenID) && request.ifNoneMatch == nil, "\(request)")
            #expect(request.expected(from: renderer).status == 200, "\(request)")
        }
        let answered = zip(requests, answers).filter { !$0.1.isEmpty }.map(\.0)
        #expect(answered.count > 250, "the maps answered \(answered.count) of \(requests.count)")
        #expect(answered.contains { $0.acceptLanguage == nil } && answered.contains { $0.contract == nil })
        let share = answers.suffix(generated.count).count { !$0.isEmpty }
        #expect(share > 100, "the maps answered \(share) of the 1,500 random requests")
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
