import Foundation
import ScreenCrypto

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A bucket in any S3-compatible store (AWS S3, Cloudflare R2, MinIO, GCS interoperability).
///
/// Requests are signed with SigV4, a fresh signature per attempt. 5xx, 429, 409 and timeouts are
/// retried with exponential backoff and full jitter; redirects and other 4xx fail at once.
public struct S3Bucket: Bucket {
    /// How requests are retried.
    public struct RetryPolicy: Sendable {
        /// The most attempts per request, the first included.
        public var attempts: Int
        /// The first backoff; each retry doubles it, up to `maximumDelay`, with full jitter.
        public var baseDelay: Double
        /// The longest backoff.
        public var maximumDelay: Double
        /// How long one attempt may take, in seconds (rounded up to whole seconds: Foundation on Linux truncates it).
        public var timeout: Double

        /// Creates a policy.
        public init(attempts: Int = 5, baseDelay: Double = 0.2, maximumDelay: Double = 5, timeout: Double = 30) {
            self.attempts = attempts
            self.baseDelay = baseDelay
            self.maximumDelay = maximumDelay
            self.timeout = timeout
        }
    }

    /// The bucket name.
    public let bucket: String
    /// The key prefix, without slashes at either end.
    public let prefix: String
    private let scheme: String
    private let host: String
    private let pathStyle: Bool
    private let signer: SigV4Signer
    private let retry: RetryPolicy
    private let session: URLSession

