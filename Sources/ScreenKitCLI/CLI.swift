import Foundation
import ScreenKit

/// The `screenkit` command line: parses arguments and runs a command over an app's catalog.
public enum CLI {
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
        let context = CommandContext(
            catalog: catalog, terminal: terminal, workingDirectory: workingDirectory, environment: environment)
        guard let name = arguments.first, !["-h", "--help", "help"].contains(name) else {
            terminal.print(usage)
            return arguments.isEmpty ? .usage : .success
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            terminal.printError("error: unknown command '\(name)'\n\n\(usage)")
            return .usage
        }
        do {
            let rest = Array(arguments.dropFirst())
            let parsed = try Arguments(rest, valueOptions: command.valueOptions, flags: command.flags)
            if parsed.wantsHelp {
                terminal.print(command.help)
                return .success
            }
            return try await command.run(parsed, context)
        } catch {
            terminal.printError("error: \(error.message)")
            if error.code == .usage { terminal.printError("See 'screenkit \(name) --help'.") }
            return error.code
        }
    }

    static let commands: [Command] = [
        BuildCommand.command, CheckCommand.command, ContractCommand.command, PreviewCommand.command,
        PublishCommand.command, ExplainCommand.command,
    ]

    static var usage: String {
        var text = """
            OVERVIEW: Compile server-driven UI screens written in Swift to versioned JSON envelopes.

            USAGE: screenkit <command> [options]

            COMMANDS:

            """
        for command in commands {
            text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += "\nSee 'screenkit <command> --help' for a command's options."
        return text
    }
}

/// What every command receives: the catalog, the terminal and the folder paths are relative to.
struct CommandContext {
    let catalog: Catalog
    let terminal: Terminal
    let workingDirectory: String
    /// The environment variables (credentials, region).
    let environment: [String: String]

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
    let name: String
    let summary: String
    let help: String
    let valueOptions: Set<String>
    let flags: Set<String>
    let run: @Sendable (Arguments, CommandContext) async throws(CommandError) -> ExitCode
}
