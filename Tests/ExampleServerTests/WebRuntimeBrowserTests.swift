import ExampleScreens
import Foundation
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// The web runtime in headless Chromium, as a web team ships it: `screenkit web-runtime`, the
/// TypeScript module of `screenkit contract codegen typescript` and a small app with one component
/// of its own (`Tests/Support/web_runtime/app.ts`, compiled by tsc --strict against the module's
/// renderer interface), served from the Hummingbird example server's origin and from nginx running
/// the edge router in front of it. `web_runtime_suite.py` (Playwright driving the Chromium the tests
/// install) navigates across screens, posts the sign-in form's state, reads a screen in German,
/// sends an experiment screen's exposure and events (then found counted under the arm in the
/// server's scrape), sends a batch again after the endpoint failed and the queue when the page is
/// hidden, revalidates with a 304, shows a 404 problem and a lost network, scans every screen with
/// axe-core and compares the runtime's pages with the preview's pictures.
@Suite(.integration("builds and runs the example servers"), .serialized, .buildsTheExampleServersEarly)
struct WebRuntimeBrowserTests {
    /// The share of pixels (a channel off by more than 48 of 255) the runtime's page may differ from
    /// the preview's picture of the same screen: the two share the standard components' stylesheet;
    /// they differ where the preview draws an image as a labelled placeholder, and in the headings'
    /// and inputs' own rendering.
    static let pixelTolerance = 0.02

    func run(_ arguments: [String], in folder: URL) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: App.catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    /// The compiled app in `folder/app` and the preview in `folder/preview`, made with the commands
    /// a team runs.
    func prepare(in folder: URL) async throws -> (app: URL, preview: URL) {
        let source = folder.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let root = ExampleApp.root.path
        for arguments in [
            ["web-runtime", "--out", source.appendingPathComponent("screenkit-web.mjs").path],
            ["contract", "codegen", "typescript", "--out", source.appendingPathComponent("ScreenModel.ts").path],
            ["preview", "--out", folder.appendingPathComponent("preview").path],
        ] {
            let (code, _, errors) = await run(arguments, in: URL(fileURLWithPath: root))
            try #require(code == .success, "\(arguments): \(errors)")
        }
        let support = TestPython.supportFolder.appendingPathComponent("web_runtime")
        for name in ["app.ts", "minimal.ts", "index.html"] {
            try FileManager.default.copyItem(
                at: support.appendingPathComponent(name), to: source.appendingPathComponent(name))
        }
        let app = folder.appendingPathComponent("app")
        let tsc = try ExternalTool.typeScript.require()[0]
        let (status, output) = TestPython.run(
            tsc,
            [
                "--strict", "--allowJs", "--target", "es2020", "--module", "es2020", "--lib", "es2020,dom,dom.iterable",
                "--outDir", app.path, source.appendingPathComponent("app.ts").path,
                source.appendingPathComponent("minimal.ts").path,
            ])
        try #require(status == 0, "tsc: \(output)")
        try FileManager.default.copyItem(
            at: source.appendingPathComponent("index.html"), to: app.appendingPathComponent("index.html"))
        return (app, folder.appendingPathComponent("preview"))
    }

    /// The suite's report against `base`, each check expected to pass.
    func suite(base: String, name: String, app: URL, preview: URL?, metrics: String) throws -> [String: Any] {
        let python = try TestPython.interpreter.get()
        var arguments = [
            TestPython.supportFolder.appendingPathComponent("web_runtime_suite.py").path, "--base", base, "--app",
            app.path, "--chromium", try Browser.chromium(), "--metrics", metrics, "--name", name,
        ]
        if let preview { arguments += ["--preview", preview.path] }
        let (status, output) = TestPython.run(python, arguments)
        try #require(status == 0, "\(name): \(output)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
        let checks = try #require(report["checks"] as? [[String: Any]])
        #expect(checks.count >= 27, "\(name): \(checks)")
        for check in checks {
            #expect(check["ok"] as? Bool == true, "\(name): \(check["name"] ?? "") — \(check["detail"] ?? "")")
        }
        print("web runtime, \(name): \(checks.count) checks; figures \(report["figures"] ?? [:])")
        return report
    }

    @Test(.needs(.chromium), .needs(.typeScript), .needs(.nginx))
    func theExampleAppRunsInChromiumFromTheServerAndTheEdge() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-web-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (app, preview) = try await prepare(in: folder)
        let events = folder.appendingPathComponent("events.jsonl")
        let server = try await RunningServer.start(.hummingbird, ["--events", events.path])
        defer { server.stop() }
        let origin = "http://127.0.0.1:\(server.port)"

        let direct = try suite(
            base: origin, name: "hummingbird", app: app, preview: preview, metrics: origin + "/metrics")
        let figures = try #require(direct["figures"] as? [String: Any])
        let pixels = try #require(figures["pixels"] as? [String: [String: Any]])
        #expect(pixels.count == 3)
        for (screen, figure) in pixels {
            let share = try #require(figure["share"] as? Double)
            #expect(share <= Self.pixelTolerance, "\(screen): \(share) of the pixels differ from the preview")
        }
        // The app's events, as the server logged them: the exposure and the goal under the same arm.
        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n")
        let arm = try #require(figures["arm"] as? String)
        #expect(
            lines.contains {
                $0.contains(#""event":"exposure""#) && $0.contains(#""unit":"ada""#)
                    && $0.contains(#""promo-order":"\#(arm)""#)
            }, "\(lines)")
        #expect(
            lines.contains {
                $0.contains(#""event":"add_to_cart_tapped""#) && $0.contains(#""promo-order":"\#(arm)""#)
            }, "\(lines)")

        let port = try unusedPort()
        let edge = try await NginxEdge.start(
            router: try EdgeFixture.router(records: true), objects: EdgeFixture.objects, port: port, origin: origin)
        defer { edge.stop() }
        _ = try suite(
            base: "http://127.0.0.1:\(port)", name: "nginx edge", app: app, preview: nil, metrics: origin + "/metrics")
        let records = try await edge.recordLines(atLeast: 5)
        #expect(records.contains { $0.contains(#""status":304"#) }, "the edge answered a revalidation: \(records)")
    }
}
