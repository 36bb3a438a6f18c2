import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenPreview

/// `screenkit check`: run every screen and contract rule and report all problems; write nothing.
enum CheckCommand {
    static let command = Command(
        name: "check",
        summary: "Run every screen and contract rule; fail on breaking changes.",
        help: """
            OVERVIEW: Run every rule over the screens for every supported client version,
            and check the live contract against every frozen version of its history
            (additive-only). Reports all problems together. The json and markdown forms
            include the compatibility matrix: for every screen and client version, whether
            it renders fully or with which fallbacks.

            USAGE: screenkit check [--format text|json|github|markdown] [--against GIT_REF]
                     [--contract DIR]
                     [--baseline DIR [--screenshots OUTDIR [--screenshot-url BASE]
                       [--chromium PATH]]]
                     [--preview-url URL] [--allow-empty-history] [--config FILE] [--verbose]

            OPTIONS:
              --format F        text (default): path:line:col: error: [RULE] message
                                json: a stable document with a format number
                                github: workflow annotations for GitHub Actions
                                markdown: a summary for a pull-request comment
              --against REF     Also prove the history at REF (e.g. origin/main) is a
                                byte-identical prefix of the local history, so a deleted or
                                edited version is caught.
              --contract DIR    The contract folder (default: the config's "contract", else
                                Screens/Contract): DIR/history/N.json and
                                DIR/exemptions.json. A named folder that does not exist is
                                an error (exit 3).
              --baseline DIR    A `build` output of the base branch: the report lists the
                                screens whose published output changed, per client version.
              --screenshots OUTDIR
                                With --baseline: draw each changed screen's affected
                                contract versions before (the baseline's objects) and after
                                (this build) with headless Chromium into
                                OUTDIR/<screen>@<k>-before.png and -after.png, listed in the
                                markdown report. Without Chromium no pictures are taken, and
                                the report and standard error say so (the exit status is
                                unaffected).
              --screenshot-url BASE
                                Where OUTDIR's images are served, for the report (default:
                                OUTDIR/).
              --chromium PATH   The browser (default: SCREENKIT_CHROMIUM, else chromium,
                                chromium-browser or google-chrome on PATH).
              --preview-url U   Where `screenkit preview` pages are served (default: the
                                config's "previewURL", else preview); the markdown report
                                links each changed screen's page.
              --allow-empty-history
                                Pass without any frozen contract version
                                (contract-history-missing is otherwise an error): screens
                                are checked, the contract is not.
              --config FILE     The config file (default: the nearest screenkit.json at or
                                above the working folder).
              --verbose         Say which config file was used.
              -h, --help        Show this help.

            Exit codes: 0 clean, 1 violations, 2 usage, 3 I/O (e.g. git failed, a named
            contract folder that does not exist).
            """,
        valueOptions: [
            "--format", "--against", "--contract", "--baseline", "--preview-url", "--screenshots", "--screenshot-url",
            "--chromium",
        ],
        flags: ["--allow-empty-history"],
        run: run
    )

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        guard arguments.positional.isEmpty else {
            throw .usage("unexpected argument '\(arguments.positional[0])'")
        }
        let format = try ReportFormat.parse(arguments.value("--format"))
        if arguments.value("--screenshots") != nil && arguments.value("--baseline") == nil {
            throw .usage("--screenshots needs --baseline DIR")
        }
        let compilation = try ContractLocation(arguments, context).compile(
            context.catalog, requireHistory: !arguments.flag("--allow-empty-history"))
        var diagnostics = compilation.diagnostics
        let history = compilation.contract.history
        if let ref = arguments.value("--against") {
            do {
                diagnostics += try HistoryAgainstRef.check(history, against: ref)
            } catch {
                throw .failure("--against \(ref): \(error.description)")
            }
        } else {
            // Found without being told: in CI the pull request's base, else the merge base with
            // the default branch; said either way (on standard error, beside the report).
            let (ref, description) = HistoryAgainstRef.detectBase(for: history, environment: context.environment)
            if let ref, let found = try? HistoryAgainstRef.check(history, against: ref) {
                diagnostics += found
                context.terminal.printError("screenkit check: compared the contract history with \(description)")
            } else {
                let reason = ref == nil ? description : "\(description) could not be read"
                context.terminal.printError(
                    "screenkit check: the contract history was not compared with a base branch (\(reason)); pass --against REF"
                )
            }
        }
        var changedScreens: [ScreenChanges]?
        var screenshots: Screenshots?
        if let baseline = arguments.value("--baseline") {
            guard let previous = BuildCommand.builtManifest(in: context.url(baseline)) else {
                throw .failure("--baseline \(baseline) holds no build output (no readable pointer.json and manifest)")
            }
            changedScreens = ScreenChanges.between(previous.manifest, compilation)
            if let out = arguments.value("--screenshots"), let changedScreens {
                screenshots = await Screenshots.take(
                    changedScreens, current: compilation.result.screens, baseline: context.url(baseline),
                    into: context.url(out),
                    chromium: Screenshots.chromium(
                        option: arguments.value("--chromium"), environment: context.environment),
                    previews: PreviewSite.declaredPreviews(of: context.catalog))
                screenshots?.base =
                    arguments.value("--screenshot-url").map { $0.hasSuffix("/") ? $0 : $0 + "/" }
                    ?? (out.hasSuffix("/") ? out : out + "/")
                for problem in screenshots?.problems ?? [] {
                    context.terminal.printError("screenkit check: \(problem)")
                }
            }
            let sunsets = try ContractLocation(arguments, context).sunsets()  // the file beside the history
            let checked = sunsets.check(
                base: previous.manifest.screens.map { ($0.id, $0.minContract) },
                current: ContractLocation.servedScreens(context.catalog))
            diagnostics += checked.problems + checked.notes
            diagnostics += ExperimentChanges.between(previous.manifest, context.catalog)
        }
        var report = Report(
            command: "check", diagnostics: diagnostics, exemptions: compilation.contract.exemptionsInForce,
            changes: compilation.contract.pendingChanges, matrix: compilation.result.screens)
        report.previewURL = arguments.value("--preview-url") ?? "preview"
        if let changedScreens { report.changedScreens = changedScreens }
        report.screenshots = screenshots
        context.terminal.print(report.render(format, workingDirectory: context.workingDirectory))
        return report.errorCount > 0 ? .violations : .success
    }
}
