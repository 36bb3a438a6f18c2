import ExampleScreens
import ScreenKit
import ScreenRendering

// The code the README and the DocC articles show, compiled here: each block between
// `// snippet: NAME` and `// snippet: end` is what a `<!-- snippet: …#NAME -->` block holds, with the
// marker's indentation removed (DocumentationTests compares them). Stand-ins for the reader's own
// code (a request, a user, a flag service) are declared below the snippets.

enum SignInSnippet {
    static let screen =
        // snippet: sign-in
        Screen("sign-in", title: "Sign In", initialState: ["email": "", "password": ""]) {
            ScrollView {
                Column(id: "form", spacing: 16, alignment: .leading) {
                    Text("Welcome back", id: "welcome").style(.largeTitle)
                    TextField("Email", id: "email", stateKey: "email").keyboard(.email)
                    TextField("Password", id: "password", stateKey: "password").secure()
                    Button(
                        "Sign in", id: "sign-in-button",
                        action: .sequence(
                            .apiCall("/api/v1/session", bodyFromState: ["email", "password"]),
                            .navigate(to: "home")))
                }
            }
        }
    // snippet: end
}

enum SectionsSnippet {
    // snippet: sections
    enum SignInScreen {
        static let screen = Screen("sign-in") {
            ScrollView {
                Column(id: "form") {
                    header  // a section: spliced in place
                    fields
                }
            }
        }

        @ScreenBuilder static var header: [Node] {
            Image(url: "https://cdn.example.com/brand/logo.png", id: "logo")
            Text("Welcome back", id: "welcome").style(.largeTitle)
        }

        @ScreenBuilder static var fields: [Node] {
            TextField("Email", id: "email", stateKey: "email").keyboard(.email)
            TextField("Password", id: "password", stateKey: "password").secure()
        }
    }
    // snippet: end
}

enum RendererSnippets {
    static func startUp(request: Request, customer: Customer) throws -> ScreenResponse {
        // snippet: renderer
        // At start-up: reads the history (a folder, or embedded in the binary), runs the contract gate,
        // checks the catalog and compiles its screens. Throws (refuses to start) on any error.
        let renderer = try ScreenRenderer(catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files))
        // or: history: .folder(URL(fileURLWithPath: "Screens/Contract/history"))

        // Per request: the client's contract header, the user's data.
        let response = renderer.respond(
            OrdersScreen.screen(for: customer),  // a Screen built from data
            contractHeader: request.headers["ScreenKit-Contract"],  // "2", missing or malformed
            ifNoneMatch: request.headers["If-None-Match"])
        // response.status, response.headers (name/value pairs), response.body ([UInt8]): copy them into
        // the framework's response. Catalog screens: renderer.respond(screenID: "home", …).
        // snippet: end
        return response
    }

    static func localized(request: Request, customer: Customer) throws -> ScreenResponse {
        // snippet: renderer-localized
        let renderer = try ScreenRenderer(
            catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files),
            strings: ScreenRenderer.Strings(catalogs: EmbeddedStringCatalogs.catalogs, locales: ["de", "fr", "pl"]))
        let response = renderer.respond(
            OrdersScreen.screen(for: customer), contractHeader: request.headers["ScreenKit-Contract"],
            ifNoneMatch: request.headers["If-None-Match"], acceptLanguage: request.headers["Accept-Language"])
        // snippet: end
        return response
    }

    static func experiments(
        renderer: ScreenRenderer, request: Request, user: User, client: ClientContract, flagService: FlagService,
        exposures: ExposureLog
    ) throws {
        // snippet: experiment-context
        let context = ExperimentContext(
            unit: user.id, flags: flagService,  // FlagSource: isOn("cart-reminder")
            overrides: ExperimentContext.parseOverrides(request.headers["ScreenKit-Arm"]))
        let rendered = try renderer.render(screenID: "home", for: client, experiments: context)
        for applied in rendered.experiments where !applied.forced {
            exposures.log(user: user.id, experiment: applied.experiment, arm: applied.arm)  // your exposure log
        }
        // or, the whole response: renderer.respond(screenID:contractHeader:ifNoneMatch:experiments:)
        // snippet: end
    }

    static func metrics() throws -> (ScreenRenderer, ScreenResponse) {
        // snippet: contract-health-metrics
        let base = try ScreenRenderer(catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files))
        let metrics = ContractHealthMetrics(renderer: base)  // built in, toolchain only
        let renderer = base.observed(by: metrics)  // same bytes and headers as `base`
        // GET /metrics:
        let response = ScreenResponse(
            status: 200, headers: [.init(name: "Content-Type", value: ContractHealthMetrics.contentType)],
            body: Array(metrics.exposition().utf8))
        // snippet: end
        return (renderer, response)
    }
}

enum ExperimentSnippets {
    @ScreenBuilder static var flags: [Node] {
        // snippet: flags
        Flag("cart-reminder") {
            CartCard(reminder: true)
        } off: {
            CartCard()
        }  // a named boolean; off is the control
        Flag("reviews", rollout: 20) { Reviews() }  // 20 % of units; off shows nothing
        // snippet: end
    }
}

enum LocalizationSnippets {
    @ScreenBuilder static func texts(customer: Customer, count: Int) -> [Node] {
        // snippet: localized-strings
        Text(localized: "Welcome back", id: "welcome")  // key "Welcome back"
        Text(localized: "Hello, \(customer.name)", id: "greeting")  // key "Hello, %@"
        Text(localized: LocalizedString("orders.count", defaultValue: "You have \(count) orders"), id: "order-count")
        Button(localized: "Sign in", id: "sign-in-button", action: .navigate(to: "home"))
        // snippet: end
    }

