import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenEdge
import ScreenKitCLI
import ScreenPublish
import ScreenRendering
import ScreenTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The generated njs router in a real engine: nginx 1.22 with njs 0.7 in front of the S3 test
/// server (moto, SigV4 checked), to which the example app is published first with its router,
/// which nginx then loads as the bucket's pointer names it, with the table it preloads. nginx signs each
/// object request and keeps it in its own proxy_cache. Every request of ``EdgeFixture/requests``
/// gets the renderer's status, body and ScreenKit headers; the bucket is only ever asked for
/// objects/<sha256>.json, each once, and none of the object's own headers (its ETag, caching and
/// x-amz-* headers) reach the client. The router is written with records, logged as the article
/// says (the line's halves around nginx's `$status`): one line per screen response, saying what
/// the renderer decided, with the status nginx sent.
@Suite struct EdgeNginxTests {
    /// nginx's config: the article's ("Serving from a CDN"), with this machine's paths, the socket,
    /// the S3 test server for the bucket, and the logs the test reads (records as "Operating the
    /// CDN path" configures them, and each object request's cache status). Each change must find
    /// its line: the article's config is the one that runs.
    static func config(folder: URL, server: S3TestServer, prefix: String) throws -> String {
        let article = try String(
            contentsOf: ExampleApp.root.appendingPathComponent(
                "Sources/ScreenKitCLI/ScreenKitCLI.docc/ServingFromACDN.md"), encoding: .utf8)
        let marker = try #require(article.range(of: "<!-- edge: nginx-config -->\n```\n"))
        let end = try #require(article.range(of: "\n```", range: marker.upperBound..<article.endIndex))
        var config = String(article[marker.upperBound..<end.lowerBound]) + "\n"
        let host = server.endpoint.replacingOccurrences(of: "http://", with: "")
        let changes: [(String, String)] = [
            (
                "load_module modules/ngx_http_js_module.so;\n",
                "load_module /usr/lib/nginx/modules/ngx_http_js_module.so;\ndaemon off;\nmaster_process off;\n"
                    + "pid \(folder.path)/nginx.pid;\nerror_log \(folder.path)/error.log warn;\n"
            ),
            (
                "http {\n",
                "http {\naccess_log off;\nclient_body_temp_path \(folder.path)/temp;\n"
                    + "proxy_temp_path \(folder.path)/temp;\n\(NginxEdge.variables)\n"
                    + "log_format screenkit_upstream '$screenkit_object $upstream_cache_status $upstream_status';\n"
            ),
            ("/etc/nginx/screenkit/\(EdgeRouter.njsFile)", "\(folder.path)/\(EdgeRouter.njsFile)"),
            ("/etc/nginx/screenkit/\(EdgeRouter.tableFile)", "\(folder.path)/\(EdgeRouter.tableFile)"),
            ("/etc/nginx/screenkit/\(EdgeRouter.nginxFile)", "\(folder.path)/\(EdgeRouter.nginxFile)"),
            ("/var/cache/nginx/screenkit ", "\(folder.path)/cache "),
            (
                "listen 80;",
                "listen unix:\(folder.path)/edge.sock;\n"
                    + "access_log \(folder.path)/records.jsonl screenkit_records if=$screenkit_record_head;"
            ),
            (
                "internal;",
                "internal;\naccess_log \(folder.path)/upstream.log screenkit_upstream;\n"
                    + "access_log \(folder.path)/records.jsonl screenkit_records if=$screenkit_record_head;"
            ),
            ("\"my-bucket.s3.eu-west-1.amazonaws.com\"", "\"\(host)\""),
            ("$screenkit_bucket_path \"\";", "$screenkit_bucket_path \"/\(server.bucket)/\(prefix)\";"),
            ("\"eu-west-1\"", "\"\(server.region)\""),
            ("resolver 1.1.1.1;", ""),
            ("proxy_pass https://", "proxy_pass http://"),
            // moto answers with the request's x-amz-content-sha256; S3 does not.
            (
                "proxy_hide_header Accept-Ranges;",
                "proxy_hide_header Accept-Ranges;\nproxy_hide_header x-amz-content-sha256;"
            ),
        ]
        for (old, new) in changes {
            try #require(config.contains(old), "the article's nginx config has no \(old)")
            config = config.replacingOccurrences(of: old, with: new)
        }
        return config
    }

