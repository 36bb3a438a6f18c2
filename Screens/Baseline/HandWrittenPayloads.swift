import Foundation
import ScreenCompiler
import ScreenKit

/// The orders payload as a server without ScreenKit builds it: a Codable model from the data, then
/// JSONEncoder with sorted keys. Version 1 clients get `largeTitle` and no `maxLines`, by hand.
public enum HandWrittenOrders {
    /// The orders envelope for `customer` as clients of contract `version` receive it.
    public static func encode(_ customer: Customer, version: Int) throws -> [UInt8] {
        let root = CodableNode(type: "scrollView", id: "orders.scrollView-1")
        root.axis = "vertical"
        let list = CodableNode(type: "lazyVStack", id: "orders")
        list.spacing = 12
        let greeting = CodableNode(type: "text", id: "greeting")
        greeting.content = "Hello, \(customer.name)"
        greeting.style = version >= 2 ? "display" : "largeTitle"
        var children = [greeting]
        if customer.orders.isEmpty {
            let empty = CodableNode(type: "text", id: "empty")
            empty.content = "No orders yet"
            empty.style = "body"
            children.append(empty)
        } else {
            let count = CodableNode(type: "text", id: "order-count")
            count.content = "You have \(customer.orders.count) order\(customer.orders.count == 1 ? "" : "s")"
            count.style = "subheadline"
            children.append(count)
        }
        for order in customer.orders {
            let product = Product.all.first { $0.sku == order.sku }
            let card = CodableNode(type: "card", id: "order-\(order.number)")
            card.padding = 16
            card.cornerRadius = 12
            card.action = CodableAction(navigateTo: product?.screenID ?? "home")
            let name = CodableNode(type: "text", id: "order-\(order.number).text-1")
            name.content = product?.name ?? order.sku
            name.style = "headline"
            if version >= 2 { name.maxLines = 1 }
            let total = CodableNode(type: "text", id: "order-\(order.number).text-2")
            total.content = "\(order.quantity) × · \(order.total)"
            total.style = "subheadline"
            var cardChildren = [name, total]
            if let url = order.trackingURL {
                let track = CodableNode(type: "button", id: "track-\(order.number)")
                track.label = "Track"
                track.action = CodableAction(openURL: url)
                track.style = "plain"
                track.isEnabled = true
                cardChildren.append(track)
            }
            card.children = cardChildren
            children.append(card)
        }
        let more = CodableNode(type: "button", id: "keep-shopping")
        more.label = "Keep shopping"
        more.action = CodableAction(navigateTo: "home")
        more.style = "secondary"
        more.isEnabled = true
        children.append(more)
        list.children = children
        root.children = [list]
        let envelope = CodableEnvelope(
            format: 1, id: "orders", contract: version, minContract: 1, title: "Your orders", initialState: [:],
            root: root)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(envelope))
    }
}

/// A catalog screen's payload for current clients as a server without ScreenKit sends it: the
/// screen's node tree is resolved once, and each call builds the Codable model from it and encodes
/// it with JSONEncoder (sorted keys).
public struct HandWrittenScreen: Sendable {
    let screen: Screen
    let root: Node
    let schemas: [String: ComponentSchema]

    /// Resolves `screen` of `catalog` once.
    public init(_ screen: Screen, catalog: Catalog) {
        var single = catalog
        single.screens = [screen]
        self.screen = screen
        root = Compiler(catalog: single).resolvedTrees()[0]!.root
        schemas = Dictionary(catalog.components.map { ($0.type, $0) }) { first, _ in first }
    }

    /// The envelope for current clients: the model built from the resolved tree, then encoded.
    public func encode() throws -> [UInt8] {
        let model = CodableNode(root, schemas: schemas)
        model.removeFallbacks()
        let envelope = CodableEnvelope(
            format: 1, id: screen.id, contract: 2, minContract: 1, title: screen.title,
            initialState: screen.initialState.mapValues(CodableScalar.init), root: model)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(envelope))
    }
}
