import ExampleScreens
import Foundation
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// `screenkit health`: edge logs counted as a server's metrics count responses, in three formats
/// (reviewed goldens), lines that are not records skipped and named, and every bad input a clear
/// error.
@Suite struct HealthCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-health-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: App.catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    /// A record as the routers write it.
    static func record(
        _ screen: String?, client: String, served: Int, status: Int, fallbacks: [(String, Int)] = [],
        source: String = "nginx"
    ) -> String {
        let counted = fallbacks.map { #"{"element":"\#($0.0)","count":\#($0.1)}"# }.joined(separator: ",")
        return
            #"{"format":1,"event":"response","time":"2026-11-28T07:00:00.000Z","source":"\#(source)","screen":\#(screen.map { "\"\($0)\"" } ?? "null"),"client":"\#(client)","served":\#(served),"status":\#(status)"#
            + (status == 200 || status == 304
                ? #","object":"6a1967613ba76d22a5fa8c2f9a811551105d2797ad1911d00b478deeeddf2ca7""# : "")
            + (fallbacks.isEmpty ? "" : #","fallbacks":[\#(counted)]"#) + "}"
    }

    static let log =
        [
            record(
                "home", client: "1", served: 1, status: 200,
                fallbacks: [("component:productCard", 3), ("enum:TextStyle.display", 1)]),
            record(
                "home", client: "1", served: 1, status: 304,
                fallbacks: [("component:productCard", 3), ("enum:TextStyle.display", 1)]),
            record("home", client: "3", served: 3, status: 200),
            record("home", client: "none", served: 1, status: 200, fallbacks: [("component:productCard", 3)]),
            record(
                "settings", client: "malformed", served: 1, status: 200, fallbacks: [("component:divider", 1)],
                source: "lambda-edge"),
            record("sign-in", client: "99", served: 4, status: 200, source: "fetch"),
            record(nil, client: "2", served: 0, status: 404),
            "127.0.0.1 - - [28/Nov/2026:07:00:00 +0000] \"GET /healthz HTTP/1.1\" 200 2",
            "2026-11-28T07:00:01.000Z\tc0ffee00-1111-2222-3333-444455556666\tINFO\t"
                + record("home", client: "2", served: 2, status: 200, source: "lambda-edge"),
        ].joined(separator: "\n") + "\n"

    @Test func countsTheLogsInEachFormat() async throws {
        try Data(Self.log.utf8).write(to: folder.appendingPathComponent("edge.log"))
        for (format, golden) in [
            ("text", "health/health.txt"), ("markdown", "health/health.md"), ("prometheus", "health/health.prom"),
        ] {
            let (code, out, errors) = await run(["health", "edge.log", "--format", format])
            #expect(code == .success, "\(errors)")
            Golden.expect(Array(out.utf8), matches: golden)
            #expect(
                errors.contains(
                    "warning: 1 line skipped (not response records); the first: edge.log: line 8: invalid JSON"),
                "\(errors)")
        }
        // Written to a file instead, and the same from two logs as from their lines in one.
        let half = Self.log.split(separator: "\n", omittingEmptySubsequences: false)
        try Data((half.prefix(4).joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("a.log"))
        try Data(half.dropFirst(4).joined(separator: "\n").utf8).write(to: folder.appendingPathComponent("b.log"))
        let (code, out, _) = await run(["health", "a.log", "b.log", "--format", "prometheus", "--out", "health.prom"])
        #expect(code == .success && out.contains("wrote the health of 8 responses to health.prom"), "\(out)")
        let written = try String(contentsOf: folder.appendingPathComponent("health.prom"), encoding: .utf8)
        #expect(written == (await run(["health", "edge.log", "--format", "prometheus"])).1)
    }

    /// The apps' own failures in the same logs (the event lines a server writes for POST /events)
    /// are counted by screen, declared version, reason and release, in a section and a family of
    /// their own; a broken one is skipped and named like any other line.
    @Test func theAppsRenderFailuresAreCountedByRelease() async throws {
        let failures = [
            #"{"time":"2026-11-28T07:00:02Z","unit":"ada","contract":2,"event":"render_failed","screen":"home","params":{"path":"$.root.children[2]","reason":"image_failed","release":"5bc6286b66a6"}}"#,
            #"{"time":"2026-11-28T07:00:03Z","contract":2,"event":"render_failed","screen":"home","params":{"reason":"image_failed","release":"5bc6286b66a6"}}"#,
            #"{"time":"2026-11-28T07:00:04Z","contract":1,"event":"render_failed","screen":"settings","params":{"reason":"unknown_component"}}"#,
            #"{"time":"2026-11-28T07:00:05Z","contract":1,"event":"render_failed","screen":"settings","params":{"reason":"melted"}}"#,
        ]
        try Data((Self.log + failures.joined(separator: "\n") + "\n").utf8).write(
            to: folder.appendingPathComponent("edge.log"))
        let (code, text, errors) = await run(["health", "edge.log"])
        #expect(code == .success, "\(errors)")
        #expect(
            text.hasSuffix(
                """

                Render failures the apps reported (render_failed):
                  screen    declared  reason             release       failures
                  home      2         image_failed       5bc6286b66a6  2
                  settings  1         unknown_component  none          1

                """), "\(text)")
        #expect(errors.contains("warning: 2 lines skipped (not response records)"), "\(errors)")
        let (_, prometheus, _) = await run(["health", "edge.log", "--format", "prometheus"])
        #expect(
            prometheus.contains(
                #"screenkit_client_render_failures_total{screen="home",client_version="2",reason="image_failed",release="5bc6286b66a6"} 2"#
            ))
        // Without them, the report is the one of records alone.
        try Data(Self.log.utf8).write(to: folder.appendingPathComponent("edge.log"))
        let (_, plain, _) = await run(["health", "edge.log"])
        #expect(!plain.contains("render_failed") && text.hasPrefix(plain.dropLast()))
    }

    @Test func badInputIsAClearError() async throws {
        #expect(await run(["health"]).0 == .usage)
        let (missing, _, missingErrors) = await run(["health", "nope.log"])
        #expect(missing == .failure && missingErrors.contains("nope.log: no such file, or it cannot be read"))
        try Data("not a record\n{}\n".utf8).write(to: folder.appendingPathComponent("other.log"))
        let (none, _, noneErrors) = await run(["health", "other.log"])
        #expect(none == .failure && noneErrors.contains("no response record in the log"), "\(noneErrors)")
        #expect(noneErrors.contains("2 lines skipped"), "\(noneErrors)")
        try Data(Self.log.utf8).write(to: folder.appendingPathComponent("edge.log"))
        let (format, _, formatErrors) = await run(["health", "edge.log", "--format", "json"])
        #expect(format == .usage && formatErrors.contains("unknown format 'json'"), "\(formatErrors)")
        let (help, helpOut, _) = await run(["health", "--help"])
        #expect(help == .success && helpOut.contains("USAGE: screenkit health"))
    }
}
