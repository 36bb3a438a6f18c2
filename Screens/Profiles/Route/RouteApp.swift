import ScreenKit

/// An app whose shipped client reads a headless CMS's *route response*: the composition of the
/// page at a route, wrapped in the response that names the route it matched —
/// `{"type": "composition", "matchedRoute": "/v1/home", "compositionApiResponse": {"composition":
/// {"slots": {"mainContent": [...]}}}}`. The components are the composition app's (parameters
/// wrapped with a type discriminator, named slots); each screen declares its route.
public enum RouteApp {
    /// The profile: a constant `type`, the screen's route as `matchedRoute`, then the composition
    /// under `compositionApiResponse`; no ScreenKit envelope fields.
    // snippet: route-profile
    public static let profile = WireProfile(
        name: "route-response",
        envelope: .init(
            members: [.constant("type", "composition"), .screenValue("matchedRoute", from: "route")],
            format: nil, screenID: nil, contract: nil, minContract: nil, title: nil, initialState: nil,
            rootPath: ["compositionApiResponse", "composition", "slots", "mainContent"], rootChildrenOnly: true),
        nodes: .init(idKey: nil, props: .under("parameters"), slots: .under("slots"), fallbackKey: nil),
        values: .init(
            wrapping: .init(
                discriminators: ["string": "text", "url": "link"],
                objects: ["url": ValueObject(valueKey: "path", constants: ["type": "url"])])))
    // snippet: end

    /// The components version 1 froze (the composition app's).
    public static let version1Components = CompositionApp.version1Components

    /// Every component of the app, as today.
    public static let components = CompositionApp.components

    /// The catalog: the composition app's home page and a sale page, each at its route.
    public static var catalog: Catalog {
        var catalog = CompositionApp.catalog
        catalog.screens = [home, sale]
        catalog.profile = profile
        return catalog
    }

    /// The composition app's home page, at `/v1/home`.
    public static let home = CompositionApp.home.envelopeValue("route", "/v1/home")

    /// The sale page, at `/v1/sale`.
    public static let sale = Screen("sale") {
        CompositionPage {
            PromotionBanner(title: "Up to 50 % off", ctaText: "See all", ctaLink: "https://www.example.com/sale/all")
            FeatureGrid(title: "Why shop with us") {
                Testimonial(description: "Fast delivery")
            }
        }
    }
    .envelopeValue("route", "/v1/sale")
}
