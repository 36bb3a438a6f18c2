import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenKit
import ScreenKitCLI
import ScreenPublish
import ScreenTestSupport
import Testing

/// `screenkit publish --canary` and `screenkit rollout` through the CLI, to a directory bucket: the
/// messages a user reads, the exit codes, and a usage error for every bad value.
@Suite struct RolloutCommandTests {
    let folder: URL
    let bucket: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-rollout-cli-\(UUID().uuidString)")
        bucket = folder.appendingPathComponent("bucket")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Screens"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ContractCommandTests.repositoryContract, to: folder.appendingPathComponent("Screens/Contract"))
    }

    func run(_ arguments: [String], catalog: Catalog = App.catalog) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    var target: String { "file://\(bucket.path)" }

    static let changed: Catalog = {
        var catalog = App.catalog
        catalog.screens[0].title = "Welcome back"
        return catalog
    }()

    @Test func aCanaryIsPublishedJudgedByItsStatusAndPromoted() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (first, _, firstErrors) = await run(["publish", "--to", target, "--unit-cookie", "uid"])
        #expect(first == .success, "\(firstErrors)")
        let (code, out, errors) = await run(
            ["publish", "--to", target, "--unit-cookie", "uid", "--canary", "5"], catalog: Self.changed)
        #expect(code == .success, "\(errors)")
        #expect(out.contains("as a canary for 5 % of units beside release "), "\(out)")
        #expect(out.contains("no alias changed"))
        let (statusCode, status, _) = await run(["rollout", "status", "--bucket", target])
        #expect(statusCode == .success)
        #expect(status.contains("as a canary for 5 % of units"), "\(status)")
        #expect(status.contains("edge router table.json: edge/"))
        // A plain publish is refused while the canary is tried.
        let (refused, _, why) = await run(["publish", "--to", target, "--unit-cookie", "uid"], catalog: Self.changed)
        #expect(refused == .violations && why.contains("promote or roll it back first"), "\(why)")
        let (promoted, promotion, _) = await run(["rollout", "promote", "--bucket", target])
        #expect(promoted == .success)
        #expect(promotion.hasPrefix("promoted: the bucket serves release "), "\(promotion)")
        let (again, repeated, _) = await run(["rollout", "promote", "--bucket", target])
        #expect(again == .success && repeated.hasPrefix("already promoted"), "\(repeated)")
        let (_, history, _) = await run(["rollout", "history", "--bucket", target])
        let moves = history.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] }
        #expect(moves == ["promote", "canary", "publish"], "\(history)")
        let (nothing, _, nothingWhy) = await run(["rollout", "rollback", "--bucket", target])
        #expect(nothing == .violations && nothingWhy.contains("no canary is being tried"), "\(nothingWhy)")
        // The config's "bucket" is the default, as for publish.
        try Data(#"{"format": 1, "bucket": "\#(target)"}"#.utf8).write(
            to: folder.appendingPathComponent("screenkit.json"))
        let (configured, configuredStatus, configuredErrors) = await run(["rollout", "status"])
        #expect(
            configured == .success && configuredStatus.contains("serves release"),
            "\(configuredStatus) \(configuredErrors)")
    }

    /// Records of `count` responses of each release, and `failures` render failures the apps
    /// reported for the canary.
    func logs(stable: String, canary: String, count: Int, failures: Int = 0) throws -> String {
        var lines: [String] = []
        for release in [stable, canary] {
            for index in 0..<count {
                lines.append(
                    #"{"format":2,"event":"response","time":"2026-12-05T10:00:00Z","source":"nginx","release":"\#(release)","screen":"home","client":"2","served":2,"status":200,"unit":"u\#(index)"}"#
                )
            }
        }
        for _ in 0..<failures {
            lines.append(
                #"{"time":"2026-12-05T10:00:01Z","contract":2,"event":"render_failed","screen":"home","params":{"reason":"unknown_component","path":"$.root.children[1].type","release":"\#(canary)"}}"#
            )
        }
        let name = "logs-\(UUID().uuidString).jsonl"
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent(name))
        return name
    }

    /// The releases the bucket serves: (stable, canary).
    func releases() async throws -> (String, String) {
        let pointer = try #require(try await Rollout(bucket: DirectoryBucket(path: bucket.path)).state()?.pointer)
        return (pointer.release, Pointer.release(of: try #require(pointer.canary).manifest))
    }

    @Test func theVerdictFromTheLogsPromotesHoldsOrRollsBack() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = await run(["publish", "--to", target, "--unit-cookie", "uid"])
        _ = await run(["publish", "--to", target, "--unit-cookie", "uid", "--canary", "10"], catalog: Self.changed)
        var (stable, canary) = try await releases()
        // Too little traffic: hold (exit 4), nothing moves even with --apply.
        let few = try logs(stable: stable, canary: canary, count: 50)
        let (held, heldText, _) = await run(["rollout", "status", few, "--bucket", target, "--apply"])
        #expect(held == .hold && heldText.hasPrefix("verdict: hold canary release \(canary)"), "\(heldText)")
        #expect(try await releases() == (stable, canary))
        // Healthy and enough: promote (exit 0), applied.
        let healthy = try logs(stable: stable, canary: canary, count: 1000)
        let (promoted, promotedText, _) = await run(["rollout", "status", healthy, "--bucket", target, "--apply"])
        #expect(promoted == .success, "\(promotedText)")
        #expect(promotedText.contains("promoted: the bucket serves release \(canary) to every unit"), "\(promotedText)")
        // A canary whose screens the apps cannot show: roll back (exit 1), as Markdown, applied.
        var third = Self.changed
        third.screens[0].title = "Welcome once more"
        _ = await run(["publish", "--to", target, "--unit-cookie", "uid", "--canary", "10"], catalog: third)
        (stable, canary) = try await releases()
        let failing = try logs(stable: stable, canary: canary, count: 200, failures: 30)
        let (rolledBack, markdown, _) = await run([
            "rollout", "status", failing, "--bucket", target, "--format", "markdown", "--apply",
        ])
        #expect(rolledBack == .violations, "\(markdown)")
        #expect(markdown.hasPrefix("# Canary verdict: roll back\n"), "\(markdown)")
        #expect(
            markdown.contains(
                "| render failures per screen shown **worse** | 30 of 200 (15.00 %) | 0 of 200 (0.00 %) |"))
        #expect(markdown.contains("rolled back: the bucket serves release \(stable) to every unit"))
        // Nothing left to judge.
        let (nothing, _, why) = await run(["rollout", "status", failing, "--bucket", target])
        #expect(nothing == .violations && why.contains("no canary is being tried"), "\(why)")
    }

    @Test func aGuardrailGoalThatDropsRollsTheCanaryBack() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = await run(["publish", "--to", target, "--unit-cookie", "uid"])
        _ = await run(["publish", "--to", target, "--unit-cookie", "uid", "--canary", "10"], catalog: Self.changed)
        let (stable, canary) = try await releases()
        // Every unit shown the stable release books; a fifth of the canary's do.
        var lines: [String] = []
        for (release, share) in [(stable, 1), (canary, 5)] {
            for index in 0..<1000 {
                let unit = "\(release)-\(index)"
                lines.append(
                    #"{"format":2,"event":"response","time":"2026-12-05T10:00:00Z","source":"nginx","release":"\#(release)","screen":"home","client":"2","served":2,"status":200,"unit":"\#(unit)"}"#
                )
                if index % share == 0 {
                    lines.append(
                        #"{"time":"2026-12-05T10:01:00Z","unit":"\#(unit)","contract":2,"event":"booked","params":{}}"#)
                }
            }
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("goal.jsonl"))
        let (code, out, _) = await run(["rollout", "status", "goal.jsonl", "--bucket", target, "--guardrail", "booked"])
        #expect(code == .violations, "\(out)")
        #expect(
            out.contains("units that did not send booked: 800 of 1000 (80.00 %) for the canary against 0 of 1000"),
            "\(out)")
        let (without, _, _) = await run(["rollout", "status", "goal.jsonl", "--bucket", target])
        #expect(without == .success, "without the guardrail nothing else is worse")
    }

    /// A layout one app version cannot draw: the failures all come from apps declaring contract 3,
    /// so the section of version 3 shows the difference and version 2's shows none.
    @Test func theVerdictShowsEachClientVersionTheAppsDeclared() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = await run(["publish", "--to", target, "--unit-cookie", "uid"])
        _ = await run(["publish", "--to", target, "--unit-cookie", "uid", "--canary", "10"], catalog: Self.changed)
        let (stable, canary) = try await releases()
        var lines: [String] = []
        for release in [stable, canary] {
            for index in 0..<1200 {
                let client = index % 3 == 0 ? "3" : "2"
                lines.append(
                    #"{"format":2,"event":"response","time":"2026-12-05T10:00:00Z","source":"nginx","release":"\#(release)","screen":"home","client":"\#(client)","served":\#(client),"status":200,"unit":"u\#(index)"}"#
                )
            }
        }
        for _ in 0..<40 {
            lines.append(
                #"{"time":"2026-12-05T10:00:01Z","contract":3,"event":"render_failed","screen":"home","params":{"reason":"bad_value","release":"\#(canary)"}}"#
            )
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("versions.jsonl"))
        let (code, out, _) = await run(["rollout", "status", "versions.jsonl", "--bucket", target])
        #expect(code == .violations, "\(out)")
        let sections = out.components(separatedBy: "\nclient contract version ")
        #expect(sections.count == 3, "\(out)")
        let two = try #require(sections.dropFirst().first { $0.hasPrefix("2:") })
        let three = try #require(sections.dropFirst().first { $0.hasPrefix("3:") })
        #expect(two.contains("render failures per screen shown   canary 0 of 800 (0.00 %)"), "\(two)")
        #expect(three.contains("render failures per screen shown   canary 40 of 400 (10.00 %)"), "\(three)")
        #expect(three.contains("WORSE") && !two.contains("WORSE"))
        let (_, markdown, _) = await run([
            "rollout", "status", "versions.jsonl", "--bucket", target, "--format", "markdown",
        ])
        #expect(markdown.contains("## Client contract version `3`"), "\(markdown)")
        // Apps of one version only: no section, it would repeat the overall one.
        let one = try logs(stable: stable, canary: canary, count: 1000)
        let (_, single, _) = await run(["rollout", "status", one, "--bucket", target])
        #expect(!single.contains("client contract version"), "\(single)")
    }

    @Test func theReleaseCountsQueriesMatchTheirGoldens() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        for dialect in ["duckdb", "athena", "bigquery"] {
            let (code, out, errors) = await run(["rollout", "status", "--sql", dialect])
            #expect(code == .success, "\(errors)")
            Golden.expect(Array(out.utf8), matches: "sql/releases-\(dialect).sql")
        }
        let (apply, _, why) = await run(["rollout", "status", "--sql", "duckdb", "--apply"])
        #expect(apply == .usage && why.contains("--guardrail and --apply need the logs or its counts"), "\(why)")
        try Data("release,screen,responses\n".utf8).write(to: folder.appendingPathComponent("bad.csv"))
        _ = await run(["publish", "--to", target, "--unit-cookie", "uid"])
        _ = await run(["publish", "--to", target, "--unit-cookie", "uid", "--canary", "10"], catalog: Self.changed)
        let (bad, _, badWhy) = await run(["rollout", "status", "--counts", "bad.csv", "--bucket", target])
        #expect(bad == .usage && badWhy.contains("the header has no column \"server_errors\""), "\(badWhy)")
        try Data(
            "release,screen,responses,server_errors,client_errors,shown,with_fallback,render_failures\nNOPE,home,1,0,0,1,0,0\n"
                .utf8
        ).write(to: folder.appendingPathComponent("bad.csv"))
        let (named, _, namedWhy) = await run(["rollout", "status", "--counts", "bad.csv", "--bucket", target])
        #expect(named == .usage && namedWhy.contains("release \"NOPE\" is not a release name"), "\(namedWhy)")
        try Data(
            "release,screen,responses,server_errors,client_errors,shown,with_fallback,render_failures\naaaaaaaaaaaa,home,1,5,0,1,0,0\n"
                .utf8
        ).write(to: folder.appendingPathComponent("bad.csv"))
        let (more, _, moreWhy) = await run(["rollout", "status", "--counts", "bad.csv", "--bucket", target])
        #expect(more == .usage && moreWhy.contains("more errors or screens shown than responses"), "\(moreWhy)")
    }

    /// DuckDB runs the printed query over the logs; the verdict from its counts is the verdict
    /// from the logs.
    @Test(.integration("DuckDB")) func theVerdictFromDuckDBsCountsIsTheVerdictFromTheLogs() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = await run(["publish", "--to", target, "--unit-cookie", "uid"])
        _ = await run(["publish", "--to", target, "--unit-cookie", "uid", "--canary", "10"], catalog: Self.changed)
        let (stable, canary) = try await releases()
        var lines = try String(
            contentsOf: folder.appendingPathComponent(
                try logs(stable: stable, canary: canary, count: 1200, failures: 25)),
            encoding: .utf8
        ).split(separator: "\n").map(String.init)
        // What neither counts: a format-1 record, a broken line, a failure of a reason not in the set.
        lines += [
            #"{"format":1,"event":"response","time":"2026-12-05T10:00:00Z","source":"nginx","screen":"home","client":"2","served":2,"status":500}"#,
            "{not json",
            #"{"time":"2026-12-05T10:00:01Z","contract":2,"event":"render_failed","screen":"home","params":{"reason":"melted","release":"\#(canary)"}}"#,
            #"{"format":2,"event":"response","time":"2026-12-05T10:00:00Z","source":"nginx","release":"\#(canary)","screen":"settings","client":"2","served":2,"status":502}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("all.jsonl"))
        let (_, query, _) = await run(["rollout", "status", "--sql", "duckdb", "--from", "all.jsonl"])
        try Data(query.utf8).write(to: folder.appendingPathComponent("query.sql"))
        let python = try TestPython.interpreter.get()
        let (status, output) = TestPython.run(
            python,
            [TestPython.supportFolder.appendingPathComponent("duckdb_counts.py").path, "query.sql", "counts.csv"],
            workingDirectory: folder.path)
        try #require(status == 0, "\(output)")
        let (fromLogs, logsVerdict, _) = await run(["rollout", "status", "all.jsonl", "--bucket", target])
        let (fromCounts, countsVerdict, errors) = await run([
            "rollout", "status", "--counts", "counts.csv", "--bucket", target,
        ])
        #expect(fromLogs == .violations && fromCounts == fromLogs, "\(errors)")
        // Everything but the reasons, which the counts do not carry.
        func figures(_ text: String) -> String { text.components(separatedBy: "\nrender failures by reason:").first! }
        #expect(figures(countsVerdict) == figures(logsVerdict), "\(countsVerdict)\n---\n\(logsVerdict)")
    }

    @Test func badValuesAreUsageErrors() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        for share in ["0", "100", "5.123", "five", "-1"] {
            let (code, _, errors) = await run(["publish", "--to", target, "--canary", share])
            #expect(code == .usage && errors.contains("--canary takes a percentage of units"), "\(share): \(errors)")
        }
        let (missing, _, why) = await run(["rollout", "status"])
        #expect(missing == .usage && why.contains("rollout needs --bucket URL"), "\(why)")
        let (bare, _, bareWhy) = await run(["rollout"])
        #expect(bare == .usage && bareWhy.contains("rollout needs a subcommand: status, promote, rollback, history"))
        let (limit, _, limitWhy) = await run(["rollout", "history", "--bucket", target, "--limit", "0"])
        #expect(limit == .usage && limitWhy.contains("--limit takes a number from 1 to 1000"))
        let (release, _, releaseWhy) = await run(["rollout", "rollback", "--bucket", target, "--to", "v2"])
        #expect(release == .usage && releaseWhy.contains("--to takes a release"), "\(releaseWhy)")
        let (empty, out, _) = await run(["rollout", "status", "--bucket", target])
        #expect(empty == .success && out == "the bucket serves no release yet\n")
    }
}
