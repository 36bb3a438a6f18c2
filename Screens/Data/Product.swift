/// A product the shop sells; the screens are generated from this data.
public struct Product: Sendable {
    public let sku: String
    public let name: String
    public let price: String
    public let summary: String
    public let imageURL: String
    public let badge: String?
    public let inStock: Bool

    /// The screen ID of the product's detail screen.
    public var screenID: String { "product-\(sku)" }

    public static let all: [Product] = [
        Product(
            sku: "aeropress", name: "AeroPress Go", price: "€39.95",
            summary: "A travel coffee maker: \"smooth, rich, grit-free\" in about a minute.",
            imageURL: "https://cdn.example.com/products/aeropress.jpg", badge: "Bestseller", inStock: true),
        Product(
            sku: "grinder", name: "Hand Grinder C2", price: "€89.00",
            summary: "Stainless burrs, 15 grind settings\nand a 25 g hopper.",
            imageURL: "https://cdn.example.com/products/grinder.jpg", badge: nil, inStock: true),
        Product(
            sku: "kettle", name: "Gooseneck Kettle", price: "€59.50",
            summary: "Precise pouring; temperature hold from 40 °C to 100 °C.",
            imageURL: "https://cdn.example.com/products/kettle.jpg", badge: "Back soon", inStock: false),
    ]
}
