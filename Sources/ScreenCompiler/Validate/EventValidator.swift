import ScreenKit

/// Checks the catalog's event declarations (names, param types) and every node's events against
/// them: a known event, on a trigger its component supports, with each required param, no other,
/// each of its declared type. Each problem is reported at the Swift line that attached the event.
struct EventValidator: ScreenValidator {
    func validate(_ screen: ResolvedScreen, in context: ValidationContext) -> [Diagnostic] {
        // Most screens send none: flattening noted whether any node does, so they cost nothing here.
        guard screen.flat?.hasEvents == true else { return [] }
        var diagnostics: [Diagnostic] = []
        func visit(_ node: Node) {
            for event in node.events { diagnostics += Self.check(event, on: node, in: context.catalog) }
            node.forEachChild { visit(copy $0) }
            if case .node(let fallback)? = node.fallback { visit(fallback) }
            for arm in node.experiment?.arms ?? [] { arm.content.forEach(visit) }
        }
        screen.screen.content.forEach(visit)
        // A profile that writes only the root's children never sends the root's own members.
        let profile = context.catalog.profile
        if profile.envelope.rootChildrenOnly, let root = screen.screen.content.first {
            for event in root.events {
                diagnostics.append(
                    ScreenRules.eventInvalid.diagnostic(
                        "event \"\(event.name)\" on the root is never sent: wire profile \"\(profile.name)\" writes only the root's children; attach it to one of them",
                        at: event.source))
            }
        }
        return diagnostics
    }

    /// The problems of `event` on `node`.
    static func check(_ event: TrackedEvent, on node: Node, in catalog: Catalog) -> [Diagnostic] {
        guard let schema = catalog.event(event.name) else {
            return [
                ScreenRules.eventUnknown.diagnostic(
                    "\"\(node.type)\" sends event \"\(event.name)\", which the catalog does not declare",
                    at: event.source)
            ]
        }
        var problems: [String] = []
        if let component = catalog.component(node.type), !component.supports(event.trigger) {
            problems.append("\"\(node.type)\" has no trigger \"\(event.trigger)\"")
        }
        for param in event.params where !schema.params.contains(where: { $0.key == param.key }) {
            problems.append("event \"\(event.name)\" declares no param \"\(param.key)\"")
        }
        for declared in schema.params {
            guard let value = event.params.first(where: { $0.key == declared.key })?.value else {
                if case .required = declared.presence {
                    problems.append("event \"\(event.name)\" is missing its required param \"\(declared.key)\"")
                }
                continue
            }
            if !Self.value(value, matches: declared.type) {
                problems.append(
                    "param \"\(declared.key)\" of event \"\(event.name)\" is not of type \(declared.type.name)")
            }
        }
        return problems.map { ScreenRules.eventInvalid.diagnostic($0, at: event.source) }
    }

    /// Whether `value` is of the param type `type`: a string, number, boolean, or a case of the enum.
    static func value(_ value: Value, matches type: PropType) -> Bool {
        switch (type, value) {
        case (.string, .string), (.number, .number), (.bool, .bool): true
        case (.enumeration(let schema), .string(let text)): schema.cases.contains { $0.value == text }
        default: false
        }
    }

    /// Problems of the catalog's declarations: a name that is not one, a name listed twice, a param
    /// type an event cannot carry.
    static func validate(_ catalog: Catalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        for schema in catalog.events {
            func invalid(_ problem: String) {
                diagnostics.append(ScreenRules.eventInvalid.diagnostic(problem, at: schema.source))
            }
            if !isEventName(schema.name) {
                invalid("event name \"\(schema.name.prefix(80))\" is not [a-z][a-z0-9_]*, at most 64 characters")
            }
            if !seen.insert(schema.name).inserted { invalid("event \"\(schema.name)\" is declared twice") }
            for param in schema.params {
                switch param.type {
                case .string, .number, .bool, .enumeration: break
                default:
                    invalid(
                        "param \"\(param.key)\" of event \"\(schema.name)\" is a \(param.type.name); an event param is a string, number, bool or enum"
                    )
                }
                if case .defaulted = param.presence {
                    invalid(
                        "param \"\(param.key)\" of event \"\(schema.name)\" has a default; a param is required or optional"
                    )
                }
            }
        }
        return diagnostics
    }

    /// `[a-z][a-z0-9_]*`, 1 to 64 characters: what analytics pipelines accept as an event name.
    static func isEventName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count), (0x61...0x7A).contains(bytes[0]) else { return false }
        return bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }
}
