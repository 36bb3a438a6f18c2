import Foundation
import ScreenCompiler
import ScreenJSON
import ScreenKit

/// `screenkit build`: validate every screen and write its envelope to the output folder.
enum BuildCommand {
    static let command = Command(
        name: "build",
        summary: "Compile every screen to JSON envelopes.",
        help: """
            OVERVIEW: Validate every screen of the catalog and write its envelope.

            Writes DIR/screens/<id>.json for every screen. The output folder is replaced as a
            whole, and only when every screen compiled: on any error nothing is written.

            USAGE: screenkit build [--out DIR] [--pretty] [--contract DIR]

            OPTIONS:
              --out DIR         Output folder (default: dist).
              --pretty          Indented JSON for review instead of compact published bytes.
              --contract DIR    The contract folder (default: Screens/Contract); envelopes are
                                written for its newest frozen version.
              -h, --help        Show this help.
            """,
        valueOptions: ["--out", "--contract"],
        flags: ["--pretty"],
        run: run
    )

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> ExitCode {
        guard arguments.positional.isEmpty else {
            throw .usage("unexpected argument '\(arguments.positional[0])'")
        }
        let outPath = arguments.value("--out") ?? "dist"
        guard !outPath.isEmpty else { throw .usage("--out needs a folder") }
        let started = Date()
        let style: JSONStyle = arguments.flag("--pretty") ? .pretty : .compact
        context.terminal.progress("compiling \(context.catalog.screens.count) screens…")
        let history = ContractLocation(arguments, context).history()
        let contractVersion = history.latest?.version ?? 1
        let result = Compiler(catalog: context.catalog).compile(
            CompileOptions(style: style, contractVersion: contractVersion))
        context.terminal.endProgress()
        context.report(result.diagnostics)
        if result.hasErrors {
            let errors = result.diagnostics.count { $0.severity == .error }
            context.terminal.printError("build failed: \(errors) error\(errors == 1 ? "" : "s"); nothing was written")
            return .violations
        }
        let files = result.screens.map { OutputDirectory.File(path: "screens/\($0.id).json", bytes: $0.envelope) }
        do {
            try OutputDirectory.replace(context.url(outPath), with: files)
        } catch {
            throw .failure(error.description)
        }
        let display = outPath.hasSuffix("/") ? String(outPath.dropLast()) : outPath
        var total = 0
        for file in files {
            context.terminal.print("wrote \(display)/\(file.path) (\(file.bytes.count) bytes)")
            total += file.bytes.count
        }
        let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
        context.terminal.print(
            "built \(files.count) screen\(files.count == 1 ? "" : "s") into \(display)/ (\(total) bytes) in \(milliseconds) ms"
        )
        return .success
    }
}
