import Foundation
import ScreenEdge
import ScreenRendering
import ScreenTestSupport
import Testing

/// The generated Lambda@Edge viewer-request handler, loaded by Node as Lambda loads it and given
/// events shaped as CloudFront delivers them: a screen's URI is rewritten to the object whose bytes
/// are the renderer's answer (the query string dropped, so the cache key is the object); 304s and
/// problem documents are answered in the handler with the renderer's status, body and headers.
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
        // Every third request of the matrix, and each 200 again with its ETag.
        var requests = EdgeFixture.requests.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        requests += requests.prefix(300).compactMap { request in
            guard let etag = request.expected(from: renderer).header("ETag") else { return nil }
            var again = request
            again.ifNoneMatch = etag
            return again
        }
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
}
