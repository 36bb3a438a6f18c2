import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit

/// A small app whose screens name colour tokens, with a three-version history: version 1 knows
/// no tokens, version 2 adds `brand.primary` and `text.secondary` and the `banner` component
/// (a coloured band), version 3 (the live catalog, frozen) adds `surface.accent`.
public enum TokensFixture {
    /// The brand's accent, with a dark variant.
    public static let brandPrimary = ColorToken(
        "brand.primary", light: "#0A84FF", dark: "#409CFF", meaning: "the brand's accent")
    /// Secondary text, with a dark variant.
    public static let textSecondary = ColorToken("text.secondary", light: "#6B7280", dark: "#9CA3AF")
    /// The band behind promotions; new in version 3.
    public static let surfaceAccent = ColorToken("surface.accent", light: "#FFF4E5", dark: "#3B2F1E")

    /// A coloured band holding other nodes.
    public struct Banner: Component {
        /// Its declaration: a background and a tint, both colours.
        public static let schema = ComponentSchema(
            type: "banner", props: [.optional("background", .color), .optional("tint", .color)], hasChildren: true,
            fallback: .node)
        /// The node.
        public var node: Node
        /// A banner on `background` holding `content`.
        public init(id: String, background: ColorToken, @ScreenBuilder content: () -> [Node]) {
            node = Self.makeNode(
                id: id, props: [Prop(key: "background", value: background.wireValue)], children: content(),
                source: SourceLocation(file: #filePath, line: #line, column: 1))
        }
        /// The colour of its accents.
        public consuming func tint(_ token: ColorToken) -> Banner { setting("tint", token.wireValue) }
    }

    /// The screens: `home` names tokens in standard and custom props, beside a literal; `plain`
    /// names none.
    public static let screens: [Screen] = [
        Screen("home", title: "Home") {
            Column {
                Text("Welcome", id: "welcome").color(brandPrimary)
                Text("New arrivals every week", id: "tagline").color(textSecondary)
                Divider(id: "rule").color(textSecondary)
                Banner(id: "sale", background: surfaceAccent) {
                    Text("Sale", id: "sale-title").color("#7C2D12")
                }
                .tint(brandPrimary)
                .fallback(Column(id: "sale") { Text("Sale", id: "sale-title").color("#7C2D12") })
            }
        },
        Screen("plain", title: "Plain") {
            Column {
                Text("No tokens here", id: "note").color("#111827")
                Divider(id: "rule")
            }
        },
    ]

    /// The live catalog (version 3).
    public static var catalog: Catalog {
        var catalog = Catalog(components: StandardCatalog.components + [Banner.self], screens: screens)
        catalog.tokens = [brandPrimary, textSecondary, surfaceAccent]
        return catalog
    }

    /// The three frozen contracts, version 1 first.
    public static var history: [Contract] {
        let v1 = Contract.live(Catalog(screens: [])).0
        var v2 = Catalog(components: StandardCatalog.components + [Banner.self], screens: [])
        v2.tokens = [brandPrimary, textSecondary]
        return [v1, Contract.live(v2).0, Contract.live(catalog).0]
    }

    /// The catalog written in `profile`, compiled against the history.
    public static func compile(profile: WireProfile = .flat, style: JSONStyle = .compact) -> CompileResult {
        var catalog = catalog
        catalog.profile = profile
        return Compiler(catalog: catalog).compile(CompileOptions(style: style, history: history))
    }
}
