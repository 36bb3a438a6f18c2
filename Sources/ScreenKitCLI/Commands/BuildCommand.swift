import Foundation
import ScreenCompiler
import ScreenJSON
import ScreenKit

/// `screenkit build`: validate everything and write `dist/` as the exact image of what is published.
enum BuildCommand {
    static let command = Command(
        name: "build",
        summary: "Compile every screen to envelopes, a manifest and a pointer.",
        help: """
            OVERVIEW: Validate every screen and the contract, then write the output folder
            as the exact image of what `publish` uploads:

              objects/<sha256>.json           every distinct envelope (full and per-version
                                              variants)
              manifests/<sha256>.json         the manifest: every screen's variants by hash
              pointer.json                    names the current manifest
              screens/<id>                    the variant for the screen's oldest supported
                                              contract
              contracts/<k>/screens/<id>      the variant for clients of contract k
              locales/<locale>/…              with String Catalogs: screens/<id> and
                                              contracts/<k>/screens/<id> in each configured
                                              locale

            The output folder is replaced as a whole, and only when everything compiled: on
            any error nothing is written.

            USAGE: screenkit build [--out DIR] [--pretty] [--contract DIR] [--config FILE]
                     [--verbose]

            OPTIONS:
              --out DIR         Output folder (default: the config's "output", else dist).
              --pretty          Indented JSON for review instead of the compact published
                                bytes.
            \(Command.contractAndConfigOptions)
            """,
        valueOptions: ["--out", "--contract"],
        flags: ["--pretty"],
        run: run
    )

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        guard arguments.positional.isEmpty else {
            throw .usage("unexpected argument '\(arguments.positional[0])'")
        }
        let outPath = arguments.value("--out") ?? "dist"
        guard !outPath.isEmpty else { throw .usage("--out needs a folder") }
        let started = Date()
        let style: JSONStyle = arguments.flag("--pretty") ? .pretty : .compact
        context.terminal.progress("compiling \(context.catalog.screens.count) screens…")
        let compilation = try ContractLocation(arguments, context).compile(context.catalog, style: style)
        context.terminal.endProgress()
        context.report(compilation.diagnostics)
        if compilation.hasErrors {
            let errors = compilation.diagnostics.count { $0.severity == .error }
            context.terminal.printError("build failed: \(errors) error\(errors == 1 ? "" : "s"); nothing was written")
            return .violations
        }
        let out = context.url(outPath)
        let image = BucketLayout(
            screens: compilation.result.screens, contract: compilation.result.contract,
            history: compilation.historyHashes,
            schemas: compilation.schemas(for: context.catalog, config: context.config),
            locales: compilation.result.locales)
        do {
            try OutputDirectory.replace(
                out, with: image.files.map { OutputDirectory.File(path: $0.key, bytes: $0.value) })
        } catch {
            throw .failure(error.description)
        }
        let display = DiagnosticFormatter(workingDirectory: context.workingDirectory).relative(
            context.url(outPath).standardizedFileURL.path)
        for screen in compilation.result.screens {
            let objects = Set(screen.variants.map(\.envelope)).count
            let versions = screen.variants.map { "\($0.contract)" }.joined(separator: ", ")
            let fallbacks = screen.variants.filter { $0.downgrades.contains(where: \.isFallback) }.map {
                "\($0.contract)"
            }
            var note = fallbacks.isEmpty ? "" : "; fallbacks for contract \(fallbacks.joined(separator: ", "))"
            if !screen.experiments.isEmpty {
                let names = screen.experiments.map(\.name).joined(separator: ", ")
                note += "; experiments \(names): \(screen.combinations.count) combinations"
            }
            if !screen.localizations.isEmpty {
                note += "; localized in \(screen.localizations.map(\.locale).joined(separator: ", "))"
            }
            context.terminal.print(
                "\(screen.id): contract \(versions) in \(objects) object\(objects == 1 ? "" : "s")\(note)")
        }
        let bytes = image.files.values.reduce(0) { $0 + $1.count }
        let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
        let count = compilation.result.screens.count
        let locales = compilation.result.locales.count
        let inLocales = locales == 0 ? "" : " in \(locales) locale\(locales == 1 ? "" : "s")"
        context.terminal.print(
            "built \(count) screen\(count == 1 ? "" : "s") for contract \(compilation.result.contract)\(inLocales) into \(display)/: \(image.immutablePaths.count - 1) objects, manifest \(image.manifestHash.prefix(12)), \(bytes) bytes in \(milliseconds) ms"
        )
        return .success
    }

    /// The manifest the build in `out` points to, and its hash, if it is readable.
    static func builtManifest(in out: URL) -> (hash: String, manifest: Manifest)? {
        guard
            let pointerData = FileManager.default.contents(
                atPath: out.appendingPathComponent(BucketLayout.pointer).path),
            let pointer = Pointer.decode([UInt8](pointerData)),
            let data = FileManager.default.contents(
                atPath: out.appendingPathComponent(BucketLayout.manifest(pointer.manifest)).path),
            let manifest = try? Manifest.decode([UInt8](data))
        else { return nil }
        return (pointer.manifest, manifest)
    }
}
