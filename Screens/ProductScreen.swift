import ScreenKit

/// Product detail, one screen per product.
enum ProductScreen {
    static func screen(for product: Product) -> Screen {
        Screen(product.screenID, title: product.name, initialState: ["quantity": 1]) {
            ScrollView {
                Column(id: "detail", spacing: 12, alignment: .leading) {
                    Image(url: product.imageURL, id: "hero")
                        .contentMode(.fill)
                        .frame(height: 280)
                        .accessibilityLabel(product.name)
                    Text(product.name, id: "name").style(.largeTitle)
                    if let badge = product.badge {
                        Text(badge, id: "badge").style(.caption).color(.accentWarning)
                    }
                    Text(product.price, id: "price").style(.title)
                    Text(product.summary, id: "summary").lineLimit(4)
                    purchase(product)
                    Button(
                        "Share", id: "share",
                        action: .share("https://shop.example.com/p/\(product.sku)", message: "Look: \(product.name)")
                    )
                    .style(.secondary)
                }
                .padding(16)
                .track(.appear, ProductViewed(product: product.sku))
            }
        }
    }

    @ScreenBuilder static func purchase(_ product: Product) -> [Node] {
        if product.inStock {
            Row(id: "purchase", spacing: 12, alignment: .center) {
                Button("−", id: "decrease", action: .updateState("quantity", to: 1)).style(.secondary)
                Button(
                    "Add to cart", id: "add-to-cart",
                    action: .sequence {
                        Action.apiCall("/api/v1/cart/items", bodyFromState: ["quantity"])
                        Action.updateState("quantity", to: 1)
                        if product.badge != nil {
                            Action.showAlert(title: "Added \(product.name)")
                        }
                        Action.navigate(to: "cart", params: ["sku": product.sku], presentation: .sheet)
                    }
                )
                .track(.tap, AddToCartTapped(product: product.sku, badge: product.badge != nil))
            }
        } else {
            Button("Sold out", id: "sold-out", action: .showAlert(title: "Sold out")).enabled(false)
        }
    }
}
