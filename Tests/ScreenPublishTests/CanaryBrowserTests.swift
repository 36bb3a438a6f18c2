import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenEdge
import ScreenKit
import ScreenKitCLI
import ScreenPublish
import ScreenTestSupport
import Testing

/// A canary judged by the apps' own failures, end to end: the example app published to a directory
/// bucket with its edge router (records on), a release whose "What's new" screen shows an image that
/// does not load published as a canary for half of the units; nginx serves the router the pointer
/// names; the web runtime in Chromium shows the screen for 120 units and reports what it could not
/// show (`render_failed`); `screenkit rollout status` over nginx's records and those events says
/// roll back (exit 1) and `--apply` does; the router the pointer then names, deployed, serves every
/// unit the stable release.
@Suite(.integration("nginx, Chromium and the web runtime")) struct CanaryBrowserTests {
    /// The example app with a "What's new" showing the image at `url`.
    static func catalog(image url: String) -> Catalog {
        var catalog = App.catalog
        catalog.screens.append(
            Screen("whats-new", title: "What's new", minContract: 2) {
                Column(id: "news", spacing: 12) {
                    Text("New in this version", id: "headline")
                    Image(url: url, id: "picture")
                }
            })
        return catalog
    }

    /// The canary: "What's new" with an image that answers 404.
    static let canaryCatalog = catalog(image: "https://cdn.example.com/missing.png")
    /// A healthy one: its image loads.
    static let healthyCatalog = catalog(image: "https://cdn.example.com/news.png")

    /// The router files and objects the bucket holds for what its pointer names.
    static func deployed(_ bucket: URL) throws -> (files: [(name: String, bytes: [UInt8])], objects: [String: [UInt8]])
    {
        let pointer = try #require(
            Pointer.decode([UInt8](try Data(contentsOf: bucket.appendingPathComponent("pointer.json")))))
        let files = try pointer.edge.map { name, hash in
            (
                name,
                [UInt8](try Data(contentsOf: bucket.appendingPathComponent(BucketLayout.edgeFile(hash, name: name))))
            )
        }
        var objects: [String: [UInt8]] = [:]
        let folder = bucket.appendingPathComponent("objects")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            objects[String(name.dropLast(5))] = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        }
        return (files, objects)
    }

    static func freePort() throws -> Int {
        let python = try TestPython.interpreter.get()
        let (_, output) = TestPython.run(
            python,
            ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
        return try #require(Int(output.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test(.needs(.chromium), .needs(.nginx)) func aCanaryWhoseScreenTheAppsCannotShowIsRolledBack() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-canary-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let bucketFolder = root.appendingPathComponent("bucket")
        let bucket = DirectoryBucket(path: bucketFolder.path)
        let publisher = Publisher(bucket: bucket)
        let options = EdgeRouter.Options(unit: .query("user"), records: true)
        for (catalog, canary) in [(EdgeFixture.catalog, nil), (Self.canaryCatalog, 5000)] as [(Catalog, Int?)] {
            let result = ExampleApp.compileLocalized(catalog)
            try #require(!result.hasErrors, "\(result.diagnostics)")
            let plan = try await publisher.plan(
                screens: result.screens, contract: result.contract, history: ExampleApp.historyHashes,
                locales: result.locales, edge: options, canary: canary)
            _ = try await publisher.publish(plan)
        }
        let pointer = try #require(try await Rollout(bucket: bucket).state()?.pointer)
        let (stable, canary) = (pointer.release, Pointer.release(of: try #require(pointer.canary).manifest))

        let port = try Self.freePort()
        let runtime = root.appendingPathComponent("screenkit-web.mjs")
        try FileManager.default.copyItem(
            at: ExampleApp.root.appendingPathComponent("Web/screenkit-web.mjs"), to: runtime)

        // The router the pointer names, deployed; Chromium shows the screen for 120 units.
        let (records, failures) = try await Self.show(
            units: 120, phase: "broken", bucket: bucketFolder, port: port, runtime: runtime, root: root)
        #expect(!failures.isEmpty)
        #expect(
            failures.allSatisfy { $0.contains(#""reason":"image_failed""#) && $0.contains(#""release":"\#(canary)""#) },
            "\(failures.prefix(3))")

        // The verdict: roll back, applied.
        let (code, verdict) = await Self.status("broken", bucket: bucketFolder, root: root)
        #expect(code == .violations, "\(verdict)")
        #expect(verdict.contains("verdict: roll back canary release \(canary)"))
        #expect(verdict.contains("rolled back: the bucket serves release \(stable) to every unit"))
        // Deployed again, the edge serves every unit the stable release.
        #expect(try await Self.releases(bucket: bucketFolder, port: port) == [stable])

        // A healthy canary: held on too little traffic, promoted on enough, applied.
        let healthy = try await Self.publish(Self.healthyCatalog, canary: 5000, to: bucket)
        _ = try await Self.show(
            units: 10, phase: "little", bucket: bucketFolder, port: port, runtime: runtime, root: root)
        let (held, heldVerdict) = await Self.status("little", bucket: bucketFolder, root: root)
        #expect(held == .hold && heldVerdict.contains("verdict: hold canary release \(healthy)"), "\(heldVerdict)")
        let (_, none) = try await Self.show(
            units: 120, phase: "healthy", bucket: bucketFolder, port: port, runtime: runtime, root: root)
        #expect(none.isEmpty, "\(none.prefix(3))")
        let (promoted, promotedVerdict) = await Self.status("healthy", bucket: bucketFolder, root: root)
        #expect(promoted == .success, "\(promotedVerdict)")
        #expect(promotedVerdict.contains("promoted: the bucket serves release \(healthy) to every unit"))
        #expect(try await Self.releases(bucket: bucketFolder, port: port) == [healthy])
        print(
            "canary in Chromium: \(records) records, \(failures.count) render failures, rolled back; a healthy one held, then promoted"
        )
    }

    /// Publishes `catalog` (as a canary of `canary` basis points when given); its release.
    static func publish(_ catalog: Catalog, canary: Int?, to bucket: DirectoryBucket) async throws -> String {
        let result = ExampleApp.compileLocalized(catalog)
        try #require(!result.hasErrors, "\(result.diagnostics)")
        let publisher = Publisher(bucket: bucket)
        let plan = try await publisher.plan(
            screens: result.screens, contract: result.contract, history: ExampleApp.historyHashes,
            locales: result.locales, edge: EdgeRouter.Options(unit: .query("user"), records: true), canary: canary)
        _ = try await publisher.publish(plan)
        return Pointer.release(of: plan.layout.manifestHash)
    }

    /// The router the pointer names deployed at `port`; Chromium shows "What's new" to `units`
    /// units; nginx's records and the page's events saved as `<phase>-records.jsonl` and
    /// `<phase>-events.jsonl`. The records' count and the render failures.
    static func show(units: Int, phase: String, bucket: URL, port: Int, runtime: URL, root: URL) async throws
        -> (records: Int, failures: [Substring])
    {
        let deployed = try Self.deployed(bucket)
        let edge = try await NginxEdge.start(files: deployed.files, objects: deployed.objects, port: port)
        defer { edge.stop() }
        let events = root.appendingPathComponent("\(phase)-events.jsonl")
        let (status, output) = TestPython.run(
            try TestPython.interpreter.get(),
            [
                TestPython.supportFolder.appendingPathComponent("canary_browser.py").path, "--base",
                "http://127.0.0.1:\(port)", "--runtime", runtime.path, "--chromium", try Browser.chromium(),
                "--screen", "whats-new", "--units", String(units), "--out", events.path,
            ])
        try #require(status == 0, "\(output)\n\(edge.errors)")
        let lines = try await edge.recordLines(atLeast: units)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(
            to: root.appendingPathComponent("\(phase)-records.jsonl"))
        let failures = try String(contentsOf: events, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains(#""event":"render_failed""#) }
        return (lines.count, failures)
    }

    /// `screenkit rollout status <phase>'s logs --min-responses 20 --apply`: its exit code and output.
    static func status(_ phase: String, bucket: URL, root: URL) async -> (ExitCode, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            [
                "rollout", "status", "\(phase)-records.jsonl", "\(phase)-events.jsonl", "--bucket",
                "file://\(bucket.path)",
                "--min-responses", "20", "--apply",
            ], catalog: Catalog(screens: []), terminal: terminal, workingDirectory: root.path)
        return (code, terminal.standardOutput + terminal.standardError)
    }

    /// The releases the deployed router answers "What's new" with, for 20 units.
    static func releases(bucket: URL, port: Int) async throws -> Set<String> {
        let deployed = try Self.deployed(bucket)
        let edge = try await NginxEdge.start(files: deployed.files, objects: deployed.objects, port: port)
        defer { edge.stop() }
        let requests = (0..<20).map {
            EdgeFixture.Request(segment: "whats-new", screenID: "whats-new", user: "u\($0)", contract: "4")
        }
        let responses = try edge.send(requests)
        try #require(responses.count == 20)
        return Set(responses.compactMap { $0.headers["screenkit-release"] })
    }
}
