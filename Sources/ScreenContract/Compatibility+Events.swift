import ScreenKit

/// The additive-only rule for analytics events and the triggers components fire them on.
extension Compatibility {
    /// Events removed, renamed, added or repurposed, and each event's param changes, old to new.
    static func eventChanges(
        from old: Contract, to new: Contract, members: MemberComparison, oldFile: SourceLocation?,
        removedAt: SourceLocation?
    ) -> [ContractChange] {
        var changes: [ContractChange] = []
        let added = new.events.filter { old.event($0.name) == nil }
        let frozen = Set(members.latest?.events.map(\.name) ?? [])
        var renameTargets: Set<String> = []
        for before in old.events {
            let element = "event:\(before.name)"
            guard let after = new.event(before.name) else {
                // Gone, and an event with exactly its params appeared: the name changed.
                if let target = added.first(where: {
                    $0.params == before.params && !renameTargets.contains($0.name) && !frozen.contains($0.name)
                }) {
                    renameTargets.insert(target.name)
                    changes.append(
                        change(
                            ContractRules.eventRenamed, element,
                            "event \"\(before.name)\" was renamed to \"\(target.name)\"; event names never change",
                            at: target.source ?? oldFile))
                } else {
                    changes.append(
                        change(
                            ContractRules.eventRemoved, element, "event \"\(before.name)\" was removed", at: removedAt)
                    )
                }
                continue
            }
            changes += members.compare(
                before.params, after.params, owner: before.name, rules: .params, ownerSource: after.source)
            changes += meaningChanges(
                before.meaning, after.meaning, element: element, noun: "event \"\(before.name)\"",
                at: after.source ?? oldFile)
        }
        for after in added where !renameTargets.contains(after.name) {
            changes.append(
                change(
                    ContractRules.eventAdded, "event:\(after.name)", "event \"\(after.name)\" was added",
                    at: after.source))
        }
        return changes
    }

    /// A custom component's own triggers removed (breaking) or added (allowed).
    static func triggerChanges(from before: ComponentSchema, to after: ComponentSchema, oldFile: SourceLocation?)
        -> [ContractChange]
    {
        let removed = before.triggers.filter { !after.triggers.contains($0) }
        let added = after.triggers.filter { !before.triggers.contains($0) }
        return removed.map { trigger in
            change(
                ContractRules.componentTriggerRemoved, "trigger:\(before.type).\(trigger)",
                "trigger \"\(trigger)\" of component \"\(before.type)\" was removed", at: after.source ?? oldFile)
        }
            + added.map { trigger in
                change(
                    ContractRules.componentTriggerAdded, "trigger:\(after.type).\(trigger)",
                    "trigger \"\(trigger)\" of component \"\(after.type)\" was added", at: after.source)
            }
    }
}
