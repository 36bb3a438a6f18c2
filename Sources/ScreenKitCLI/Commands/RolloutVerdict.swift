import Foundation
import ScreenAnalytics
import ScreenCompiler
import ScreenPublish

/// `screenkit rollout status LOG…`: the canary's verdict from the logs, and with `--apply` the move.
extension RolloutCommand {
    /// The verdict's formats.
    enum VerdictFormat: String, CaseIterable, OutputFormat {
        case text, markdown
    }

    static func verdict(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        var minimum = 1000
        if let text = arguments.value("--min-responses") {
            guard let value = Int(text), value >= 1, value <= 1_000_000_000 else {
                throw .usage("--min-responses takes a number from 1 to 1000000000; got '\(text)'")
            }
            minimum = value
        }
        let format = try VerdictFormat.parse(arguments.value("--format"))
        let source = try CountsOptions.source(arguments, logs: arguments.positional, context)
        if case .query(let query) = source {
            guard arguments.value("--guardrail") == nil, !arguments.flag("--apply") else {
                throw .usage("--sql prints the counts query; --guardrail and --apply need the logs or its counts")
            }
            try CountsOptions.print(query.releases(), arguments, context)
            return .success
        }
        if case .counts = source, arguments.value("--guardrail") != nil {
            throw .usage("--guardrail reads the units' events from the logs; the release counts hold none")
        }
        guard let target = arguments.value("--bucket") else {
            throw .usage("rollout needs --bucket URL (or \"bucket\" in screenkit.json)")
        }
        let bucket = try PublishCommand.makeBucket(target, arguments, context, purpose: "read")
        let rollout = Rollout(bucket: bucket)
        let pointer: Pointer
        do {
            guard let state = try await rollout.state() else {
                context.terminal.printError("error: the bucket serves no release yet")
                return .violations
            }
            pointer = state.pointer
        } catch {
            context.terminal.printError("error: \(error.description)")
            return .failure
        }
        guard let canary = pointer.canary else {
            context.terminal.printError(
                "error: no canary is being tried: release \(pointer.release) serves every unit; nothing to judge")
            return .violations
        }
        let (stable, candidate) = (pointer.release, Pointer.release(of: canary.manifest))
        var overall: [String: ReleaseVerdict.Tally] = [stable: .init(), candidate: .init()]
        var screens: [String: [String: ReleaseVerdict.Tally]] = [:]
        // By the contract version the apps declared: from the logs only (counts are by screen).
        var versions: [String: [String: ReleaseVerdict.Tally]] = [:]
        var others = 0
        let goal = arguments.value("--guardrail")
        // A unit belongs to the release of its first screen shown; it converted when it sent the goal.
        var units: [String: String] = [:]
        var converted: Set<String> = []
        if case .counts(let bytes, let name) = source {
            let rows: [CountsFile.ReleaseRow]
            do {
                rows = try CountsFile.releases(bytes)
            } catch {
                throw .usage("\(name): \(error.description)")
            }
            for row in rows {
                guard overall[row.release] != nil else {
                    others += row.tally.responses
                    continue
                }
                overall[row.release]!.add(row.tally)
                screens[row.screen, default: [stable: .init(), candidate: .init()]][row.release]!.add(row.tally)
            }
        } else {
            _ = try ChunkedFiles.readRecords(arguments.positional, context) { record in
                guard let release = record.release, overall[release] != nil else {
                    others += 1
                    return
                }
                overall[release]!.count(record)
                if goal != nil, let unit = record.unit, record.status == 200 || record.status == 304,
                    units[unit] == nil
                {
                    units[unit] = release
                }
                screens[record.screen ?? "(unknown)", default: [stable: .init(), candidate: .init()]][release]!.count(
                    record)
                versions[record.client, default: [stable: .init(), candidate: .init()]][release]!.count(record)
            } failures: { failure in
                guard let release = failure.release, overall[release] != nil else {
                    others += 1
                    return
                }
                overall[release]!.count(failure)
                screens[failure.screen, default: [stable: .init(), candidate: .init()]][release]!.count(failure)
                versions[String(failure.contract), default: [stable: .init(), candidate: .init()]][release]!.count(
                    failure)
            } events: { event, unit in
                if event == goal { converted.insert(unit) }
            }
        }
        var guardrail: ReleaseVerdict.Guardrail?
        if let goal {
            func reach(_ release: String) -> (units: Int, converted: Int) {
                let shown = units.filter { $0.value == release }.map(\.key)
                return (shown.count, shown.filter(converted.contains).count)
            }
            guardrail = ReleaseVerdict.Guardrail(event: goal, stable: reach(stable), canary: reach(candidate))
        }
        if others > 0 {
            context.terminal.printError(
                "note: \(others) record\(others == 1 ? "" : "s") or failure\(others == 1 ? "" : "s") of neither release (or naming none) left out"
            )
        }
        let verdict = ReleaseVerdict(
            stable: stable, canary: candidate, overall: (overall[stable]!, overall[candidate]!),
            screens: screens.mapValues { ($0[stable]!, $0[candidate]!) },
            versions: versions.mapValues { ($0[stable]!, $0[candidate]!) }, minimumResponses: minimum,
            guardrail: guardrail)
        let text = format == .markdown ? verdict.markdown : verdict.text
        try OutputFile.deliver(Array(text.utf8), out: arguments.value("--out"), what: "the verdict", context)
        if arguments.flag("--apply"), verdict.decision != .hold {
            do {
                let outcome = verdict.decision == .promote ? try await rollout.promote() : try await rollout.rollback()
                _ = report(outcome, verb: verdict.decision == .promote ? "promoted" : "rolled back", context)
            } catch {
                context.terminal.printError("error: \(error.description)")
                return PublishCommand.exitCode(of: error)
            }
        }
        switch verdict.decision {
        case .promote: return .success
        case .rollback: return .violations
        case .hold: return .hold
        }
    }
}
