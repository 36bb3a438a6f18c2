import ScreenKit

/// An app whose shipped client reads the "widgets" shape: a titled list of widgets (a carousel, a
/// grid, a list) each holding components whose content sits under `data`, with no IDs and no
/// fallbacks; an unknown type fails the whole screen. Version 2 added an optional `badge` to the
/// explore tile, which version-1 variants leave out.
public enum WidgetsApp {
    /// The profile: `{"title", "widgets": [{"type", "header", "components": [{"type", "data"}]}]}`.
    // snippet: widgets-profile
    public static let profile = WireProfile(
        name: "widgets",
        envelope: .init(
            format: nil, screenID: nil, contract: nil, minContract: nil, title: "title", initialState: nil,
            rootPath: ["widgets"], rootChildrenOnly: true),
        nodes: .init(
            idKey: nil, props: .under("data"),
            propsByType: [Carousel.schema.type: .inline, Grid.schema.type: .inline, WidgetList.schema.type: .inline],
            childrenKey: "components", fallbackKey: nil))
    // snippet: end

    /// The components as version 1 froze them (the explore tile without its badge).
    public static let version1Components: [ComponentSchema] =
        components.map { $0.type == ExploreTile.schema.type ? ExploreTile.version1Schema : $0 }

    /// Every component of the app, as today.
    public static let components = [
        WidgetScreen.schema, Carousel.schema, Grid.schema, WidgetList.schema, ImageBanner.schema, ExploreTile.schema,
        DescriptiveText.schema,
    ]

    /// The catalog: the home screen, in the widgets profile.
    public static var catalog: Catalog {
        var catalog = Catalog(components: [], actions: [], screens: [home])
        catalog.components = components
        catalog.profile = profile
        return catalog
    }

    /// The home screen of the sample payload, with a badge on one tile.
    public static let home = Screen("home", title: "Home") {
        WidgetScreen {
            Carousel(header: "Carousel Widget") {
                ImageBanner(image: "event-banner-1")
                ImageBanner(image: "event-banner-2")
            }
            Grid(header: "Grid Widget") {
                ExploreTile(image: "album-poster-1", title: "Pop", subtitle: "Today's chart-toppers and pop sensations")
                    .badge("New")
                ExploreTile(image: "album-poster-2", title: "Indie", subtitle: "Fresh underground hits and indie gems")
            }
            WidgetList(header: "List Widget") {
                DescriptiveText(
                    "Dive into a world of melodies, rhythms, and beats where every song tells a story and every note ignites an emotion"
                )
            }
        }
    }
}

/// The document's frame: its children are the widgets (the profile writes them as `widgets`).
public struct WidgetScreen: Component {
    /// `widgetScreen`: children only.
    public static let schema = ComponentSchema(type: "widgetScreen", props: [], hasChildren: true)
    /// The node.
    public var node: Node
    /// The screen's widgets.
    public init(
        file: String = #filePath, line: Int = #line, column: Int = #column, @ScreenBuilder widgets: () -> [Node]
    ) {
        node = Self.makeNode(
            id: nil, props: [], children: widgets(), source: SourceLocation(file: file, line: line, column: column))
    }
}

/// A widget: a layout with a header, holding components (the profile writes them as `components`).
public protocol WidgetLayout: Component {}

extension WidgetLayout {
    /// The declaration of a widget layout of wire type `type`: a required header, children.
    static func layoutSchema(_ type: String) -> ComponentSchema {
        ComponentSchema(type: type, props: [.required("header", .string)], hasChildren: true)
    }

    /// The node of a widget with `header` and `components`.
    static func layoutNode(header: String, components: [Node], file: String, line: Int, column: Int) -> Node {
        makeNode(
            id: nil, props: [Prop(key: "header", value: .string(header))], children: components,
            source: SourceLocation(file: file, line: line, column: column))
    }
}

/// A horizontally scrolling widget with a header.
public struct Carousel: WidgetLayout {
    /// `carousel`: header.
    public static let schema = layoutSchema("carousel")
    /// The node.
    public var node: Node
    /// A carousel of the block's components.
    public init(
        header: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        @ScreenBuilder components: () -> [Node]
    ) {
        node = Self.layoutNode(header: header, components: components(), file: file, line: line, column: column)
    }
}

/// A grid widget with a header.
public struct Grid: WidgetLayout {
    /// `grid`: header.
    public static let schema = layoutSchema("grid")
    /// The node.
    public var node: Node
    /// A grid of the block's components.
    public init(
        header: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        @ScreenBuilder components: () -> [Node]
    ) {
        node = Self.layoutNode(header: header, components: components(), file: file, line: line, column: column)
    }
}

/// A vertical list widget with a header.
public struct WidgetList: WidgetLayout {
    /// `list`: header.
    public static let schema = layoutSchema("list")
    /// The node.
    public var node: Node
    /// A list of the block's components.
    public init(
        header: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        @ScreenBuilder components: () -> [Node]
    ) {
        node = Self.layoutNode(header: header, components: components(), file: file, line: line, column: column)
    }
}

/// A full-width image.
public struct ImageBanner: Component {
    /// `image-banner`: image (an asset name).
    public static let schema = ComponentSchema(type: "image-banner", props: [.required("image", .string)])
    /// The node.
    public var node: Node
    /// A banner showing the asset `image`.
    public init(image: String, file: String = #filePath, line: Int = #line, column: Int = #column) {
        node = Self.makeNode(
            id: nil, props: [Prop(key: "image", value: .string(image))],
            source: SourceLocation(file: file, line: line, column: column))
    }
}

/// An image with a title and a subtitle; since version 2 optionally a badge.
public struct ExploreTile: Component {
    /// `explore-tile`: image, title, subtitle; badge (optional, version 2).
    public static let schema = ComponentSchema(
        type: "explore-tile",
        props: [
            .required("image", .string), .required("title", .string), .required("subtitle", .string),
            .optional("badge", .string),
        ])
    /// The declaration version 1 froze.
    static let version1Schema = ComponentSchema(
        type: "explore-tile",
        props: [.required("image", .string), .required("title", .string), .required("subtitle", .string)])
    /// The node.
    public var node: Node
    /// A tile.
    public init(
        image: String, title: String, subtitle: String, file: String = #filePath, line: Int = #line,
        column: Int = #column
    ) {
        node = Self.makeNode(
            id: nil,
            props: [
                Prop(key: "image", value: .string(image)), Prop(key: "title", value: .string(title)),
                Prop(key: "subtitle", value: .string(subtitle)),
            ],
            source: SourceLocation(file: file, line: line, column: column))
    }
    /// A short badge over the tile (left out for version-1 clients).
    public func badge(_ text: String) -> ExploreTile { setting("badge", .string(text)) }
}

/// A paragraph of text.
public struct DescriptiveText: Component {
    /// `descriptive-text`: text.
    public static let schema = ComponentSchema(type: "descriptive-text", props: [.required("text", .string)])
    /// The node.
    public var node: Node
    /// A paragraph.
    public init(_ text: String, file: String = #filePath, line: Int = #line, column: Int = #column) {
        node = Self.makeNode(
            id: nil, props: [Prop(key: "text", value: .string(text))],
            source: SourceLocation(file: file, line: line, column: column))
    }
}
