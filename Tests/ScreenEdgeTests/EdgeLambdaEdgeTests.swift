import Foundation
import ScreenEdge
import ScreenRendering
import ScreenTestSupport
import Testing

/// The generated Lambda@Edge handlers, loaded by Node as Lambda loads them and given events shaped as
/// CloudFront delivers them. The viewer request: a screen's URI is rewritten to the object whose
/// bytes are the renderer's answer (the query string dropped, so the cache key is the object); 304s
/// and problem documents are answered in the handler with the renderer's status, body and headers.
/// The viewer response: the object's response as it comes from the bucket through CloudFront gets
/// the renderer's headers in place of the object's — whichever request the trigger is shown, the one
/// the viewer request returned or the one the viewer sent — so an app's cache keeps a screen no
/// longer than the renderer's `Cache-Control` says.
@Suite struct EdgeLambdaEdgeTests {
    @Test(.needs(.node), arguments: [EdgeRouter.UnitSource.query("user"), .cookie("uid")])
    func rewritesToTheRenderersObjectOrAnswersAsTheRendererDoes(unit: EdgeRouter.UnitSource) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-le-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let router = try EdgeFixture.router(unit: unit)
        let handler = folder.appendingPathComponent(EdgeRouter.lambdaEdgeFile)
        try Data(try #require(router.files.first { $0.name == EdgeRouter.lambdaEdgeFile }).bytes).write(to: handler)
        let renderer = try EdgeFixture.renderer()
        // Every request of the matrix, and every twelfth again with its ETag.
        let requests = EdgeFixture.requests + EdgeFixture.revalidations(of: EdgeFixture.requests, every: 12, renderer)
        let cookie: [String] = if case .cookie(let name) = unit { [name] } else { [] }
        let results =
            try EdgeFixture.runNode("edge_lambda_harness.mjs", [handler.path] + cookie, requests: requests, in: folder)
            as? [[String: Any]] ?? []
        try #require(results.count == requests.count)
        var rewritten = 0
        for (request, answer) in zip(requests, results) {
            let expected = request.expected(from: renderer)
            if let uri = answer["uri"] as? String {
                // Rewritten: the object's bytes are what the renderer answers.
                rewritten += 1
                #expect(expected.status == 200, "\(request)")
                let object = String(uri.dropFirst("/objects/".count).dropLast(".json".count))
                #expect(uri.hasPrefix("/objects/") && EdgeFixture.objects[object] == expected.body, "\(request)")
                #expect(answer["querystring"] as? String == "", "the cache key is the object alone")
                let viewerResponses = answer["viewerResponses"] as? [[String: [[String: String]]]] ?? []
                #expect(viewerResponses.count == 3, "\(request)")
                for (index, headers) in viewerResponses.enumerated() {
                    Self.expectRenderersHeaders(headers, expected, request, notModified: index == 2)
                }
            } else {
                #expect(answer["status"] as? String == String(expected.status), "\(request)")
                #expect((answer["statusDescription"] as? String)?.isEmpty == false, "\(request)")
                #expect(answer["bodyEncoding"] == nil || answer["bodyEncoding"] as? String == "text")
                let body = answer["body"] as? String ?? ""
                #expect(Array(body.utf8) == expected.body, "\(request)")
                let headers = answer["headers"] as? [String: [[String: String]]] ?? [:]
                for name in EdgeFixture.comparedHeaders where name != "Content-Type" || expected.status != 304 {
                    let entry = headers[name.lowercased()]?.first
                    #expect(entry?["value"] == expected.header(name), "\(name) for \(request)")
                    #expect(entry == nil || entry?["key"] == name, "CloudFront wants the header's own spelling")
                }
            }
        }
        #expect(rewritten > 100 && rewritten < results.count)
    }

    @Test(.needs(.node)) func theDecisionHeaderCannotBeForgedAndTheBucketsErrorsStayAsTheyAre() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-le-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let router = try EdgeFixture.router(unit: .header("X-User-ID"))
        let handler = folder.appendingPathComponent(EdgeRouter.lambdaEdgeFile)
        try Data(try #require(router.files.first { $0.name == EdgeRouter.lambdaEdgeFile }).bytes).write(to: handler)
        let results = try #require(
            try EdgeFixture.runNode("edge_lambda_cases.mjs", [handler.path], requests: [], in: folder)
                as? [String: [String: Any]])
        // Another path's forged decision is removed before CloudFront sees the request.
        let other = try #require(results["otherPath"])
        #expect(other["uri"] as? String == "/objects/abc.json")
        #expect((other["headers"] as? [String: Any])?["x-screenkit-decision"] == nil)
        // A decision that is not the router's own shape changes nothing.
        for name in ["brokenDecision", "foreignHeader", "bucketError"] {
            let headers = results[name]?["headers"] as? [String: [[String: String]]] ?? [:]
            #expect(headers["cache-control"]?.first?["value"] == "public, max-age=31536000, immutable", "\(name)")
            #expect(headers["x-amz-request-id"] != nil && headers["set-cookie"] == nil, "\(name)")
        }
        #expect(results["bucketError"]?["status"] as? String == "403")
    }

    /// The headers a viewer gets for an object's 200: every one the renderer sets, with the
    /// renderer's value and spelling; none of the object's own that would let a cache keep it longer
    /// or revalidate it otherwise; CloudFront's own kept.
    static func expectRenderersHeaders(
        _ headers: [String: [[String: String]]], _ expected: ScreenResponse, _ request: EdgeFixture.Request,
        notModified: Bool
    ) {
        for name in EdgeFixture.comparedHeaders {
            let entries = headers[name.lowercased()] ?? []
            #expect(entries.count <= 1, "\(name) for \(request)")
            let value = notModified && name == "Content-Type" ? nil : expected.header(name)
            #expect(entries.first?["value"] == value, "\(name) for \(request)")
            #expect(entries.first == nil || entries.first?["key"] == name, "CloudFront wants the header's own spelling")
        }
        for name in [
            "expires", "last-modified", "x-amz-version-id", "x-amz-server-side-encryption", "x-amz-request-id",
        ] {
            #expect(headers[name] == nil, "\(name) for \(request)")
        }
        #expect(headers.keys.allSatisfy { !$0.hasPrefix("x-screenkit") }, "\(request)")
        for name in ["via", "x-cache", "x-amz-cf-pop", "x-amz-cf-id", "date"] {
            #expect(headers[name] != nil, "CloudFront's \(name) is kept")
        }
    }
}
