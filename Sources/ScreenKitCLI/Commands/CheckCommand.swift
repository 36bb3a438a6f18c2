import ScreenCompiler
import ScreenKit

/// `screenkit check`: run every rule and report all problems; write nothing.
enum CheckCommand {
    static let command = Command(
        name: "check",
        summary: "Run every rule over the screens and report all problems.",
        help: """
            OVERVIEW: Run every rule over the catalog's screens and report all problems together.

            Diagnostics are printed as path:line:col: error: [RULE] message. Exits 0 when clean,
            1 when any error was found.

            USAGE: screenkit check

            OPTIONS:
              -h, --help    Show this help.
            """,
        valueOptions: [],
        flags: [],
        run: run
    )

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> ExitCode {
        guard arguments.positional.isEmpty else {
            throw .usage("unexpected argument '\(arguments.positional[0])'")
        }
        let diagnostics = Compiler(catalog: context.catalog).check()
        context.report(diagnostics)
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        context.terminal.print(
            "checked \(context.catalog.screens.count) screens: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        )
        return errors > 0 ? .violations : .success
    }
}
