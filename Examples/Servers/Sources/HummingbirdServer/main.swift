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
    Response(
        routes.screen(
            try context.parameters.require("id"), query: request.query,
            contractHeader: request.headers[contractHeader], ifNoneMatch: request.headers[.ifNoneMatch],
            armHeader: request.headers[armHeader], acceptLanguage: request.headers[.acceptLanguage]))
}

extension Response {
    /// ScreenKit's framework-neutral response as Hummingbird's.
    init(_ response: ScreenResponse) {
        var headers = HTTPFields()
        for header in response.headers {
            if let name = HTTPField.Name(header.name) { headers.append(HTTPField(name: name, value: header.value)) }
        }
        headers[.contentLength] = String(response.body.count)
        self.init(
            status: HTTPResponse.Status(code: response.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }
}

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
