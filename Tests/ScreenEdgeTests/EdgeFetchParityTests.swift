import Foundation
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
    /// each request handed to the router's callback (nil for none).
    static func run(_ requests: [EdgeFixture.Request], router: EdgeRouter) throws -> (
        responses: [EdgeFixture.Response], asked: [String], records: [String?]
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-edge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bucket = folder.appendingPathComponent("bucket")
        for (path, bytes) in EdgeFixture.layout.files {
            let url = bucket.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        for file in router.files { try Data(file.bytes).write(to: folder.appendingPathComponent(file.name)) }
        let answer = try EdgeFixture.runNode(
            "edge_fetch_harness.mjs", [folder.appendingPathComponent(EdgeRouter.fetchFile).path, bucket.path],
            requests: requests, in: folder)
        let records = ((answer as? [String: Any])?["records"] as? [Any] ?? []).map { $0 as? String }
        return (EdgeFixture.responses(in: answer), (answer as? [String: Any])?["asked"] as? [String] ?? [], records)
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
