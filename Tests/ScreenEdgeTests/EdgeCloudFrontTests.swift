import Foundation
import ScreenEdge
import ScreenRendering
import ScreenTestSupport
import Testing

/// The generated CloudFront viewer-request function, run by Node in a context like CloudFront
/// Functions' (no fetch, `require("crypto")`): a screen's URI is rewritten to the object whose
/// bytes are the renderer's answer; 304s and problem documents are answered in the function with
/// the renderer's status and body.
@Suite struct EdgeCloudFrontTests {
    @Test(.needs(.node)) func rewritesToTheRenderersObjectOrAnswersAsTheRendererDoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-cf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let router = try EdgeFixture.router()
        let function = folder.appendingPathComponent(EdgeRouter.cloudFrontFile)
        try Data(try #require(router.files.first { $0.name == EdgeRouter.cloudFrontFile }).bytes).write(to: function)
        let renderer = try EdgeFixture.renderer()
        // Every third request of the matrix, and each 200 again with its ETag.
        var requests = EdgeFixture.requests.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        requests += requests.prefix(300).compactMap { request in
            guard let etag = request.expected(from: renderer).header("ETag") else { return nil }
            var again = request
            again.ifNoneMatch = etag
            return again
        }
        let results =
            try EdgeFixture.runNode("edge_cloudfront_harness.mjs", [function.path], requests: requests, in: folder)
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
            } else {
                #expect(answer["statusCode"] as? Int == expected.status, "\(request)")
                let body = (answer["body"] as? [String: Any])?["data"] as? String ?? ""
                #expect(Array(body.utf8) == expected.body, "\(request)")
                let headers = answer["headers"] as? [String: [String: String]] ?? [:]
                for name in EdgeFixture.comparedHeaders where name != "Content-Type" || expected.status != 304 {
                    #expect(headers[name.lowercased()]?["value"] == expected.header(name), "\(name) for \(request)")
                }
            }
        }
        #expect(rewritten > 100 && rewritten < results.count)
    }
}
