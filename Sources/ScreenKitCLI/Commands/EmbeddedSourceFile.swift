import Foundation

/// The Swift file an `embed` subcommand writes (`contract embed`, `strings embed`): its type name
/// from `--name`, and writing it or, with `--check`, comparing it.
enum EmbeddedSourceFile {
    /// `--name`, or `fallback`, checked to be a Swift type name.
    static func typeName(_ arguments: Arguments, default fallback: String) throws(CommandError) -> String {
        let name = arguments.value("--name") ?? fallback
        guard let first = name.unicodeScalars.first, first.properties.isXIDStart || first == "_",
            name.unicodeScalars.allSatisfy({ $0.properties.isXIDContinue })
        else { throw .usage("--name \(name) is not a Swift type name") }
        return name
    }

    /// Writes `source` to `out`, or with `--check` exits 1 (saying `stale`) when `out` differs
    /// from it; prints `wrote` or `upToDate` after the file's path.
    static func deliver(
        _ source: String, to out: URL, _ arguments: Arguments, _ context: CommandContext, stale: String,
        upToDate: String, wrote: String
    ) throws(CommandError) -> ExitCode {
        let display = DiagnosticFormatter(workingDirectory: context.workingDirectory).relative(out.path)
        if arguments.flag("--check") {
            guard let existing = FileManager.default.contents(atPath: out.path), [UInt8](existing) == Array(source.utf8)
            else {
                context.terminal.printError("\(display) is stale or missing: \(stale)")
                return .violations
            }
            context.terminal.print("\(display) \(upToDate): up to date")
            return .success
        }
        do {
            try OutputFile.write(Array(source.utf8), to: out)
        } catch {
            throw .failure("cannot write \(out.path): \(error)")
        }
        context.terminal.print("wrote \(display): \(wrote)")
        return .success
    }
}
