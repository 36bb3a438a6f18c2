import Foundation
import ScreenCompiler
import ScreenEdge
import ScreenJSON
import ScreenRendering
import ScreenTestSupport
import Testing

/// A canary in the pointer and at the edge: the pointer names it (share, salt, each release's own
/// router) and reads back only what it wrote; a unit is in the canary by the experiments' portable
/// hash, sticky while the share grows; the router serves each unit everything from its release's
/// table, and nginx's maps never answer a request the canary may own.
@Suite struct EdgeCanaryTests {
    static let hash = String(repeating: "a", count: 64)
    static let other = String(repeating: "b", count: 64)

    @Test func thePointerNamesTheCanaryAndReadsBackOnlyWhatItWrites() throws {
        let canary = Pointer.Canary(
            manifest: Self.other, basisPoints: 550, edge: ["table.json": Self.hash],
            stableEdge: ["table.json": Self.other])
        let pointer = Pointer(manifest: Self.hash, canary: canary, edge: ["table.json": Self.hash], history: Self.other)
        let text = String(decoding: pointer.encoded(), as: UTF8.self)
        #expect(
            text
                == #"{"format":1,"manifest":"\#(Self.hash)","canary":{"manifest":"\#(Self.other)","percent":5.5,"salt":"\#(Self.other.prefix(16))","edge":{"table.json":"\#(Self.hash)"},"stableEdge":{"table.json":"\#(Self.other)"}},"edge":{"table.json":"\#(Self.hash)"},"history":"\#(Self.other)"}"#
        )
        #expect(Pointer.decode(pointer.encoded()) == pointer)
        // Without a canary or history, the bytes of before.
        #expect(
            String(decoding: Pointer(manifest: Self.hash).encoded(), as: UTF8.self)
                == #"{"format":1,"manifest":"\#(Self.hash)"}"#)
        // Anything else is not a pointer.
        for canary in [
            #"{"manifest":"\#(Self.hash)","percent":5,"salt":"x"}"#,  // the stable manifest
            #"{"manifest":"\#(Self.other)","percent":0,"salt":"x"}"#,
            #"{"manifest":"\#(Self.other)","percent":100,"salt":"x"}"#,
            #"{"manifest":"\#(Self.other)","percent":5.555,"salt":"x"}"#,
            #"{"manifest":"\#(Self.other)","percent":"5","salt":"x"}"#,
            #"{"manifest":"\#(Self.other)","percent":5,"salt":"X!"}"#, #"{"manifest":"\#(Self.other)","percent":5}"#,
            #"{"manifest":"\#(Self.other)","percent":5,"salt":"x","edge":{"../x":"\#(Self.hash)"}}"#,
        ] {
            let bytes = Array(#"{"format":1,"manifest":"\#(Self.hash)","canary":\#(canary)}"#.utf8)
            #expect(Pointer.decode(bytes) == nil, "\(canary)")
        }
        #expect(Pointer.decode(Array(#"{"format":1,"manifest":"\#(Self.hash)","history":"x"}"#.utf8)) == nil)
    }

