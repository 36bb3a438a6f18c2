import Foundation
import ScreenCompiler
import ScreenEdge
import ScreenRendering
import ScreenTestSupport
import Testing

/// The generated `fetch` router under Node: for every catalog screen × contract header ×
/// `Accept-Language` × unit × arm header, and for hostile screen IDs, the status, body bytes and
/// ScreenKit headers equal the renderer's; a second pass sends each 200's ETag back and gets the
/// renderer's 304; the bucket origin is only ever asked for objects the table names.
@Suite struct EdgeFetchParityTests {
    /// Runs the harness over `requests`; returns each response, the origin's log and the record
    /// each request handed to the router's callback (nil for none). With `nodeAdapter` (a
    /// `server.mjs` beside the router), the requests go over HTTP to that server instead.
    static func run(
        _ requests: [EdgeFixture.Request], router: EdgeRouter, nodeAdapter: String? = nil,
        layouts: [BucketLayout] = [EdgeFixture.layout]
    ) throws -> (
        responses: [EdgeFixture.Response], asked: [String], records: [String?]
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-edge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bucket = folder.appendingPathComponent("bucket")
        for (path, bytes) in layouts.flatMap(\.files) {
            let url = bucket.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        for file in router.files { try Data(file.bytes).write(to: folder.appendingPathComponent(file.name)) }
        let answer: Any
        if let nodeAdapter {
            let server = folder.appendingPathComponent("server.mjs")
            try Data(nodeAdapter.utf8).write(to: server)
            answer = try EdgeFixture.runNode(
                "edge_node_adapter_harness.mjs", [server.path, bucket.path], requests: requests, in: folder)
        } else {
            answer = try EdgeFixture.runNode(
                "edge_fetch_harness.mjs", [folder.appendingPathComponent(EdgeRouter.fetchFile).path, bucket.path],
                requests: requests, in: folder)
        }
        let records = ((answer as? [String: Any])?["records"] as? [Any] ?? []).map { $0 as? String }
        return (EdgeFixture.responses(in: answer), (answer as? [String: Any])?["asked"] as? [String] ?? [], records)
    }

    /// A bucket that fails — refused, a 5xx, a body that is not the object, one cut off, no answer in
    /// time — gets the renderer's 502 problem document from the fetch handler, never a thrown error,
    /// and the response's record names the object and the 502, as nginx's router does.
    @Test(.needs(.node), arguments: ["refused", "status", "wrong-body", "cut-off", "slow"])
    func aFailingBucketIsTheRenderersBadGateway(mode: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-edge-failure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let router = try EdgeFixture.router(records: true)
        for file in router.files { try Data(file.bytes).write(to: folder.appendingPathComponent(file.name)) }
        let renderer = try EdgeFixture.renderer()
        let requests = Array(
            EdgeFixture.requests.filter { $0.ifNoneMatch == nil && $0.expected(from: renderer).status == 200 }
                .prefix(mode == "slow" ? 1 : 3))
        let answer = try EdgeFixture.runNode(
            "edge_fetch_failure_harness.mjs", [folder.appendingPathComponent(EdgeRouter.fetchFile).path, mode],
            requests: requests, in: folder)
        let responses = EdgeFixture.responses(in: answer)
        let records = ((answer as? [String: Any])?["records"] as? [Any] ?? []).map { $0 as? String }
        try #require(responses.count == requests.count && records.count == requests.count)
        let detail: String =
            switch mode {
            case "status": ".json answered 500"
            case "wrong-body": ".json answered a body that is not the object"
            case "cut-off": ".json answered a body cut off"
            default: ".json answered nothing"
            }
        for (response, record) in zip(responses, records) {
            #expect(response.status == 502, "\(mode)")
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(response.headers["cache-control"] == "no-store")
            #expect(response.headers["etag"] == nil)
            let problem = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(problem["type"] as? String == "urn:screenkit:problem:bucket-unavailable")
            #expect((problem["detail"] as? String)?.hasSuffix(detail) == true, "\(mode): \(problem)")
            let line = try #require(record, "\(mode): no record")
            #expect(line.contains(#""status":502,"#) && line.contains(#""object":""#), "\(line)")
        }
    }

    @Test(.needs(.node)) func everyRequestGetsTheRenderersAnswer() throws {
        let renderer = try EdgeFixture.renderer()
        var requests = EdgeFixture.requests
        let first = try Self.run(requests, router: try EdgeFixture.router())
        try #require(first.responses.count == requests.count)
        var revalidations: [EdgeFixture.Request] = []
        for (request, response) in zip(requests, first.responses) {
            let expected = request.expected(from: renderer)
            EdgeFixture.compare(
                request, expected: expected, status: response.status, headers: response.headers, body: response.body)
            if expected.status == 200, let etag = expected.header("ETag"), revalidations.count < 400 {
                for tag in [etag, "W/\(etag)", "\"other\", \(etag)", "*", "\"other\""] {
                    var again = request
                    again.ifNoneMatch = tag
                    revalidations.append(again)
                }
            }
        }
        // Every kind of answer was compared.
        let statuses = Set(first.responses.map(\.status))
        #expect(statuses == [200, 404, 406], "\(statuses)")
        #expect(requests.count > 3000, "\(requests.count)")
        #expect(Set(first.responses.compactMap { $0.headers["screenkit-experiments"] }).count == 2)
        #expect(Set(first.responses.compactMap { $0.headers["content-language"] }) == ["de", "en", "fr", "pl"])
        // The origin is only asked for objects, and only those the table names.
        let named = Set(EdgeFixture.objects.keys.map { "/objects/\($0).json" })
        #expect(first.asked.allSatisfy(named.contains), "\(first.asked.filter { !named.contains($0) })")
        #expect(first.asked.count == first.responses.count { $0.status == 200 })
        requests = revalidations
        let second = try Self.run(requests, router: try EdgeFixture.router())
        try #require(second.responses.count == requests.count)
        for (request, response) in zip(requests, second.responses) {
            EdgeFixture.compare(
                request, expected: request.expected(from: renderer), status: response.status,
                headers: response.headers, body: response.body)
        }
        #expect(second.responses.contains { $0.status == 304 } && second.responses.contains { $0.status == 200 })
    }

    /// The Node adapter "Serving from a CDN" shows, read from the article and run as its own
    /// process: over HTTP, every answer is the renderer's (a sample of the matrix, revalidations
    /// included).
    @Test(.needs(.node)) func theArticlesNodeAdapterServesTheRenderersAnswers() throws {
        let article = try String(
            contentsOf: ExampleApp.root.appendingPathComponent(
                "Sources/ScreenKitCLI/ScreenKitCLI.docc/ServingFromACDN.md"), encoding: .utf8)
        let marker = try #require(article.range(of: "<!-- edge: node-adapter -->\n```\n"))
        let end = try #require(article.range(of: "\n```", range: marker.upperBound..<article.endIndex))
        let adapter = String(article[marker.upperBound..<end.lowerBound]) + "\n"
        let renderer = try EdgeFixture.renderer()
        // Headers an HTTP client can send (the matrix also holds values only a fetch Request takes).
        var requests = EdgeFixture.requests.enumerated().filter { index, request in
            index % 7 == 0 && request.headers.values.allSatisfy { $0.utf8.allSatisfy { (32..<127).contains($0) } }
        }.map(\.element)
        for request in requests.prefix(40) {
            guard let etag = request.expected(from: renderer).header("ETag") else { continue }
            var again = request
            again.ifNoneMatch = etag
            requests.append(again)
        }
        let answers = try Self.run(requests, router: try EdgeFixture.router(), nodeAdapter: adapter)
        try #require(answers.responses.count == requests.count)
        for (request, response) in zip(requests, answers.responses) {
            EdgeFixture.compare(
                request, expected: request.expected(from: renderer), status: response.status,
                headers: response.headers, body: response.body)
        }
        #expect(
            Set(answers.responses.map(\.status)) == [200, 304, 404, 406], "\(Set(answers.responses.map(\.status)))")
        #expect(requests.count > 400, "\(requests.count)")
    }