    /// A bucket at AWS (`endpoint` nil: virtual-hosted style) or at a custom endpoint (path style).
    public init(
        bucket: String, prefix: String, endpoint: URL?, region: String, credentials: AWSCredentials,
        retry: RetryPolicy = RetryPolicy()
    ) throws(BucketError) {
        self.bucket = bucket
        self.prefix = prefix
        if let endpoint {
            guard let scheme = endpoint.scheme?.lowercased(), ["http", "https"].contains(scheme),
                let host = endpoint.host, !host.isEmpty
            else {
                throw BucketError(.protocolError, "endpoint \(endpoint.absoluteString) is not an http(s) URL")
            }
            self.scheme = scheme
            self.host = endpoint.port.map { "\(host):\($0)" } ?? host
            pathStyle = true
        } else {
            scheme = "https"
            host = "\(bucket).s3.\(region).amazonaws.com"
            pathStyle = false
        }
        signer = SigV4Signer(credentials: credentials, region: region)
        self.retry = retry
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = retry.timeout.rounded(.up)
        configuration.httpMaximumConnectionsPerHost = 8
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: RedirectRefuser(), delegateQueue: nil)
    }

    /// `s3://bucket/prefix`.
    public var description: String { "s3://\(bucket)\(prefix.isEmpty ? "" : "/\(prefix)")" }

    public func read(_ key: String, maximumBytes: Int) async throws(BucketError) -> StoredObject? {
        // A ranged GET: the store never sends more than one byte past the limit.
        let range = maximumBytes == .max ? [:] : ["Range": "bytes=0-\(maximumBytes)"]
        let response = try await send("GET", key, body: [], headers: range)
        switch response.status {
        case 200, 206: return StoredObject(bytes: response.body, etag: response.etag ?? "")
        case 416: return StoredObject(bytes: [], etag: response.etag ?? "")  // an empty object has no byte 0
        case 404: return nil
        default: throw unexpected(response, "GET", key)
        }
    }

    public func create(_ key: String, bytes: [UInt8], metadata: ObjectMetadata) async throws(BucketError)
        -> CreateOutcome
    {
        let response = try await send("PUT", key, body: bytes, headers: headers(metadata, ["If-None-Match": "*"]))
        switch response.status {
        case 200, 201, 204: return .created
        case 412: return .exists
        default: throw unexpected(response, "PUT", key)
        }
    }

    public func write(_ key: String, bytes: [UInt8], metadata: ObjectMetadata) async throws(BucketError) {
        let response = try await send("PUT", key, body: bytes, headers: headers(metadata, [:]))
        guard (200...204).contains(response.status) else { throw unexpected(response, "PUT", key) }
    }

    public func swap(_ key: String, bytes: [UInt8], metadata: ObjectMetadata, expecting expected: String?)
        async throws(BucketError) -> SwapOutcome
    {
        let condition = expected.map { ["If-Match": $0] } ?? ["If-None-Match": "*"]
        let response = try await send("PUT", key, body: bytes, headers: headers(metadata, condition))
        switch response.status {
        case 200, 201, 204: return .swapped
        case 412, 404: return .conflict
        default: throw unexpected(response, "PUT", key)
        }
    }

    /// `ListObjectsV2`, page by page (`pageSize` keys a page, at most 1,000), the pages' bytes
    /// bounded by ``S3ListPage/maximumBytes``.
    public func list(_ prefix: String, maximumKeys: Int) async throws(BucketError) -> [ListedObject] {
        try await list(prefix, maximumKeys: maximumKeys, pageSize: S3ListPage.maximumKeys)
    }

    /// ``list(_:maximumKeys:)`` with pages of `pageSize` keys (tests ask for small pages).
    public func list(_ prefix: String, maximumKeys: Int, pageSize: Int) async throws(BucketError) -> [ListedObject] {
        let fullPrefix = self.prefix.isEmpty ? prefix : "\(self.prefix)/\(prefix)"
        var listed: [ListedObject] = []
        var token: String?
        var pages = 0
        repeat {
            var query = [
                ("list-type", "2"), ("prefix", fullPrefix),
                ("max-keys", "\(min(max(1, pageSize), S3ListPage.maximumKeys))"),
            ]
            if let token { query.append(("continuation-token", token)) }
            let response = try await send("GET", nil, query: query, body: [], headers: [:])
            guard response.status == 200 else { throw unexpected(response, "GET", "\(prefix)… (list)") }
            let page: S3ListPage
            do {
                page = try S3ListPage.decode(response.body)
            } catch {
                throw BucketError(.protocolError, "GET \(description)/\(prefix)… (list): \(error.description)")
            }
            for object in page.objects {
                // Keys outside the prefix would be a store's mistake; never take one as ours.
                guard object.key.hasPrefix(fullPrefix) else {
                    throw BucketError(.protocolError, "GET \(description)/\(prefix)… (list): listed \(object.key)")
                }
                guard listed.count < maximumKeys else {
                    throw BucketError(.protocolError, "\(description)/\(prefix)…: more than \(maximumKeys) keys")
                }
                let key = self.prefix.isEmpty ? object.key : String(object.key.dropFirst(self.prefix.count + 1))
                listed.append(ListedObject(key: key, modified: object.modified))
            }
            pages += 1
            // A store that keeps answering "more" without keys must not loop forever.
            guard page.next == nil || !page.objects.isEmpty || pages < 3 else {
                throw BucketError(.protocolError, "GET \(description)/\(prefix)… (list): pages without keys")
            }
            token = page.next
        } while token != nil
        return listed
    }

    private func headers(_ metadata: ObjectMetadata, _ extra: [String: String]) -> [String: String] {
        extra.merging(["Content-Type": metadata.contentType, "Cache-Control": metadata.cacheControl]) { a, _ in a }
    }

    private struct Response {
        let status: Int
        let body: [UInt8]
        let etag: String?
    }

    /// Sends one request, retrying transient failures with a fresh signature each time.
    private func send(_ method: String, _ key: String, body: [UInt8], headers: [String: String])
        async throws(BucketError) -> Response
    {
        try await send(method, key, query: [], body: body, headers: headers)
    }

    /// Sends one request for `key` (nil: the bucket itself) with `query`.
    private func send(
        _ method: String, _ key: String?, query: [(String, String)], body: [UInt8], headers: [String: String]
    ) async throws(BucketError) -> Response {
        let fullKey = key.map { prefix.isEmpty ? $0 : "\(prefix)/\($0)" }
        let path =
            fullKey.map { URIEncoding.objectPath(pathStyle ? "\(bucket)/\($0)" : $0) }
            ?? (pathStyle ? URIEncoding.objectPath(bucket) : "/")
        let queryString = query.isEmpty ? "" : "?" + SigV4Signer.canonicalQuery(query)
        guard let url = URL(string: "\(scheme)://\(host)\(path)\(queryString)") else {
            throw BucketError(.protocolError, "cannot form a URL for key \(fullKey ?? bucket)")
        }
        let key = key ?? ""
        let payloadHash = SHA256.hexDigest(body)
        var lastProblem = ""
        for attempt in 0..<max(1, retry.attempts) {
            // Once the publish has failed elsewhere, start no new request (see ``send(_:)``).
            if Task.isCancelled { throw BucketError(.unavailable, "\(method) \(description)/\(key): cancelled") }
            if attempt > 0 {
                let ceiling = min(retry.maximumDelay, retry.baseDelay * pow(2, Double(attempt - 1)))
                try? await Task.sleep(nanoseconds: UInt64(Double.random(in: 0...ceiling) * 1e9))
            }
            var request = URLRequest(url: url, timeoutInterval: retry.timeout.rounded(.up))
            request.httpMethod = method
            let signed = signer.sign(
                method: method, host: host, path: path, query: query, headers: headers, payloadHash: payloadHash,
                date: Date())
            for (name, value) in headers.merging(signed, uniquingKeysWith: { _, new in new }) {
                request.setValue(value, forHTTPHeaderField: name)
            }
            if method == "PUT" { request.httpBody = Data(body) }
            let data: Data
            let response: URLResponse
            do {
                (data, response) = try await send(request)
            } catch let error as URLError where Self.isTransient(error) {
                lastProblem = error.code == .timedOut ? "timed out" : error.localizedDescription
                continue
            } catch {
                throw BucketError(.unavailable, "\(method) \(description)/\(key): \(error.localizedDescription)")
            }
            guard let http = response as? HTTPURLResponse else {
                throw BucketError(.protocolError, "\(method) \(description)/\(key): not an HTTP response")
            }
            let status = http.statusCode
            if status >= 500 || status == 429 || status == 409 {
                lastProblem = "HTTP \(status)"
                continue
            }
            if (300..<400).contains(status) {
                throw BucketError(
                    .protocolError,
                    "\(method) \(description)/\(key): redirect (HTTP \(status)) refused; check --endpoint and --region")
            }
            let etag = http.value(forHTTPHeaderField: "ETag")
            return Response(status: status, body: [UInt8](data), etag: etag)
        }
        throw BucketError(
            .unavailable, "\(method) \(description)/\(key) failed \(retry.attempts) times (last: \(lastProblem))")
    }

    /// Sends `request` and waits for the whole response.
    ///
    /// Not `URLSession.data(for:)`: cancelling its task while the response completes deadlocks in
    /// swift-corelibs-foundation (issue #5412: the task's status lock and the session's work queue
    /// are taken in opposite orders), and a failed upload cancels its siblings in flight. A request
    /// sent here runs to its end (bounded by the timeout); cancellation stops only new requests.
    private func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let response {
                    continuation.resume(returning: (data ?? Data(), response))
                } else {
                    continuation.resume(throwing: URLError(.badServerResponse))
                }
            }.resume()
        }
    }

    private static func isTransient(_ error: URLError) -> Bool {
        [
            .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet, .dnsLookupFailed,
            .cannotFindHost,
        ]
        .contains(error.code)
    }

    private func unexpected(_ response: Response, _ method: String, _ key: String) -> BucketError {
        let text = String(decoding: response.body, as: UTF8.self)
        let code = Self.element("Code", in: text)
        let message = Self.element("Message", in: text)
        let detail = [code, message].compactMap { $0 }.joined(separator: ": ")
        let summary = "\(method) \(description)/\(key): HTTP \(response.status)\(detail.isEmpty ? "" : " \(detail)")"
        if response.status == 403 || response.status == 401 {
            return BucketError(
                .authentication,
                "\(summary) — the credentials were refused; check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and --region"
            )
        }
        return BucketError(.protocolError, summary)
    }

    private static func element(_ name: String, in xml: String) -> String? {
        guard let start = xml.range(of: "<\(name)>"),
            let end = xml.range(of: "</\(name)>", range: start.upperBound..<xml.endIndex)
        else { return nil }
        return String(xml[start.upperBound..<end.lowerBound])
    }
}

/// Refuses every redirect: a 3xx reaches the caller, which treats it as an error.
private final class RedirectRefuser: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
