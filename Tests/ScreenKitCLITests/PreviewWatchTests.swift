import Foundation
import ScreenTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `screenkit preview --watch` as a process: it serves the site on a loopback port, rebuilds when a
/// watched file changes, moves the version the pages poll, shows a failed build's diagnostics in
/// the page, and exits 0 on SIGTERM. The rebuild is a script (`--rebuild-command`) standing in for
/// the package's Swift build, so the test takes seconds.
@Suite struct PreviewWatchTests {
    let folder: URL
    let screen: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Screens"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ContractCommandTests.repositoryContract, to: folder.appendingPathComponent("Screens/Contract"))
        screen = folder.appendingPathComponent("Screens/EditedScreen.swift")
        try Data("first text".utf8).write(to: screen)
        try Data(#"{"format": 1, "contract": "Screens/Contract", "preview": "site"}"#.utf8).write(
            to: folder.appendingPathComponent("screenkit.json"))
    }

    /// Stands in for `swift build` plus the new binary's preview: a screen containing "broken"
    /// fails with a compiler-style diagnostic; otherwise the screen's text becomes a page.
    static let rebuild = """
        if grep -q broken Screens/EditedScreen.swift; then \
        echo 'Screens/EditedScreen.swift:4:9: error: <Txet> is not in scope [swift.compile]'; exit 1; fi; \
        printf '<!DOCTYPE html><html><body><p>%s</p></body></html>' "$(cat Screens/EditedScreen.swift)" \
        > "$SCREENKIT_PREVIEW_OUT/edited.html"
        """

    func get(_ url: URL) async throws -> (Int, String) {
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.timeoutInterval = 10
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// Polls the version until it is no longer `old` (patiently: see `Eventually`).
    func nextVersion(after old: String, base: URL, log: URL) async throws -> String {
        var version = old
        let moved = try await Eventually.wait(seconds: 30) {
            version = try await get(base.appendingPathComponent("__screenkit/version")).1
            return version != old
        }
        if !moved {
            Issue.record(
                "the version stayed \(old); the watcher printed: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")"
            )
        }
        return version
    }

    /// Starts `screenkit preview --watch --port 0` in the folder; the process, its log and the
    /// address it serves on.
    func startWatching() async throws -> (Process, URL, URL) {
        let log = folder.appendingPathComponent("watch.log")
        let process = try ChildProcess.start(
            [
                BuiltProducts.executable("screenkit").path, "preview", "--watch", "--port", "0", "--rebuild-command",
                Self.rebuild,
            ], output: log, in: folder)
        var port: String?
        // Generous: on a loaded CI machine (many suites, compilers and pip installs at once) the
        // process may take long to be scheduled; it normally listens within a second.
        _ = await Eventually.wait(seconds: 240) {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "listening on http://127.0.0.1:") {
                port = String(text[range.upperBound...].prefix { $0.isNumber })
            }
            return port != nil || !process.isRunning
        }
        let number = try #require(
            port,
            "no 'listening on' line (\(process.isRunning ? "still running" : "exited \(process.terminationStatus)")): \((try? String(contentsOf: log, encoding: .utf8)) ?? "")"
        )
        let base = try #require(URL(string: "http://127.0.0.1:\(number)"))
        return (process, log, base)
    }

    @Test func servesRebuildsReloadsShowsDiagnosticsAndStops() async throws {
        let (process, log, base) = try await startWatching()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(at: folder)
        }

        // The initial site: the written files stay script-free, the served pages reload.
        let (status, index) = try await get(base.appendingPathComponent("index.html"))
        #expect(status == 200)
        #expect(index.contains("/__screenkit/version"))
        let written = try String(contentsOf: folder.appendingPathComponent("site/index.html"), encoding: .utf8)
        #expect(!written.contains("<script"))
        #expect(try await get(base.appendingPathComponent("missing.html")).0 == 404)
        #expect(try await get(try #require(URL(string: "\(base)/%2E%2E/screenkit.json"))).0 == 400)
        let (_, first) = try await get(base.appendingPathComponent("__screenkit/version"))

        // An edit: rebuilt, the version moves, the page has the new text.
        try Data("second text".utf8).write(to: screen)
        let second = try await nextVersion(after: first, base: base, log: log)
        let (_, page) = try await get(base.appendingPathComponent("edited.html"))
        #expect(page.contains("<p>second text</p>"))
        #expect(page.contains("location.reload()"))

        // A failing build: every page shows its diagnostics, escaped.
        try Data("broken text".utf8).write(to: screen)
        let third = try await nextVersion(after: second, base: base, log: log)
        let (_, failed) = try await get(base.appendingPathComponent("edited.html"))
        #expect(failed.contains("Build failed"))
        #expect(
            failed.contains(
                "<li>Screens/EditedScreen.swift:4:9: error: &lt;Txet&gt; is not in scope [swift.compile]</li>"))
        #expect(try await get(base).1.contains("Build failed"))

        // Fixed again: the pages come back.
        try Data("fixed text".utf8).write(to: screen)
        _ = try await nextVersion(after: third, base: base, log: log)
        #expect(try await get(base.appendingPathComponent("edited.html")).1.contains("<p>fixed text</p>"))

        kill(process.processIdentifier, SIGTERM)
        _ = await Eventually.wait(seconds: 10, interval: 0.05) { !process.isRunning }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(output.contains("rebuild failed (exit 1)"), "\(output)")
        #expect(output.contains("stopped"))
    }

    /// In Chromium: the open page polls the version and reloads after an edit (the browser asks for
    /// the page again once the new version is announced, and gets the new text), with no console
    /// error.
    @Test(.needs(.chromium))
    func theOpenPageReloadsInChromiumAfterAnEdit() async throws {
        let chromium = try Browser.chromium()
        let (process, log, base) = try await startWatching()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(at: folder)
        }
        // The first page, then an edit once the browser has it open.
        try Data("before the edit".utf8).write(to: screen)
        let (_, before) = try await get(base.appendingPathComponent("__screenkit/version"))
        _ = try await nextVersion(after: before, base: base, log: log)
        let changed = try await get(base.appendingPathComponent("__screenkit/version")).1
        let dom = folder.appendingPathComponent("dom.html")
        let browserLog = folder.appendingPathComponent("chromium.log")
        // Page time passes as fast as the polls' round trips allow: the budget (hours of page time)
        // outlasts any wait below however loaded the machine is; the browser is stopped once it
        // has reloaded.
        let browser = try Browser.startDumpingDOM(
            base.appendingPathComponent("edited.html"), virtualTime: 36_000_000, chromium: chromium, dom: dom,
            log: browserLog)
        defer { if browser.isRunning { browser.terminate() } }
        func serverLog() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        let opened = await Eventually.wait(seconds: 60, interval: 0.02) {
            serverLog().contains("GET /edited.html 200")
        }
        #expect(opened, "the browser never asked for the page: \(serverLog())")
        try Data("after the edit".utf8).write(to: screen)
        _ = try await nextVersion(after: changed, base: base, log: log)
        let reloaded = await Eventually.wait(seconds: 60, interval: 0.05) {
            serverLog().components(separatedBy: "GET /edited.html 200").count - 1 >= 2
        }
        let output = serverLog()
        #expect(reloaded, "the page did not reload: \(output)")
        #expect(browser.isRunning, "the browser ran out of page time before the edit: \(output)")
        browser.terminate()
        // The reload followed the new version, and fetched the edited page.
        let announced = try #require(output.range(of: "pages reload (version 3)"))
        let reload = try #require(output.range(of: "GET /edited.html 200", options: .backwards))
        #expect(announced.upperBound <= reload.lowerBound, "\(output)")
        let (_, page) = try await get(base.appendingPathComponent("edited.html"))
        #expect(page.contains("<p>after the edit</p>"), "\(page)")
        let problems = Browser.problems(in: (try? String(contentsOf: browserLog, encoding: .utf8)) ?? "")
        #expect(problems.isEmpty, "\(problems)")
        kill(process.processIdentifier, SIGINT)
        _ = await Eventually.wait(seconds: 10, interval: 0.05) { !process.isRunning }
        #expect(process.terminationStatus == 0)
    }
}
