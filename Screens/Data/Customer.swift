/// A signed-in customer and their orders: the data the orders screen is built from per request.
public struct Customer: Sendable {
    /// One order.
    public struct Order: Sendable {
        /// The order number, unique per customer; it becomes the order card's ID.
        public let number: String
        /// The SKU of the product ordered (see `Product.all`).
        public let sku: String
        /// How many.
        public let quantity: Int
        /// The total, formatted.
        public let total: String
        /// Whether it has shipped; shipped orders can be tracked.
        public let shipped: Bool
        /// The carrier's tracking page, once shipped.
        public let trackingURL: String?

        /// An order.
        public init(number: String, sku: String, quantity: Int, total: String, shipped: Bool, trackingURL: String?) {
            self.number = number
            self.sku = sku
            self.quantity = quantity
            self.total = total
            self.shipped = shipped
            self.trackingURL = trackingURL
        }
    }

    /// The customer's first name.
    public let name: String
    /// Their orders, newest first.
    public let orders: [Order]

    /// A customer.
    public init(name: String, orders: [Order]) {
        self.name = name
        self.orders = orders
    }

    /// The customer `user` of the example servers' demo store: `orders` orders (default 3), built
    /// like ``sample(name:orders:)``. The user `broken` has a bug in its data: two orders share a
    /// number, so its orders screen breaks `id-duplicate`.
    public static func demo(user: String, orders: Int? = nil) -> Customer {
        let customer = sample(name: user, orders: max(orders ?? 3, user == "broken" ? 2 : 0))
        guard user == "broken" else { return customer }
        var orders = customer.orders
        let first = orders[0]
        orders[1] = Order(
            number: first.number, sku: orders[1].sku, quantity: orders[1].quantity, total: orders[1].total,
            shipped: orders[1].shipped, trackingURL: orders[1].trackingURL)
        return Customer(name: user, orders: orders)
    }

    /// A deterministic sample customer with `count` orders, for examples, tests and benchmarks.
    public static func sample(name: String = "Ada", orders count: Int = 3) -> Customer {
        let skus = Product.all.map(\.sku)
        let orders = (0..<count).map { index in
            let shipped = index % 3 != 0
            let cents = (index * 7) % 100
            return Order(
                number: "A\(10_000 + index)", sku: skus[index % skus.count], quantity: 1 + index % 4,
                total: "€\(20 + index % 70).\(cents < 10 ? "0" : "")\(cents)", shipped: shipped,
                trackingURL: shipped ? "https://track.example.com/A\(10_000 + index)" : nil)
        }
        return Customer(name: name, orders: orders)
    }
}
