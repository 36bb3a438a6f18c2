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
                cartCard
            }
        }
    }

    /// A feature flag: the cart card with a reminder of what is in it, for users the server turns
    /// it on for; everyone else keeps the plain card (the control).
    static var cartCard: Flag {
        Flag("cart-reminder") {
            Card(id: "cart-card", action: .navigate(to: "cart")) {
                Text("Your cart").style(.headline)
                Text("Still thinking about the Aeropress?").style(.caption)
            }
        } off: {
            Card(id: "cart-card", action: .navigate(to: "cart")) {
                Text("Your cart").style(.headline)
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
            // snippet: experiment
            Row(spacing: 12) {
                // An A/B test: which promotion comes first.
                Experiment("promo-order") {
                    Arm("control", weight: 50) {
                        coldBrew
                        shipping
                    }
                    Arm("shipping-first", weight: 50) {
                        shipping
                        coldBrew
                    }
                }
            }
            // snippet: end
        }
    }

    static var coldBrew: Card {
        Card {
            Text("Summer \"cold brew\" week").style(.headline)
            Text("All cold-brew gear −20 %").style(.caption)
        }
        .padding(12)
        .cornerRadius(20)
    }

    static var shipping: Card {
        Card {
            Text("Free shipping over €50").style(.headline)
            Text("Ends Sunday").style(.footnote)
        }
    }
}
