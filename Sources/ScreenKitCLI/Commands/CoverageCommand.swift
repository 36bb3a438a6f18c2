import Foundation
import ScreenCompiler
import ScreenPublish

/// `screenkit contract coverage`: before publishing, which share of the installed clients gets each
/// screen in full, with fallbacks, or not at all.
enum CoverageCommand {
    static let command = Command(
        name: "coverage",
        summary: "Which share of installed clients gets each screen in full, with fallbacks or not at all.",
        help: """
            OVERVIEW: Read a build folder's or a bucket's manifest and a file of installed
            client versions with their shares (or the edge logs' observed ones), and report
            per screen the share of clients that get the full payload, get fallbacks
            (listing the contract elements, e.g. component:productCard), or cannot fetch the
            screen (their contract is below its minContract). With --min-full-share, exit 1
            naming each screen whose full share is below it: a gate before `screenkit
            publish`.

            USAGE: screenkit contract coverage (--installs FILE | --observed LOG...)
                     [--published DIR|URL] [--format text|markdown|json]
                     [--min-full-share S] [--out FILE] [--contract DIR]

            OPTIONS:
              --installs FILE   The installed clients: CSV with the header
                                app_version,contract,share (columns in any order, others
                                ignored) or JSON {"format": 1, "clients": [{"appVersion",
                                "contract", "share"}]}. Shares are decimals from 0 to 1
                                summing to 1 (± 0.01); each app version once; a contract
                                newer than the manifest's (but frozen in this checkout) is
                                served the newest payload, with a note.
              --observed LOG... Instead of an installs file, the client versions the edge
                                routers observed: their response records (`screenkit edge
                                --records`; `-` for standard input), read in chunks. Each
                                contract version a client declared is one client, its share
                                the share of responses declaring it (a log has no app
                                versions); responses without a version are left out, with a
                                note.
              --published P     A build folder (default: the config's "output", else dist),
                                file:///absolute/path or s3://bucket/prefix.
              --endpoint URL    An S3-compatible endpoint for s3:// (default: the config's).
              --region R        The signing region for s3:// (default: the config's, else
                                AWS_REGION, AWS_DEFAULT_REGION or us-east-1).
              --format F        text (default), markdown (for a pull request) or json.
              --min-full-share S
                                Exit 1 when a screen's full share is below S (0 to 1, e.g.
                                0.95).
              --out FILE        Write the report to FILE instead of printing it (nothing is
                                written when the command fails before the report).

            """ + ContractCommand.common + """

                The fallback elements come from compiling this checkout: when its variants do
                not hash to the manifest's objects (a build of another commit), they are
                reported as unknown.
                Exit codes: 0 reported (every screen at or above the minimum), 1 a screen
                below --min-full-share, 2 usage or an invalid installs file, 3 a file, log or
                bucket that cannot be read, or logs without a record.
                """,
        valueOptions: [
            "--installs", "--published", "--endpoint", "--region", "--format", "--min-full-share", "--out",
            "--contract",
        ],
        flags: ["--observed"],
        run: run
    )

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        let format = try CoverageFormat.parse(arguments.value("--format"))
        let minimum = try minimumShare(arguments.value("--min-full-share"))
        let formatter = DiagnosticFormatter(workingDirectory: context.workingDirectory)
        let installsPath = arguments.value("--installs")
        let observed = arguments.flag("--observed")
        if observed {
            guard installsPath == nil else { throw .usage("give --installs FILE or --observed LOG..., not both") }
            guard !arguments.positional.isEmpty else {
                throw .usage("--observed needs the edge logs to read (`-` for standard input)")
            }
        } else if let first = arguments.positional.first {
            throw .usage("unexpected argument '\(first)' (logs are read with --observed)")
        }
        guard observed || installsPath != nil else {
            throw .usage(
                "coverage needs --installs FILE (CSV app_version,contract,share or JSON) or --observed LOG... (edge logs)"
            )
        }
        let read: ReadClients
        let installsName: String
        if let installsPath {
            installsName = formatter.relative(context.url(installsPath).path)
            do {
                read = .file(try InstalledClients.load(context.url(installsPath).path, named: installsName))
            } catch {
                throw CommandError(message: error.description, code: error.isUnreadable ? .failure : .usage)
            }
        } else {
            var tally = ObservedClients()
            let files = arguments.positional
            let records = try ChunkedFiles.readRecords(files, context) { tally.count($0) }
            read = .observed(tally, records: records)
            let name = files[0] == "-" ? "standard input" : formatter.relative(context.url(files[0]).path)
            installsName =
                "\(records) response\(records == 1 ? "" : "s") in \(files.count == 1 ? name : "\(files.count) logs")"
        }
        let source = arguments.value("--published") ?? context.config?.output ?? "dist"
        let published = try await manifest(source, arguments, context)
        let location = try ContractLocation(arguments, context)
        context.terminal.progress("compiling \(context.catalog.screens.count) screens…")
        let compilation = location.compile(context.catalog)
        context.terminal.endProgress()
        let frozen = compilation.contract.history.versions.count
        var notes: [String] = []
        let clients: InstalledClients
        switch read {
        case .file(let file): clients = file
        case .observed(let tally, let records):
            guard let (observed, observedNotes) = tally.installs(known: max(published.manifest.contract, frozen))
            else {
                throw .failure(
                    "none of the \(records) response records declares a contract version: there is no client to count")
            }
            clients = observed
            notes = observedNotes
        }
        notes += try versionNotes(clients, current: published.manifest.contract, frozen: frozen, path: installsName)
        let errors = compilation.diagnostics.count { $0.severity == .error }
        if errors > 0 {
            notes.append(
                "this checkout does not compile (\(errors) error\(errors == 1 ? "" : "s"); see `screenkit check`)")
        }
        var coverage = ClientCoverage(
            manifest: published.manifest, hash: published.hash, clients: clients,
            builds: [compilation.result.screens], notes: notes)
        if coverage.hasUnknownElements && errors == 0 {
            // A `build --pretty` folder: its objects are the hashes of indented bytes.
            let pretty = location.compile(context.catalog, style: .pretty)
            coverage = ClientCoverage(
                manifest: published.manifest, hash: published.hash, clients: clients,
                builds: [compilation.result.screens, pretty.result.screens], notes: notes)
        }
        let report = CoverageReport(
            coverage: coverage, source: source.contains("://") ? source : formatter.relative(context.url(source).path),
            installs: installsName, minimum: minimum)
        let text = report.render(format)
        try OutputFile.deliver(
            Array((text + "\n").utf8), out: arguments.value("--out"), what: "the coverage report", context)
        guard let minimum else { return .success }
        let below = coverage.screens(below: minimum)
        for screen in below {
            context.terminal.printError(
                "error: screen \"\(screen.id)\" renders fully for \(CoverageNumbers.percent(screen.full)) of installed clients, below --min-full-share \(CoverageNumbers.percent(minimum))"
            )
        }
        return below.isEmpty ? .success : .violations
    }

    /// The clients an installs file lists, or the counts of the logs `--observed` read.
    private enum ReadClients {
        case file(InstalledClients)
        case observed(ObservedClients, records: Int)
    }

    /// `--min-full-share`: a decimal from 0 to 1.
    private static func minimumShare(_ text: String?) throws(CommandError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value.isFinite, value >= 0, value <= 1 else {
            throw .usage("--min-full-share needs a share from 0 to 1 (e.g. 0.95), got '\(text)'")
        }
        return value
    }

    /// The manifest a build folder's or a bucket's pointer names, read with the publisher's reader.
    private static func manifest(_ source: String, _ arguments: Arguments, _ context: CommandContext)
        async throws(CommandError) -> PublishedManifest
    {
        let bucket: any Bucket
        if source.hasPrefix("file://") || source.hasPrefix("s3://") {
            bucket = try PublishCommand.makeBucket(source, arguments, context, purpose: "read")
        } else if source.contains("://") {
            throw .usage("--published \(source): use a build folder, file:///absolute/path or s3://bucket/prefix")
        } else {
            if arguments.isGiven("--endpoint") { throw .usage("--endpoint applies to s3:// buckets only") }
            bucket = DirectoryBucket(path: context.url(source).path)
        }
        context.terminal.progress("reading \(bucket)…")
        defer { context.terminal.endProgress() }
        let published: PublishedManifest?
        do {
            published = try await Publisher(bucket: bucket).published()
        } catch {
            throw .failure(error.description)
        }
        guard let published else {
            throw .failure(
                "\(bucket) has no \(BucketLayout.pointer): build first (`screenkit build`), or name a bucket with --published"
            )
        }
        return published
    }

    /// Refuses a client of a contract neither the manifest nor this checkout's history knows, and
    /// notes each client newer than the manifest (served its newest payload).
    private static func versionNotes(_ clients: InstalledClients, current: Int, frozen: Int, path: String)
        throws(CommandError) -> [String]
    {
        let known = max(current, frozen)
        var notes: [String] = []
        for client in clients.clients where client.contract > current {
            guard client.contract <= known else {
                throw .usage(
                    "\(path): \(client.origin): app version \"\(client.appVersion)\" decodes contract \(client.contract), which is not a contract version yet (the manifest's is \(current), this checkout's history has \(frozen)); fix the contract column"
                )
            }
            let who =
                client.origin == "observed" ? "clients of \(client.appVersion)" : "app version \(client.appVersion)"
            notes.append(
                "\(who) decode\(client.origin == "observed" ? "" : "s") contract \(client.contract), newer than the manifest's \(current): \(client.origin == "observed" ? "they are" : "it is") served contract \(current)'s payload, in full"
            )
        }
        return notes
    }
}
