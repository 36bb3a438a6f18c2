import ScreenContract
import ScreenKit

/// What clients of one contract version know: component types and props, enum values, action kinds and fields.
///
/// Props and fields are precomputed as masks aligned with the live declarations, so writing a
/// variant costs one lookup per node, not one per prop.
struct VersionView: Sendable {
    /// The contract version.
    let version: Int
    /// The wire profile its clients decode: the catalog's from ``Catalog/profileSince`` on, else
    /// the one the version froze.
    let profile: WireProfile
    /// For each component this version knows, by index in ``ValidationContext/plans``: which of
    /// the live schema's props it knows.
    private let planMasks: [[Bool]?]
    private let enums: [String: Set<String>]
    /// For each action kind this version knows: which of the live schema's fields it knows.
    private let actions: [String: [Bool]]

    init(_ contract: Contract, version: Int, live context: ValidationContext) {
        self.version = version
        self.profile = version < context.catalog.profileSince ? contract.profile : context.catalog.profile
        // Prop lists are short: matched by scanning, without building sets.
        var components: [String: [Bool]] = [:]
        for component in contract.components {
            let live = context.components[component.type]?.props ?? []
            components[component.type] = live.map { prop in component.props.contains { $0.key == prop.key } }
        }
        self.planMasks = context.plans.map { components[$0.type] }
        var enums: [String: Set<String>] = [:]
        for schema in contract.enums { enums[schema.name] = Set(schema.cases.map(\.value)) }
        self.enums = enums
        var actions: [String: [Bool]] = [:]
        for action in contract.actions {
            let live = context.actions[action.kind]?.fields ?? []
            actions[action.kind] = live.map { field in action.fields.contains { $0.key == field.key } }
        }
        self.actions = actions
    }

    /// Which props of the component at `plan` in ``ValidationContext/plans`` this version knows, or
    /// nil when it does not know the type.
    func props(ofPlan plan: Int32) -> [Bool]? { plan >= 0 ? planMasks[Int(plan)] : nil }
    /// Whether this version knows the value `value` of the enum `enumName`.
    func knows(value: String, of enumName: String) -> Bool { enums[enumName]?.contains(value) == true }
    /// Which of the live schema's fields this version knows, or nil when it does not know the kind.
    func fields(of kind: String) -> [Bool]? { actions[kind] }
}

/// One thing an older client gets differently from the full envelope.
public enum Downgrade: Sendable, Hashable, CustomStringConvertible {
    /// A node of an unknown type was replaced by its fallback.
    case replaced(nodeID: String, type: String, by: String)
    /// A node of an unknown type was dropped.
    case dropped(nodeID: String, type: String)
    /// A prop unknown to the version was left out.
    case propRemoved(nodeID: String, type: String, key: String)
    /// An enum value unknown to the version was mapped through its fallbacks.
    case enumMapped(nodeID: String, enumName: String, from: String, to: String)
    /// An action of an unknown kind was replaced by its fallback action.
    case actionReplaced(nodeID: String, kind: String, by: String)
    /// An action of an unknown kind was dropped.
    case actionDropped(nodeID: String, kind: String)
    /// An action field unknown to the version was left out.
    case fieldRemoved(nodeID: String, kind: String, key: String)

    /// A short line for reports, e.g. `card-aeropress: productCard → card`.
    public var description: String {
        switch self {
        case .replaced(let id, let type, let by): "\(id): \(type) → \(by)"
        case .dropped(let id, let type): "\(id): \(type) dropped"
        case .propRemoved(let id, let type, let key): "\(id): \(type).\(key) left out"
        case .enumMapped(let id, let name, let from, let to): "\(id): \(name).\(from) → \(to)"
        case .actionReplaced(let id, let kind, let by): "\(id): action \(kind) → \(by)"
        case .actionDropped(let id, let kind): "\(id): action \(kind) dropped"
        case .fieldRemoved(let id, let kind, let key): "\(id): \(kind).\(key) left out"
        }
    }

    /// The ID of the node it concerns.
    public var nodeID: String {
        switch self {
        case .replaced(let id, _, _), .dropped(let id, _), .propRemoved(let id, _, _), .enumMapped(let id, _, _, _),
            .actionReplaced(let id, _, _), .actionDropped(let id, _), .fieldRemoved(let id, _, _):
            id
        }
    }

    /// The contract element the client lacks, e.g. `component:productCard`.
    public var element: String {
        switch self {
        case .replaced(_, let type, _), .dropped(_, let type): "component:\(type)"
        case .propRemoved(_, let type, let key): "prop:\(type).\(key)"
        case .enumMapped(_, let name, let from, _): "enum:\(name).\(from)"
        case .actionReplaced(_, let kind, _), .actionDropped(_, let kind): "action:\(kind)"
        case .fieldRemoved(_, let kind, let key): "field:\(kind).\(key)"
        }
    }
}
