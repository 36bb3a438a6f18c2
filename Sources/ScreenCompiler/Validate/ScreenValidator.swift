import ScreenJSON
import ScreenKit

/// What a validator sees: the catalog's declarations and the screen IDs that exist.
///
/// A class, so handing it to every validator and writer costs one reference, not a copy of its tables.
final class ValidationContext: Sendable {
    let catalog: Catalog
    let components: [String: ComponentSchema]
    let actions: [String: ActionSchema]
    let screenIDs: Set<String>
    /// Each component's declaration flattened for the writer, in catalog order (the first
    /// declaration of a type wins).
    let plans: [ComponentPlan]
    /// The index in `plans` of each component type.
    let planIndex: [String: Int]
    /// The plan table every screen starts from, and its tokens: made once, copied per screen
    /// (``FlatScreen``) rather than made again for each one, which is most of a small screen's render.
    let planTable: PlanTable
    let planTokens: [UInt8]

    init(catalog: Catalog) {
        self.catalog = catalog
        self.screenIDs = Set(catalog.screens.map(\.id))
        var components: [String: ComponentSchema] = [:]
        for schema in catalog.components { components[schema.type] = schema }
        self.components = components
        var actions: [String: ActionSchema] = [:]
        for schema in catalog.actions { actions[schema.kind] = schema }
        self.actions = actions
        var plans: [ComponentPlan] = []
        var planIndex: [String: Int] = [:]
        for schema in catalog.components where planIndex[schema.type] == nil {
            planIndex[schema.type] = plans.count
            plans.append(ComponentPlan(schema))
        }
        self.plans = plans
        self.planIndex = planIndex
        var tokens: [UInt8] = []
        planTable = PlanTable(plans, catalog: catalog, actions: actions, into: &tokens)
        planTokens = tokens
    }
}

/// A component declaration flattened into parallel arrays, so writing a node reads them by index
/// without copying each prop declaration.
final class ComponentPlan: Sendable {
    let type: String
    let keys: [String]
    let types: [PropType]
    let defaults: [Value?]
    let required: [Bool]
    let nonEmpty: [Bool]
    let references: [Reference?]
    let isEnumeration: [Bool]
    let hasChildren: Bool
    /// The named slots.
    let slots: [String]
    /// Whether it holds children at all: a `children` list or named slots.
    var holdsChildren: Bool { hasChildren || !slots.isEmpty }
    /// The type as an escaped JSON string, quotes included.
    let typeToken: [UInt8]
    /// Each prop's key as an escaped JSON string, quotes included.
    let keyTokens: [[UInt8]]
    /// Each prop's default as JSON, when it has a scalar default.
    let defaultTokens: [[UInt8]?]

    init(_ schema: ComponentSchema) {
        type = schema.type
        keys = schema.props.map(\.key)
        types = schema.props.map(\.type)
        defaults = schema.props.map(\.defaultValue)
        required = schema.props.map { $0.presence == .required }
        nonEmpty = schema.props.map(\.nonEmpty)
        references = schema.props.map(\.reference)
        isEnumeration = schema.props.map { if case .enumeration = $0.type { true } else { false } }
        hasChildren = schema.hasChildren
        slots = schema.slots
        typeToken = jsonToken(.string(schema.type))!
        keyTokens = schema.props.map { jsonToken(.string($0.key))! }
        defaultTokens = defaults.map { $0.flatMap(jsonToken) }
    }
}

/// One small check over one flattened screen; returns what it found.
protocol ScreenValidator: Sendable {
    /// The problems in `screen`.
    func validate(_ screen: ResolvedScreen, in context: ValidationContext) -> [Diagnostic]
}

/// A screen ready for validation: the screen, and its tree flattened with IDs assigned.
struct ResolvedScreen: Sendable {
    let screen: Screen
    /// The flattened tree; nil when the body does not have exactly one node or is over the limits.
    let flat: FlatScreen?
}

/// A scalar value as JSON (an escaped string with quotes, a number, `true` or `false`); nil for
/// containers, actions and numbers JSON cannot represent.
func jsonToken(_ value: Value) -> [UInt8]? {
    var bytes: [UInt8] = []
    return appendJSONToken(value, to: &bytes) ? bytes : nil
}

/// Appends `value` as JSON when it is a scalar (see ``jsonToken(_:)``); false, appending nothing,
/// for anything else.
func appendJSONToken(_ value: borrowing Value, to bytes: inout [UInt8]) -> Bool {
    switch value {
    case .string(let string):
        appendJSONString(string, to: &bytes)
        return true
    case .number(let number):
        return appendJSONNumber(number, to: &bytes)
    case .bool(let bool):
        bytes.append(contentsOf: bool ? trueToken : falseToken)
        return true
    case .list, .map, .action, .localized:
        return false
    }
}

private let trueToken: [UInt8] = Array("true".utf8)
private let falseToken: [UInt8] = Array("false".utf8)

/// The slash-separated IDs from the screen to a node, with `fallback` before each fallback root;
/// built only when a diagnostic asks for it.
struct NodePath: CustomStringConvertible {
    /// The screen; nil for a node of a ``FusedWriter``, which reports no diagnostic.
    let flat: FlatScreen?
    let index: Int
    /// Whether to name nodes as written (explicit ID, else type) rather than by assigned ID.
    var authored = false

    /// `screen/ancestor/…/node`.
    var description: String {
        guard let flat else { return "" }
        var parts: [String] = []
        var index = index
        while index >= 0 {
            parts.append(authored ? (flat.authoredIDs[index] ?? flat.type(of: index)) : flat.id(of: index))
            if flat.nodes[index].isFallbackRoot { parts.append("fallback") }
            index = Int(flat.nodes[index].parent)
        }
        parts.append(flat.screen.id)
        return parts.reversed().joined(separator: "/")
    }
}
