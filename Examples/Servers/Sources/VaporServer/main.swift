// The example app's screens served by Vapor 4: one ScreenRenderer for the process, and each route
// copies the request in and ScreenKit's framework-neutral response out.
//
//   swift run VaporServer [--host 127.0.0.1] [--port 8080]      (SIGTERM or ^C: graceful stop)
import Foundation
import ScreenRendering
import ServerSupport
import Vapor

let (options, routes, events) = ServerStartup.fromCommandLine()

// Vapor reads its own command line: hand it `serve` with the address.
let environment = Environment(
    name: "production", arguments: ["VaporServer", "serve", "--hostname", options.host, "--port", String(options.port)])
let app = try await Application.make(environment)
app.logger.logLevel = .notice

// snippet: vapor-handler
app.get("screens", ":id") { request in
    Response(
        routes.screen(
            request.parameters.get("id") ?? "", query: request.query,
            contractHeader: request.headers.list(ClientContract.headerName),
            ifNoneMatch: request.headers.list("If-None-Match"),
            armHeader: request.headers.list(ExperimentContext.overrideHeaderName),
            acceptLanguage: request.headers.list("Accept-Language")))
}

extension HTTPHeaders {
    /// The values of every field named `name`, joined with ", " (a list may come split over
    /// repeated fields); nil when there is none.
    func list(_ name: String) -> String? {
        let values = self[name]
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

extension Response {
    /// ScreenKit's framework-neutral response as Vapor's.
    convenience init(_ response: ScreenResponse) {
        var headers = HTTPHeaders()
        for header in response.headers { headers.add(name: header.name, value: header.value) }
        self.init(
            status: HTTPResponseStatus(statusCode: response.status), headers: headers,
            body: Response.Body(buffer: ByteBuffer(bytes: response.body)))
    }
}

extension Request {
    /// The query's parameters (the last value of a repeated name).
    var query: [String: String] {
        var values: [String: String] = [:]
        for item in URLComponents(string: url.string)?.queryItems ?? [] { values[item.name] = item.value ?? "" }
        return values
    }
}
// snippet: end

// The benchmark's baselines: Codable + JSONEncoder per request, and bytes encoded once.
app.get("codable", ":id") { request in
    Response(
        routes.codable(
            request.parameters.get("id") ?? "", query: request.query,
            contractHeader: request.headers.first(name: ClientContract.headerName)))
}
app.get("static", ":id") { request in
    Response(routes.preEncoded(request.parameters.get("id") ?? "", query: request.query))
}
app.get("metrics") { _ in Response(routes.metrics()) }
// Analytics events: a bigger body is refused (413) before it is read.
app.on(.POST, "events", body: .collect(maxSize: ByteCount(value: EventBatch.Limits().maximumBytes))) { request in
    Response(events.respond(request.body.data.map { Array(buffer: $0) } ?? [], query: request.query))
}

// `serve` logs "Server started on http://…", and stops gracefully on SIGTERM and SIGINT.
try await app.execute()
try await app.asyncShutdown()
print("stopped")
