import Foundation
import ScreenCompiler
import ScreenEdge
import ScreenPublish

/// `screenkit publish`: upload what `build` produces to a directory or S3-compatible bucket.
enum PublishCommand {
    static let command = Command(
        name: "publish",
        summary: "Publish to a bucket: objects, the manifest, then the pointer.",
        help: """
            OVERVIEW: Compile everything (pending contract elements are errors here), then
            publish the bucket image: content-addressed objects first (create-only; an
            existing object must have the same bytes), then the manifest, then the pointer
            with compare-and-swap, then the short-lived client aliases. A re-run with
            nothing changed uploads nothing.

            With --edge (or the config's "edge"), the edge router of the published manifest
            (see `screenkit edge --help`) is uploaded too, content-addressed at
            edge/<sha256>/<file>, and the pointer names its files: deploy the router the
            pointer names.

            With --canary P, the build is tried on P % of the units (0 < P < 100, at most
            two decimals) beside the stable release the bucket serves: its objects, manifest
            and router are uploaded, and the pointer names both releases and a router that
            serves a unit in the share everything from the canary (requests without a unit:
            the stable release). The aliases stay the stable release's. Publishing the same
            build again with a larger P grows the share, keeping its units. Judge it, then
            promote or roll it back with `screenkit rollout`; a publish without --canary is
            refused while a canary is tried.

            USAGE: screenkit publish --to URL [--endpoint URL] [--region R] [--dry-run]
                     [--timeout S] [--attempts N] [--edge] [--canary P]
                     [--unit-header NAME | --unit-cookie NAME | --unit-query NAME]
                     [--allow-overrides] [--records] [--contract DIR] [--config FILE]
                     [--verbose]

            OPTIONS:
              --to URL          file:///absolute/path, or s3://bucket/prefix (default: the
                                config's "bucket").
              --endpoint URL    An S3-compatible endpoint (R2, MinIO, GCS, a local server);
                                path-style addressing (default: the config's "endpoint";
                                without one: AWS, virtual-hosted style).
              --region R        The signing region (default: the config's "region", else
                                AWS_REGION, AWS_DEFAULT_REGION or us-east-1).
              --dry-run         Print the plan (what would be uploaded, what already
                                exists); change nothing. For s3:// it still reads the
                                bucket, so it needs credentials.
              --timeout S       Seconds one request may take before it is retried (default:
                                30).
              --attempts N      Attempts per request, retries included (default: 5).
              --edge            Publish the edge router too (default: when the config has
                                "edge").
              --unit-header NAME
              --unit-cookie NAME
              --unit-query NAME The router's experiment unit, as for `screenkit edge` (each
                                implies --edge; default: the config's "edge").
              --allow-overrides The router honours the ScreenKit-Arm header (QA buckets
                                only; implies --edge).
              --records         The router writes a response record per screen response, as
                                `screenkit edge --records` (implies --edge).
              --canary P        Try the build on P % of the units beside the stable release
                                (implies --edge; see above).
            \(Command.contractAndConfigOptions)

            Credentials for s3:// come from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and
            AWS_SESSION_TOKEN. Exit codes: 0 published (or up to date), 1 refused (errors, a
            contract history mismatch, a conflicting object or pointer, a canary the bucket
            cannot take or one being tried), 2 usage, 3 bucket or environment failure.
            """,
        valueOptions: [
            "--to", "--endpoint", "--region", "--contract", "--timeout", "--attempts", "--unit-header", "--unit-cookie",
            "--unit-query", "--canary",
        ],
        flags: ["--dry-run", "--edge", "--allow-overrides", "--records"],
        run: run
    )

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        guard arguments.positional.isEmpty else { throw .usage("unexpected argument '\(arguments.positional[0])'") }
        guard let target = arguments.value("--to") else { throw .usage("publish needs --to URL") }
        let bucket = try makeBucket(target, arguments, context)
        var canary: Int?
        if let text = arguments.value("--canary") {
            guard let basisPoints = Pointer.Canary.basisPoints(percent: text) else {
                throw .usage(
                    "--canary takes a percentage of units strictly between 0 and 100, at most two decimals (5, 0.5); got '\(text)'"
                )
            }
            canary = basisPoints
        }
        let edge =
            EdgeCommand.isRequested(arguments) || context.config?.edge != nil || canary != nil
            ? try EdgeCommand.options(arguments, context) : nil
        if arguments.flag("--verbose") {
            context.terminal.printError(
                "screenkit publish: "
                    + (edge.map { EdgeCommand.summary($0, arguments, context) }
                        ?? "no router (no \"edge\" in the config and no --edge)"))
        }
        let compilation = try ContractLocation(arguments, context).compile(
            context.catalog, pendingIsError: true, requireHistory: true)
        context.report(compilation.diagnostics)
        if compilation.hasErrors {
            let errors = compilation.diagnostics.count { $0.severity == .error }
            context.terminal.printError(
                "publish refused: \(errors) error\(errors == 1 ? "" : "s"); nothing was uploaded")
            return .violations
        }
        let sunsets = try ContractLocation(arguments, context).sunsets()
        let started = Date()
        let publisher = Publisher(bucket: bucket)
        do {
            context.terminal.progress("reading \(bucket)…")
            let plan = try await publisher.plan(
                screens: compilation.result.screens, contract: compilation.result.contract,
                history: compilation.historyHashes,
                schemas: compilation.schemas(for: context.catalog, config: context.config),
                locales: compilation.result.locales, edge: edge, canary: canary)
            context.terminal.endProgress()
            // What the bucket serves now is the base: a screen it serves that would stop serving a
            // client version, or disappear, needs a recorded sunset.
            if let served = plan.previous {
                let checked = sunsets.check(
                    base: served.screens.map { ($0.id, $0.minContract) },
                    current: ContractLocation.servedScreens(context.catalog))
                context.report(checked.notes + checked.problems)
                if !checked.problems.isEmpty {
                    context.terminal.printError(
                        "publish refused: \(checked.problems.count) unrecorded sunset\(checked.problems.count == 1 ? "" : "s") against what \(bucket) serves; nothing was uploaded"
                    )
                    return .violations
                }
            }
            if arguments.flag("--dry-run") {
                printPlan(plan, bucket: bucket, context)
                return .success
            }
            let terminal = context.terminal
            let summary = try await publisher.publish(plan) { done, total in
                terminal.progress("uploading \(done)/\(total)…")
            }
            context.terminal.endProgress()
            let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
            if summary.publishedByAnother {
                context.terminal.print(
                    "manifest \(summary.manifest.prefix(12)) was already published by another run to \(bucket): the bucket serves this build (uploaded \(summary.uploaded) objects, \(summary.aliases) aliases written) in \(seconds) s"
                )
            } else if !summary.pointerMoved && summary.uploaded == 0 && summary.aliases == 0 {
                context.terminal.print(
                    "\(bucket) is up to date: nothing uploaded (\(summary.skipped) objects already present) in \(seconds) s"
                )
            } else if let tried = plan.layout.pointer.canary {
                context.terminal.print(
                    "published release \(Pointer.release(of: tried.manifest)) to \(bucket) as a canary for \(Publisher.percent(tried.basisPoints)) of units beside release \(plan.layout.pointer.release): uploaded \(summary.uploaded) objects (\(summary.uploadedBytes) bytes), skipped \(summary.skipped), no alias changed, in \(seconds) s"
                )
            } else {
                context.terminal.print(
                    "published manifest \(summary.manifest.prefix(12)) to \(bucket): uploaded \(summary.uploaded) objects (\(summary.uploadedBytes) bytes), skipped \(summary.skipped), \(summary.aliases) aliases written in \(seconds) s"
                )
            }
            printEdge(plan.layout.pointer, context)
            return .success
        } catch {
            context.terminal.endProgress()
            context.terminal.printError("error: \(error.description)")
            return exitCode(of: error)
        }
    }

    /// The exit code of a publish or rollout that failed with `error`: 1 refused, 3 the bucket.
    static func exitCode(of error: PublishError) -> ExitCode {
        switch error.kind {
        case .historyMismatch, .objectConflict, .pointerConflict, .refused: .violations
        case .bucket, .corrupt: .failure
        }
    }

    /// The bucket `target` names (`file:///…` or `s3://…`), with `--endpoint`, `--region`,
    /// `--timeout` and `--attempts` applied; `purpose` ends the missing-credentials message.
    static func makeBucket(
        _ target: String, _ arguments: Arguments, _ context: CommandContext, purpose: String = "publish to"
    ) throws(CommandError) -> any Bucket {
        // Checked for every bucket, so a mistyped value fails before anything is read or sent.
        let retry = try retryPolicy(arguments)
        let location: BucketLocation
        do {
            location = try BucketLocation.parse(target)
        } catch {
            throw .usage(error.description)
        }
        switch location {
        case .directory(let path):
            if arguments.value("--endpoint") != nil { throw .usage("--endpoint applies to s3:// buckets only") }
            return DirectoryBucket(path: path)
        case .s3(let name, let prefix):
            guard let credentials = AWSCredentials.fromEnvironment(context.environment) else {
                throw .failure(
                    "missing credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY to \(purpose) \(target)")
            }
            var endpoint: URL?
            if let text = arguments.value("--endpoint") {
                guard let url = URL(string: text), let scheme = url.scheme,
                    ["http", "https"].contains(scheme.lowercased()),
                    url.host != nil
                else { throw .usage("--endpoint \(text) is not an http(s) URL") }
                endpoint = url
            }
            let region =
                arguments.value("--region") ?? context.environment["AWS_REGION"] ?? context.environment[
                    "AWS_DEFAULT_REGION"]
                ?? "us-east-1"
            do {
                return try S3Bucket(
                    bucket: name, prefix: prefix, endpoint: endpoint, region: region, credentials: credentials,
                    retry: retry)
            } catch {
                throw .usage(error.description)
            }
        }
    }

    /// The longest `--timeout`: Foundation on Linux converts it to whole milliseconds in an `Int`
    /// and traps on values that do not fit.
    static let maximumTimeout: Double = 86_400

    /// `--timeout` and `--attempts`, or the defaults; a malformed, non-positive or non-finite value
    /// is a usage error.
    private static func retryPolicy(_ arguments: Arguments) throws(CommandError) -> S3Bucket.RetryPolicy {
        var retry = S3Bucket.RetryPolicy()
        if let text = arguments.value("--timeout") {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
                throw .usage("--timeout needs a positive number of seconds, got '\(text)'")
            }
            guard seconds <= maximumTimeout else {
                throw .usage("--timeout is at most \(Int(maximumTimeout)) seconds (one day), got '\(text)'")
            }
            retry.timeout = seconds
        }
        if let text = arguments.value("--attempts") {
            guard let attempts = Int(text), attempts >= 1 else {
                throw .usage("--attempts needs a whole number of at least 1, got '\(text)'")
            }
            retry.attempts = attempts
        }
        return retry
    }

    private static func printPlan(_ plan: PublishPlan, bucket: any Bucket, _ context: CommandContext) {
        let terminal = context.terminal
        terminal.print("dry run: nothing is changed in \(bucket)")
        if plan.isUpToDate {
            terminal.print("up to date: the pointer already names manifest \(plan.layout.manifestHash.prefix(12))")
            return
        }
        for key in plan.uploads {
            terminal.print("would upload \(key) (\(plan.layout.files[key]?.count ?? 0) bytes)")
        }
        terminal.print("already present: \(plan.present) objects")
        if plan.previousManifest != plan.layout.manifestHash {
            let from = plan.previousManifest.map { String($0.prefix(12)) } ?? "(none)"
            terminal.print("would move the pointer from manifest \(from) to \(plan.layout.manifestHash.prefix(12))")
        } else if plan.movesPointer {
            terminal.print(
                plan.layout.pointer.edge.isEmpty
                    ? "would move the pointer to name no edge router"
                    : "would move the pointer to name another edge router")
        }
        for alias in plan.aliases { terminal.print("would write alias \(alias)") }
        printEdge(plan.layout.pointer, context)
    }

    /// Where the router `pointer` names is, file by file, for a deploy script.
    private static func printEdge(_ pointer: Pointer, _ context: CommandContext) {
        for (name, hash) in pointer.edge.sorted(by: { $0.key < $1.key }) {
            context.terminal.print("edge router \(name): \(BucketLayout.edgeFile(hash, name: name))")
        }
    }
}
