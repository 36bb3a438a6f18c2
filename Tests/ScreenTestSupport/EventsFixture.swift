import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit

/// A small app whose screens send analytics events, with a three-version history: version 1
/// knows no events, version 2 adds `promo_tapped` and `screen_viewed`, version 3 (the live catalog,
/// frozen) adds the `accordion` component with its `expand` trigger, the `section_expanded` event
/// and `promo_tapped`'s optional `surface` param, typed by the enum `Surface` (whose value
/// `search` is new in version 3 and falls back to `home`).
public enum EventsFixture {
    /// Where a promotion was shown.
    public static let surfaceV2 = EnumSchema(name: "Surface", cases: [EnumCase("home")])
    /// `Surface` as version 3 declares it.
    public static let surface = EnumSchema(
        name: "Surface", cases: [EnumCase("home"), EnumCase("search", fallback: "home")])

    /// `promo_tapped` as version 2 froze it.
    public static let promoTappedV2 = EventSchema(
        "promo_tapped", params: [.required("promo", .string), .optional("position", .number)],
        meaning: "the user tapped a promotion")

    /// A tap on a promotion.
    public struct PromoTapped: AnalyticsEvent {
        /// Its declaration in version 3.
        public static let schema = EventSchema(
            "promo_tapped",
            params: [
                .required("promo", .string), .optional("position", .number),
                .optional("surface", .enumeration(EventsFixture.surface)),
            ], meaning: "the user tapped a promotion")
        let promo: String
        let position: Int?
        let surface: String?
        /// A tap on `promo`, shown at `position` on `surface`.
        public init(promo: String, position: Int? = nil, surface: String? = nil) {
            self.promo = promo
            self.position = position
            self.surface = surface
        }
        /// Its params.
        public var params: [Prop] {
            [Prop(key: "promo", value: .string(promo))]
                + (position.map { [Prop(key: "position", value: .number(Double($0)))] } ?? [])
                + (surface.map { [Prop(key: "surface", value: .string($0))] } ?? [])
        }
    }

    /// A screen was shown.
    public struct ScreenViewed: AnalyticsEvent {
        /// Its declaration.
        public static let schema = EventSchema("screen_viewed", params: [.required("screen", .string)])
        let screen: String
        /// `screen` was shown.
        public init(screen: String) { self.screen = screen }
        /// Its params.
        public var params: [Prop] { [Prop(key: "screen", value: .string(screen))] }
    }

    /// A section of an accordion was expanded.
    public struct SectionExpanded: AnalyticsEvent {
        /// Its declaration.
        public static let schema = EventSchema(
            "section_expanded", params: [.required("section", .string), .optional("first", .bool)])
        let section: String
        /// `section` was expanded for the first time.
        public init(section: String) { self.section = section }
        /// Its params.
        public var params: [Prop] {
            [Prop(key: "section", value: .string(section)), Prop(key: "first", value: .bool(true))]
        }
    }

    /// A collapsible section: new in version 3, with its own trigger; older clients get a column.
    public struct Accordion: Component {
        /// Its declaration.
        public static let schema = ComponentSchema(
            type: "accordion", props: [.required("title", .string)], hasChildren: true, fallback: .node
        )
        .triggering("expand")
        /// The node.
        public var node: Node
        /// An accordion titled `title` holding `content`.
        public init(_ title: String, id: String, @ScreenBuilder content: () -> [Node]) {
            node = Self.makeNode(
                id: id, props: [Prop(key: "title", value: .string(title))], children: content(),
                source: SourceLocation(file: #filePath, line: #line, column: 1))
        }
    }

    /// The screens: `promo` sends events on standard components; `faq` on the accordion too; with
    /// an experiment, so its combinations carry their arms.
    public static let screens: [Screen] = [
        Screen("promo", title: "Promotions") {
            Column {
                Text("Today", id: "heading").track(.appear, ScreenViewed(screen: "promo"))
                Button("Cold brew", id: "cold-brew", action: .navigate(to: "promo"))
                    .track(.tap, PromoTapped(promo: "cold-brew", position: 1, surface: "search"))
                Card(id: "card", action: .navigate(to: "promo")) { Text("Plain", id: "plain") }
                    .track(.tap, PromoTapped(promo: "plain"))
            }
        },
        Screen("faq", title: "FAQ") {
            Column {
                Experiment("faq-layout") {
                    Arm("a", weight: 50) { Text("FAQ", id: "intro") }
                    Arm("b", weight: 50) {
                        Text("Questions?", id: "intro-b").track(.appear, ScreenViewed(screen: "faq-b"))
                    }
                }
                Accordion("Shipping", id: "shipping") { Text("Two days.", id: "shipping-answer") }
                    .track(.expand, SectionExpanded(section: "shipping"))
                    .track(.appear, ScreenViewed(screen: "faq"))
                    .fallback(Column(id: "shipping") { Text("Two days.", id: "shipping-answer") })
            }
        },
    ]

    /// The live catalog (version 3).
    public static var catalog: Catalog {
        var catalog = Catalog(components: StandardCatalog.components + [Accordion.self], screens: screens)
        catalog.events = [PromoTapped.schema, ScreenViewed.schema, SectionExpanded.schema]
        return catalog
    }

    /// The three frozen contracts, version 1 first.
    public static var history: [Contract] {
        let v1 = Contract.live(Catalog(screens: [])).0
        var v2 = Catalog(screens: [])
        v2.events = [promoTappedV2, ScreenViewed.schema]
        return [v1, Contract.live(v2).0, Contract.live(catalog).0]
    }

    /// The catalog written in `profile`, compiled against the history.
    public static func compile(profile: WireProfile = .flat, style: JSONStyle = .compact) -> CompileResult {
        var catalog = catalog
        catalog.profile = profile
        return Compiler(catalog: catalog).compile(CompileOptions(style: style, history: history))
    }
}

extension EventTrigger {
    /// The accordion's own trigger.
    public static let expand = EventTrigger("expand")
}
