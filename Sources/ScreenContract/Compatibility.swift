import ScreenKit

/// One difference between two contracts, classified breaking or allowed by a rule.
public struct ContractChange: Sendable, Hashable {
    /// The rule that classifies it.
    public let rule: Rule
    /// Whether it breaks clients already shipped.
    public let isBreaking: Bool
    /// The element, e.g. `component:text`, `prop:text.color`, `enum:TextStyle.display`,
    /// `action:navigate`, `field:navigate.params`.
    public let element: String
    /// What changed, in one line.
    public let message: String
    /// The Swift declaration when known, else the frozen file that holds the element.
    public let location: SourceLocation?

    /// The change as a diagnostic: an error when breaking, a note when allowed.
    public var diagnostic: Diagnostic {
        rule.diagnostic(message, severity: isBreaking ? .error : .note, at: location, path: element)
    }
}

/// The additive-only rule: compares contracts and names every change.
public enum Compatibility {
    /// `slots` for a message: `[slides, header]`, or `none`.
    private static func slotList(_ slots: [String]) -> String {
        slots.isEmpty ? "none" : "[" + slots.joined(separator: ", ") + "]"
    }

    /// Every difference from `old` to `new`, breaking and allowed.
    ///
    /// `oldFile` locates elements that exist only in `old` (the frozen file that holds them). With
    /// `newShape`, `old` keeps the wire profile it froze (``Catalog/profileSince`` is after it), so a
    /// different profile in `new` is a new shape for newer clients, not a change to `old`'s bytes.
    /// `catalog` (the live catalog's Swift declaration) locates what `new` no longer declares: a
    /// removed component, action kind, event or token is restored in the catalog's lists. An enum's
    /// changes are located at the first prop, field or param of `new` that it types. `latest`, the
    /// newest frozen contract when `old` is an older one, keeps a rename guess to what the change
    /// itself adds: an element frozen since `old` (in `latest`) is never taken for a removed one's
    /// new name.
    public static func changes(
        from old: Contract, to new: Contract, oldFile: SourceLocation?, newShape: Bool = false,
        catalog: SourceLocation? = nil, latest: Contract? = nil
    ) -> [ContractChange] {
        let removedAt = catalog ?? oldFile
        var changes = ProfileCompatibility.changes(from: old, to: new, oldFile: removedAt, newShape: newShape)
        let enumSites = enumDeclarationSites(in: new)
        let renames = enumRenames(from: old, to: new)
        for (frozen, current) in renames.sorted(by: { $0.key < $1.key }) {
            changes.append(
                change(
                    ContractRules.enumRenamed, "enum:\(frozen)",
                    "enum \"\(frozen)\" of the frozen contract is now called \"\(current)\" (same props and fields); "
                        + "restore its contract name: `static let contractName = \"\(frozen)\"` in \(current)",
                    at: enumSites[current] ?? removedAt))
        }
        let members = MemberComparison(renames: renames, oldFile: oldFile, latest: latest)
        for before in old.components {
            guard let after = new.component(before.type) else {
                changes.append(
                    change(
                        ContractRules.componentRemoved, "component:\(before.type)",
                        "component \"\(before.type)\" was removed", at: removedAt))
                continue
            }
            if before.hasChildren != after.hasChildren {
                changes.append(
                    change(
                        ContractRules.componentChildrenChanged, "component:\(before.type)",
                        "component \"\(before.type)\" \(after.hasChildren ? "gained" : "lost") children",
                        at: after.source ?? oldFile))
            }
            if before.slots != after.slots {
                changes.append(
                    change(
                        ContractRules.componentSlotsChanged, "component:\(before.type)",
                        "component \"\(before.type)\" has slots \(slotList(after.slots)), frozen as "
                            + "\(slotList(before.slots))",
                        at: after.source ?? oldFile))
            }
            if before.fallback != after.fallback {
                changes.append(
                    change(
                        ContractRules.fallbackChanged, "component:\(before.type)",
                        "component \"\(before.type)\" changed its fallback rule from \(before.fallback.rawValue) to "
                            + after.fallback.rawValue, at: after.source ?? oldFile))
            }
            changes += members.compare(
                before.props, after.props, owner: before.type, rules: .props, ownerSource: after.source)
            changes += triggerChanges(from: before, to: after, oldFile: oldFile)
        }
        for after in new.components where old.component(after.type) == nil {
            changes.append(
                change(
                    ContractRules.componentAdded, "component:\(after.type)",
                    "component \"\(after.type)\" was added (fallback: \(after.fallback.rawValue))", at: after.source))
        }
        for before in old.enums {
            let after = new.enumeration(renames[before.name] ?? before.name)
            let enumAt = enumSites[renames[before.name] ?? before.name] ?? removedAt
            for value in before.cases {
                let element = "enum:\(before.name).\(value.value)"
                guard let now = after?.cases.first(where: { $0.value == value.value }) else {
                    changes.append(
                        change(
                            ContractRules.enumValueRemoved, element,
                            "value \"\(value.value)\" of enum \(before.name) was removed", at: enumAt))
                    continue
                }
                if value.fallback != now.fallback {
                    changes.append(
                        change(
                            ContractRules.fallbackChanged, element,
                            "value \"\(value.value)\" of enum \(before.name) now falls back to "
                                + "\(now.fallback.map { "\"\($0)\"" } ?? "nothing"), frozen as "
                                + "\(value.fallback.map { "\"\($0)\"" } ?? "nothing")", at: enumAt))
                }
                changes += meaningChanges(
                    value.meaning, now.meaning, element: element,
                    noun: "value \"\(value.value)\" of enum \(before.name)", at: enumAt)
            }
        }
        let renamedFrom = Dictionary(renames.map { ($0.value, $0.key) }) { first, _ in first }
        for after in new.enums {
            let before = old.enumeration(renamedFrom[after.name] ?? after.name)
            for value in after.cases where before?.contains(value.value) != true {
                let fallback = value.fallback.map { " (falls back to \"\($0)\")" } ?? ""
                changes.append(
                    change(
                        ContractRules.enumValueAdded, "enum:\(after.name).\(value.value)",
                        "value \"\(value.value)\" of enum \(after.name) was added\(fallback)",
                        at: enumSites[after.name]))
            }
        }
        for before in old.actions {
            guard let after = new.action(before.kind) else {
                changes.append(
                    change(
                        ContractRules.actionRemoved, "action:\(before.kind)",
                        "action kind \"\(before.kind)\" was removed", at: removedAt))
                continue
            }
            if before.fallback != after.fallback {
                changes.append(
                    change(
                        ContractRules.fallbackChanged, "action:\(before.kind)",
                        "action kind \"\(before.kind)\" changed its fallback rule from \(before.fallback.rawValue) to "
                            + after.fallback.rawValue, at: after.source ?? oldFile))
            }
            changes += members.compare(
                before.fields, after.fields, owner: before.kind, rules: .fields, ownerSource: after.source)
        }
        for after in new.actions where old.action(after.kind) == nil {
            changes.append(
                change(
                    ContractRules.actionAdded, "action:\(after.kind)",
                    "action kind \"\(after.kind)\" was added (fallback: \(after.fallback.rawValue))", at: after.source))
        }
        changes += eventChanges(from: old, to: new, members: members, oldFile: oldFile, removedAt: removedAt)
        changes += tokenChanges(from: old, to: new, oldFile: oldFile, removedAt: removedAt, latest: latest)
        return changes
    }

    /// Elements of `contract` that the `baseline` version lacks and that have no fallback into it.
    ///
    /// The baseline is the oldest contract version clients still use: everything newer must
    /// degrade, through fallbacks, to something it knows.
    public static func missingFallbacks(in contract: Contract, baseline: Contract) -> [ContractChange] {
        var changes: [ContractChange] = []
        for component in contract.components where baseline.component(component.type) == nil {
            if component.fallback == .none {
                changes.append(
                    change(
                        ContractRules.componentNoFallback, "component:\(component.type)",
                        "component \"\(component.type)\" is newer than the oldest supported contract but has no fallback",
                        at: component.source))
            }
        }
        for action in contract.actions where baseline.action(action.kind) == nil {
            if action.fallback == .none {
                changes.append(
                    change(
                        ContractRules.actionNoFallback, "action:\(action.kind)",
                        "action kind \"\(action.kind)\" is newer than the oldest supported contract but has no fallback",
                        at: action.source))
            }
        }
        // An enum the baseline lacks altogether types only props, fields or components newer than
        // it, which its clients never receive: its values need no fallback into it.
        let enumSites = enumDeclarationSites(in: contract)
        for schema in contract.enums {
            guard let known = baseline.enumeration(schema.name) else { continue }
            for value in schema.cases where !known.contains(value.value) {
                if resolve(value.value, in: schema, knownBy: known) == nil {
                    let detail =
                        value.fallback.map { "its fallback \"\($0)\" does not lead to a value that version knows" }
                        ?? "it has no fallback"
                    changes.append(
                        change(
                            ContractRules.enumValueNoFallback, "enum:\(schema.name).\(value.value)",
                            "value \"\(value.value)\" of enum \(schema.name) is newer than the oldest supported contract and \(detail)",
                            at: enumSites[schema.name]))
                }
            }
        }
        return changes
    }

    /// Follows `value`'s fallback chain in `schema` to the first value `known` contains; nil if none.
    public static func resolve(_ value: String, in schema: EnumSchema, knownBy known: EnumSchema?) -> String? {
        var current = value
        var visited: Set<String> = []
        while visited.insert(current).inserted {
            if known?.contains(current) == true { return current }
            guard let next = schema.cases.first(where: { $0.value == current })?.fallback else { return nil }
            current = next
        }
        return nil
    }

    /// The rule IDs used for props of components or for fields of action kinds.
    struct MemberRules {
        let noun: String
        let prefix: String
        let removed: Rule
        let renamed: Rule
        let typeChanged: Rule
        let presenceChanged: Rule
        let defaultChanged: Rule
        let addedRequired: Rule
        let added: Rule
        /// Why a required member cannot be added: what old clients (or apps) do without it.
        var requiredAddedBecause = "without a default"

        static let props = MemberRules(
            noun: "prop", prefix: "prop", removed: ContractRules.propRemoved, renamed: ContractRules.propRenamed,
            typeChanged: ContractRules.propTypeChanged, presenceChanged: ContractRules.propPresenceChanged,
            defaultChanged: ContractRules.propDefaultChanged, addedRequired: ContractRules.propAddedRequired,
            added: ContractRules.propAdded)
        static let fields = MemberRules(
            noun: "field", prefix: "field", removed: ContractRules.actionFieldRemoved,
            renamed: ContractRules.actionFieldRemoved, typeChanged: ContractRules.actionFieldChanged,
            presenceChanged: ContractRules.actionFieldChanged, defaultChanged: ContractRules.actionFieldChanged,
            addedRequired: ContractRules.actionFieldAddedRequired, added: ContractRules.actionFieldAdded)
        static let params = MemberRules(
            noun: "param", prefix: "param", removed: ContractRules.eventParamRemoved,
            renamed: ContractRules.eventParamRenamed, typeChanged: ContractRules.eventParamTypeChanged,
            presenceChanged: ContractRules.eventParamPresenceChanged,
            defaultChanged: ContractRules.eventParamPresenceChanged,
            addedRequired: ContractRules.eventParamAddedRequired, added: ContractRules.eventParamAdded,
            requiredAddedBecause: "(params have no defaults: apps already shipped send the event without it)")
    }

    /// Compares an owner's props (or an action kind's fields), old to new, with enums renamed in
    /// the contract (see ``enumRenames(from:to:)``) matched to their frozen names.
    struct MemberComparison {
        let renames: [String: String]
        let oldFile: SourceLocation?
        /// The newest frozen contract, whose elements are never rename targets (see `changes`).
        var latest: Contract? = nil

        /// The keys `owner` has in ``latest`` (none without it).
        func frozenKeys(_ owner: String, _ rules: MemberRules) -> Set<String> {
            guard let latest else { return [] }
            let members: [PropSchema]? =
                switch rules.prefix {
                case "prop": latest.component(owner)?.props
                case "field": latest.action(owner)?.fields
                default: latest.event(owner)?.params
                }
            return Set((members ?? []).map(\.key))
        }

        /// The type's canonical name with every renamed enum under its new name.
        func renamed(_ type: PropType) -> String {
            switch type {
            case .enumeration(let schema): "enum \(renames[schema.name] ?? schema.name)"
            case .list(let element): "[\(renamed(element))]"
            case .map(let element): "{\(renamed(element))}"
            default: type.name
            }
        }

        func compare(
            _ before: [PropSchema], _ after: [PropSchema], owner: String, rules: MemberRules,
            ownerSource: SourceLocation?
        ) -> [ContractChange] {
            var changes: [ContractChange] = []
            let beforeKeys = Set(before.map(\.key))
            let added = after.filter { !beforeKeys.contains($0.key) }
            let frozen = frozenKeys(owner, rules)
            var renameTargets = Set<String>()
            for old in before {
                let element = "\(rules.prefix):\(owner).\(old.key)"
                let noun = "\(rules.noun) \"\(owner).\(old.key)\""
                guard let new = after.first(where: { $0.key == old.key }) else {
                    if let target = added.first(where: {
                        $0.type.name == renamed(old.type) && $0.presence == old.presence
                            && !renameTargets.contains($0.key) && !frozen.contains($0.key)
                    }) {
                        renameTargets.insert(target.key)
                        changes.append(
                            change(
                                rules.renamed, element,
                                "\(noun) was renamed to \"\(target.key)\"; wire keys never change",
                                at: target.source ?? ownerSource))
                    } else {
                        // Gone from the owner's declaration, which is where to restore it.
                        changes.append(
                            change(rules.removed, element, "\(noun) was removed", at: ownerSource ?? oldFile))
                    }
                    continue
                }
                let at = new.source ?? ownerSource ?? oldFile
                if renamed(old.type) != new.type.name {
                    changes.append(
                        change(
                            rules.typeChanged, element,
                            "\(noun) changed type from \(old.type.name) to \(new.type.name)",
                            at: at))
                }
                changes += presenceChanges(old, new, noun: noun, element: element, rules: rules, at: at)
                if old.nonEmpty != new.nonEmpty {
                    changes.append(
                        old.nonEmpty
                            ? change(
                                ContractRules.guaranteeRelaxed, element,
                                "\(noun) is no longer non-empty; the frozen contract guarantees it is", at: at)
                            : change(ContractRules.guaranteeTightened, element, "\(noun) is now non-empty", at: at))
                }
                changes += meaningChanges(old.meaning, new.meaning, element: element, noun: noun, at: at)
            }
            for new in added where !renameTargets.contains(new.key) {
                let element = "\(rules.prefix):\(owner).\(new.key)"
                if new.presence == .required {
                    changes.append(
                        change(
                            rules.addedRequired, element,
                            "\(rules.noun) \"\(owner).\(new.key)\" was added as required \(rules.requiredAddedBecause)",
                            at: new.source ?? ownerSource))
                } else {
                    changes.append(
                        change(
                            rules.added, element,
                            "\(rules.noun) \"\(owner).\(new.key)\" was added (\(describe(new.presence)))",
                            at: new.source ?? ownerSource))
                }
            }
            return changes
        }

        /// Required and defaulted both always write the key: switching between them is allowed;
        /// to or from optional, or a changed default, is not.
        private func presenceChanges(
            _ old: PropSchema, _ new: PropSchema, noun: String, element: String, rules: MemberRules,
            at: SourceLocation?
        ) -> [ContractChange] {
            let from = describe(old.presence)
            let to = describe(new.presence)
            switch (old.presence, new.presence) {
            case (.required, .required), (.optional, .optional):
                return []
            case (.defaulted(let a), .defaulted(let b)):
                guard a != b else { return [] }
                return [
                    change(
                        rules.defaultChanged, element,
                        "\(noun) changed its default from \(describe(a)) to \(describe(b))",
                        at: at)
                ]
            case (.required, .defaulted), (.defaulted, .required):
                return [
                    change(
                        ContractRules.presenceAlwaysWritten, element,
                        "\(noun) changed from \(from) to \(to); both always write the key", at: at)
                ]
            case (.required, _), (_, .required):
                return [change(rules.presenceChanged, element, "\(noun) changed from \(from) to \(to)", at: at)]
            default:
                return [change(rules.defaultChanged, element, "\(noun) changed from \(from) to \(to)", at: at)]
            }
        }
    }

    /// A frozen meaning changed or removed (breaking), or one recorded where there was none (allowed).
    static func meaningChanges(
        _ old: String?, _ new: String?, element: String, noun: String, at: SourceLocation?
    ) -> [ContractChange] {
        guard old != new else { return [] }
        guard let old else {
            return [change(ContractRules.meaningAdded, element, "\(noun) now records its meaning", at: at)]
        }
        let now = new.map { "\"\($0)\"" } ?? "nothing"
        return [
            change(ContractRules.meaningChanged, element, "\(noun) means \(now), frozen as meaning \"\(old)\"", at: at)
        ]
    }

    /// The name of the enum `type` is, or holds as a list's or a map's element; nil for none.
    static func enumName(_ type: PropType) -> String? {
        switch type {
        case .enumeration(let schema): schema.name
        case .list(let element), .map(let element): enumName(element)
        default: nil
        }
    }

    /// Where each enum of `contract` is declared for a diagnostic: the Swift declaration of the
    /// first prop, field or param it types (or of its owner), in the contract's sorted order.
    static func enumDeclarationSites(in contract: Contract) -> [String: SourceLocation] {
        var sites: [String: SourceLocation] = [:]
        func note(_ members: [PropSchema], owner: SourceLocation?) {
            for member in members {
                guard let name = enumName(member.type), sites[name] == nil,
                    let location = member.source ?? owner
                else { continue }
                sites[name] = location
            }
        }
        for component in contract.components { note(component.props, owner: component.source) }
        for action in contract.actions { note(action.fields, owner: action.source) }
        for event in contract.events { note(event.params, owner: event.source) }
        return sites
    }

    /// Enums of `old` missing from `new` whose every use (props and fields typed by them) is
    /// typed by one enum `new` has and `old` lacks: their contract name changed, frozen → new.
    static func enumRenames(from old: Contract, to new: Contract) -> [String: String] {
        func uses(_ contract: Contract) -> [String: PropType] {
            var types: [String: PropType] = [:]
            for component in contract.components {
                for prop in component.props { types["component:\(component.type).\(prop.key)"] = prop.type }
            }
            for action in contract.actions {
                for field in action.fields { types["action:\(action.kind).\(field.key)"] = field.type }
            }
            for event in contract.events {
                for param in event.params { types["event:\(event.name).\(param.key)"] = param.type }
            }
            return types
        }
        let before = uses(old)
        let after = uses(new)
        var renames: [String: String] = [:]
        for schema in old.enums where new.enumeration(schema.name) == nil {
            let sites = before.filter { enumName($0.value) == schema.name }.map(\.key)
            let targets = Set(sites.map { site in after[site].flatMap(enumName) ?? "" })
            guard !sites.isEmpty, targets.count == 1, let target = targets.first, !target.isEmpty,
                old.enumeration(target) == nil
            else { continue }
            renames[schema.name] = target
        }
        return renames
    }

    static func change(_ rule: Rule, _ element: String, _ message: String, at location: SourceLocation?)
        -> ContractChange
    {
        ContractChange(
            rule: rule, isBreaking: ContractRules.breaking.contains(rule), element: element, message: message,
            location: location)
    }

    /// A short text for a presence, e.g. `defaulted to 8`.
    public static func describe(_ presence: Presence) -> String {
        switch presence {
        case .required: "required"
        case .optional: "optional"
        case .defaulted(let value): "defaulted to \(describe(value))"
        }
    }

    /// A short text for a value, e.g. `"body"` or `8`.
    public static func describe(_ value: Value) -> String {
        switch value {
        case .string(let string): "\"\(string)\""
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
        case .bool(let bool): "\(bool)"
        case .list(let values): "[" + values.map(describe).joined(separator: ", ") + "]"
        case .map(let map): "{" + map.keys.sorted().map { "\($0): \(describe(map[$0]!))" }.joined(separator: ", ") + "}"
        case .action(let action): "action \(action.kind)"
        case .localized(let string): "localized \"\(string.key)\""
        }
    }
}
