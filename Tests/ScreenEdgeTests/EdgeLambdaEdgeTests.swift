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
                try Self.expectOriginResponses(answer, object: object, request)
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

    /// The origin-response trigger: the bucket's 200 passes as it is; its errors (S3's 403 and 404, a
    /// 500, CloudFront's own 502 and 504) become the renderer's 502 problem document, uncached.
    static func expectOriginResponses(_ answer: [String: Any], object: String, _ request: EdgeFixture.Request) throws {
        let origins = answer["originResponses"] as? [[String: Any]] ?? []
        try #require(origins.count == 6, "\(request)")
        #expect(origins[0]["status"] as? String == "200" && origins[0]["body"] == nil, "the 200 passes: \(request)")
        for (failed, status) in zip(origins.dropFirst(), ["403", "404", "500", "502", "504"]) {
            #expect(failed["status"] as? String == "502", "\(status) for \(request)")
            let body = Data((failed["body"] as? String ?? "").utf8)
            let problem = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            #expect(problem["type"] as? String == "urn:screenkit:problem:bucket-unavailable")
            #expect(problem["detail"] as? String == "objects/\(object).json answered \(status)")
            let headers = failed["headers"] as? [String: [[String: String]]] ?? [:]
            #expect(headers["content-type"]?.first?["value"] == "application/problem+json")
            #expect(headers["cache-control"]?.first?["value"] == "no-store")
        }
    }

    /// With records, the origin-response trigger logs each 502 it answers, naming the object.
    @Test(.needs(.node)) func aBucketErrorIsLoggedAsThe502TheViewerGets() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-le-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let router = try EdgeFixture.router(records: true)
        let handler = folder.appendingPathComponent(EdgeRouter.lambdaEdgeFile)
        try Data(try #require(router.files.first { $0.name == EdgeRouter.lambdaEdgeFile }).bytes).write(to: handler)
        let renderer = try EdgeFixture.renderer()
        let requests = Array(
            EdgeFixture.requests.filter { $0.ifNoneMatch == nil && $0.expected(from: renderer).status == 200 }.prefix(4)
        )
        let results =
            try EdgeFixture.runNode("edge_lambda_harness.mjs", [handler.path], requests: requests, in: folder)
            as? [[String: Any]] ?? []
        try #require(results.count == requests.count)
        for (request, answer) in zip(requests, results) {
            let logs = (answer["logs"] as? [String: Any])?["originResponses"] as? [[String]] ?? []
            try #require(logs.count == 6, "\(request)")
            #expect(logs[0].isEmpty, "the 200 is logged by the viewer response")
            for lines in logs.dropFirst() {
                #expect(lines.count == 1 && lines[0].contains(#""status":502,"#), "\(lines)")
                #expect(lines.first?.contains(#""object":""#) == true, "\(lines)")
            }
        }
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
