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
    /// For each analytics event this version knows: the keys of its params.
    private let events: [String: Set<String>]
    /// For each component this version knows: the triggers its nodes send events on.
    private let triggers: [String: Set<String>]
    /// The colour tokens this version knows.
    private let tokens: Set<String>

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
        // Most contracts declare no events: then no component's triggers are needed either.
        var events: [String: Set<String>] = [:]
        var triggers: [String: Set<String>] = [:]
        if !contract.events.isEmpty {
            for event in contract.events { events[event.name] = Set(event.params.map(\.key)) }
            for component in contract.components {
                triggers[component.type] = Set(component.eventTriggers)
            }
        }
        self.events = events
        self.triggers = triggers
        self.tokens = Set(contract.tokens.map(\.name))
    }

    /// Which props of the component at `plan` in ``ValidationContext/plans`` this version knows, or
    /// nil when it does not know the type.
    func props(ofPlan plan: Int32) -> [Bool]? { plan >= 0 ? planMasks[Int(plan)] : nil }
    /// Whether this version knows the value `value` of the enum `enumName`.
    func knows(value: String, of enumName: String) -> Bool { enums[enumName]?.contains(value) == true }
    /// Which of the live schema's fields this version knows, or nil when it does not know the kind.
    func fields(of kind: String) -> [Bool]? { actions[kind] }
    /// Whether this version knows the colour token `name`.
    func knows(token name: String) -> Bool { tokens.contains(name) }
    /// Whether this version's contract declares analytics events: only then do its clients decode
    /// an envelope's `experiments` and a node's `events`.
    var knowsEvents: Bool { !events.isEmpty }
    /// The keys of the params of the event `name`, or nil when this version does not know the event.
    func params(ofEvent name: String) -> Set<String>? { events[name] }
    /// Whether this version's `type` component sends events on `trigger`.
    func sends(_ trigger: EventTrigger, on type: String) -> Bool { triggers[type]?.contains(trigger.name) == true }
    /// Whether this version writes `event` on a node of `type` as the full envelope does: it knows
    /// the event, the trigger and every param the event sets (enum values aside).
    func writesAsIs(_ event: TrackedEvent, on type: String) -> Bool {
        guard let params = events[event.name], sends(event.trigger, on: type) else { return false }
        return event.params.allSatisfy { params.contains($0.key) }
    }
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
    /// An analytics event was left out: the version lacks the event, or the node's component
    /// lacks the trigger (`element` says which, `event:…` or `trigger:…`).
    case eventRemoved(nodeID: String, name: String, element: String)
    /// A param of an analytics event unknown to the version was left out.
    case eventParamRemoved(nodeID: String, name: String, key: String)
    /// A colour token unknown to the version was written as its light literal.
    case tokenReplaced(nodeID: String, token: String, by: String)

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
        case .eventRemoved(let id, let name, _): "\(id): event \(name) left out"
        case .eventParamRemoved(let id, let name, let key): "\(id): event \(name).\(key) left out"
        case .tokenReplaced(let id, let token, let by): "\(id): token \(token) → \(by)"
        }
    }

    /// Whether the client sees something else than the full envelope shows: a fallback. An
    /// analytics event or param left out is not one: the screen renders fully, the app just does
    /// not send that event. Nor is a token written as its literal: the client draws the colour it
    /// drew before the token existed.
    public var isFallback: Bool {
        switch self {
        case .eventRemoved, .eventParamRemoved, .tokenReplaced: false
        default: true
        }
    }

    /// The ID of the node it concerns.
    public var nodeID: String {
        switch self {
        case .replaced(let id, _, _), .dropped(let id, _), .propRemoved(let id, _, _), .enumMapped(let id, _, _, _),
            .actionReplaced(let id, _, _), .actionDropped(let id, _), .fieldRemoved(let id, _, _),
            .eventRemoved(let id, _, _), .eventParamRemoved(let id, _, _), .tokenReplaced(let id, _, _):
            id
        }
    }

    /// The contract element the client lacks, e.g. `component:productCard`.
    public var element: String {
        let (kind, name, member) = elementParts
        if kind.isEmpty { return name }
        return member.isEmpty ? "\(kind):\(name)" : "\(kind):\(name).\(member)"
    }

    /// The parts ``element`` is spelled from: its kind (`component`, `prop`, …; empty when `name`
    /// is the whole element), a name and a member (empty when none). Comparing parts tells two
    /// downgrades' elements apart without spelling either.
    package var elementParts: (kind: String, name: String, member: String) {
        switch self {
        case .replaced(_, let type, _), .dropped(_, let type): ("component", type, "")
        case .propRemoved(_, let type, let key): ("prop", type, key)
        case .enumMapped(_, let name, let from, _): ("enum", name, from)
        case .actionReplaced(_, let kind, _), .actionDropped(_, let kind): ("action", kind, "")
        case .fieldRemoved(_, let kind, let key): ("field", kind, key)
        case .eventRemoved(_, _, let element): ("", element, "")
        case .eventParamRemoved(_, let name, let key): ("param", name, key)
        case .tokenReplaced(_, let token, _): ("token", token, "")
        }
    }
}