    static func catalog(screens: [Screen]) -> Catalog {
        // snippet: request-time-strings
        Catalog(
            screens: screens,  // the catalog's own screens
            requestTimeStrings: [
                // What the screens built per request use: any argument value of the right type.
                LocalizedString("orders.count", defaultValue: "You have \(0) orders"),
                "Hello, \("name")",
            ])
        // snippet: end
    }
}

enum PerItemSnippets {
    /// A product page and the orders list, as in the example app (names shortened).
    struct Item { let sku: String, name: String }
    struct Order { let number: String, sku: String }

    // snippet: per-item-screens
    // One screen per item, built from the item alone: catalog screens, compiled at build time and
    // published to the bucket (screens/product-<sku>), served by the CDN.
    static func productScreen(_ item: Item) -> Screen {
        Screen("product-\(item.sku)", title: item.name) { Text(item.name, id: "name") }
    }

    // Built per request from the user's orders: served by the Swift server's renderer.
    static func ordersScreen(_ orders: [Order]) -> Screen {
        Screen("orders", title: "Your orders") {
            Column(id: "orders") {
                for order in orders {
                    // A link to a per-item screen: checked per request like any reference.
                    Button(
                        "Order \(order.number)", id: "order-\(order.number)",
                        action: .navigate(to: "product-\(order.sku)"))
                }
            }
        }
    }

    static func catalog(items: [Item]) -> Catalog {
        Catalog(
            screens: items.map(productScreen),  // what the bucket holds
            externalScreens: ["orders"])  // catalog screens may link to the per-request screen
    }
    // snippet: end
}

enum ProfileSnippets {
    static func evolved(screens: [Screen], widgetsV2: WireProfile) -> Catalog {
        // snippet: profile-since
        var catalog = Catalog(screens: screens)
        catalog.profile = widgetsV2  // props under "payload" from now on
        catalog.profileSince = 3  // versions 1 and 2 keep "data"; freeze makes version 3
        // snippet: end
        return catalog
    }
}

// snippet: analytics-event
struct PromoTapped: AnalyticsEvent {
    static let schema = EventSchema(
        "promo_tapped", params: [.required("promo", .string), .required("position", .number)])
    var promo: String
    var position: Int
    var params: [Prop] {
        [Prop(key: "promo", value: .string(promo)), Prop(key: "position", value: .number(Double(position)))]
    }
}
// snippet: end

enum AnalyticsSnippet {
    static let promo =
        // snippet: track
        Button("Cold brew", id: "promo", action: .navigate(to: "product"))
        .track(.tap, PromoTapped(promo: "cold-brew", position: 1))
    // snippet: end

    static let catalog =
        // snippet: catalog-events
        Catalog(
            components: StandardCatalog.components,  // components: their types
            screens: [Screen("home") { promo }],
            events: [PromoTapped.schema])  // events: their schemas, not `PromoTapped.self`
    // snippet: end
}

// snippet: color-tokens
extension ColorToken {
    static let brandPrimary = ColorToken(
        "brand.primary", light: "#0A84FF", dark: "#409CFF", meaning: "the brand's accent")
    static let textSecondary = ColorToken("text.secondary", light: "#6B7280", dark: "#9CA3AF")
}
// snippet: end

enum TokenSnippet {
    static let welcome =
        // snippet: token-use
        Text("Welcome back", id: "welcome").color(.brandPrimary)
    // snippet: end

    static func catalog(screens: [Screen]) -> Catalog {
        // snippet: token-catalog
        let catalog = Catalog(screens: screens, tokens: [.brandPrimary, .textSecondary])
        // snippet: end
        return catalog
    }
}

// snippet: accessibility-roles
struct PriceTag: Component {
    static let schema = ComponentSchema(
        type: "priceTag",
        props: [
            .required("price", .string).accessibility(.label),
            .optional("ink", .color).accessibility(.foreground),
            .optional("fill", .color).accessibility(.background),
        ])
    var node: Node
}
// snippet: end

enum AccessibilitySnippet {
    static let images: [Node] = [
        // snippet: image-labels
        Image(url: "https://cdn.example.com/kettle.jpg").accessibilityLabel("A copper kettle").node,
        Image(url: "https://cdn.example.com/divider.png").decorative().node,
        // snippet: end
    ]
}

// Stand-ins for the reader's own code.

struct Request {
    var headers: [String: String] = [:]
}

struct User {
    var id = "user-1"
}

struct FlagService: FlagSource {
    func isOn(_ flag: String) -> Bool? { nil }
}

struct ExposureLog {
    func log(user: String, experiment: String, arm: String) {}
}

struct CartCard: Component {
    static let schema = ComponentSchema(type: "cartCard", props: [.optional("reminder", .bool)])
    var node: Node
    init(reminder: Bool = false, file: String = #filePath, line: Int = #line, column: Int = #column) {
        node = Self.makeNode(
            id: nil, props: [Prop(key: "reminder", value: .bool(reminder))],
            source: SourceLocation(file: file, line: line, column: column))
    }
}

struct Reviews: Component {
    static let schema = ComponentSchema(type: "reviews", props: [])
    var node: Node
    init(file: String = #filePath, line: Int = #line, column: Int = #column) {
        node = Self.makeNode(id: nil, props: [], source: SourceLocation(file: file, line: line, column: column))
    }
}