    @Test(.needs(.nginx), .needs(.node)) func nginxAnswersAsTheRendererDoes() async throws {
        let nginx = try ExternalTool.nginx.require()[0]
        let server = try S3TestServer.shared.get()
        let prefix = "edge-\(UUID().uuidString.prefix(8).lowercased())"
        // Published straight to moto (not through the fault proxy other suites count requests on).
        let bucket = try S3Bucket(
            bucket: server.bucket, prefix: prefix, endpoint: URL(string: server.endpoint), region: server.region,
            credentials: server.credentials)
        let publisher = Publisher(bucket: bucket)
        let router = try EdgeFixture.router(records: true)
        let plan = try await publisher.plan(
            screens: EdgeFixture.result.screens, contract: EdgeFixture.result.contract,
            history: ExampleApp.historyHashes, locales: EdgeFixture.result.locales, edge: router.options)
        _ = try await publisher.publish(plan)
        #expect(plan.layout.manifestHash == EdgeFixture.layout.manifestHash)
        // nginx runs the router publish uploaded: the file the bucket's pointer names.
        let pointerObject = try await bucket.read(BucketLayout.pointer)
        let pointer = try #require(pointerObject.flatMap { Pointer.decode($0.bytes) })
        let njsHash = try #require(pointer.edge[EdgeRouter.njsFile])
        let published = try #require(try await bucket.read(BucketLayout.edgeFile(njsHash, name: EdgeRouter.njsFile)))
        #expect(published.bytes == router.files.first { $0.name == EdgeRouter.njsFile }?.bytes)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-nginx-\(prefix)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("temp"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(published.bytes).write(to: folder.appendingPathComponent(EdgeRouter.njsFile))
        // And the table it preloads, as the article's deploy step copies it.
        let tableHash = try #require(pointer.edge[EdgeRouter.tableFile])
        let table = try #require(try await bucket.read(BucketLayout.edgeFile(tableHash, name: EdgeRouter.tableFile)))
        try Data(table.bytes).write(to: folder.appendingPathComponent(EdgeRouter.tableFile))
        // And nginx's maps, which the config includes (all empty for a router that writes records).
        let mapsHash = try #require(pointer.edge[EdgeRouter.nginxFile])
        let maps = try #require(try await bucket.read(BucketLayout.edgeFile(mapsHash, name: EdgeRouter.nginxFile)))
        try Data(maps.bytes).write(to: folder.appendingPathComponent(EdgeRouter.nginxFile))
        try Self.config(folder: folder, server: server, prefix: prefix)
            .write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", folder.path, "-c", folder.appendingPathComponent("nginx.conf").path]
        process.environment = [
            "SCREENKIT_BUCKET_ACCESS_KEY_ID": server.accessKeyId,
            "SCREENKIT_BUCKET_SECRET_ACCESS_KEY": server.secretAccessKey,
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            // SIGKILL: nginx may start with SIGTERM blocked, inherited from the test process's thread.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let socket = folder.appendingPathComponent("edge.sock").path
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: socket), process.isRunning, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let errors = { (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? "" }
        try #require(FileManager.default.fileExists(atPath: socket), "nginx did not start: \(errors())")

        let renderer = try EdgeFixture.renderer()
        // nginx refuses a NUL and a path climbing above the root itself (400), before the router.
        let refusedByNginx: Set<String> = ["a%00b", "..%2F..%2Fetc%2Fpasswd"]
        var requests = EdgeFixture.requests.filter { !refusedByNginx.contains($0.segment) }
        let first = try Self.send(requests, socket: socket, folder: folder)
        try #require(first.count == requests.count, "\(errors())")
        var revalidations: [EdgeFixture.Request] = []
        for (request, response) in zip(requests, first) {
            let expected = request.expected(from: renderer)
            EdgeFixture.compare(
                request, expected: expected, status: response.status, headers: response.headers, body: response.body)
            let leaked = response.headers.keys.filter {
                ["last-modified", "expires", "accept-ranges"].contains($0) || $0.hasPrefix("x-amz-")
            }
            #expect(leaked.isEmpty, "the object's own headers reach the client: \(leaked) for \(request)")
            if expected.status == 200, let etag = expected.header("ETag"), revalidations.count < 200 {
                var again = request
                again.ifNoneMatch = etag
                revalidations.append(again)
            }
        }
        #expect(Set(first.map(\.status)) == [200, 404, 406])
        requests = revalidations
        for (request, response) in zip(requests, try Self.send(requests, socket: socket, folder: folder)) {
            EdgeFixture.compare(
                request, expected: request.expected(from: renderer), status: response.status,
                headers: response.headers, body: response.body)
        }
        let refused = try Self.send(
            refusedByNginx.map { EdgeFixture.Request(segment: $0, screenID: $0) }, socket: socket, folder: folder)
        #expect(refused.map(\.status) == [400, 400])

        // The bucket was asked for objects only, each object once: the rest came from nginx's cache.
        let log = try String(contentsOf: folder.appendingPathComponent("upstream.log"), encoding: .utf8)
        let lines = log.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let fetched = lines.filter { $0.count == 3 && $0[1] == "MISS" }
        #expect(fetched.allSatisfy { $0[2] == "200" && EdgeFixture.objects[String($0[0].dropLast(5))] != nil })
        #expect(Set(fetched.map { $0[0] }).count == fetched.count, "each object fetched once")
        #expect(lines.count == first.count { $0.status == 200 }, "one object request per 200, none per 304")
        #expect(lines.contains { $0.count == 3 && $0[1] == "HIT" })

        // One record per screen response, in order (nginx's own 400s have none).
        let sent = requests.count + first.count
        var records: [String] = []
        for _ in 0..<100 {
            let text = (try? String(contentsOf: folder.appendingPathComponent("records.jsonl"), encoding: .utf8)) ?? ""
            records = text.split(separator: "\n").map(String.init)
            if records.count >= sent { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        try #require(records.count == sent, "\(records.count) records for \(sent) responses")
        let all = EdgeFixture.requests.filter { !refusedByNginx.contains($0.segment) } + requests
        for (request, line) in zip(all, records) {
            request.expectRecord(line, request.expectedRecord(from: renderer, allowsOverrides: true), source: "nginx")
        }

        // `screenkit health` over the log counts what the renderer's own metrics count for the same
        // requests (what the example servers' /metrics serves): the same Prometheus text.
        let metrics = ContractHealthMetrics(renderer: renderer)
        let observed = renderer.observed(by: metrics)
        for request in all { _ = request.expected(from: observed) }
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            [
                "health", folder.appendingPathComponent("records.jsonl").path, "--format", "prometheus", "--contract",
                ExampleApp.contractFolder.path,
            ], catalog: EdgeFixture.catalog, terminal: terminal, workingDirectory: folder.path)
        #expect(code == .success, "\(terminal.standardError)")
        #expect(terminal.standardOutput == metrics.exposition(countersOnly: true))
        #expect(terminal.standardOutput.contains("screenkit_fallbacks_total{element=\""))
        #expect(terminal.standardOutput.contains("screenkit_clients_too_old_total{screen=\"whats-new\""))
    }

    /// The responses nginx gives `requests`, sent by Node over its socket.
    static func send(_ requests: [EdgeFixture.Request], socket: String, folder: URL) throws -> [EdgeFixture.Response] {
        EdgeFixture.responses(
            in: try EdgeFixture.runNode("edge_http_client.mjs", ["unix:" + socket], requests: requests, in: folder))
    }
}
