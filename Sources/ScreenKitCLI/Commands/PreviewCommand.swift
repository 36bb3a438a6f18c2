import Foundation
import ScreenCompiler
import ScreenPreview

/// `screenkit preview`: a static HTML site showing every screen as each client version renders it.
enum PreviewCommand {
    static let command = Command(
        name: "preview",
        summary: "Write HTML previews of every screen for every client version.",
        help: """
            OVERVIEW: Render every screen as the clients of each supported contract version
            will see it — from the same variants that are published, fallbacks applied —
            side by side, one self-contained page per screen plus index.html. Fallbacks,
            dropped nodes and mapped values are outlined and labelled. A screen with
            experiments or flags shows every combination of their arms, the control first,
            each with every version side by side; the index names its experiments. With
            String Catalogs configured, a screen that uses localized strings also has a page
            per locale, DIR/<locale>/<screen>.html, and one in the pseudo-locale,
            DIR/pseudo/<screen>.html (every localized string accented, 40 % longer and
            [bracketed], so text that is not localized or is cut off shows at a glance),
            each linking the others. No JavaScript and no network fetches: images are drawn
            as labelled placeholders.

            USAGE: screenkit preview [--out DIR] [--contract DIR] [--config FILE]
                     [--verbose]
                   screenkit preview --watch [--port N] [--host ADDRESS] [options above]

            With --watch, the site is also served on a loopback port (it prints "listening
            on http://127.0.0.1:PORT"), and when a file under the screens folder (the
            contract folder's parent) or the contract changes, the package is rebuilt with
            its own build (swift build --product screenkit, then the new binary's preview)
            and the open pages reload; a failed build is shown in the page with its
            diagnostics. ^C stops it. Only the served pages carry the reload script; the
            files written stay script-free.

            OPTIONS:
              --out DIR         Output folder (default: the config's "preview", else
                                preview); replaced as a whole.
              --contract DIR    The contract folder (default: the config's "contract", else
                                Screens/Contract). A named folder that does not exist is an
                                error (exit 3).
              --config FILE     The config file (default: the nearest screenkit.json at or
                                above the working folder); flags override it.
              --verbose         Say which config file was used.
              --watch           Serve, rebuild on a change and reload the open pages (see
                                above).
              --port N          The port to serve on with --watch (default 8420; 0 picks a
                                free one).
              --host ADDRESS    The IPv4 address to serve on with --watch (default
                                127.0.0.1).
              --rebuild-command CMD
                                The rebuild run by /bin/sh in the package root with --watch,
                                with SCREENKIT_PREVIEW_OUT and SCREENKIT_PREVIEW_CONTRACT
                                set (default: swift build --product screenkit, then the
                                built binary's preview --out "$SCREENKIT_PREVIEW_OUT"
                                --contract "$SCREENKIT_PREVIEW_CONTRACT").
              -h, --help        Show this help.
            """,
        valueOptions: ["--out", "--contract", "--port", "--host", "--rebuild-command"],
        flags: ["--watch"],
        run: run
    )

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        guard arguments.positional.isEmpty else { throw .usage("unexpected argument '\(arguments.positional[0])'") }
        let outPath = arguments.value("--out") ?? "preview"
        let location = try ContractLocation(arguments, context)
        guard arguments.flag("--watch") else {
            for option in ["--port", "--host", "--rebuild-command"] where arguments.isGiven(option) {
                throw .usage("\(option) needs --watch")
            }
            guard try write(location, to: outPath, context) == nil else { return .violations }
            return .success
        }
        return try await PreviewWatch.run(
            arguments, context, out: context.url(outPath).standardizedFileURL, contract: location.folder
        ) { () throws(CommandError) in try write(location, to: outPath, context) }
    }

    /// Compiles the screens and writes the site to `outPath`; nil, or the diagnostics when the
    /// screens have errors (nothing is written then).
    static func write(_ location: ContractLocation, to outPath: String, _ context: CommandContext)
        throws(CommandError) -> String?
    {
        // The preview draws the flat variants, whatever shape the catalog's clients decode.
        let compilation = location.compile(context.catalog, writesProfile: false, pseudoLocale: true)
        context.report(compilation.diagnostics)
        if compilation.hasErrors {
            let errors = compilation.diagnostics.count { $0.severity == .error }
            let formatter = DiagnosticFormatter(workingDirectory: context.workingDirectory)
            context.terminal.printError("preview failed: \(errors) error\(errors == 1 ? "" : "s"); nothing was written")
            return compilation.diagnostics.filter { $0.severity == .error }.map(formatter.text).joined(separator: "\n")
        }
        let pages: [PreviewSite.Page]
        do {
            let previews = PreviewSite.declaredPreviews(of: context.catalog)
            pages = try PreviewSite.pages(
                for: compilation.result.screens, sourceLocale: compilation.result.locales.first ?? "en",
                previews: previews,
                design: PreviewDesign(tokens: context.catalog.tokens, diagnostics: compilation.diagnostics))
        } catch {
            throw .failure(error.description)
        }
        do {
            try OutputDirectory.replace(
                context.url(outPath),
                with: pages.map { OutputDirectory.File(path: $0.name, bytes: Array($0.html.utf8)) })
        } catch {
            throw .failure(error.description)
        }
        let display = DiagnosticFormatter(workingDirectory: context.workingDirectory).relative(
            context.url(outPath).standardizedFileURL.path)
        context.terminal.print(
            "wrote \(pages.count) pages to \(display)/ — open \(display)/index.html in a browser")
        return nil
    }
}
