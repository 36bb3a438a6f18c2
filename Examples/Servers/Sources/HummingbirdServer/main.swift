// The example app's screens served by Hummingbird 2: one ScreenRenderer for the process, and each
// route copies the request in and ScreenKit's framework-neutral response out.
//
//   swift run HummingbirdServer [--host 127.0.0.1] [--port 8080]      (SIGTERM or ^C: graceful stop)
import Foundation
import HTTPTypes
import Hummingbird
import ScreenRendering
import ServerSupport

let (options, routes, events) = ServerStartup.fromCommandLine()

// snippet: hummingbird-handler
let contractHeader = HTTPField.Name(ClientContract.headerName)!
let armHeader = HTTPField.Name(ExperimentContext.overrideHeaderName)!
let router = Router()
router.get("screens/{id}") { request, context in
    let headers = ScreenRequestHeaders(request.headers)
    return Response(
        routes.screen(
            try context.parameters.require("id"), query: request.query, contractHeader: headers.contract,
            ifNoneMatch: headers.ifNoneMatch, armHeader: headers.arm, acceptLanguage: headers.acceptLanguage))
}

/// The request headers a screen response depends on, read in one pass over the request's fields
/// (a repeated one joined with ", ", as `HTTPFields`' subscript joins it, which would take one
/// pass per header).
struct ScreenRequestHeaders {
    var contract: String?
    var ifNoneMatch: String?
    var arm: String?
    var acceptLanguage: String?

    init(_ fields: HTTPFields) {
        for field in fields {
            switch field.name {
            case contractHeader: Self.add(field.value, to: &contract)
            case .ifNoneMatch: Self.add(field.value, to: &ifNoneMatch)
            case armHeader: Self.add(field.value, to: &arm)
            case .acceptLanguage: Self.add(field.value, to: &acceptLanguage)
            default: continue
            }
        }
    }

    private static func add(_ value: String, to header: inout String?) {
        header = header.map { "\($0), \(value)" } ?? value
    }
}

extension Response {
    /// ScreenKit's framework-neutral response as Hummingbird's.
    init(_ response: ScreenResponse) {
        var headers = HTTPFields()
        headers.reserveCapacity(response.headers.count + 1)
        for header in response.headers {
            if let name = screenHeaderNames[header.name] ?? HTTPField.Name(header.name) {
                headers.append(HTTPField(name: name, value: header.value))
            }
        }
        headers.append(HTTPField(name: .contentLength, value: String(response.body.count)))
        self.init(
            status: HTTPResponse.Status(code: response.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }
}

/// The names ScreenKit's responses carry, parsed once (parsing one checks and lowercases it).
let screenHeaderNames: [String: HTTPField.Name] = Dictionary(
    uniqueKeysWithValues: [
        "Content-Type", "ETag", "Cache-Control", "Vary", "Content-Language", ClientContract.headerName,
        ExperimentContext.appliedHeaderName,
    ].map { ($0, HTTPField.Name($0)!) })

extension Request {
    /// The query's parameters (the last value of a repeated name).
    var query: [String: String] {
        var values: [String: String] = [:]
        for (name, value) in uri.queryParameters { values[String(name)] = String(value) }
        return values
    }
}
// snippet: end

// The benchmark's baselines (Benchmarks/serve.sh): Codable + JSONEncoder per request, and bytes
// encoded once.
router.get("codable/{id}") { request, context in
    Response(
        routes.codable(
            try context.parameters.require("id"), query: request.query,
            contractHeader: request.headers[contractHeader]))
}
router.get("static/{id}") { request, context in
    Response(routes.preEncoded(try context.parameters.require("id"), query: request.query))
}
router.get("metrics") { _, _ in Response(routes.metrics()) }
// Analytics events: a bigger body is refused (413) before it is read.
router.post("events") { request, _ in
    let body = try await request.body.collect(upTo: EventBatch.Limits().maximumBytes)
    return Response(events.respond(Array(buffer: body), query: request.query))
}

let app = Application(
    router: router,
    configuration: .init(address: .hostname(options.host, port: options.port), serverName: "ScreenKit example"),
    onServerRunning: { channel in
        let port = channel.localAddress?.port ?? options.port
        FileHandle.standardOutput.write(Data("listening on http://\(options.host):\(port)\n".utf8))
    })
try await app.runService()
print("stopped")