    @Test func aReleaseHistoryEntryReadsBackOnlyWhatItWrote() throws {
        let pointer = Pointer(
            manifest: Self.hash, canary: Pointer.Canary(manifest: Self.other, basisPoints: 2500), history: Self.other)
        let entry = ReleaseEntry(time: "2026-12-05T20:00:00Z", move: .canary, pointer: pointer, previous: Self.hash)
        // The entry holds what the pointer serves, never its history.
        #expect(entry.pointer == pointer.serving && entry.pointer.history == nil)
        #expect(
            String(decoding: entry.encoded(), as: UTF8.self)
                == #"{"format":1,"time":"2026-12-05T20:00:00Z","move":"canary","pointer":{"format":1,"manifest":"\#(Self.hash)","canary":{"manifest":"\#(Self.other)","percent":25,"salt":"\#(Self.other.prefix(16))"}},"previous":"\#(Self.hash)"}"#
        )
        #expect(ReleaseEntry.decode(entry.encoded()) == entry)
        for broken in [
            #"{"format":1,"time":"yesterday","move":"canary","pointer":{"format":1,"manifest":"\#(Self.hash)"}}"#,
            #"{"format":1,"time":"2026-12-05T20:00:00Z","move":"deploy","pointer":{"format":1,"manifest":"\#(Self.hash)"}}"#,
            #"{"format":1,"time":"2026-12-05T20:00:00Z","move":"publish","pointer":{"format":1,"manifest":"x"}}"#,
            #"{"format":1,"time":"2026-12-05T20:00:00Z","move":"publish","pointer":{"format":1,"manifest":"\#(Self.hash)","history":"\#(Self.hash)"}}"#,
            #"{"format":1,"time":"2026-12-05T20:00:00Z","move":"publish","pointer":{"format":1,"manifest":"\#(Self.hash)"},"previous":"../x"}"#,
            #"{"format":2,"time":"2026-12-05T20:00:00Z","move":"publish","pointer":{"format":1,"manifest":"\#(Self.hash)"}}"#,
        ] {
            #expect(ReleaseEntry.decode(Array(broken.utf8)) == nil, "\(broken)")
        }
    }

    @Test func aTableReadBackFromTheBucketIsTheTableThatWasWritten() throws {
        let written = try EdgeFixture.router(records: true).table
        let read = try EdgeTable(bytes: written.bytes)
        #expect(read == written)
        #expect(read.hasFallbacks && !read.hasCanary && read.manifestHash == EdgeFixture.layout.manifestHash)
        // A table with a canary beside it is a router's, never a release's own.
        let combined = try CanaryFixture.router(basisPoints: 100).table
        #expect(combined.hasCanary)
        #expect(throws: JSONFormatError.self) { try EdgeTable(bytes: combined.bytes) }
        #expect(throws: JSONFormatError.self) {
            try EdgeTable(bytes: Array(#"{"format":1,"manifest":"x","etags":{}}"#.utf8))
        }
    }

    @Test func aShareIsAPercentageWithAtMostTwoDecimals() {
        #expect(Pointer.Canary.basisPoints(percent: "5") == 500)
        #expect(Pointer.Canary.basisPoints(percent: "0.5") == 50)
        #expect(Pointer.Canary.basisPoints(percent: "12.25") == 1225)
        #expect(Pointer.Canary.basisPoints(percent: "99.99") == 9999)
        for text in ["0", "100", "0.00", "-5", "5.", ".5", "5.123", "1e1", " 5", "five", "+5", "050", "05"] {
            #expect(Pointer.Canary.basisPoints(percent: text) == nil, "\(text)")
        }
    }

    @Test func aUnitStaysInTheCanaryWhileTheShareGrows() {
        let units = (0..<2000).map { "unit-\($0)" }
        var previous: Set<String> = []
        for basisPoints in [100, 500, 2500, 5000, 9999] {
            let canary = Pointer.Canary(manifest: Self.other, basisPoints: basisPoints)
            let served = Set(units.filter(canary.serves(unit:)))
            #expect(previous.isSubset(of: served))
            // Within 5 standard deviations of the share.
            let p = Double(basisPoints) / 10_000
            let sigma = (Double(units.count) * p * (1 - p)).squareRoot()
            #expect(abs(Double(served.count) - Double(units.count) * p) <= 5 * sigma + 1, "\(basisPoints)")
            previous = served
        }
        #expect(!Pointer.Canary(manifest: Self.other, basisPoints: 9999).serves(unit: ""))
        // Another salt, other units.
        let a = Set(units.filter(Pointer.Canary(manifest: Self.other, basisPoints: 2500).serves(unit:)))
        let b = Set(units.filter(Pointer.Canary(manifest: Self.hash, basisPoints: 2500).serves(unit:)))
        #expect(a != b)
    }

    @Test func theRoutersTableHoldsTheCanaryAndNginxAnswersOnlyRequestsWithoutAUnit() throws {
        let router = try CanaryFixture.router(basisPoints: 2500, unit: .header("X-User-ID"))
        let table = try JSONReader.read(router.table.bytes)
        let canary = try #require(table.members?.first { $0.key == "canary" }?.value.members)
        #expect(canary.map(\.key) == ["basisPoints", "salt", "table"])
        #expect(canary.first { $0.key == "basisPoints" }?.value == .number("2500"))
        let nginx = String(
            decoding: try #require(router.files.first { $0.name == EdgeRouter.nginxFile }).bytes, as: UTF8.self)
        #expect(nginx.contains(#"map "$request_uri|$http_x_user_id" $screenkit_fast_id {"#))
        let mjs = String(
            decoding: try #require(router.files.first { $0.name == EdgeRouter.fetchFile }).bytes, as: UTF8.self)
        #expect(
            mjs.hasPrefix(
                "// Generated by `screenkit edge` from manifest \(EdgeFixture.layout.manifestHash) with the canary of manifest \(CanaryFixture.layout.manifestHash): do not edit.\n"
            ))
        // A cookie unit: any cookie goes to the router; a query unit: any query string.
        let cookie = try CanaryFixture.router(basisPoints: 2500, unit: .cookie("uid")).files.first {
            $0.name == EdgeRouter.nginxFile
        }
        #expect(
            String(decoding: try #require(cookie).bytes, as: UTF8.self).contains(
                #"map "$request_uri|$http_cookie" $screenkit_fast_id {"#))
        let query = try CanaryFixture.router(basisPoints: 2500, unit: .query("user")).files.first {
            $0.name == EdgeRouter.nginxFile
        }
        #expect(
            String(decoding: try #require(query).bytes, as: UTF8.self).contains(
                #""~^/screens/(?<screenkit_fast_raw>[A-Za-z0-9._~-]+)$" $screenkit_fast_raw;"#))
        // Without a canary, the maps are those of before.
        let plain = try EdgeFixture.router(unit: .header("X-User-ID"), allowsOverrides: false)
        let plainMaps = String(
            decoding: try #require(plain.files.first { $0.name == EdgeRouter.nginxFile }).bytes, as: UTF8.self)
        #expect(plainMaps.contains("map $request_uri $screenkit_fast_id {"))
    }

    /// 2,000 seeded units through the fetch handler: each gets one release, the canary's share
    /// within its binomial interval, every answer the renderer's of that unit's release.
    @Test(.needs(.node)) func theFetchHandlerServesEachUnitItsReleaseAsItsRendererWould() throws {
        let basisPoints = 2500
        let router = try CanaryFixture.router(basisPoints: basisPoints)
        let canary = CanaryFixture.canary(basisPoints: basisPoints)
        let stable = try EdgeFixture.renderer()
        let candidate = try CanaryFixture.renderer()
        #expect(stable.release == Pointer.release(of: EdgeFixture.layout.manifestHash))
        #expect(candidate.release == Pointer.release(of: CanaryFixture.layout.manifestHash))
        let requests = CanaryFixture.requests(count: 2000, seed: PropertyScale.seed(68))
        let responses = try EdgeFetchParityTests.run(
            requests, router: router, layouts: [EdgeFixture.layout, CanaryFixture.layout]
        ).responses
        try #require(responses.count == requests.count)
        var inCanary = 0
        var withUnit = 0
        for (request, response) in zip(requests, responses) {
            let isCanary = request.user.map(canary.serves(unit:)) ?? false
            if request.user != nil { withUnit += 1 }
            if isCanary { inCanary += 1 }
            let renderer = isCanary ? candidate : stable
            EdgeFixture.compare(
                request, expected: request.expected(from: renderer), status: response.status,
                headers: response.headers, body: response.body)
            #expect(response.headers["screenkit-release"] == renderer.release, "\(request)")
        }
        let p = Double(basisPoints) / 10_000
        let sigma = (Double(withUnit) * p * (1 - p)).squareRoot()
        #expect(abs(Double(inCanary) - Double(withUnit) * p) <= 4 * sigma, "\(inCanary) of \(withUnit)")
    }
}

/// The canary through nginx (with records, and without, where its maps answer) and Lambda@Edge:
/// 2,000 seeded units, each served its release as that release's renderer answers.
@Suite struct EdgeCanaryEngineTests {
    static let basisPoints = 2500

    /// Which release each request's unit gets, and that release's renderer.
    static func expectations() throws -> (requests: [EdgeFixture.Request], renderers: [ScreenRenderer]) {
        let canary = CanaryFixture.canary(basisPoints: basisPoints)
        let stable = try EdgeFixture.renderer()
        let candidate = try CanaryFixture.renderer()
        let requests = CanaryFixture.requests(count: 2000, seed: PropertyScale.seed(6868))
        return (requests, requests.map { ($0.user.map(canary.serves(unit:)) ?? false) ? candidate : stable })
    }

    static var objects: [String: [UInt8]] {
        EdgeFixture.objects.merging(EdgeFixture.objects(of: CanaryFixture.layout)) { first, _ in first }
    }

    @Test(.needs(.nginx), .needs(.node)) func nginxWithRecordsServesEachUnitItsRelease() async throws {
        let (requests, renderers) = try Self.expectations()
        let router = try CanaryFixture.router(basisPoints: Self.basisPoints, records: true)
        let edge = try await NginxEdge.start(router: router, objects: Self.objects)
        defer { edge.stop() }
        let responses = try edge.send(requests)
        try #require(responses.count == requests.count, "\(edge.errors)")
        for ((request, renderer), response) in zip(zip(requests, renderers), responses) {
            EdgeFixture.compare(
                request, expected: request.expected(from: renderer), status: response.status,
                headers: response.headers, body: response.body)
        }
        // Every record names the release that answered it.
        let lines = try await edge.recordLines(atLeast: requests.count)
        try #require(lines.count == requests.count)
        for ((request, renderer), line) in zip(zip(requests, renderers), lines) {
            #expect(line.contains(#""release":"\#(renderer.release)""#), "\(request): \(line)")
        }
        let releases = Set(renderers.map(\.release))
        #expect(releases.count == 2, "both releases answered")
    }

    @Test(.needs(.nginx), .needs(.node)) func nginxsMapsAnswerOnlyRequestsWithoutAUnit() async throws {
        let (requests, renderers) = try Self.expectations()
        let router = try CanaryFixture.router(basisPoints: Self.basisPoints)
        let edge = try await NginxEdge.start(router: router, objects: Self.objects)
        defer { edge.stop() }
        let responses = try edge.send(requests)
        try #require(responses.count == requests.count, "\(edge.errors)")
        for ((request, renderer), response) in zip(zip(requests, renderers), responses) {
            EdgeFixture.compare(
                request, expected: request.expected(from: renderer), status: response.status,
                headers: response.headers, body: response.body)
        }
        let answered = try await edge.mapAnswers(atLeast: requests.count)
        try #require(answered.count == requests.count)
        let byMaps = zip(requests, answered).filter { !$0.1.isEmpty }
        #expect(!byMaps.isEmpty, "the maps still answer requests without a unit")
        #expect(byMaps.allSatisfy { $0.0.user == nil }, "the maps never answer a request the canary may own")
        print("nginx maps answered \(byMaps.count) of \(requests.count) requests with a canary active")
    }

    @Test(.needs(.node)) func lambdaEdgeServesEachUnitItsRelease() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-le-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (requests, renderers) = try Self.expectations()
        let router = try CanaryFixture.router(basisPoints: Self.basisPoints)
        let handler = folder.appendingPathComponent(EdgeRouter.lambdaEdgeFile)
        try Data(try #require(router.files.first { $0.name == EdgeRouter.lambdaEdgeFile }).bytes).write(to: handler)
        let results =
            try EdgeFixture.runNode("edge_lambda_harness.mjs", [handler.path], requests: requests, in: folder)
            as? [[String: Any]] ?? []
        try #require(results.count == requests.count)
        let objects = Self.objects
        for ((request, renderer), answer) in zip(zip(requests, renderers), results) {
            let expected = request.expected(from: renderer)
            if let uri = answer["uri"] as? String {
                #expect(expected.status == 200, "\(request)")
                let object = String(uri.dropFirst("/objects/".count).dropLast(".json".count))
                #expect(objects[object] == expected.body, "\(request)")
                let viewerResponses = answer["viewerResponses"] as? [[String: [[String: String]]]] ?? []
                for (index, headers) in viewerResponses.enumerated() {
                    EdgeLambdaEdgeTests.expectRenderersHeaders(headers, expected, request, notModified: index == 2)
                }
            } else {
                #expect(answer["status"] as? String == String(expected.status), "\(request)")
                #expect(Array((answer["body"] as? String ?? "").utf8) == expected.body, "\(request)")
                let headers = answer["headers"] as? [String: [[String: String]]] ?? [:]
                #expect(headers["screenkit-release"]?.first?["value"] == renderer.release, "\(request)")
            }
        }
    }
}
