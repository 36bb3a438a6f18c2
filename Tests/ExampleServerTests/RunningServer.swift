import Foundation
import ScreenTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Starts building the example servers while the test run is still being planned: the build is the
/// longest single piece of a first `swift test` (several minutes), so it begins before any test
/// runs, and the suites that need the servers wait for it without holding a thread.
struct BuildsTheExampleServersEarly: SuiteTrait, TestTrait {
    func prepare(for test: Test) async throws {
        _ = ExampleServer.binaries
        TestPython.provideInTheBackground()
    }
}

extension Trait where Self == BuildsTheExampleServersEarly {
    /// Starts the example servers' build when the run is planned.
    static var buildsTheExampleServersEarly: Self { Self() }
}

/// One of the example servers of `Examples/Servers`, built once per test run from this checkout.
enum ExampleServer: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case hummingbird = "HummingbirdServer"
    case vapor = "VaporServer"

    var testDescription: String { rawValue }

    /// `Examples/Servers`.
    static let package = ExampleApp.root.appendingPathComponent("Examples/Servers")

    /// The server's `main.swift`.
    var mainFile: URL { Self.package.appendingPathComponent("Sources/\(rawValue)/main.swift") }

    /// The folder holding the built executables, or why the build failed: built once, by the
    /// first test that needs it, without blocking a thread of the test pool while it waits.
    static let binaries = Task { await build() }

    struct BuildFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The tests' own build folder of the example package (so a developer's `swift build` there
    /// and this one, with other flags, do not rebuild each other's).
    static let scratch = package.appendingPathComponent(".build-tests")

    /// A debug build without an index store or debug information: the tests only run the servers,
    /// and a first build takes 328 s instead of 410 s here (2 cores).
    static let buildOptions = [
        "--package-path", package.path, "--scratch-path", scratch.path, "--disable-index-store",
        "-Xswiftc", "-gnone", "-Xcc", "-g0",
    ]

    /// `swift build` of the example package (debug): a few minutes the first time (Hummingbird,
    /// Vapor and SwiftNIO), seconds afterwards.
    private static func build() async -> Result<URL, BuildFailure> {
        print("example servers: building Examples/Servers (Hummingbird 2 and Vapor 4; the first build takes minutes)")
        let started = Date()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-servers-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        // SwiftPM's incremental build does not always recompile a dependent package's modules when a
        // ScreenKit type's layout changes (a stored property added to a struct they only hold
        // through another type), and the stale objects crash at start-up. Marking the example's
        // own sources as changed recompiles them (seconds); the frameworks are left as built. Nor
        // does it notice a source file added to a ScreenKit module in a new folder: dropping the
        // build plan makes it plan again (seconds) and find every file.
        touchSources()
        try? FileManager.default.removeItem(
            at: scratch.appendingPathComponent("debug/description.json").resolvingSymlinksInPath())
        let built = await ChildProcess.run(["swift", "build"] + buildOptions, output: log, timeout: 3600)
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard built == 0 else {
            return .failure(
                BuildFailure(
                    description: "swift build of Examples/Servers exited \(built):\n\(output.suffix(4000))"))
        }
        let binLog = log.appendingPathExtension("bin")
        defer { try? FileManager.default.removeItem(at: binLog) }
        guard
            await ChildProcess.run(
                ["swift", "build"] + buildOptions + ["--show-bin-path"], output: binLog, timeout: 600)
                == 0,
            let path = try? String(contentsOf: binLog, encoding: .utf8).split(separator: "\n").last
        else { return .failure(BuildFailure(description: "swift build --show-bin-path failed")) }
        print("example servers: built in \(Int(Date().timeIntervalSince(started))) s")
        return .success(URL(fileURLWithPath: String(path)))
    }

    /// Sets the modification date of every Swift file of the example's targets to now.
    private static func touchSources() {
        let sources = package.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects ?? []
        for case let file as URL in files where file.pathExtension == "swift" {
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        }
    }

    /// The executable.
    func executable() async throws -> URL {
        try await Self.binaries.value.get().appendingPathComponent(rawValue)
    }

    /// Runs the server with `arguments` to its end (for command lines it refuses).
    static func run(_ server: ExampleServer, _ arguments: [String]) async throws -> (Int32, String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-server-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let status = await ChildProcess.run([try await server.executable().path] + arguments, output: log, timeout: 60)
        return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}

/// A started example server on a free loopback port, stopped by PID.
///
/// `@unchecked Sendable`: its stored properties never change after `start`; `Process` is only
/// signalled and waited on.
final class RunningServer: @unchecked Sendable {
    let server: ExampleServer
    let process: Process
    let log: URL
    let port: Int
    let session: URLSession

    private init(server: ExampleServer, process: Process, log: URL, port: Int) {
        self.server = server
        self.process = process
        self.log = log
        self.port = port
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 30
        session = URLSession(configuration: configuration)
    }

    /// Starts `server` on port 0 (the system picks a free one) with `arguments`, and waits until
    /// it listens.
    static func start(_ server: ExampleServer, _ arguments: [String] = []) async throws -> RunningServer {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-\(server.rawValue)-\(UUID()).log")
        let process = try ChildProcess.start(
            [try await server.executable().path, "--port", "0"] + arguments, output: log)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let port = listeningPort(in: output) {
                return RunningServer(server: server, process: process, log: log, port: port)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: log)
        throw ExampleServer.BuildFailure(description: "\(server) did not start listening:\n\(output)")
    }

    /// The port in "listening on http://127.0.0.1:PORT" (Hummingbird example) or "Server started on
    /// http://127.0.0.1:PORT" (Vapor).
    static func listeningPort(in output: String) -> Int? {
        for line in output.split(separator: "\n") where line.contains("listening on") || line.contains("started on") {
            guard let colon = line.lastIndex(of: ":") else { continue }
            if let port = Int(line[line.index(after: colon)...].prefix { $0.isNumber }), port > 0 { return port }
        }
        return nil
    }

    /// What the server printed so far.
    var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Sends SIGTERM and waits for the process to end; its exit status, or -1 if it had to be killed.
    func stopGracefully() throws -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return -1
        }
        return process.terminationStatus
    }

    /// Stops the server by PID, whatever state the test left it in, and removes its log.
    func stop() {
        _ = try? stopGracefully()
        session.finishTasksAndInvalidate()
        try? FileManager.default.removeItem(at: log)
    }

    /// A response: status, headers (case-insensitive), body.
    struct Response: Sendable {
        let status: Int
        /// The headers, by lowercased name.
        let headers: [String: String]
        let body: [UInt8]

        func header(_ name: String) -> String? { headers[name.lowercased()] }

        func json() throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        }
    }

    /// `GET path` with `headers`.
    func get(_ path: String, headers: [String: String]) async throws -> Response {
        try await send("GET", path, headers: headers)
    }

    /// `POST path` with `body` as JSON.
    func post(_ path: String, body: [UInt8]) async throws -> Response {
        try await send("POST", path, headers: ["Content-Type": "application/json"], body: body)
    }

    /// `method path` with `headers` and `body`.
    func send(_ method: String, _ path: String, headers: [String: String], body: [UInt8]? = nil) async throws
        -> Response
    {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0) }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Response(status: http.statusCode, headers: fields, body: [UInt8](data))
    }
}
