import Foundation
import ScreenClients
import ScreenCompiler
import ScreenContract
import ScreenKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `screenkit contract schema|codegen|serves`: what mobile teams need from the frozen history — a
/// JSON Schema and a Swift model per version, and whether the catalog still serves their app.
enum ClientContractCommands {
    static let schema = Command(
        name: "schema",
        summary: "The JSON Schema of the envelopes one version's clients receive.",
        help: """
            OVERVIEW: Print (or write) the JSON Schema (draft 2020-12) of the envelopes
            clients of a frozen contract version receive, in the wire profile they decode
            (the one the version froze, or the catalog's from its profileSince on): every
            component and prop, action and enum value that version knows, strict about
            unknown keys. With --full: the full envelope (the live contract in the catalog's
            profile, inline fallbacks allowed). `build` and `publish` write every version's
            schema to contracts/<K>/schema.json too.

            USAGE: screenkit contract schema [--version K | --full] [--out FILE]
                     [--contract DIR]

            OPTIONS:
              --version K       The frozen version (default: the newest).
              --full            The full envelope's schema instead.
              --out FILE        Write it to FILE instead of printing it.

            """ + ContractCommand.common,
        valueOptions: ["--version", "--out", "--contract"],
        flags: ["--full"],
        run: { arguments, context throws(CommandError) in
            if let first = arguments.positional.first { throw .usage("unexpected argument '\(first)'") }
            let history = try frozenHistory(ContractLocation(arguments, context), context)
            let bytes: [UInt8]
            let label: String
            if arguments.flag("--full") {
                if arguments.isGiven("--version") { throw .usage("--full and --version exclude each other") }
                let (live, problems) = Contract.live(context.catalog)
                context.report(problems)
                bytes = EnvelopeSchema.full(live, version: history.versions.count, profile: context.catalog.profile)
                label = "the full envelope's schema"
            } else {
                let frozen = try version(arguments.value("--version"), in: history)
                bytes = EnvelopeSchema.variant(
                    frozen.contract, version: frozen.version, profile: profile(of: frozen, history, context))
                label = "the schema of contract \(frozen.version)"
            }
            return try emit(bytes, label: label, arguments, context)
        }
    )

    static let codegen = Command(
        name: "codegen",
        summary: "A Swift or TypeScript client model of one frozen version.",
        help: """
            OVERVIEW: Print (or write) one Swift source file a client app drops in:
            Decodable models of a frozen contract version (components as an enum over typed
            data structs, defaults applied, wrapped values unwrapped, actions, enums) that
            decode exactly what ScreenKit writes for that version, in the wire profile its
            clients decode, and reject what it does not know; then its renderer interface
            (ScreenModelRenderer: one requirement per component, over the app's own output
            type; ScreenModelActionHandler: one per action kind), so the app's compiler
            refuses a renderer that misses one; and, for a version with colour tokens,
            ScreenModel.ColorToken, each token with its colour's name in the app
            (screenkit.json's iosColorNames and androidColorNames). Plain Foundation;
            compiles on Linux.

            With typescript: one TypeScript module with readonly types (nodes a union on
            `type`, actions on `kind`, enums string-literal unions) and `decode(json:
            unknown)`, as strict, its errors naming the JSON path; no runtime dependency.
            With kotlin: one Kotlin file with data classes, sealed classes and enum classes
            and a decoder over org.json (as Android ships it), as strict; Kotlin 1.3 to 2.x.

            USAGE: screenkit contract codegen swift|typescript [--version K] [--out FILE]
                     [--contract DIR]
                   screenkit contract codegen kotlin [--version K] [--package NAME]
                     [--out FILE]

            OPTIONS:
              swift|typescript|kotlin
                                The language.
              --version K       The frozen version (default: the newest).
              --package NAME    The Kotlin package (default: screenkit.contract.v<K>).
              --out FILE        Write it to FILE instead of printing it.

            """ + ContractCommand.common,
        valueOptions: ["--version", "--out", "--contract", "--package"],
        flags: [],
        run: { arguments, context throws(CommandError) in
            guard let language = arguments.positional.first else {
                throw .usage("codegen needs a language: screenkit contract codegen swift")
            }
            guard ["swift", "typescript", "kotlin"].contains(language) else {
                throw .usage("codegen supports swift, typescript and kotlin (got '\(language)')")
            }
            if arguments.positional.count > 1 { throw .usage("unexpected argument '\(arguments.positional[1])'") }
            let history = try frozenHistory(ContractLocation(arguments, context), context)
            let frozen = try version(arguments.value("--version"), in: history)
            let colorNames = AppColorFiles.names(context.config)
            if language == "kotlin" {
                let source = try KotlinCodegen.source(
                    frozen, profile(of: frozen, history, context), arguments, colorNames: colorNames)
                return try emit(
                    Array(source.utf8), label: "the Kotlin model of contract \(frozen.version)", arguments, context)
            }
            if arguments.isGiven("--package") { throw .usage("--package is for kotlin") }
            if language == "typescript" {
                let source = TypeScriptClientModel.source(
                    frozen.contract, version: frozen.version, sha256: frozen.sha256,
                    profile: profile(of: frozen, history, context))
                return try emit(
                    Array(source.utf8), label: "the TypeScript model of contract \(frozen.version)", arguments, context)
            }
            let source = SwiftClientModel.source(
                frozen.contract, version: frozen.version, sha256: frozen.sha256,
                profile: profile(of: frozen, history, context), colorNames: colorNames)
            return try emit(
                Array(source.utf8), label: "the Swift model of contract \(frozen.version)", arguments, context)
        }
    )

