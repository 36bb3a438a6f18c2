import ScreenKit

/// The component contract: every component, action kind, enum and analytics event with their wire names.
///
/// Normalized: everything sorted by wire name, so reordering Swift declarations is not a change.
public struct Contract: Sendable, Hashable {
    /// The components, sorted by wire type, each with its props sorted by key.
    public private(set) var components: [ComponentSchema]
    /// The action kinds, sorted by kind, each with its fields sorted by key.
    public private(set) var actions: [ActionSchema]
    /// The enums the props use, sorted by name, each with its values sorted.
    public private(set) var enums: [EnumSchema]
    /// The analytics events, sorted by name, each with its params sorted by key; none for most.
    public private(set) var events: [EventSchema]
    /// The design system's colour tokens, sorted by name; none for most.
    public private(set) var tokens: [ColorToken]
    /// The JSON shape clients of this version decode: frozen with the version, so a change to it
    /// is a contract change (the flat format unless the catalog says otherwise).
    public var profile: WireProfile

    /// Creates a normalized contract.
    public init(
        components: [ComponentSchema], actions: [ActionSchema], enums: [EnumSchema], events: [EventSchema] = [],
        tokens: [ColorToken] = [], profile: WireProfile = .flat
    ) {
        self.profile = profile
        self.tokens = tokens.sorted { $0.name < $1.name }
        self.components = components.map { component in
            var copy = component
            copy.props = Self.normalize(component.props)
            copy.triggers = Set(component.triggers).sorted()
            return copy
        }.sorted { $0.type < $1.type }
        self.events = events.map { event in
            var copy = event
            copy.params = Self.normalize(event.params)
            return copy
        }.sorted { $0.name < $1.name }
        self.actions = actions.map { action in
            var copy = action
            copy.fields = Self.normalize(action.fields)
            return copy
        }.sorted { $0.kind < $1.kind }
        self.enums = enums.map(Self.normalize).sorted { $0.name < $1.name }
    }

    private static func normalize(_ schema: EnumSchema) -> EnumSchema {
        EnumSchema(name: schema.name, cases: schema.cases.sorted { $0.value < $1.value })
    }

    private static func normalize(_ props: [PropSchema]) -> [PropSchema] {
        props.map { prop in
            var copy = prop
            copy.type = normalize(prop.type)
            return copy
        }.sorted { $0.key < $1.key }
    }

    private static func normalize(_ type: PropType) -> PropType {
        switch type {
        case .enumeration(let schema): .enumeration(normalize(schema))
        case .list(let element): .list(normalize(element))
        case .map(let element): .map(normalize(element))
        default: type
        }
    }

    /// The component with this wire type.
    public func component(_ type: String) -> ComponentSchema? {
        components.first { $0.type == type }
    }

    /// The action kind with this wire kind.
    public func action(_ kind: String) -> ActionSchema? {
        actions.first { $0.kind == kind }
    }

    /// The enum with this name.
    public func enumeration(_ name: String) -> EnumSchema? {
        enums.first { $0.name == name }
    }

    /// The analytics event with this name.
    public func event(_ name: String) -> EventSchema? {
        events.first { $0.name == name }
    }

    /// The colour token with this name.
    public func token(_ name: String) -> ColorToken? {
        tokens.first { $0.name == name }
    }
}

extension Contract {
    /// The live contract of a catalog, derived from its Swift declarations, and any conflicts in it.
    public static func live(_ catalog: Catalog) -> (Contract, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var enums: [String: (EnumSchema, SourceLocation?)] = [:]
        func collect(_ type: PropType, at source: SourceLocation?, owner: String) {
            switch type {
            case .enumeration(let schema):
                if let (existing, firstSource) = enums[schema.name] {
                    if Set(existing.cases) != Set(schema.cases) {
                        diagnostics.append(
                            ContractRules.enumConflict.diagnostic(
                                "enum \(schema.name) of \(owner) has other values than the enum of that name used at \(firstSource.map(\.description) ?? "another declaration")",
                                at: source, path: "enum:\(schema.name)"))
                    }
                } else {
                    enums[schema.name] = (schema, source)
                }
            case .list(let element), .map(let element):
                collect(element, at: source, owner: owner)
            default:
                break
            }
        }
        var seenTypes: [String: SourceLocation?] = [:]
        for component in catalog.components {
            if let first = seenTypes[component.type] {
                diagnostics.append(
                    ContractRules.declarationDuplicate.diagnostic(
                        "component type \"\(component.type)\" is declared twice (also at \(first.map(\.description) ?? "?"))",
                        at: component.source, path: "component:\(component.type)"))
            }
            seenTypes[component.type] = component.source
            for prop in component.props {
                collect(prop.type, at: prop.source ?? component.source, owner: "\(component.type).\(prop.key)")
            }
        }
        var seenKinds: [String: SourceLocation?] = [:]
        for action in catalog.actions {
            if let first = seenKinds[action.kind] {
                diagnostics.append(
                    ContractRules.declarationDuplicate.diagnostic(
                        "action kind \"\(action.kind)\" is declared twice (also at \(first.map(\.description) ?? "?"))",
                        at: action.source, path: "action:\(action.kind)"))
            }
            seenKinds[action.kind] = action.source
            for field in action.fields {
                collect(field.type, at: field.source ?? action.source, owner: "\(action.kind).\(field.key)")
            }
        }
        // Events declared twice are the event validator's to report (`event-invalid`); the first counts.
        var uniqueEvents: [String: EventSchema] = [:]
        for event in catalog.events where uniqueEvents[event.name] == nil {
            uniqueEvents[event.name] = event
            for param in event.params {
                collect(param.type, at: param.source ?? event.source, owner: "event \(event.name).\(param.key)")
            }
        }
        // Likewise tokens (the catalog validator's `token-invalid`).
        var uniqueTokens: [String: ColorToken] = [:]
        for token in catalog.tokens where uniqueTokens[token.name] == nil { uniqueTokens[token.name] = token }
        var uniqueComponents: [String: ComponentSchema] = [:]
        for component in catalog.components where uniqueComponents[component.type] == nil {
            uniqueComponents[component.type] = component
        }
        var uniqueActions: [String: ActionSchema] = [:]
        for action in catalog.actions where uniqueActions[action.kind] == nil { uniqueActions[action.kind] = action }
        let contract = Contract(
            components: Array(uniqueComponents.values), actions: Array(uniqueActions.values),
            enums: enums.values.map(\.0), events: Array(uniqueEvents.values),
            tokens: Array(uniqueTokens.values), profile: catalog.profile)
        return (contract, diagnostics)
    }
}
