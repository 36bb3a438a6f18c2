import Foundation
import ScreenContract
import ScreenKit

/// `screenkit contract show|diff|freeze`: inspect and evolve the component contract.
enum ContractCommand {
    static let command = Command(
        name: "contract",
        summary: "Show, diff or freeze the component contract.",
        help: """
            OVERVIEW: Inspect and evolve the component contract and its frozen history.

            USAGE: screenkit contract show [--version N] [--format json|markdown]
                   screenkit contract diff [--from N] [--to N|live] [--format text|json|github|markdown]
                   screenkit contract freeze

            SUBCOMMANDS:
              show      The contract as canonical JSON, or a Markdown catalog reference with the
                        version each component, prop, enum value and action was introduced in.
                        Without --version: the live contract.
              diff      Every change between two versions (default: newest frozen -> live),
                        classified breaking or allowed with rule IDs. Exits 1 if any is breaking.
              freeze    Append version N+1 when the live contract differs from version N and every
                        change is allowed. Refuses a breaking contract; writes nothing when unchanged.

            OPTIONS:
              --contract DIR    The contract folder (default: Screens/Contract).
              -h, --help        Show this help.
            """,
        valueOptions: ["--version", "--format", "--from", "--to", "--contract"],
        flags: [],
        run: run
    )

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        guard let sub = arguments.positional.first else {
            throw .usage("contract needs a subcommand: show, diff or freeze")
        }
        guard arguments.positional.count == 1 else {
            throw .usage("unexpected argument '\(arguments.positional[1])'")
        }
        let location = ContractLocation(arguments, context)
        switch sub {
        case "show":
            try allow(["--version", "--format", "--contract"], in: arguments, for: sub)
            return try show(arguments, location, context)
        case "diff":
            try allow(["--from", "--to", "--format", "--contract"], in: arguments, for: sub)
            return try diff(arguments, location, context)
        case "freeze":
            try allow(["--contract"], in: arguments, for: sub)
            return try freeze(location, context)
        default:
            throw .usage("unknown contract subcommand '\(sub)'; use show, diff or freeze")
        }
    }

    private static func allow(_ options: Set<String>, in arguments: Arguments, for sub: String) throws(CommandError) {
        for option in ["--version", "--format", "--from", "--to", "--contract"]
        where arguments.value(option) != nil && !options.contains(option) {
            throw .usage("option \(option) does not apply to 'contract \(sub)'")
        }
    }

    private static func loadHistory(_ location: ContractLocation, _ context: CommandContext) throws(CommandError)
        -> ContractHistory
    {
        let history = location.history()
        guard history.diagnostics.isEmpty else {
            context.report(history.diagnostics)
            throw CommandError(message: "the contract history is damaged; restore it first", code: .violations)
        }
        return history
    }

    private static func version(_ text: String, option: String, in history: ContractHistory) throws(CommandError)
        -> FrozenVersion
    {
        guard let number = Int(text), let frozen = history.version(number) else {
            let range = history.versions.isEmpty ? "none are frozen" : "1 to \(history.versions.count)"
            throw .usage("\(option) \(text) is not a frozen version (\(range))")
        }
        return frozen
    }

    private static func show(_ arguments: Arguments, _ location: ContractLocation, _ context: CommandContext)
        throws(CommandError) -> ExitCode
    {
        let history = try loadHistory(location, context)
        let format = arguments.value("--format") ?? "json"
        guard format == "json" || format == "markdown" else {
            throw .usage("contract show supports --format json or markdown")
        }
        let contract: Contract
        let label: String
        let bytes: [UInt8]
        if let text = arguments.value("--version") {
            let frozen = try version(text, option: "--version", in: history)
            contract = frozen.contract
            label = "version \(frozen.version)"
            bytes = frozen.bytes
        } else {
            let (live, problems) = Contract.live(context.catalog)
            context.report(problems)
            contract = live
            if let latest = history.latest, latest.contract == live {
                label = "live (= version \(latest.version))"
                bytes = latest.bytes
            } else {
                let next = (history.latest?.version ?? 0) + 1
                label = "live (pending version \(next))"
                bytes = ContractFile.encode(live, version: next, previous: history.latest?.sha256)
            }
        }
        if format == "json" {
            context.terminal.print(String(decoding: bytes.dropLast(bytes.last == 0x0A ? 1 : 0), as: UTF8.self))
        } else {
            context.terminal.print(
                ContractMarkdown.reference(contract, label: label, introducedIn: history.introducedIn))
        }
        return .success
    }

    private static func diff(_ arguments: Arguments, _ location: ContractLocation, _ context: CommandContext)
        throws(CommandError) -> ExitCode
    {
        let history = try loadHistory(location, context)
        let format = try ReportFormat.parse(arguments.value("--format"))
        let empty = Contract(components: [], actions: [], enums: [])
        let from: (contract: Contract, label: String, file: SourceLocation?)
        if let text = arguments.value("--from") {
            let frozen = try version(text, option: "--from", in: history)
            from = (frozen.contract, "\(frozen.version)", frozen.location)
        } else if let latest = history.latest {
            from = (latest.contract, "\(latest.version)", latest.location)
        } else {
            from = (empty, "0", nil)
        }
        let to: (contract: Contract, label: String)
        if let text = arguments.value("--to"), text != "live" {
            let frozen = try version(text, option: "--to", in: history)
            to = (frozen.contract, "\(frozen.version)")
        } else {
            let (live, problems) = Contract.live(context.catalog)
            context.report(problems)
            to = (live, "live")
        }
        let changes = Compatibility.changes(from: from.contract, to: to.contract, oldFile: from.file)
        let report = Report(
            command: "contract diff", diagnostics: changes.map(\.diagnostic), changes: changes,
            facts: [("from", from.label), ("to", to.label)])
        if changes.isEmpty && format == .text {
            context.terminal.print("no changes from version \(from.label) to \(to.label)")
        } else {
            context.terminal.print(report.render(format, workingDirectory: context.workingDirectory))
        }
        return report.errorCount > 0 ? .violations : .success
    }

    private static func freeze(_ location: ContractLocation, _ context: CommandContext) throws(CommandError)
        -> ExitCode
    {
        let report = location.report(context.catalog)
        let outcome: ContractFreezer.Outcome
        do {
            outcome = try ContractFreezer.freeze(report)
        } catch {
            throw .failure("cannot write the new version: \(error)")
        }
        switch outcome {
        case .refused:
            context.report(report.diagnostics)
            let errors = report.diagnostics.count { $0.severity == .error }
            context.terminal.printError(
                "freeze refused: \(errors) error\(errors == 1 ? "" : "s"); nothing was written")
            return .violations
        case .unchanged(let version):
            context.terminal.print("contract unchanged since version \(version); nothing written")
            return .success
        case .frozen(let version, let path):
            let display = DiagnosticFormatter(workingDirectory: context.workingDirectory).relative(path)
            context.terminal.print("froze contract version \(version) -> \(display)")
            for change in report.pendingChanges {
                context.terminal.print("  [\(change.rule.id)] \(change.message)")
            }
            return .success
        }
    }
}
