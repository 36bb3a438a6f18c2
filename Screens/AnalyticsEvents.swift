import ScreenKit

/// The analytics events the example app's screens send, frozen in contract version 3.
enum AnalyticsEvents {
    /// Every declaration, for `Catalog.events`.
    static let all = [ProductViewed.schema, AddToCartTapped.schema]
}

/// A product's page was shown.
struct ProductViewed: AnalyticsEvent {
    static let schema = EventSchema(
        "product_viewed", params: [.required("product", .string)], meaning: "a product page was shown")
    var product: String
    var params: [Prop] { [Prop(key: "product", value: .string(product))] }
}

/// The add-to-cart button was tapped: the goal of the home screen's promotion test.
struct AddToCartTapped: AnalyticsEvent {
    static let schema = EventSchema(
        "add_to_cart_tapped", params: [.required("product", .string), .optional("badge", .bool)],
        meaning: "the user tapped add to cart on a product page")
    var product: String
    var badge: Bool
    var params: [Prop] { [Prop(key: "product", value: .string(product)), Prop(key: "badge", value: .bool(badge))] }
}
