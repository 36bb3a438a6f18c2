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
    /// `oldFile` locates elements that exist only in `old` (the frozen file that holds them).
    public static func changes(from old: Contract, to new: Contract, oldFile: SourceLocation?) -> [ContractChange] {
        var changes: [ContractChange] = []
        for before in old.components {
            guard let after = new.component(before.type) else {
                changes.append(
                    change(
                        ContractRules.componentRemoved, "component:\(before.type)",
                        "component \"\(before.type)\" was removed", at: oldFile))
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
            changes += compareMembers(
                before.props, after.props, owner: before.type, rules: .props, oldFile: oldFile,
                ownerSource: after.source)
        }
        for after in new.components where old.component(after.type) == nil {
            changes.append(
                change(
                    ContractRules.componentAdded, "component:\(after.type)",
                    "component \"\(after.type)\" was added (fallback: \(after.fallback.rawValue))", at: after.source))
        }
        for before in old.enums {
            let after = new.enumeration(before.name)
            for value in before.cases where after?.contains(value.value) != true {
                changes.append(
                    change(
                        ContractRules.enumValueRemoved, "enum:\(before.name).\(value.value)",
                        "value \"\(value.value)\" of enum \(before.name) was removed", at: oldFile))
            }
        }
        for after in new.enums {
            let before = old.enumeration(after.name)
            for value in after.cases where before?.contains(value.value) != true {
                let fallback = value.fallback.map { " (falls back to \"\($0)\")" } ?? ""
                changes.append(
                    change(
                        ContractRules.enumValueAdded, "enum:\(after.name).\(value.value)",
                        "value \"\(value.value)\" of enum \(after.name) was added\(fallback)", at: nil))
            }
        }
        for before in old.actions {
            guard let after = new.action(before.kind) else {
                changes.append(
                    change(
                        ContractRules.actionRemoved, "action:\(before.kind)",
                        "action kind \"\(before.kind)\" was removed", at: oldFile))
                continue
            }
            changes += compareMembers(
                before.fields, after.fields, owner: before.kind, rules: .fields, oldFile: oldFile,
                ownerSource: after.source)
        }
        for after in new.actions where old.action(after.kind) == nil {
            changes.append(
                change(
                    ContractRules.actionAdded, "action:\(after.kind)",
                    "action kind \"\(after.kind)\" was added (fallback: \(after.fallback.rawValue))", at: after.source))
        }
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
                            at: nil))
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
    }

    private static func compareMembers(
        _ before: [PropSchema], _ after: [PropSchema], owner: String, rules: MemberRules, oldFile: SourceLocation?,
        ownerSource: SourceLocation?
    ) -> [ContractChange] {
        var changes: [ContractChange] = []
        let beforeKeys = Set(before.map(\.key))
        let added = after.filter { !beforeKeys.contains($0.key) }
        var renameTargets = Set<String>()
        for old in before {
            let element = "\(rules.prefix):\(owner).\(old.key)"
            guard let new = after.first(where: { $0.key == old.key }) else {
                if let target = added.first(where: {
                    $0.type.name == old.type.name && $0.presence == old.presence && !renameTargets.contains($0.key)
                }) {
                    renameTargets.insert(target.key)
                    changes.append(
                        change(
                            rules.renamed, element,
                            "\(rules.noun) \"\(owner).\(old.key)\" was renamed to \"\(target.key)\"; wire keys never change",
                            at: target.source ?? ownerSource))
                } else {
                    changes.append(
                        change(rules.removed, element, "\(rules.noun) \"\(owner).\(old.key)\" was removed", at: oldFile)
                    )
                }
                continue
            }
            let at = new.source ?? ownerSource ?? oldFile
            if old.type.name != new.type.name {
                changes.append(
                    change(
                        rules.typeChanged, element,
                        "\(rules.noun) \"\(owner).\(old.key)\" changed type from \(old.type.name) to \(new.type.name)",
                        at: at))
            }
            switch (old.presence, new.presence) {
            case (.required, .required), (.optional, .optional):
                break
            case (.defaulted(let a), .defaulted(let b)):
                if a != b {
                    changes.append(
                        change(
                            rules.defaultChanged, element,
                            "\(rules.noun) \"\(owner).\(old.key)\" changed its default from \(describe(a)) to \(describe(b))",
                            at: at))
                }
            case (.required, _), (_, .required):
                changes.append(
                    change(
                        rules.presenceChanged, element,
                        "\(rules.noun) \"\(owner).\(old.key)\" changed from \(describe(old.presence)) to \(describe(new.presence))",
                        at: at))
            default:
                changes.append(
                    change(
                        rules.defaultChanged, element,
                        "\(rules.noun) \"\(owner).\(old.key)\" changed from \(describe(old.presence)) to \(describe(new.presence))",
                        at: at))
            }
        }
        for new in added where !renameTargets.contains(new.key) {
            let element = "\(rules.prefix):\(owner).\(new.key)"
            if new.presence == .required {
                changes.append(
                    change(
                        rules.addedRequired, element,
                        "\(rules.noun) \"\(owner).\(new.key)\" was added as required without a default",
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

    private static func change(_ rule: Rule, _ element: String, _ message: String, at location: SourceLocation?)
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
        }
    }
}
