/// One screen: an ID, an optional title, its initial state and a single root node.
public struct Screen: Sendable, Hashable {
    /// The screen ID: `[a-z0-9][a-z0-9_-]*`, at most 64 characters; it names files and objects.
    public var id: String
    /// The title, written only when set.
    public var title: String?
    /// The initial state: keys that text fields, API calls and state updates refer to.
    public var initialState: [String: Value]
    /// The oldest client contract version this screen supports; nil takes the catalog's default.
    public var minContract: Int?
    /// The body's top-level nodes; a valid screen has exactly one, its root.
    public var content: [Node]
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
