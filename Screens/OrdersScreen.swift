import ScreenKit

/// "Your orders": built per request from the signed-in customer's data, not part of the static
/// catalog (the catalog lists it in `externalScreens` so other screens may link to it).
public enum OrdersScreen {
    /// The screen ID.
    public static let id = "orders"

    /// The orders screen for `customer`.
    public static func screen(for customer: Customer) -> Screen {
        Screen(id, title: "Your orders") {
            ScrollView {
                LazyVStack(id: "orders", spacing: 12) {
                    Text(localized: "Hello, \(customer.name)", id: "greeting").style(.display)
                    if customer.orders.isEmpty {
                        Text(localized: "No orders yet", id: "empty").style(.body)
                    } else {
                        Text(localized: orderCount(customer.orders.count), id: "order-count").style(.subheadline)
                    }
                    for order in customer.orders {
                        card(for: order)
                    }
                    Button(localized: "Keep shopping", id: "keep-shopping", action: .navigate(to: "home"))
                        .style(.secondary)
                }
            }
        }
    }

    /// The localized strings the screen uses, declared so `check` checks them against the String
    /// Catalog although the screen is built per request.
    public static let strings: [LocalizedString] = [
        "Hello, \("name")", "No orders yet", orderCount(0), "Keep shopping",
    ]

    /// "You have 5 orders", in the plural form the request's locale uses for `count`.
    static func orderCount(_ count: Int) -> LocalizedString {
        LocalizedString("orders.count", defaultValue: "You have \(count) orders")
    }

    /// One order's card: the product, the total and, once shipped, a tracking button.
    static func card(for order: Customer.Order) -> Card {
        let product = Product.all.first { $0.sku == order.sku }
        return Card(id: "order-\(order.number)", action: .navigate(to: product?.screenID ?? "home")) {
            Text(product?.name ?? order.sku).style(.headline).lineLimit(1)
            Text("\(order.quantity) × · \(order.total)").style(.subheadline)
            if let trackingURL = order.trackingURL {
                Button("Track", id: "track-\(order.number)", action: .openURL(trackingURL)).style(.plain)
            }
        }
    }
}
