/// An app's catalog: the components and action kinds it declares, and its screens.
public struct Catalog: Sendable {
    /// Every component declaration, standard ones included.
    public var components: [ComponentSchema]
    /// Every action kind declaration, standard ones included.
    public var actions: [ActionSchema]
    /// The analytics events nodes may send (``EventSchema``); none by default.
    public var events: [EventSchema] = []
    /// The design system's colour tokens colour props may name (``ColorToken``); none by default.
    public var tokens: [ColorToken] = []
    /// The screens.
    public var screens: [Screen]
    /// Screen IDs that `navigate` may name although this catalog does not build them.
    public var externalScreens: Set<String>
    /// The oldest client contract version a screen supports unless it says otherwise.
    public var minContract: Int
    /// The JSON shape the catalog's clients decode (default: ScreenKit's flat format).
    public var profile: WireProfile = .flat
    /// The first contract version whose clients decode ``profile``. Older versions are written in
    /// the profile their frozen history records, so a new shape reaches only new clients. 1 (the
    /// default) writes every version in ``profile``: the gate then requires every frozen version to
    /// have frozen exactly this profile, and reports any change that would reshape their bytes.
    /// Set it to the next version (the newest frozen one plus one) to move new clients to a new shape.
    public var profileSince: Int = 1
    /// The localized strings the screens built per request use (their arguments' values do not
    /// matter, only their types): `check`, `build` and the renderer's start-up check them against
    /// the String Catalogs like the catalog's own screens' strings, and count their keys as used.
    public var requestTimeStrings: [LocalizedString] = []
    /// Where the catalog was declared in Swift: what a diagnostic about an element no longer
    /// declared (a removed component, action, event or token) or about the request-time strings
    /// points at.
    public var source: SourceLocation?

    /// Creates a catalog; the standard components and actions are included unless you pass others.
    /// Events, colour tokens and the strings of screens built per request are none unless given.
    public init(
        components: [any Component.Type] = StandardCatalog.components,
        actions: [ActionSchema] = StandardCatalog.actions,
        screens: [Screen],
        externalScreens: Set<String> = [],
        minContract: Int = 1,
        events: [EventSchema] = [],
        tokens: [ColorToken] = [],
        requestTimeStrings: [LocalizedString] = [],
        file: String = #filePath,
        line: Int = #line
    ) {
        self.components = components.map { $0.schema }
        self.actions = actions
        self.screens = screens
        self.externalScreens = externalScreens
        self.minContract = minContract
        self.events = events
        self.tokens = tokens
        self.requestTimeStrings = requestTimeStrings
        self.source = SourceLocation(file: file, line: line, column: 1)
    }

    /// The component declaration for a wire type.
    public func component(_ type: String) -> ComponentSchema? {
        components.first { $0.type == type }
    }

    /// The event declaration for a name.
    public func event(_ name: String) -> EventSchema? {
        events.first { $0.name == name }
    }

    /// The colour token with this name.
    public func token(_ name: String) -> ColorToken? {
        tokens.first { $0.name == name }
    }

    /// The action declaration for a wire kind.
    public func action(_ kind: String) -> ActionSchema? {
        actions.first { $0.kind == kind }
    }
}
