import ScreenKit

/// An app whose shipped client reads "layouts per device": one document listing a layout per device
/// class, each a tree of stacks and containers whose leaves are spacers and the app's own widgets
/// (named by `widgetID`); an unknown type fails the layout. Version 2 added the navigation container
/// (falling back to a vertical stack) and an optional `spacing` on stacks.
public enum LayoutsApp {
    /// The profile: `{"layouts": [{"key": "ipad", "screen": {"type", "children"?, "widgetID"?}}]}`.
    // snippet: layouts-profile
    public static let profile = WireProfile(
        name: "layouts",
        envelope: .init(
            format: nil, screenID: nil, contract: nil, minContract: nil, title: nil, initialState: nil,
            rootPath: ["layouts"], layouts: .init(deviceKey: "key", rootKey: "screen")),
        nodes: .init(idKey: nil, fallbackKey: nil))
    // snippet: end

    /// The components version 1 froze (stacks without `spacing`, no navigation container).
    public static let version1Components = [
        VerticalStack.version1Schema, HorizontalStack.version1Schema, ScrollContainer.schema, Gap.schema,
        AppWidget.schema,
    ]

    /// Every component of the app, as today.
    public static let components = [
        VerticalStack.schema, HorizontalStack.schema, ScrollContainer.schema, Gap.schema, AppWidget.schema,
        NavigationContainer.schema,
    ]

    /// The catalog: the home screen, in the layouts profile.
    public static var catalog: Catalog {
        var catalog = Catalog(components: [], actions: [], screens: [home])
        catalog.components = components
        catalog.profile = profile
        return catalog
    }

    /// The sample payload's screen: a split view on iPad, one column on iPhone.
    // snippet: device-layouts
    public static let home = Screen(
        "home",
        layouts: [
            DeviceLayout("ipad") {
                HorizontalStack {
                    NavigationContainer { AppWidget("featureList.0") }
                        .fallback(VerticalStack { AppWidget("featureList.0") })
                    AppWidget("featureList.0")
                }
            },
            DeviceLayout("iphone") {
                VerticalStack {
                    AppWidget("featureList.0")
                    Gap()
                }
                .spacing(8)
            },
        ])
    // snippet: end
}

/// A stack of the block's views; `spacing` since version 2.
public protocol LayoutStack: Component {
    /// Builds a stack's node.
    init(node: Node)
}

extension LayoutStack {
    /// A stack of `type` holding the block's views.
    static func stack(_ type: String, spacing: Bool) -> ComponentSchema {
        ComponentSchema(type: type, props: spacing ? [.optional("spacing", .number)] : [], hasChildren: true)
    }

    /// A stack holding the block's views.
    public init(
        file: String = #filePath, line: Int = #line, column: Int = #column, @ScreenBuilder content: () -> [Node]
    ) {
        self.init(
            node: Self.makeNode(
                id: nil, props: [], children: content(), source: SourceLocation(file: file, line: line, column: column))
        )
    }

    /// A copy with `points` between the views (left out for version-1 clients).
    public func spacing(_ points: Double) -> Self { setting("spacing", .number(points)) }
}

/// Views top to bottom.
public struct VerticalStack: LayoutStack {
    /// `vStack`: spacing (optional, version 2); children.
    public static let schema = stack("vStack", spacing: true)
    /// The declaration version 1 froze.
    static let version1Schema = stack("vStack", spacing: false)
    /// The node.
    public var node: Node
    /// A stack from its node.
    public init(node: Node) { self.node = node }
}

/// Views side by side.
public struct HorizontalStack: LayoutStack {
    /// `hStack`: spacing (optional, version 2); children.
    public static let schema = stack("hStack", spacing: true)
    /// The declaration version 1 froze.
    static let version1Schema = stack("hStack", spacing: false)
    /// The node.
    public var node: Node
    /// A stack from its node.
    public init(node: Node) { self.node = node }
}

/// A scrolling container.
public struct ScrollContainer: LayoutStack {
    /// `scrollView`: children.
    public static let schema = ComponentSchema(type: "scrollView", props: [], hasChildren: true)
    /// The node.
    public var node: Node
    /// A container from its node.
    public init(node: Node) { self.node = node }
}

/// A sidebar container with navigation (version 2; older clients get its fallback, a stack).
public struct NavigationContainer: LayoutStack {
    /// `navigationContainer`: children; every instance carries a fallback.
    public static let schema = ComponentSchema(
        type: "navigationContainer", props: [], hasChildren: true, fallback: .node)
    /// The node.
    public var node: Node
    /// A container from its node.
    public init(node: Node) { self.node = node }
}

/// Flexible space.
public struct Gap: Component {
    /// `spacer`: no props.
    public static let schema = ComponentSchema(type: "spacer", props: [])
    /// The node.
    public var node: Node
    /// Space.
    public init(file: String = #filePath, line: Int = #line, column: Int = #column) {
        node = Self.makeNode(id: nil, props: [], source: SourceLocation(file: file, line: line, column: column))
    }
}

/// One of the app's own complex views, by its ID.
public struct AppWidget: Component {
    /// `widget`: widgetID.
    public static let schema = ComponentSchema(type: "widget", props: [.required("widgetID", .string)])
    /// The node.
    public var node: Node
    /// The widget `widgetID`.
    public init(_ widgetID: String, file: String = #filePath, line: Int = #line, column: Int = #column) {
        node = Self.makeNode(
            id: nil, props: [Prop(key: "widgetID", value: .string(widgetID))],
            source: SourceLocation(file: file, line: line, column: column))
    }
}
