import Foundation
import ScreenCompiler
import ScreenPublish

/// `screenkit rollout`: what a bucket serves, and moving its pointer between the releases it holds
/// (promote the canary, roll back) — each move a compare-and-swap of the pointer.
enum RolloutCommand {
    static let bucketOptions = """
          --bucket URL      file:///absolute/path or s3://bucket/prefix (default: the
                            config's "bucket").
          --endpoint URL    An S3-compatible endpoint (default: the config's
                            "endpoint").
          --region R        The signing region (default: the config's "region", else
                            AWS_REGION, AWS_DEFAULT_REGION or us-east-1).
          --timeout S       Seconds one request may take before it is retried
                            (default: 30).
          --attempts N      Attempts per request, retries included (default: 5).
          --config FILE     The config file (default: the nearest screenkit.json at or
                            above the working folder); flags override it.
          --verbose         Say which config file was used.
          -h, --help        Show this help.

        Credentials for s3:// come from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and
        AWS_SESSION_TOKEN.
        """
    static let bucketValueOptions: Set<String> = ["--bucket", "--endpoint", "--region", "--timeout", "--attempts"]

    static let command = Command(
        name: "rollout",
        summary: "Show, promote or roll back the releases a bucket serves.",
        help: """
            OVERVIEW: What a bucket serves — the stable release and a canary tried on a
            share of units (`screenkit publish --canary P`) — and moving its pointer between
            the releases it holds. Every move writes an entry of the bucket's release
            history, then swaps the pointer against the one it read: a move stopped at any
            point leaves the pointer naming releases the bucket holds, a move already made
            is not made twice, and of two moves at once one wins and the other is refused
            with what the bucket now serves. The edge picks a moved pointer up as it picks
            up a publish: deploy the router the pointer names.

            USAGE: screenkit rollout <subcommand> [options]

            SUBCOMMANDS:
              status     What the bucket serves: each release, the canary's share, the
                         routers.
              promote    The canary becomes the stable release for every unit.
              rollback   Withdraw the canary, or make an earlier release stable again.
              history    The bucket's releases, newest first.

            Exit codes: 0 done (or already done), 1 refused (nothing to move, a release the
            history does not name, another move first), 2 usage, 3 bucket or environment
            failure. See 'screenkit rollout <subcommand> --help' for its options.
            """,
        valueOptions: [],
        flags: [],
        usesConfig: false,
        subcommands: [status, promote, rollback, history],
        run: { _, _ throws(CommandError) in
            throw .usage("rollout needs a subcommand: status, promote, rollback or history")
        }
    )

    static let status = Command(
        name: "status",
        summary: "What the bucket serves, and the canary's verdict.",
        help: """
            OVERVIEW: Print what the bucket's pointer names: the stable release, the canary
            and its share (when one is tried), and the files of the router to deploy.

            With logs — the response records of the edge or the servers, and the event lines
            the servers write for POST /events — judge the canary: per release (records and
            render_failed events name it), the shares of server errors (5xx), client errors
            (4xx), responses with a fallback and render failures per screen shown, overall,
            per screen and per client contract version, each difference with its 95 %
            interval and the p-value of the two-proportion z-test. The decision rests on
            the overall shares. Roll back when a share is higher for the canary with
            p < 0.05 (even on little traffic); hold while either release has fewer than
            --min-responses responses, or while a share is higher with p < 0.2; else
            promote. --apply then makes the move.

            USAGE: screenkit rollout status [--bucket URL] [options]
                   screenkit rollout status LOG... [--min-responses N]
                     [--guardrail EVENT] [--format text|markdown] [--out FILE]
                     [--apply] [--bucket URL]
                   screenkit rollout status --sql duckdb|athena|bigquery [--from SOURCE]
                   screenkit rollout status --counts FILE [--bucket URL] [options]

            OPTIONS:
              LOG...            Records and event lines, read in order (`-`: standard
                                input).
              --min-responses N Responses each release needs before a verdict (default:
                                1000).
              --guardrail EVENT A goal that must not drop: the share of each release's units
                                (by their first screen shown) that sent EVENT is compared
                                too, and a significant drop rolls back.
              --format FORMAT   text (default) or markdown (for a CI job's summary).
              --out FILE        Write the verdict to FILE instead of printing it.
              --apply           Promote or roll back as the verdict says (hold: nothing).
            \(CountsOptions.help(column: 20))
            \(bucketOptions)

            Exit codes with logs: 0 promote, 1 roll back, 4 hold, 2 usage, 3 a bucket or
            log that cannot be read.
            """,
        valueOptions: bucketValueOptions.union(["--min-responses", "--format", "--out", "--guardrail"]).union(
            CountsOptions.valueOptions),
        flags: ["--apply"],
        run: { arguments, context throws(CommandError) in
            let judged =
                !arguments.positional.isEmpty || arguments.value("--sql") != nil
                || arguments.value("--counts") != nil
            guard !judged else { return try await verdict(arguments, context) }
            guard !arguments.flag("--apply") else { throw .usage("--apply needs the logs to judge the canary by") }
            return try await run(arguments, context) { rollout, context throws(PublishError) in
                guard let state = try await rollout.state() else {
                    context.terminal.print("the bucket serves no release yet")
                    return .success
                }
                printState(state.pointer, context)
                return .success
            }
        }
    )