    /// Accept-Language headers made at random from the pieces browsers and hostile clients send
    /// (regions, case, `*`, quality values valid and not, in order and not, empty items, spaces):
    /// each picks the renderer's locale, so the routers' one-pass negotiation agrees with
    /// `LanguageNegotiation` beyond the fixed matrix.
    @Test(.needs(.node)) func randomAcceptLanguageHeadersPickTheRenderersLocale() throws {
        let renderer = try EdgeFixture.renderer()
        let ranges = [
            "de", "DE", "de-AT", "de-at-x", "fr", "fr-CH", "pl", "en", "en-US", "pt-BR", "pt", "xx", "zh-Hant-TW",
            "*", "a-b", "de-1996-a", "x-klingon", "1de", "de_AT", "",
        ]
        let qualities = [
            "", ";q=1", ";q=1.0", ";q=0.9", ";q=0.5", ";q=0.50", ";q=0", ";q=0.000", ";q=abc", ";Q=0.7", ";q=1.5",
            " ; q=0.3",
        ]
        var random = SplitMix64(seed: 57)
        let requests = (0..<600).map { _ in
            let items = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                ranges.randomElement(using: &random)! + qualities.randomElement(using: &random)!
            }
            let header = items.joined(separator: Bool.random(using: &random) ? "," : ", ")
            return EdgeFixture.Request(segment: "sign-in", screenID: "sign-in", contract: "2", acceptLanguage: header)
        }
        let run = try Self.run(requests, router: try EdgeFixture.router())
        try #require(run.responses.count == requests.count)
        var locales: Set<String> = []
        for (request, response) in zip(requests, run.responses) {
            EdgeFixture.compare(
                request, expected: request.expected(from: renderer), status: response.status,
                headers: response.headers, body: response.body)
            locales.insert(response.headers["content-language"] ?? "")
        }
        #expect(locales == ["de", "en", "fr", "pl"], "every locale is picked by some header: \(locales)")
    }

    @Test(.needs(.node)) func overridesAreIgnoredUnlessAllowed() throws {
        let renderer = try EdgeFixture.renderer(allowsOverrides: false)
        let requests = ["promo-order=shipping-first", "promo-order=control"].flatMap { arm in
            [nil, "ada", "grace"].map {
                EdgeFixture.Request(segment: "home", screenID: "home", user: $0, contract: "2", arm: arm)
            }
        }
        let run = try Self.run(requests, router: try EdgeFixture.router(allowsOverrides: false))
        for (request, response) in zip(requests, run.responses) {
            EdgeFixture.compare(
                request, expected: request.expected(from: renderer), status: response.status,
                headers: response.headers, body: response.body)
        }
    }
}
