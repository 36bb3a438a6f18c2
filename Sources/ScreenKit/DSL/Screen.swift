/// One screen: an ID, an optional title, its initial state and a single root node, or one root per
/// device class (``layouts``).
public struct Screen: Sendable, Hashable {
    /// The screen ID: `[a-z0-9][a-z0-9_-]*`, at most 64 characters; it names files and objects.
    public var id: String
    /// The title, written only when set.
    public var title: String?
    /// The initial state: keys that text fields, API calls and state updates refer to.
    public var initialState: [String: Value]
    /// The oldest client contract version this screen supports; nil takes the catalog's default.
    public var minContract: Int?
    /// The body's top-level nodes; a valid screen has exactly one, its root (none when it has
    /// ``layouts``).
    public var content: [Node]
    /// Alternative layouts per device class (`iphone`, `ipad`), each with its own root; empty for
    /// a screen with one layout. Each is validated and written as the screen ``layoutScreens``
    /// lists.
    public var layouts: [DeviceLayout] = []
    /// Values a wire profile writes into this screen's envelope (``EnvelopeMember/Value/screenValue(_:)``),
    /// by name: `["route": "/v1/home"]`. Empty for the flat format.
    public var envelopeValues: [String: String] = [:]
    /// The experiment arms this screen was resolved to, by experiment name: set as its experiments
    /// are resolved (by the compiler per combination, by the renderer per request), and written
    /// into the envelope (`experiments`) of a screen whose nodes send analytics events, so that
    /// the client attaches them to each event. Empty for a screen without experiments.
    public var servedArms: [String: String] = [:]
    /// Where the screen was declared.
    public var source: SourceLocation

    /// Creates a screen from a builder block holding its root component.
    public init(
        _ id: String,
        title: String? = nil,
        initialState: [String: Value] = [:],
        minContract: Int? = nil,
        file: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        @ScreenBuilder content: () -> [Node]
    ) {
        self.id = id
        self.title = title
        self.initialState = initialState
        self.minContract = minContract
        self.content = content()
        self.source = SourceLocation(file: file, line: line, column: column)
    }
}

extension Screen {
    /// Creates a screen with one layout per device class, each validated like a screen of its own.
    public init(
        _ id: String,
        title: String? = nil,
        initialState: [String: Value] = [:],
        minContract: Int? = nil,
        layouts: [DeviceLayout],
        file: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        self.id = id
        self.title = title
        self.initialState = initialState
        self.minContract = minContract
        self.content = []
        self.layouts = layouts
        self.source = SourceLocation(file: file, line: line, column: column)
    }

    /// This screen with `value` as its envelope value `name` (a route, for a profile whose
    /// envelope names it).
    public func envelopeValue(_ name: String, _ value: String) -> Screen {
        var copy = self
        copy.envelopeValues[name] = value
        return copy
    }

    /// The ID of the screen holding `device`'s layout of screen `id`: `id.device`. Screen IDs
    /// have no dot, so it never names a screen of the catalog.
    public static func layoutID(_ id: String, device: String) -> String { id + "." + device }

    /// One screen per device layout, `<id>.<device>` (see ``layoutID(_:device:)``), with this
    /// screen's title, state and minimum contract: what the compiler validates and writes, and
    /// what the flat format publishes, so a client of one device class fetches its own. Just the
    /// screen itself when it has no layouts.
    public var layoutScreens: [Screen] {
        guard !layouts.isEmpty else { return [self] }
        return layouts.map { layout in
            var screen = self
            screen.id = Self.layoutID(id, device: layout.device)
            screen.content = layout.content
            screen.layouts = []
            screen.source = layout.source
            return screen
        }
    }
}

/// One device class's layout of a screen: the device's key and the root built for it.
public struct DeviceLayout: Sendable, Hashable {
    /// The device class, `[a-z0-9]+`: `iphone`, `ipad`.
    public var device: String
    /// The layout's top-level nodes; a valid layout has exactly one, its root.
    public var content: [Node]
    /// Where the layout was declared.
    public var source: SourceLocation

    /// A layout for `device`, from a builder block holding its root.
    public init(
        _ device: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        @ScreenBuilder content: () -> [Node]
    ) {
        self.device = device
        self.content = content()
        self.source = SourceLocation(file: file, line: line, column: column)
    }
}
