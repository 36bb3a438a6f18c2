import ExampleScreens
import Foundation
import ScreenKit
import ScreenRendering

/// What both example servers answer, in ScreenKit's framework-neutral terms; the servers only copy
/// a request's path, query and headers in, and the `ScreenResponse` out.
///
/// - `GET /screens/{id}`: a catalog screen, or one rendered per request: `orders` (from the demo
///   store: `?user=ada&orders=272`; user `broken` has a data error) and `whats-new` (contract 2 and
///   later only); in English, German, French or Polish as `Accept-Language` asks.
/// - `GET /codable/orders?orders=N` and `GET /codable/home`: the same payload (current clients) from a
///   hand-written Codable model and JSONEncoder (sorted keys), per request — what a team writes
///   without ScreenKit.
/// - `GET /static/orders?orders=272` and `GET /static/home`: the same bytes, encoded once at
///   start-up: the framework's floor.
/// - `GET /metrics`: the contract-health metrics in the Prometheus text format (``metrics()``).
public final class ScreenRoutes: Sendable {
    /// The renderer, created once.
    public let renderer: ScreenRenderer
    private let preEncodedOrders: [UInt8]
    private let preEncodedHome: [UInt8]
    private let handWrittenHome: HandWrittenScreen
    /// The number of orders `/static/orders` was encoded for.
    public let preEncodedOrderCount: Int

    /// The catalog screen the baseline routes serve besides `orders`.
    public static let homeID = "home"

    /// The largest `orders` a request may ask for.
    public static let maximumOrders = 5000

