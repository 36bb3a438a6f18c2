import Foundation
import ScreenContract

/// `screenkit strings embed`: the String Catalogs `screenkit.json` names, as Swift source for a
/// server that localizes at request time.
enum StringsCommand {
    static let command = Command(
        name: "strings",
        summary: "Embed the String Catalogs in a server that renders per request.",
        help: """
            OVERVIEW: Work with the String Catalogs (.xcstrings) screenkit.json names in
            "strings".

            USAGE: screenkit strings <subcommand> [options]

            SUBCOMMANDS:
              embed     Write the catalogs as Swift source, for a server that renders at
                        request time.

            See 'screenkit strings <subcommand> --help' for its options.
            """,
        valueOptions: [],
        flags: [],
        usesConfig: false,
        subcommands: [embed],
        run: { _, _ throws(CommandError) in throw .usage("strings needs a subcommand: embed") }
    )

    static let embed = Command(
        name: "embed",
        summary: "Write the String Catalogs as Swift source for a server binary.",
        help: """
            OVERVIEW: Write the String Catalogs screenkit.json names ("strings") as a Swift
            file declaring `public enum NAME` with each catalog's table and exact bytes, so
            a server localizes with `ScreenRenderer.Strings(catalogs: NAME.catalogs,
            locales: […])` and needs no files when deployed. Each catalog is read and
            checked first. Regenerate after changing a catalog; --check exits 1 while the
            file is stale (run it in CI).

            USAGE: screenkit strings embed [--out FILE] [--name NAME] [--check]
                     [--contract DIR] [--config FILE] [--verbose]

            OPTIONS:
              --out FILE        The Swift file (default: NAME.swift beside the contract
                                folder, e.g. Screens/EmbeddedStringCatalogs.swift: in the
                                Screens target, where the catalogs themselves are left out).
              --name NAME       The enum's name (default: EmbeddedStringCatalogs).
              --check           Write nothing; exit 1 when FILE differs from what would be
                                written.
            \(Command.contractAndConfigOptions)

            Exit codes: 0 written (or up to date), 1 stale (--check) or a catalog that
            cannot be read as one, 2 usage or no "strings" in the config, 3 a missing or
            unreadable file.
            """,
        valueOptions: ["--out", "--name", "--contract"],
        flags: ["--check"],
        run: run
    )

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        if let first = arguments.positional.first { throw .usage("unexpected argument '\(first)'") }
        guard let config = context.config, !config.strings.isEmpty else {
            throw .usage(
                "no String Catalog to embed: screenkit.json names none in \"strings\" (e.g. \"strings\": [\"Screens/Strings/Localizable.xcstrings\"])"
            )
        }
        let name = try EmbeddedSourceFile.typeName(arguments, default: "EmbeddedStringCatalogs")
        let files = try StringCatalogFiles.read(config)
        let besideContract = try ContractLocation(arguments, context, mayBeMissing: true).folder
            .deletingLastPathComponent().appendingPathComponent("\(name).swift")
        let out = arguments.value("--out").map { context.url($0) } ?? besideContract
        let formatter = DiagnosticFormatter(workingDirectory: context.workingDirectory)
        let origin = files.map { formatter.relative($0.path) }.joined(separator: ", ")
        let source = EmbeddedStringCatalogSource.swift(
            catalogs: files.map { ($0.table, $0.bytes) }, typeName: name, origin: origin)
        let tables = files.map(\.table).joined(separator: ", ")
        return try EmbeddedSourceFile.deliver(
            source, to: out, arguments, context,
            stale: "it does not embed the current bytes of \(origin); run `screenkit strings embed`",
            upToDate: "embeds \(tables)", wrote: "\(tables) as \(name).catalogs")
    }
}
