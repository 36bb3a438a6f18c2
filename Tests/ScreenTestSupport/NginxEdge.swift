import Foundation
import ScreenEdge
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// nginx running an edge router with records, serving the objects from a folder (a bucket synced
/// to disk) over a Unix socket: the CDN path of the end-to-end tests. Stop it with ``stop()``.
public final class NginxEdge: @unchecked Sendable {
    /// Its folder: config, router, objects, logs.
    public let folder: URL
    /// The socket it listens on.
    public var socket: String { folder.appendingPathComponent("edge.sock").path }
    /// The access log of response records.
    public var records: URL { folder.appendingPathComponent("records.jsonl") }
    private let process: Process

    /// Starts nginx (`nginx` from ``ExternalTool/nginx``) in a new temporary folder with `router`'s
    /// njs file and `objects` (by SHA-256), logging records as the documentation configures them;
    /// with `port`, on 127.0.0.1:`port` too (for a browser), and with `origin`, `POST /events`
    /// passed to that server, as a CDN passes what it does not cache to the app's origin. With
    /// `subrequestConfig`, nginx runs the config of routers before the internal redirect (no
    /// `js_var` variables, the object fetched by a subrequest, the record one `js_set` variable),
    /// which a newer router must still serve. The config preloads `table` (the router's own
    /// `table.json` by default) as the documentation does.
    public static func start(
        router: EdgeRouter, objects: [String: [UInt8]], port: Int? = nil, origin: String? = nil,
        subrequestConfig: Bool = false, table: [UInt8]? = nil
    ) async throws -> NginxEdge {
        try await start(
            files: router.files.map { ($0.name, $0.bytes) }, objects: objects, port: port, origin: origin,
            subrequestConfig: subrequestConfig, table: table)
    }

    /// Starts nginx as ``start(router:objects:port:origin:subrequestConfig:table:)`` does, with a
    /// router's files as a bucket holds them (`name`, bytes), as a deploy step copies them.
    public static func start(
        files: [(name: String, bytes: [UInt8])], objects: [String: [UInt8]], port: Int? = nil, origin: String? = nil,
        subrequestConfig: Bool = false, table: [UInt8]? = nil
    ) async throws -> NginxEdge {
        let nginx = try ExternalTool.nginx.require()[0]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-edge-\(UUID())")
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: folder.appendingPathComponent("temp"), withIntermediateDirectories: true)
        try fileManager.createDirectory(at: folder.appendingPathComponent("objects"), withIntermediateDirectories: true)
        for (hash, bytes) in objects {
            try Data(bytes).write(to: folder.appendingPathComponent("objects/\(hash).json"))
        }
        guard let njs = files.first(where: { $0.name == EdgeRouter.njsFile }) else {
            throw EdgeFixture.HarnessFailed(description: "the router has no \(EdgeRouter.njsFile)")
        }
        try Data(njs.bytes).write(to: folder.appendingPathComponent(EdgeRouter.njsFile))
        guard let tableFile = files.first(where: { $0.name == EdgeRouter.tableFile }) else {
            throw EdgeFixture.HarnessFailed(description: "the router has no \(EdgeRouter.tableFile)")
        }
        try Data(table ?? tableFile.bytes).write(to: folder.appendingPathComponent(EdgeRouter.tableFile))
        guard let maps = files.first(where: { $0.name == EdgeRouter.nginxFile }) else {
            throw EdgeFixture.HarnessFailed(description: "the router has no \(EdgeRouter.nginxFile)")
        }
        try Data(maps.bytes).write(to: folder.appendingPathComponent(EdgeRouter.nginxFile))
        let config =
            subrequestConfig ? subrequest(folder, port: port) : try config(folder, port: port, origin: origin)
        try config.write(
            to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", folder.path, "-c", folder.appendingPathComponent("nginx.conf").path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let edge = NginxEdge(folder: folder, process: process)
        let deadline = Date().addingTimeInterval(20)
        while !fileManager.fileExists(atPath: edge.socket), process.isRunning, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        guard fileManager.fileExists(atPath: edge.socket) else {
            edge.stop()
            throw EdgeFixture.HarnessFailed(description: "nginx did not start: \(edge.errors)")
        }
        return edge
    }

    private init(folder: URL, process: Process) {
        self.folder = folder
        self.process = process
    }

