import ScreenKit

/// An app whose shipped client reads the "composition" shape of headless CMSs: a composition's
/// `mainContent` slot lists components whose parameters are wrapped with a type discriminator (a
/// link's value is `{"path", "type"}`) and whose nested components sit in *named* slots. Unknown
/// types are skipped by the client. Version 2 added the hero carousel (named slot `slides`), which
/// falls back to a feature grid for version-1 clients.
public enum CompositionApp {
    /// The profile: `{"composition": {"slots": {"mainContent": [{"type", "parameters": {…},
    /// "slots": {…}}]}}}`, strings as `{"type": "text", "value"}`, URLs as links.
    // snippet: composition-profile
    public static let profile = WireProfile(
        name: "composition",
        envelope: .init(
            format: nil, screenID: nil, contract: nil, minContract: nil, title: nil, initialState: nil,
            rootPath: ["composition", "slots", "mainContent"], rootChildrenOnly: true),
        nodes: .init(idKey: nil, props: .under("parameters"), slots: .under("slots"), fallbackKey: nil),
        values: .init(
            wrapping: .init(
                discriminators: ["string": "text", "url": "link"],
                objects: ["url": ValueObject(valueKey: "path", constants: ["type": "url"])])))
    // snippet: end

    /// The components version 1 froze.
    public static let version1Components = [
        CompositionPage.schema, PromotionBanner.schema, FeatureGrid.schema, Testimonial.schema,
    ]

    /// Every component of the app, as today.
    public static let components = version1Components + [HeroCarousel.schema]

    /// The types a client of each version maps (its registry; the page itself is not written).
    public static let registry = [
        1: version1Components.dropFirst().map(\.type), 2: components.dropFirst().map(\.type),
    ]

    /// The catalog: the home composition, in the composition profile.
    public static var catalog: Catalog {
        var catalog = Catalog(components: [], actions: [], screens: [home])
        catalog.components = components
        catalog.profile = profile
        return catalog
    }

    /// The sample payload's composition, with a hero carousel on top.
    public static let home = Screen("home") {
        CompositionPage {
            HeroCarousel(title: "This week") {
                Testimonial(description: "Free returns")
                Testimonial(description: "Next-day delivery")
            }
            .fallback(FeatureGrid(title: "This week") { Testimonial(description: "Free returns") })
            PromotionBanner(
                title: "Promo just for you", ctaText: "Shop now", ctaLink: "https://www.example.com/sale")
            FeatureGrid(title: "Why shop with us") {
                Testimonial(description: "Fast delivery")
            }
        }
    }
}

/// The composition's frame: its children are the `mainContent` slot's components.
public struct CompositionPage: Component {
    /// `compositionPage`: children only.
    public static let schema = ComponentSchema(type: "compositionPage", props: [], hasChildren: true)
    /// The node.
    public var node: Node
    /// The page's main content.
    public init(
        file: String = #filePath, line: Int = #line, column: Int = #column, @ScreenBuilder mainContent: () -> [Node]
    ) {
        node = Self.makeNode(
            id: nil, props: [], children: mainContent(), source: SourceLocation(file: file, line: line, column: column))
    }
}

/// A banner with a call to action.
public struct PromotionBanner: Component {
    /// `promotionBanner`: title, ctaText, ctaLink.
    public static let schema = ComponentSchema(
        type: "promotionBanner",
        props: [.required("title", .string), .required("ctaText", .string), .required("ctaLink", .url)])
    /// The node.
    public var node: Node
    /// A banner linking to `ctaLink`.
    public init(
        title: String, ctaText: String, ctaLink: String, file: String = #filePath, line: Int = #line,
        column: Int = #column
    ) {
        node = Self.makeNode(
            id: nil,
            props: [
                Prop(key: "title", value: .string(title)), Prop(key: "ctaText", value: .string(ctaText)),
                Prop(key: "ctaLink", value: .string(ctaLink)),
            ],
            source: SourceLocation(file: file, line: line, column: column))
    }
}

/// A titled grid whose cells sit in the named slot `items`.
// snippet: feature-grid
public struct FeatureGrid: Component {
    /// `featureGrid`: title; slot `items`.
    public static let schema = ComponentSchema(
        type: "featureGrid", props: [.required("title", .string)], slots: ["items"])
    /// The node.
    public var node: Node
    /// A grid of the block's items.
    public init(
        title: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        @ScreenBuilder items: () -> [Node]
    ) {
        node = Self.makeNode(
            id: nil, props: [Prop(key: "title", value: .string(title))], slots: ["items": items()],
            source: SourceLocation(file: file, line: line, column: column))
    }
}
// snippet: end

/// A short customer quote.
public struct Testimonial: Component {
    /// `testimonial`: description.
    public static let schema = ComponentSchema(type: "testimonial", props: [.required("description", .string)])
    /// The node.
    public var node: Node
    /// A quote.
    public init(description: String, file: String = #filePath, line: Int = #line, column: Int = #column) {
        node = Self.makeNode(
            id: nil, props: [Prop(key: "description", value: .string(description))],
            source: SourceLocation(file: file, line: line, column: column))
    }
}

/// A titled carousel whose pages sit in the named slot `slides` (version 2; older clients get its
/// fallback, a feature grid).
public struct HeroCarousel: Component {
    /// `heroCarousel`: title; slot `slides`; every instance carries a fallback.
    public static let schema = ComponentSchema(
        type: "heroCarousel", props: [.required("title", .string)], slots: ["slides"], fallback: .node)
    /// The node.
    public var node: Node
    /// A carousel of the block's slides.
    public init(
        title: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        @ScreenBuilder slides: () -> [Node]
    ) {
        node = Self.makeNode(
            id: nil, props: [Prop(key: "title", value: .string(title))], slots: ["slides": slides()],
            source: SourceLocation(file: file, line: line, column: column))
    }
}