    static let promote = Command(
        name: "promote",
        summary: "The canary becomes the stable release.",
        help: """
            OVERVIEW: Make the canary the stable release for every unit: the pointer names
            its manifest and its own router, and the client aliases are rewritten to its
            objects.

            USAGE: screenkit rollout promote [--bucket URL] [options]

            OPTIONS:
            \(bucketOptions)
            """,
        valueOptions: bucketValueOptions,
        flags: [],
        run: { arguments, context throws(CommandError) in
            try await run(arguments, context) { rollout, context throws(PublishError) in
                report(try await rollout.promote(), verb: "promoted", context)
            }
        }
    )

    static let rollback = Command(
        name: "rollback",
        summary: "Withdraw the canary, or return to an earlier release.",
        help: """
            OVERVIEW: Withdraw the canary: every unit gets the stable release and its own
            router again (the aliases never changed). With --to, make an earlier release
            stable again, with the router it was served by, as the bucket's history names
            it.

            USAGE: screenkit rollout rollback [--to RELEASE] [--bucket URL] [options]

            OPTIONS:
              --to RELEASE      The release (its first 12 or more hex digits, as
                                `rollout history` and the ScreenKit-Release header name it).
            \(bucketOptions)
            """,
        valueOptions: bucketValueOptions.union(["--to"]),
        flags: [],
        run: { arguments, context throws(CommandError) in
            let release = arguments.value("--to")
            if let release {
                guard Rollout.isRelease(release)
                else {
                    throw .usage(
                        "--to takes a release: 12 to 64 lowercase hex digits of its manifest, as `rollout history` names it; got '\(release)'"
                    )
                }
            }
            return try await run(arguments, context) { rollout, context throws(PublishError) in
                report(try await rollout.rollback(to: release), verb: "rolled back", context)
            }
        }
    )

    static let history = Command(
        name: "history",
        summary: "The bucket's releases, newest first.",
        help: """
            OVERVIEW: List the bucket's release history, newest first: when, what
            (publish, canary, promote, rollback) and what the bucket served after it.
            Every publish and every move writes an entry (releases/<sha256>.json), so
            any release listed can be named with rollback --to.

            USAGE: screenkit rollout history [--limit N] [--bucket URL] [options]

            OPTIONS:
              --limit N         How many entries (default: 20, at most 1000).
            \(bucketOptions)
            """,
        valueOptions: bucketValueOptions.union(["--limit"]),
        flags: [],
        run: { arguments, context throws(CommandError) in
            var limit = 20
            if let text = arguments.value("--limit") {
                guard let value = Int(text), (1...1000).contains(value) else {
                    throw .usage("--limit takes a number from 1 to 1000; got '\(text)'")
                }
                limit = value
            }
            return try await run(arguments, context) { rollout, context throws(PublishError) in
                let entries = try await rollout.history(limit: limit)
                guard !entries.isEmpty else {
                    context.terminal.print(
                        "no release history yet: every publish writes an entry; publishes by earlier versions of screenkit wrote none"
                    )
                    return .success
                }
                for (_, entry) in entries {
                    context.terminal.print(
                        "\(entry.time)  \(entry.move.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))  \(Rollout.describe(entry.pointer))"
                    )
                }
                return .success
            }
        }
    )

    /// Runs `body` on the rollout of the bucket the arguments name; a failure is reported with
    /// its exit code.
    static func run(
        _ arguments: Arguments, _ context: CommandContext,
        _ body: (Rollout, CommandContext) async throws(PublishError) -> ExitCode
    ) async throws(CommandError) -> ExitCode {
        guard arguments.positional.isEmpty else { throw .usage("unexpected argument '\(arguments.positional[0])'") }
        guard let target = arguments.value("--bucket") else {
            throw .usage("rollout needs --bucket URL (or \"bucket\" in screenkit.json)")
        }
        let bucket = try PublishCommand.makeBucket(target, arguments, context, purpose: "read")
        do {
            return try await body(Rollout(bucket: bucket), context)
        } catch {
            context.terminal.printError("error: \(error.description)")
            return PublishCommand.exitCode(of: error)
        }
    }

    static func report(_ outcome: Rollout.Outcome, verb: String, _ context: CommandContext) -> ExitCode {
        switch outcome {
        case .moved(let pointer):
            context.terminal.print("\(verb): the bucket \(Rollout.describe(pointer))")
            printRouter(pointer, context)
        case .alreadyDone(let pointer):
            context.terminal.print("already \(verb): the bucket \(Rollout.describe(pointer)); nothing was changed")
        }
        return .success
    }

    static func printState(_ pointer: Pointer, _ context: CommandContext) {
        context.terminal.print("the bucket \(Rollout.describe(pointer))")
        context.terminal.print("stable: release \(pointer.release) (manifest \(pointer.manifest))")
        if let canary = pointer.canary {
            context.terminal.print(
                "canary: release \(Pointer.release(of: canary.manifest)) (manifest \(canary.manifest)), \(Publisher.percent(canary.basisPoints)) of units, salt \(canary.salt)"
            )
        }
        printRouter(pointer, context)
    }

    static func printRouter(_ pointer: Pointer, _ context: CommandContext) {
        for (name, hash) in pointer.edge.sorted(by: { $0.key < $1.key }) {
            context.terminal.print("edge router \(name): \(BucketLayout.edgeFile(hash, name: name))")
        }
    }
}
