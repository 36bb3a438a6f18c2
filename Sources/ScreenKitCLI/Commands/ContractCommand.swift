import Foundation
import ScreenContract
import ScreenKit

/// `screenkit contract show|diff|freeze|start|embed|schema|codegen|serves|coverage`: inspect and evolve the
/// component contract, and give its clients their schema and model.
enum ContractCommand {
    static let command = Command(
        name: "contract",
        summary: "Show, diff, freeze or start the component contract's history.",
        help: """
            OVERVIEW: Inspect and evolve the component contract and its frozen history.

            USAGE: screenkit contract <subcommand> [options]

            SUBCOMMANDS:
              show      The contract as canonical JSON, or a Markdown reference with the
                        version each element was introduced in.
              diff      Every change between two versions, classified breaking or allowed.
              freeze    Append the next frozen version when every change is allowed.
              start     Start a history from the standard version your shipped clients know.
              embed     Write the history as Swift source, for a server that renders at
                        request time.
              schema    The JSON Schema of the envelopes one version's clients receive.
              codegen   A Swift client model (Decodable) of one frozen version.
              serves    Whether every screen still serves an app built for one version.
              coverage  Which share of installed clients gets each screen in full, with
                        fallbacks or not at all (a gate before publishing).

            See 'screenkit contract <subcommand> --help' for its options.
            """,
        valueOptions: [],
        flags: [],
        usesConfig: false,
        subcommands: [
            show, diff, freeze, start, embed, ClientContractCommands.schema, ClientContractCommands.codegen,
            ClientContractCommands.serves, CoverageCommand.command,
        ],
        run: { _, _ throws(CommandError) in
            throw .usage(
                "contract needs a subcommand: show, diff, freeze, start, embed, schema, codegen, serves or coverage")
        }
    )

    static let common = """
          --contract DIR    The contract folder (default: the config's "contract", else
                            Screens/Contract). A named folder that does not exist is an
                            error (exit 3).
          --config FILE     The config file (default: the nearest screenkit.json at or
                            above the working folder).
          --verbose         Say which config file was used.
          -h, --help        Show this help.
        """

    static let show = Command(
        name: "show",
        summary: "The contract as canonical JSON or a Markdown reference.",
        help: """
            OVERVIEW: Print the contract as canonical JSON (the frozen file's exact bytes
            for a frozen version), or as a Markdown catalog reference listing the version
            each component, prop, enum value and action was introduced in. Without
            --version: the live contract.

            USAGE: screenkit contract show [--version N] [--format json|markdown]
                     [--contract DIR]

            OPTIONS:
              --version N       A frozen version instead of the live contract.
              --format F        json (default) or markdown.

            """ + common,
        valueOptions: ["--version", "--format", "--contract"],
        flags: [],
        run: located(show)
    )

    static let diff = Command(
        name: "diff",
        summary: "Every change between two versions, classified.",
        help: """
            OVERVIEW: Every change between two versions (default: newest frozen -> live),
            classified breaking or allowed with rule IDs. Exits 1 if any change is breaking.

            USAGE: screenkit contract diff [--from N] [--to N|live]
                     [--format text|json|github|markdown] [--contract DIR]

            OPTIONS:
              --from N          The frozen version to compare from (default: the newest).
              --to N|live       The version to compare to (default: live).
              --format F        text (default), json, github or markdown.

            """ + common,
        valueOptions: ["--from", "--to", "--format", "--contract"],
        flags: [],
        run: located(diff)
    )

