import Foundation
import ScreenKit

/// The `screenkit` command line: parses arguments and runs a command over an app's catalog.
public enum CLI {
    /// This screenkit's version, printed by `screenkit --version`.
    public static let version = "0.14.0"

    /// Runs the command line of this process over `catalog` and exits with its code.
    public static func main(catalog: Catalog) async -> Never {
        let terminal = Terminal.standard()
        let code = await run(
            Array(CommandLine.arguments.dropFirst()), catalog: catalog, terminal: terminal,
            workingDirectory: FileManager.default.currentDirectoryPath,
            environment: ProcessInfo.processInfo.environment)
        exit(code.rawValue)
    }

    /// Runs one command line; what it prints goes to `terminal`.
    public static func run(
        _ arguments: [String], catalog: Catalog, terminal: Terminal, workingDirectory: String,
        environment: [String: String] = [:]
    ) async -> ExitCode {
        guard let name = arguments.first, !["-h", "--help", "help"].contains(name) else {
            terminal.print(usage)
            return arguments.isEmpty ? .usage : .success
        }
        if name == "--version" || name == "version" {
            terminal.print("screenkit \(version) (envelope format 1, contract file format \(1), config format 1)")
            return arguments.count == 1 ? .success : .usage
        }
        guard var command = commands.first(where: { $0.name == name }) else {
            terminal.printError("error: unknown command '\(name)'\n\n\(usage)")
            return .usage
        }
        var rest = Array(arguments.dropFirst())
        var label = name
        let parent = command
        if !command.subcommands.isEmpty, let first = rest.first, !first.hasPrefix("-") {
            guard let sub = command.subcommands.first(where: { $0.name == first }) else {
                terminal.printError("error: unknown \(name) subcommand '\(first)'\n\n\(command.help)")
                return .usage
            }
            command = sub
            label = "\(name) \(first)"
            rest.removeFirst()
        }
        do throws(CommandError) {
            if !command.subcommands.isEmpty, !rest.contains(where: { $0 == "-h" || $0 == "--help" }) {
                throw CommandError.usage(
                    "\(name) needs a subcommand: \(command.subcommands.map(\.name).joined(separator: ", "))")
            }
            if let misplaced = Self.misplacedOption(rest, of: command, among: parent.subcommands) {
                throw CommandError.usage(
                    "\(misplaced.option) belongs to \(name) \(misplaced.owner), not \(command.name)")
            }
            var parsed = try Arguments(
                rest, valueOptions: command.valueOptions.union(command.usesConfig ? ["--config"] : []),
                flags: command.flags.union(command.usesConfig ? ["--verbose"] : []))
            if parsed.wantsHelp {
                terminal.print(command.help)
                return .success
            }
            guard command.subcommands.isEmpty else {
                throw CommandError.usage(
                    "\(name) needs a subcommand: \(command.subcommands.map(\.name).joined(separator: ", "))")
            }
            var context = CommandContext(
                catalog: catalog, terminal: terminal, workingDirectory: workingDirectory, environment: environment)
            if command.usesConfig {
                let config: ProjectConfig?
                do {
                    config = try ProjectConfig.find(
                        explicit: parsed.value("--config"), workingDirectory: workingDirectory)
                } catch {
                    throw CommandError.usage(error.description)
                }
                context.config = config
                if let config {
                    parsed.defaults = config.defaults(for: name)
                    if let minContract = config.minContract { context.catalog.minContract = minContract }
                }
                if parsed.flag("--verbose") {
                    terminal.printError(
                        "screenkit \(label): "
                            + (config?.summary
                                ?? "no \(ProjectConfig.fileName) in \(workingDirectory) or above; defaults apply"))
                }
            }
            return try await command.run(parsed, context)
        } catch {
            terminal.printError("error: \(error.message)")
            if error.code == .usage { terminal.printError("See 'screenkit \(label) --help'.") }
            return error.code
        }
    }

    static let commands: [Command] = [
        InitCommand.command, BuildCommand.command, CheckCommand.command, ContractCommand.command,
        PreviewCommand.command, PublishCommand.command, EdgeCommand.command, HealthCommand.command,
        RolloutCommand.command, ExperimentCommand.command, StringsCommand.command, WebRuntimeCommand.command,
        ExplainCommand.command,
    ]

    /// The first option of `words` that `command` does not take but one of its sibling
    /// subcommands does, with that sibling's name: told apart from an unknown option.
    static func misplacedOption(_ words: [String], of command: Command, among siblings: [Command]) -> (
        option: String, owner: String
    )? {
        guard siblings.contains(where: { $0.name == command.name }) else { return nil }
        let own = command.valueOptions.union(command.flags).union(command.usesConfig ? ["--config", "--verbose"] : [])
        for word in words where word.hasPrefix("--") {
            let option = String(word.split(separator: "=", maxSplits: 1)[0])
            guard !own.contains(option) else { continue }
            if let owner = siblings.first(where: { $0.valueOptions.contains(option) || $0.flags.contains(option) }) {
                return (option, owner.name)
            }
        }
        return nil
    }

    static var usage: String {
        var text = """
            OVERVIEW: Compile server-driven UI screens written in Swift to versioned JSON
            envelopes.

            USAGE: screenkit <command> [options]

            COMMANDS:

            """
        // The names' column is as wide as the longest name and two spaces, so none runs into its summary.
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        for command in commands {
            text += "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += """

            OPTIONS:
              --version     Print screenkit's version.
              -h, --help    Show this help.

            Every command but init and explain reads the project's \(ProjectConfig.fileName),
            found by walking up from the working folder (or named with --config FILE);
            flags override it, and --verbose says which config was used.
            See 'screenkit <command> --help' for a command's options.
            """
        return text
    }
}

/// What every command receives: the catalog, the terminal and the folder paths are relative to.
struct CommandContext {
    var catalog: Catalog
    let terminal: Terminal
    let workingDirectory: String
    /// The environment variables (credentials, region).
    let environment: [String: String]
    /// The project's config file, when one was found.
    var config: ProjectConfig?

    /// `path` resolved against the working folder.
    func url(_ path: String) -> URL {
        path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: workingDirectory).appendingPathComponent(path)
    }

    /// Prints every diagnostic to standard error in the text format.
    func report(_ diagnostics: [Diagnostic]) {
        let formatter = DiagnosticFormatter(workingDirectory: workingDirectory)
        for diagnostic in diagnostics.sorted(by: { $0.severity < $1.severity }) {
            terminal.printError(formatter.text(diagnostic))
        }
    }
}

/// One subcommand: its name, options, help and what it does.
struct Command: Sendable {
    /// The help lines of the options every command that compiles the catalog takes.
    static let contractAndConfigOptions = """
          --contract DIR    The contract folder (default: the config's "contract", else
                            Screens/Contract). A named folder that does not exist is an
                            error (exit 3).
          --config FILE     The config file (default: the nearest screenkit.json at or
                            above the working folder); flags override it.
          --verbose         Say which config file was used.
          -h, --help        Show this help.
        """

    let name: String
    let summary: String
    let help: String
    let valueOptions: Set<String>
    let flags: Set<String>
    /// Whether the command reads the project's config file (and takes `--config` and `--verbose`).
    var usesConfig = true
    /// The subcommands, for a command that only groups others (`contract show|diff|freeze|start`).
    var subcommands: [Command] = []
    let run: @Sendable (Arguments, CommandContext) async throws(CommandError) -> ExitCode
}
