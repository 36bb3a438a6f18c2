import ScreenCompiler
import ScreenContract
import ScreenKit

/// `screenkit explain RULE`: why a rule exists and how to fix a violation.
enum ExplainCommand {
    static let command = Command(
        name: "explain",
        summary: "Explain a rule: why it exists and how to fix a violation.",
        help: """
            OVERVIEW: Print a rule's reason and how to fix a violation; without a rule, list
            all rules.

            USAGE: screenkit explain [RULE]

            OPTIONS:
              -h, --help    Show this help.
            """,
        valueOptions: [],
        flags: [],
        usesConfig: false,
        run: run
    )

    /// Every rule of every kind.
    static var rules: [Rule] {
        ScreenRules.all + ContractRules.all + LocalizationRules.all + DesignRules.all + AccessibilityRules.all
    }

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        guard arguments.positional.count <= 1 else { throw .usage("explain takes one rule ID") }
        guard let id = arguments.positional.first else {
            let width = (rules.map(\.id.count).max() ?? 0) + 2
            for rule in rules {
                context.terminal.print(rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + rule.summary)
            }
            return .success
        }
        guard let rule = rules.first(where: { $0.id == id }) else {
            throw .usage("unknown rule '\(id)'; 'screenkit explain' lists every rule")
        }
        context.terminal.print("\(rule.id): \(rule.summary)\n\n\(rule.explanation)")
        return .success
    }
}