    /// nginx's error log.
    public var errors: String {
        (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    /// The responses to `requests`, sent by Node over the socket in order.
    public func send(_ requests: [EdgeFixture.Request]) throws -> [EdgeFixture.Response] {
        EdgeFixture.responses(
            in: try EdgeFixture.runNode("edge_http_client.mjs", ["unix:" + socket], requests: requests, in: folder))
    }

    /// The record lines logged so far, waiting (up to 5 s) until there are at least `count`.
    public func recordLines(atLeast count: Int) async throws -> [String] {
        try await lines(of: records, atLeast: count)
    }

    /// For each request answered so far, the object nginx's maps answered it with ("" where the
    /// router decided), waiting (up to 5 s) until there are at least `count`.
    public func mapAnswers(atLeast count: Int) async throws -> [String] {
        try await lines(of: folder.appendingPathComponent("maps.log"), atLeast: count, keepingEmpty: true)
    }

    private func lines(of file: URL, atLeast count: Int, keepingEmpty: Bool = false) async throws -> [String] {
        var lines: [String] = []
        for _ in 0..<100 {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            lines = text.split(separator: "\n", omittingEmptySubsequences: !keepingEmpty).map(String.init)
            if keepingEmpty, lines.last == "" { lines.removeLast() }
            if lines.count >= count { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return lines
    }

    /// Stops nginx and removes its folder.
    public func stop() {
        // SIGKILL: nginx may start with SIGTERM blocked, inherited from the test process's thread.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The `js_var` variables the documented config declares (the response's headers, the record's
    /// halves) and the records' log format.
    public static let variables = """
        js_var $screenkit_etag;
        js_var $screenkit_cache_control;
        js_var $screenkit_vary;
        js_var $screenkit_contract;
        js_var $screenkit_content_language;
        js_var $screenkit_experiments;
        js_var $screenkit_release;
        js_var $screenkit_record_head;
        js_var $screenkit_record_tail;
        log_format screenkit_records escape=none '$screenkit_record_head$status$screenkit_record_tail';
        """

    /// The object's location's lines that give the client the router's headers.
    public static let objectHeaders = """
        if_modified_since off;
        max_ranges 0;
        add_header ETag $screenkit_etag;
        add_header Cache-Control $screenkit_cache_control;
        add_header Vary $screenkit_vary;
        add_header ScreenKit-Contract $screenkit_contract;
        add_header Content-Language $screenkit_content_language;
        add_header ScreenKit-Experiments $screenkit_experiments;
        add_header ScreenKit-Release $screenkit_release;
        """

    /// The config's start: nginx in the foreground in `folder`, the js module loaded.
    public static func preamble(_ folder: URL) -> String {
        """
        load_module /usr/lib/nginx/modules/ngx_http_js_module.so;
        daemon off;
        master_process off;
        pid \(folder.path)/nginx.pid;
        error_log \(folder.path)/error.log warn;
        events { worker_connections 64; }
        """
    }

    /// The documented config's block that hands the requests nginx's maps answer to the object's
    /// location (`if ($screenkit_fast_object) {…}`), read from the article ("Serving from a CDN"):
    /// the block the article shows is the one that runs.
    public static func mapsBlock() throws -> String {
        let article = try String(
            contentsOf: ExampleApp.root.appendingPathComponent(
                "Sources/ScreenKitCLI/ScreenKitCLI.docc/ServingFromACDN.md"), encoding: .utf8)
        guard let start = article.range(of: "if ($screenkit_fast_object) {"),
            let end = article.range(of: "\n        }\n", range: start.upperBound..<article.endIndex)
        else { throw EdgeFixture.HarnessFailed(description: "the article's config has no maps block") }
        return String(article[start.lowerBound..<end.upperBound])
    }

    /// The config: the router at `/` behind the documented maps block, records in an access log
    /// and which object the maps answered each request with in another (`maps.log`), objects from
    /// the folder; a TCP listener and the events' origin when asked for. The object's location is
    /// the documented one with the folder in place of the bucket: the file's own caching headers
    /// are removed.
    private static func config(_ folder: URL, port: Int?, origin: String?) throws -> String {
        let tcp = port.map { "listen 127.0.0.1:\($0);" } ?? ""
        let events = origin.map { "location = /events { proxy_pass \($0); }" } ?? ""
        return """
            \(preamble(folder))
            http {
                access_log off;
                client_body_temp_path \(folder.path)/temp;
                proxy_temp_path \(folder.path)/temp;
                js_import screenkit from \(folder.path)/\(EdgeRouter.njsFile);
                js_preload_object \(EdgeRouter.preloadedTableName) from \(folder.path)/\(EdgeRouter.tableFile);
                \(variables)
                include \(folder.path)/\(EdgeRouter.nginxFile);
                log_format screenkit_maps '$screenkit_fast_object';
                server {
                    listen unix:\(folder.path)/edge.sock;
                    \(tcp)
                    \(events)
                    \(try mapsBlock())
                    access_log \(folder.path)/records.jsonl screenkit_records if=$screenkit_record_head;
                    access_log \(folder.path)/maps.log screenkit_maps;
                    location / {
                        js_content screenkit.handle;
                    }
                    location ~ "^/_screenkit_objects/(?<screenkit_object>[0-9a-f]{64}\\.json)$" {
                        internal;
                        alias \(folder.path)/objects/$screenkit_object;
                        types { }
                        default_type application/json;
                        etag off;
                        add_header Last-Modified "";
                        \(objectHeaders)
                        error_page 403 404 500 502 503 504 = @screenkit_bucket_failed;
                    }
                    location @screenkit_bucket_failed {
                        js_content screenkit.bucketFailed;
                    }
                }
            }

            """
    }

    /// The config routers were served with before the internal redirect: the object fetched by a
    /// subrequest, the record made at log time by a `js_set` variable.
    private static func subrequest(_ folder: URL, port: Int?) -> String {
        let tcp = port.map { "listen 127.0.0.1:\($0);" } ?? ""
        return """
            \(preamble(folder))
            http {
                access_log off;
                client_body_temp_path \(folder.path)/temp;
                proxy_temp_path \(folder.path)/temp;
                js_import screenkit from \(folder.path)/\(EdgeRouter.njsFile);
                js_set $screenkit_record screenkit.record;
                log_format screenkit_records escape=none '$screenkit_record';
                subrequest_output_buffer_size 1m;
                server {
                    listen unix:\(folder.path)/edge.sock;
                    \(tcp)
                    location / {
                        js_content screenkit.handle;
                        access_log \(folder.path)/records.jsonl screenkit_records if=$screenkit_record;
                    }
                    location ~ "^/_screenkit_objects/(?<screenkit_object>[0-9a-f]{64}\\.json)$" {
                        internal;
                        alias \(folder.path)/objects/$screenkit_object;
                    }
                }
            }

            """
    }
}

/// A TCP port nothing listens on now, on 127.0.0.1 (for a server that must be told its port).
public func unusedPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw EdgeFixture.HarnessFailed(description: "socket() failed") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
        }
    }
    guard bound else { throw EdgeFixture.HarnessFailed(description: "cannot bind a port on 127.0.0.1") }
    return Int(UInt16(bigEndian: address.sin_port))
}
