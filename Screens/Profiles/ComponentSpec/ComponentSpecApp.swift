import ScreenKit

/// An app whose shipped client reads the "component spec" shape: `{"screen", "version",
/// "components"}`, each node's content under `props`, optional `children`, and an inline
/// `fallback` its registry renders when it lacks the type. Version 2 added the rich text card,
/// whose fallback is a text card; version-1 variants carry the text card instead.
public enum ComponentSpecApp {
    /// The profile: no IDs; the full envelope keeps fallbacks inline, as the client resolves them.
    // snippet: component-spec-profile
    public static let profile = WireProfile(
        name: "component-spec",
        envelope: .init(
            format: nil, screenID: "screen", contract: "version", minContract: nil, title: nil, initialState: nil,
            rootPath: ["components"], rootChildrenOnly: true),
        nodes: .init(idKey: nil, props: .under("props"), fallbackKey: "fallback"))
    // snippet: end

    /// The components version 1 froze.
    public static let version1Components = [
        SpecScreen.schema, Banner.schema, ProductCarousel.schema, TextCard.schema,
    ]

    /// Every component of the app, as today.
    public static let components = version1Components + [RichTextCard.schema]

    /// The types a client of each version knows, for its registry.
    public static let registry = [
        1: version1Components.dropFirst().map(\.type), 2: components.dropFirst().map(\.type),
    ]

    /// The catalog: the promo screen, in the component-spec profile.
    public static var catalog: Catalog {
        var catalog = Catalog(components: [], actions: [], screens: [homePromo])
        catalog.components = components
        catalog.profile = profile
        return catalog
    }

    /// The sample payload's screen.
    public static let homePromo = Screen("home_promo") {
        SpecScreen {
            Banner(title: "Summer sale", imageURL: "https://cdn.example.com/s.jpg")
            ProductCarousel(items: [])
            RichTextCard(markdown: "**New** layout", fallbackText: "New layout")
        }
    }
}

/// The document's frame: its children are the screen's components.
public struct SpecScreen: Component {
    /// `SpecScreen`: children only.
    public static let schema = ComponentSchema(type: "SpecScreen", props: [], hasChildren: true)
    /// The node.
    public var node: Node
    /// The screen's components.
    public init(
        file: String = #filePath, line: Int = #line, column: Int = #column, @ScreenBuilder components: () -> [Node]
    ) {
        node = Self.makeNode(
            id: nil, props: [], children: components(), source: SourceLocation(file: file, line: line, column: column))
    }
}

/// A promotional banner.
public struct Banner: Component {
    /// `Banner`: title, imageUrl.
    public static let schema = ComponentSchema(
        type: "Banner", props: [.required("title", .string), .required("imageUrl", .url)])
    /// The node.
    public var node: Node
    /// A banner.
    public init(title: String, imageURL: String, file: String = #filePath, line: Int = #line, column: Int = #column) {
        node = Self.makeNode(
            id: nil,
            props: [Prop(key: "title", value: .string(title)), Prop(key: "imageUrl", value: .string(imageURL))],
            source: SourceLocation(file: file, line: line, column: column))
    }
}

/// A row of products, by SKU.
public struct ProductCarousel: Component {
    /// `ProductCarousel`: items (default empty).
    public static let schema = ComponentSchema(
        type: "ProductCarousel", props: [.defaulted("items", .list(.string), .list([]))])
    /// The node.
    public var node: Node
    /// A carousel of the products `items`.
    public init(items: [String], file: String = #filePath, line: Int = #line, column: Int = #column) {
        node = Self.makeNode(
            id: nil, props: [Prop(key: "items", value: .list(items.map { .string($0) }))],
            source: SourceLocation(file: file, line: line, column: column))
    }
}

/// A card of plain text.
public struct TextCard: Component {
    /// `TextCard`: text.
    public static let schema = ComponentSchema(type: "TextCard", props: [.required("text", .string)])
    /// The node.
    public var node: Node
    /// A text card.
    public init(text: String, file: String = #filePath, line: Int = #line, column: Int = #column) {
        node = Self.makeNode(
            id: nil, props: [Prop(key: "text", value: .string(text))],
            source: SourceLocation(file: file, line: line, column: column))
    }
}

/// A card of Markdown text (version 2); older clients get a text card.
public struct RichTextCard: Component {
    /// `RichTextCard`: markdown; falls back to a node.
    public static let schema = ComponentSchema(
        type: "RichTextCard", props: [.required("markdown", .string)], fallback: .node)
    /// The node.
    public var node: Node
    /// A rich text card; clients without it show `fallbackText` in a text card.
    public init(
        markdown: String, fallbackText: String, file: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let fallback = TextCard(text: fallbackText, file: file, line: line, column: column)
        node = Self.makeNode(
            id: nil, props: [Prop(key: "markdown", value: .string(markdown))], fallback: .node(fallback.node),
            source: SourceLocation(file: file, line: line, column: column))
    }
}