    /// Creates the renderer from the example app's catalog, embedded history and embedded String
    /// Catalog; throws (the server refuses to start) if the static checks fail.
    /// With `observesHealth`, every response is reported to swift-metrics
    /// (``SwiftMetricsRenderObserver``; bootstrap ``ServerMetrics`` first); with `records`, its
    /// response record is appended there (``ResponseRecorder``: the lines the edge routers log).
    public init(
        preEncodedOrders: Int = 272, allowsOverrides: Bool = false, observesHealth: Bool = false,
        records: EventLog? = nil
    ) throws {
        let renderer = try ScreenRenderer(
            catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files), allowsOverrides: allowsOverrides,
            strings: ScreenRenderer.Strings(catalogs: EmbeddedStringCatalogs.catalogs, locales: App.locales))
        // snippet: response-records
        var observers: [any RenderObserver] = []
        if observesHealth { observers.append(SwiftMetricsRenderObserver(renderer: renderer)) }
        if let records { observers.append(ResponseRecorder { records.append(Array(($0 + "\n").utf8)) }) }
        self.renderer = observers.isEmpty ? renderer : renderer.observed(by: RenderObservers(observers))
        // snippet: end
        preEncodedOrderCount = preEncodedOrders
        self.preEncodedOrders = try renderer.render(
            OrdersScreen.screen(for: .demo(user: "guest", orders: preEncodedOrders)), for: .version(renderer.current)
        ).bytes
        preEncodedHome = try renderer.render(screenID: Self.homeID, for: .version(renderer.current)).bytes
        guard let home = App.catalog.screens.first(where: { $0.id == Self.homeID }) else {
            throw RenderError.unknownScreen(Self.homeID)
        }
        handWrittenHome = HandWrittenScreen(home, catalog: App.catalog)
    }

    // snippet: screen-routes
    /// `GET /screens/{id}`. The demo's unit is the `user` query parameter (a real server takes
    /// its signed-in user's ID); `armHeader` is the request's `ScreenKit-Arm`, `acceptLanguage`
    /// its `Accept-Language`.
    public func screen(
        _ id: String, query: [String: String], contractHeader: String?, ifNoneMatch: String?, armHeader: String?,
        acceptLanguage: String?
    ) -> ScreenResponse {
        switch id {
        case OrdersScreen.id:
            guard let orders = Self.orders(query) else { return Self.badRequest(query) }
            let customer = Customer.demo(user: query["user"] ?? "guest", orders: orders)
            return renderer.respond(
                OrdersScreen.screen(for: customer), contractHeader: contractHeader, ifNoneMatch: ifNoneMatch,
                acceptLanguage: acceptLanguage)
        case WhatsNewScreen.screen.id:
            return renderer.respond(
                WhatsNewScreen.screen, contractHeader: contractHeader, ifNoneMatch: ifNoneMatch,
                cacheControl: ScreenResponse.sharedCaching, acceptLanguage: acceptLanguage)
        default:
            let experiments = ExperimentContext(
                unit: query["user"], flags: DemoFlags(user: query["user"]),
                overrides: ExperimentContext.parseOverrides(armHeader))
            return renderer.respond(
                screenID: id, contractHeader: contractHeader, ifNoneMatch: ifNoneMatch, experiments: experiments,
                acceptLanguage: acceptLanguage)
        }
    }
    // snippet: end

    /// `GET /metrics`: every metric of the process, from swift-metrics' Prometheus registry.
    public func metrics() -> ScreenResponse {
        ScreenResponse(
            status: 200, headers: [.init(name: "Content-Type", value: ServerMetrics.contentType)],
            body: ServerMetrics.exposition())
    }

    /// `GET /codable/{id}` (`orders` or `home`): Codable + JSONEncoder, per request.
    public func codable(_ id: String, query: [String: String], contractHeader: String?) -> ScreenResponse {
        do {
            switch id {
            case OrdersScreen.id:
                guard let orders = Self.orders(query) else { return Self.badRequest(query) }
                let version =
                    ClientContract.parse(contractHeader).served(minContract: 1, current: renderer.current)
                    ?? renderer.current
                return Self.json(
                    try HandWrittenOrders.encode(
                        .demo(user: query["user"] ?? "guest", orders: orders), version: version))
            case Self.homeID:
                return Self.json(try handWrittenHome.encode())
            default:
                return Self.notFound("/codable/\(id)")
            }
        } catch {
            return ScreenResponse(status: 500, headers: [], body: Array("cannot encode: \(error)".utf8))
        }
    }

    /// `GET /static/{id}` (`orders?orders=272` or `home`): bytes encoded once at start-up.
    public func preEncoded(_ id: String, query: [String: String]) -> ScreenResponse {
        switch id {
        case OrdersScreen.id:
            guard let orders = Self.orders(query), orders == preEncodedOrderCount else {
                return Self.notFound("/static/orders?orders=\(query["orders"] ?? "")")
            }
            return Self.json(preEncodedOrders)
        case Self.homeID: return Self.json(preEncodedHome)
        default: return Self.notFound("/static/\(id)")
        }
    }

    static func notFound(_ path: String) -> ScreenResponse {
        ScreenResponse(status: 404, headers: [], body: Array("nothing at \(path)".utf8))
    }

    /// `orders` from the query: 3 when absent, nil when malformed or over the maximum.
    static func orders(_ query: [String: String]) -> Int? {
        guard let text = query["orders"] else { return 3 }
        guard let value = Int(text), (0...maximumOrders).contains(value) else { return nil }
        return value
    }

    static func json(_ bytes: [UInt8]) -> ScreenResponse {
        ScreenResponse(
            status: 200, headers: [ScreenResponse.Header(name: "Content-Type", value: "application/json")], body: bytes)
    }

    static func badRequest(_ query: [String: String]) -> ScreenResponse {
        ScreenResponse(
            status: 400, headers: [ScreenResponse.Header(name: "Content-Type", value: "application/problem+json")],
            body: Array(
                #"{"type":"urn:screenkit:problem:bad-request","title":"Bad query","status":400,"detail":"orders must be a whole number from 0 to \#(maximumOrders)"}"#
                    .utf8))
    }
}

/// The demo's flag service: `cart-reminder` is on for users in the beta (`beta-…`), off otherwise.
struct DemoFlags: FlagSource {
    /// The request's user.
    let user: String?

    /// Whether `flag` is on for the user.
    func isOn(_ flag: String) -> Bool? {
        flag == "cart-reminder" ? user?.hasPrefix("beta-") == true : nil
    }
}
