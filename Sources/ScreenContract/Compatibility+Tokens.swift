import ScreenKit

/// The additive-only rule for the design system's colour tokens.
extension Compatibility {
    /// Tokens removed, renamed, added or repurposed, and their literal fallbacks changed, old to new.
    static func tokenChanges(
        from old: Contract, to new: Contract, oldFile: SourceLocation?, removedAt: SourceLocation?,
        latest: Contract? = nil
    ) -> [ContractChange] {
        var changes: [ContractChange] = []
        let added = new.tokens.filter { old.token($0.name) == nil }
        let frozen = Set(latest?.tokens.map(\.name) ?? [])
        var renameTargets: Set<String> = []
        for before in old.tokens {
            let element = "token:\(before.name)"
            guard let after = new.token(before.name) else {
                // Gone, and a token with exactly its literals appeared: the name changed.
                if let target = added.first(where: {
                    $0.light == before.light && $0.dark == before.dark && !renameTargets.contains($0.name)
                        && !frozen.contains($0.name)
                }) {
                    renameTargets.insert(target.name)
                    changes.append(
                        change(
                            ContractRules.tokenRenamed, element,
                            "token \"\(before.name)\" was renamed to \"\(target.name)\"; token names never change",
                            at: target.source ?? oldFile))
                } else {
                    changes.append(
                        change(
                            ContractRules.tokenRemoved, element, "token \"\(before.name)\" was removed", at: removedAt)
                    )
                }
                continue
            }
            if before.light != after.light || before.dark != after.dark {
                changes.append(
                    change(
                        ContractRules.fallbackChanged, element,
                        "token \"\(before.name)\" now falls back to \(literals(after)), frozen as \(literals(before)); "
                            + "clients without the token draw the new literal", at: after.source ?? oldFile))
            }
            changes += meaningChanges(
                before.meaning, after.meaning, element: element, noun: "token \"\(before.name)\"",
                at: after.source ?? oldFile)
        }
        for after in added where !renameTargets.contains(after.name) {
            changes.append(
                change(
                    ContractRules.tokenAdded, "token:\(after.name)",
                    "token \"\(after.name)\" was added (falls back to \(literals(after)))", at: after.source))
        }
        return changes
    }

    /// `light #RRGGBB, dark #RRGGBB`, or the light literal alone.
    private static func literals(_ token: ColorToken) -> String {
        token.dark.map { "light \(token.light), dark \($0)" } ?? token.light
    }
}