    static let serves = Command(
        name: "serves",
        summary: "Whether every screen still serves clients of one version.",
        help: """
            OVERVIEW: For a mobile CI: given the contract version an app was built for,
            check that every screen still serves it (each screen's minContract is at most
            K). Reads the catalog, or with --published what was built or published: a build
            folder (dist/) or the bucket's public base URL (its pointer.json and manifest).
            Exits 1 naming each screen the app can no longer fetch.

            USAGE: screenkit contract serves K [--published DIR|URL]

            OPTIONS:
              K                 The contract version the app was built for.
              --published P     A build folder or an http(s) base URL instead of the
                                catalog.
              -h, --help        Show this help.
            """,
        valueOptions: ["--published"],
        flags: [],
        usesConfig: false,
        run: { arguments, context throws(CommandError) in
            guard let text = arguments.positional.first else {
                throw .usage("serves needs the app's contract version: screenkit contract serves K")
            }
            if arguments.positional.count > 1 { throw .usage("unexpected argument '\(arguments.positional[1])'") }
            guard let client = Int(text), client >= 1 else {
                throw .usage("'\(text)' is not a contract version (1 or more)")
            }
            let screens: [(id: String, minContract: Int)]
            let current: Int
            let source: String
            if let published = arguments.value("--published") {
                let manifest = try await publishedManifest(published, context)
                screens = manifest.screens.map { ($0.id, $0.minContract) }
                current = manifest.contract
                source = published
            } else {
                let catalog = context.catalog
                screens = catalog.screens.map { ($0.id, $0.minContract ?? catalog.minContract) }
                current =
                    ContractHistory.load(from: context.url(ContractLocation.defaultPath + "/history")).versions.count
                source = "the catalog"
            }
            let lost = screens.filter { $0.minContract > client }
            if lost.isEmpty {
                let served = current > 0 ? min(client, current) : client
                context.terminal.print(
                    "clients of contract \(client) get all \(screens.count) screens of \(source) (as contract \(served))"
                )
                return .success
            }
            for screen in lost {
                context.terminal.printError(
                    "screen \"\(screen.id)\" needs contract \(screen.minContract) or newer; clients of \(client) cannot fetch it"
                )
            }
            context.terminal.printError(
                "clients of contract \(client) lose \(lost.count) of \(screens.count) screens of \(source)")
            return .violations
        }
    )

    /// The history, which must hold a version.
    private static func frozenHistory(_ location: ContractLocation, _ context: CommandContext) throws(CommandError)
        -> ContractHistory
    {
        let history = try ContractCommand.loadHistory(location, context)
        guard !history.versions.isEmpty else {
            throw CommandError(
                message: "no frozen contract version in \(history.folder.path); freeze one first", code: .violations)
        }
        return history
    }

    /// The wire profile clients of `frozen` decode: the one it froze before the catalog's
    /// `profileSince`, the catalog's from it on.
    private static func profile(of frozen: FrozenVersion, _ history: ContractHistory, _ context: CommandContext)
        -> WireProfile
    {
        ClientSchemas.profile(
            ofVersion: frozen.version, history: history.versions.map(\.contract), current: context.catalog.profile,
            profileSince: context.catalog.profileSince)
    }

    /// Frozen version `text` (default: the newest).
    private static func version(_ text: String?, in history: ContractHistory) throws(CommandError) -> FrozenVersion {
        guard let text else { return history.versions[history.versions.count - 1] }
        guard let number = Int(text), let frozen = history.version(number) else {
            throw .usage("--version \(text) is not a frozen version (1 to \(history.versions.count))")
        }
        return frozen
    }

    /// Prints `bytes`, or writes them whole to `--out`.
    static func emit(_ bytes: [UInt8], label: String, _ arguments: Arguments, _ context: CommandContext)
        throws(CommandError) -> ExitCode
    {
        guard let path = arguments.value("--out") else {
            context.terminal.print(String(decoding: bytes.dropLast(bytes.last == 0x0A ? 1 : 0), as: UTF8.self))
            return .success
        }
        let url = context.url(path)
        do {
            try OutputFile.write(bytes, to: url)
        } catch {
            throw .failure("cannot write \(url.path): \(error)")
        }
        let display = DiagnosticFormatter(workingDirectory: context.workingDirectory).relative(url.path)
        context.terminal.print("wrote \(label) to \(display)")
        return .success
    }

    /// The manifest that `pointer.json` names in a build folder or under a base URL.
    private static func publishedManifest(_ published: String, _ context: CommandContext) async throws(CommandError)
        -> Manifest
    {
        func fetch(_ path: String) async throws(CommandError) -> [UInt8] {
            if published.hasPrefix("http://") || published.hasPrefix("https://") {
                let base = published.hasSuffix("/") ? published : published + "/"
                guard let url = URL(string: base + path) else { throw .usage("--published \(published) is not a URL") }
                do {
                    let (data, response) = try await URLSession.shared.data(from: url)
                    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                    guard status == 200 else { throw CommandError.failure("GET \(url) answered \(status)") }
                    return [UInt8](data)
                } catch let error as CommandError {
                    throw error
                } catch {
                    throw .failure("cannot fetch \(url): \(error.localizedDescription)")
                }
            }
            let file = context.url(published).appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw .failure("cannot read \(file.path); is \(published) a build folder?")
            }
            return [UInt8](data)
        }
        let pointer = try await fetch(BucketLayout.pointer)
        guard let hash = Pointer.decode(pointer)?.manifest else {
            throw .failure("\(published)/\(BucketLayout.pointer) does not name a manifest")
        }
        let bytes = try await fetch(BucketLayout.manifest(hash))
        do {
            return try Manifest.decode(bytes)
        } catch {
            throw .failure("the manifest \(hash) of \(published) is unreadable: \(error)")
        }
    }
}