    static let freeze = Command(
        name: "freeze",
        summary: "Append the next frozen version.",
        help: """
            OVERVIEW: Append version N+1 to the history when the live contract differs from
            version N and every change is allowed (additive, with fallbacks). Refuses a
            breaking contract and writes nothing when unchanged. Commit the new file.

            An empty history is refused: start it from the standard version your shipped
            clients decode with `screenkit contract start --standard K`. Only when the
            clients decode exactly today's live contract, freeze it as version 1 with
            --initial.

            USAGE: screenkit contract freeze [--initial] [--contract DIR]

            OPTIONS:
              --initial         Freeze the live contract as version 1 of an empty history.

            """ + common,
        valueOptions: ["--contract"],
        flags: ["--initial"],
        run: { arguments, context throws(CommandError) in
            try requireNoPositional(arguments)
            let initial = arguments.flag("--initial")
            return try freeze(ContractLocation(arguments, context, mayBeMissing: initial), initial: initial, context)
        }
    )

    static let start = Command(
        name: "start",
        summary: "Start a history from the shipped standard baseline.",
        help: """
            OVERVIEW: Write the first versions of a new contract history: the standard
            catalog's frozen files 1 to K, byte for byte, where K is the standard version
            your shipped
            clients decode (1: the original vocabulary; \(StandardBaseline.latest): today's standard catalog).
            Your own components and later standard additions are then pending: give them
            fallbacks and `screenkit contract freeze` them as the next version. Set the
            catalog's minContract (or the config's "minContract") to K. Refuses a folder
            that holds a history.

            USAGE: screenkit contract start --standard K [--contract DIR]

            OPTIONS:
              --standard K      The standard version your shipped clients know (1 to \(StandardBaseline.latest)).

            """ + common,
        valueOptions: ["--standard", "--contract"],
        flags: [],
        run: { arguments, context throws(CommandError) in
            try requireNoPositional(arguments)
            return try start(arguments, ContractLocation(arguments, context, mayBeMissing: true), context)
        }
    )

    static let embed = Command(
        name: "embed",
        summary: "Write the history as Swift source for a server binary.",
        help: """
            OVERVIEW: Write the frozen history as a Swift file declaring `public enum NAME`
            with the files' exact bytes, so a server renders with `ScreenRenderer(history:
            .embedded(NAME.files))` and needs no files when deployed. Regenerate after each
            freeze; --check exits 1 while the file is stale (run it in CI).

            USAGE: screenkit contract embed [--out FILE] [--name NAME] [--check]
                     [--contract DIR]

            OPTIONS:
              --out FILE        The Swift file (default: EmbeddedContractHistory.swift
                                beside the contract folder, e.g.
                                Screens/EmbeddedContractHistory.swift).
              --name NAME       The enum's name (default: EmbeddedContractHistory).
              --check           Write nothing; exit 1 when FILE differs from what would be
                                written.

            """ + common,
        valueOptions: ["--out", "--name", "--contract"],
        flags: ["--check"],
        run: located(embed)
    )

    /// A subcommand that takes no positional arguments and reads the contract folder the options name.
    private static func located(
        _ body: @escaping @Sendable (Arguments, ContractLocation, CommandContext) throws(CommandError) -> ExitCode
    ) -> @Sendable (Arguments, CommandContext) async throws(CommandError) -> ExitCode {
        { arguments, context throws(CommandError) in
            try requireNoPositional(arguments)
            return try body(arguments, ContractLocation(arguments, context), context)
        }
    }

    private static func requireNoPositional(_ arguments: Arguments) throws(CommandError) {
        if let first = arguments.positional.first { throw .usage("unexpected argument '\(first)'") }
    }

