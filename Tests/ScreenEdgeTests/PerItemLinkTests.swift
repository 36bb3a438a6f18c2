import ExampleScreens
import Foundation
import ScreenEdge
import ScreenKit
import ScreenRendering
import ScreenTestSupport
import Testing

/// A screen built per request links to per-item catalog screens, end to end: the orders screen the
/// renderer builds for a customer links only to screens the published bucket holds, the edge
/// router serves each of them as the renderer does, and a link to an item the catalog lacks is
/// refused per request.
@Suite struct PerItemLinkTests {
    /// Every `navigate` destination in an envelope.
    static func destinations(in body: [UInt8]) throws -> [String] {
        var found: [String] = []
        func visit(_ value: Any) {
            if let object = value as? [String: Any] {
                if object["type"] as? String == "navigate", let destination = object["destination"] as? String {
                    found.append(destination)
                }
                object.values.forEach(visit)
            } else if let array = value as? [Any] {
                array.forEach(visit)
            }
        }
        visit(try JSONSerialization.jsonObject(with: Data(body)))
        return found
    }

    /// The product pages the orders screen of a customer with `count` orders links to, rendered for
    /// contract 4, and the renderer.
    static func links(orders count: Int) throws -> (renderer: ScreenRenderer, products: Set<String>) {
        let renderer = try EdgeFixture.renderer()
        let response = renderer.respond(
            OrdersScreen.screen(for: .sample(orders: count)), contractHeader: "4", ifNoneMatch: nil)
        #expect(response.status == 200)
        let targets = try destinations(in: response.body)
        #expect(targets.contains("home"))
        return (renderer, Set(targets.filter { $0.hasPrefix("product-") }))
    }

    @Test func theOrdersScreenLinksOnlyToScreensTheBucketHolds() throws {
        let (renderer, products) = try Self.links(orders: 6)
        #expect(products == Set(Product.all.map(\.screenID)), "\(products)")
        for product in products {
            // Published: the bucket's alias and each version's path, the bytes the renderer serves.
            let alias = try #require(EdgeFixture.layout.files["screens/\(product)"], "\(product) is not in the bucket")
            #expect(
                EdgeFixture.layout.files["contracts/4/screens/\(product)"]
                    == renderer.respond(screenID: product, contractHeader: "4", ifNoneMatch: nil).body)
            #expect(!alias.isEmpty)
        }
    }

    @Test(.needs(.node)) func theEdgeRouterServesEveryLinkedItemAsTheRendererDoes() throws {
        let (renderer, products) = try Self.links(orders: 6)
        let requests = products.sorted().flatMap { product in
            [nil, "1", "4"].map { EdgeFixture.Request(segment: product, screenID: product, contract: $0) }
        }
        let answers = try EdgeFetchParityTests.run(requests, router: try EdgeFixture.router())
        for (request, response) in zip(requests, answers.responses) {
            #expect(response.status == 200, "\(request)")
            EdgeFixture.compare(
                request, expected: request.expected(from: renderer), status: response.status,
                headers: response.headers, body: response.body)
        }
    }

    @Test func aLinkToAnItemTheCatalogLacksIsRefusedPerRequest() throws {
        let renderer = try EdgeFixture.renderer()
        let screen = Screen("orders") {
            Column(id: "orders") {
                Button("Order A1", id: "order-A1", action: .navigate(to: "product-discontinued"))
            }
        }
        let response = renderer.respond(screen, contractHeader: "4", ifNoneMatch: nil)
        #expect(response.status == 500)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains("reference-unknown") && text.contains("product-discontinued"), "\(text)")
    }
}
