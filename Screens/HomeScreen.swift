import ScreenKit

/// Home: a feed of promotions and product cards.
enum HomeScreen {
    static let screen = Screen("home", title: "Home") {
        ScrollView {
            LazyVStack(id: "feed", spacing: 16) {
                promotions
                for product in Product.all {
                    ProductCard(
                        title: product.name, price: product.price, imageURL: product.imageURL,
                        badge: product.badge, id: "card-\(product.sku)",
                        action: .navigate(to: product.screenID))
                }
                Card(id: "cart-card", action: .navigate(to: "cart")) {
                    Text("Your cart").style(.headline)
                }
            }
        }
    }

    @ScreenBuilder static var promotions: [Node] {
        Row(id: "greeting", alignment: .bottom) {
            Text("Good morning").style(.display)
            Spacer()
            Button("Settings", id: "open-settings", action: .navigate(to: "settings")).style(.secondary)
        }
        ScrollView(.horizontal, id: "promos") {
            Row(spacing: 12) {
                Card {
                    Text("Summer \"cold brew\" week").style(.headline)
                    Text("All cold-brew gear −20 %").style(.caption)
                }
                .padding(12)
                .cornerRadius(20)
                Card {
                    Text("Free shipping over €50").style(.headline)
                    Text("Ends Sunday").style(.footnote)
                }
            }
        }
    }
}