    /// The history, reported and refused when damaged.
    static func loadHistory(_ location: ContractLocation, _ context: CommandContext) throws(CommandError)
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
                ContractMarkdown.reference(
                    contract, label: label, introducedIn: history.introducedIn, frozen: history.versions.count))
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
        // Between frozen versions, a different profile is a new shape the history already
        // accepted; against the live contract it is one when `profileSince` is after `from`.
        let newShape: Bool
        if let text = arguments.value("--to"), text != "live" {
            let frozen = try version(text, option: "--to", in: history)
            to = (frozen.contract, "\(frozen.version)")
            newShape = true
        } else {
            let (live, problems) = Contract.live(context.catalog)
            context.report(problems)
            to = (live, "live")
            newShape = (Int(from.label) ?? 0) < context.catalog.profileSince
        }
        let changes = Compatibility.changes(
            from: from.contract, to: to.contract, oldFile: from.file, newShape: newShape)
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

    private static func freeze(_ location: ContractLocation, initial: Bool, _ context: CommandContext)
        throws(CommandError) -> ExitCode
    {
        let report = location.report(context.catalog)
        let empty = report.history.versions.isEmpty && report.history.diagnostics.isEmpty
        if empty && !initial {
            context.terminal.printError(
                """
                error: [\(ContractRules.historyMissing.id)] no frozen contract version in \(report.history.folder.path); nothing was written.
                Start the history from the standard version your shipped clients decode:
                  screenkit contract start --standard 1
                or, only if they decode exactly today's live contract, freeze it as version 1:
                  screenkit contract freeze --initial
                """)
            return .violations
        }
        if !empty && initial {
            throw .usage("--initial applies to an empty history only; \(report.history.folder.path) holds one")
        }
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

extension ContractCommand {
    fileprivate static func start(_ arguments: Arguments, _ location: ContractLocation, _ context: CommandContext)
        throws(CommandError) -> ExitCode
    {
        guard let text = arguments.value("--standard") else {
            throw .usage(
                "contract start needs --standard K (1 to \(StandardBaseline.latest)): the standard version your shipped clients know"
            )
        }
        guard let standard = Int(text), StandardBaseline.file(standard) != nil else {
            throw .usage("--standard \(text) is not a standard version (1 to \(StandardBaseline.latest))")
        }
        let folder = location.historyFolder
        let existing =
            (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { !$0.hasPrefix(".") } ?? []
        guard existing.isEmpty else {
            throw CommandError(
                message:
                    "\(folder.path) already holds a history (\(existing.sorted().joined(separator: ", "))); nothing was written",
                code: .violations)
        }
        do {
            try ContractFreezer.start(in: folder, standard: standard)
        } catch {
            throw .failure("cannot write the history: \(error)")
        }
        let display = DiagnosticFormatter(workingDirectory: context.workingDirectory).relative(folder.path)
        context.terminal.print(
            "started the contract history in \(display)/ from standard version \(standard) (\((1...standard).map { "\($0).json" }.joined(separator: ", ")))"
        )
        if standard > 1 {
            context.terminal.print(
                "set the catalog's minContract (or \"minContract\": \(standard) in \(ProjectConfig.fileName)) to \(standard): your shipped clients know version \(standard)"
            )
        }
        return .success
    }
}

extension ContractCommand {
    fileprivate static func embed(_ arguments: Arguments, _ location: ContractLocation, _ context: CommandContext)
        throws(CommandError) -> ExitCode
    {
        let history = try loadHistory(location, context)
        guard !history.versions.isEmpty else {
            throw CommandError(
                message: "no frozen contract version to embed in \(history.folder.path)", code: .violations)
        }
        let name = try EmbeddedSourceFile.typeName(arguments, default: "EmbeddedContractHistory")
        let out =
            arguments.value("--out").map { context.url($0) }
            ?? location.folder.deletingLastPathComponent().appendingPathComponent("\(name).swift")
        let formatter = DiagnosticFormatter(workingDirectory: context.workingDirectory)
        let source = EmbeddedHistorySource.swift(
            files: history.versions.map(\.bytes), typeName: name, origin: formatter.relative(history.folder.path))
        let versions = "versions 1–\(history.versions.count)"
        return try EmbeddedSourceFile.deliver(
            source, to: out, arguments, context,
            stale:
                "it does not embed \(versions) of \(formatter.relative(history.folder.path)); run `screenkit contract embed`",
            upToDate: "embeds \(versions)", wrote: "\(versions) as \(name).files")
    }
}
