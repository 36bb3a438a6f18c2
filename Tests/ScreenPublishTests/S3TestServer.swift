import Foundation
import ScreenPublish
import ScreenTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The S3-protocol test server (moto with SigV4 checking, behind a fault-injecting proxy).
///
/// It is started here from `Tests/Support/s3_test_server.py` with the interpreter `TestPython`
/// provides (installing moto into `.build/` on first use when `python3` lacks it), and stops when
/// the test process ends. `SCREENKIT_S3_TEST_CONFIG` may name the config of a server started by
/// hand instead.
struct S3TestServer: Sendable, Decodable {
    let endpoint: String
    let proxy: String
    let region: String
    let bucket: String
    let accessKeyId: String
    let secretAccessKey: String
    let python: String

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    static let shared: Result<S3TestServer, Unavailable> = start()

    static let supportFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Support")

    /// Keeps the server's standard input open; it exits when this process ends and the pipe closes.
    nonisolated(unsafe) private static var lifeline: Pipe?

    private static func start() -> Result<S3TestServer, Unavailable> {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["SCREENKIT_S3_TEST_CONFIG"] {
            return load(path)
        }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-s3-\(UUID().uuidString).json")
        let python: String
        switch TestPython.interpreter {
        case .success(let path): python = path
        case .failure(let error): return .failure(Unavailable(description: error.description))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            supportFolder.appendingPathComponent("s3_test_server.py").path, "--config-out", config.path,
            "--exit-on-stdin-eof",
        ]
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(Unavailable(description: "cannot start \(python): \(error)"))
        }
        lifeline = pipe
        let deadline = Date().addingTimeInterval(90)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: config.path) { return load(config.path) }
            if !process.isRunning {
                return .failure(
                    Unavailable(
                        description:
                            "the S3 test server (\(python)) exited (\(process.terminationStatus)) before it was ready"
                    ))
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        process.terminate()
        return .failure(Unavailable(description: "the S3 test server did not start within 90 s"))
    }

    private static func load(_ path: String) -> Result<S3TestServer, Unavailable> {
        guard let data = FileManager.default.contents(atPath: path),
            let server = try? JSONDecoder().decode(S3TestServer.self, from: data)
        else { return .failure(Unavailable(description: "cannot read the S3 test server config at \(path)")) }
        return .success(server)
    }

    /// The credentials of the test user.
    var credentials: AWSCredentials { AWSCredentials(accessKeyID: accessKeyId, secretAccessKey: secretAccessKey) }

    /// A bucket under `prefix`, reached through the fault-injecting proxy.
    func bucket(
        prefix: String, secret: String? = nil, retry: S3Bucket.RetryPolicy = S3Bucket.RetryPolicy(baseDelay: 0.05)
    ) throws -> S3Bucket {
        try S3Bucket(
            bucket: bucket, prefix: prefix, endpoint: URL(string: proxy), region: region,
            credentials: AWSCredentials(accessKeyID: accessKeyId, secretAccessKey: secret ?? secretAccessKey),
            retry: retry)
    }

    /// Sends a control request to the proxy and returns its JSON answer.
    @discardableResult
    func control(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: proxy + path)!)
        request.httpMethod = method
        if let body { request.httpBody = try JSONSerialization.data(withJSONObject: body) }
        let (data, _) = try await URLSession.shared.data(for: request)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// The proxy's request counters, by method.
    func requests(_ method: String) async throws -> Int {
        let stats = try await control("GET", "/__stats__")
        return (stats["byMethod"] as? [String: Int])?[method] ?? 0
    }

    /// Every object under `prefix` as boto3 sees it: key → (sha256, contentType, cacheControl).
    func readBack(prefix: String) throws -> [String: [String: Any]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            S3TestServer.supportFolder.appendingPathComponent("s3_readback.py").path, "--endpoint", endpoint,
            "--bucket", bucket, "--prefix", prefix + "/", "--access-key", accessKeyId, "--secret-key", secretAccessKey,
            "--region", region,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Unavailable(description: "s3_readback.py exited \(process.terminationStatus)")
        }
        return (try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]]) ?? [:]
    }
}
