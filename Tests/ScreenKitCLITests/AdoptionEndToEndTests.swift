import Foundation
import ScreenCompiler
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// The "Getting started in your own package" article, done as a new team would: from an empty
/// folder, `init` a package that depends on this checkout by path, build it with SwiftPM, add a
/// screen, freeze, commit, then gate an allowed and a breaking change on branches against `main`,
/// decode the build output with the strict client, and pass the gate of init's CI workflow after a
/// checkout that converts line endings. Slow (a fresh package build): about a minute.
@Suite(.integration("builds a new package"), .serialized) struct AdoptionEndToEndTests {
    struct Shell {
        let folder: URL

        /// Runs a command in the package folder; returns its exit status and combined output.
        @discardableResult
        func run(_ arguments: [String], timeout: TimeInterval = 900) async throws -> (status: Int32, output: String) {
            try TestTier.requireLaunchable("/usr/bin/env", arguments)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.currentDirectoryURL = folder
            var environment = ProcessInfo.processInfo.environment
            environment["GIT_AUTHOR_NAME"] = "t"
            environment["GIT_AUTHOR_EMAIL"] = "t@example.com"
            environment["GIT_COMMITTER_NAME"] = "t"
            environment["GIT_COMMITTER_EMAIL"] = "t@example.com"
            process.environment = environment
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-e2e-\(UUID()).log")
            guard FileManager.default.createFile(atPath: output.path, contents: nil) else { throw Failed() }
            let handle = try FileHandle(forWritingTo: output)
            process.standardOutput = handle
            process.standardError = handle
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            try handle.close()
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: output)
            return (process.isRunning ? -1 : process.terminationStatus, text)
        }

        /// Runs a command that must succeed.
        @discardableResult
        func must(_ arguments: String..., sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws
            -> String
        {
            let (status, output) = try await run(arguments)
            #expect(
                status == 0, "\(arguments.joined(separator: " ")) exited \(status):\n\(output)",
                sourceLocation: sourceLocation)
            if status != 0 { throw Failed() }
            return output
        }

        /// The package's own `screenkit`, rebuilt first (the screens are compiled into it).
        func screenkit(_ arguments: String...) async throws -> (status: Int32, output: String) {
            try await must("swift", "build", "--product", "screenkit")
            return try await run([folder.appendingPathComponent(".build/debug/screenkit").path] + arguments)
        }

        /// Checks every tracked file out again, as a fresh clone with the current settings would
        /// (`core.autocrlf`, attributes).
        func windowsCheckout() async throws {
            try await must("git", "rm", "-rq", "--cached", ".")
            try await must("git", "reset", "-q", "--hard")
        }

        func write(_ text: String, to path: String) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(path))
        }

        func edit(_ path: String, replacing old: String, with new: String) throws {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            #expect(text.contains(old), "\(path) does not contain \(old)")
            try write(text.replacingOccurrences(of: old, with: new), to: path)
        }
    }

    struct Failed: Error {}

    @Test func aNewTeamAdoptsScreenKitFromAnEmptyFolder() async throws {
        let started = Date()
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-adoption-\(UUID())")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }

        // 1. init, depending on this checkout by path.
        let terminal = Terminal.capturing()
        let initialized = await CLI.run(
            ["init", "shopapp", "--screenkit-path", ExampleApp.root.path], catalog: Catalog(screens: []),
            terminal: terminal, workingDirectory: workspace.path)
        #expect(initialized == .success, "\(terminal.standardError)")
        let shell = Shell(folder: workspace.appendingPathComponent("shopapp"))

        // 2. It builds and passes as written (its own component is pending until frozen), a String
        // Catalog where the package keeps them included, without a warning from SwiftPM.
        try shell.write(
            #"{"sourceLanguage":"en","strings":{"welcome.title":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"Willkommen"}}}}},"version":"1.0"}"#,
            to: "Screens/Strings/Localizable.xcstrings")
        let compiled = try await shell.must("swift", "build", "--product", "screenkit")
        #expect(!compiled.contains("unhandled") && !compiled.contains("warning:"), "\(compiled)")
        let first = try await shell.screenkit("check")
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains("warning: [contract-pending] screen \"welcome\" uses component:banner"))
        #expect(first.output.contains("check: 0 errors, 1 warning"))

        // 3. Add a screen, then freeze version 2.
        try shell.write(
            """
            import ScreenKit

            enum OffersScreen {
                static let screen = Screen("offers", title: "Offers") {
                    Column(id: "offers") {
                        Banner("Spring sale", message: "Everything 20 % off", id: "sale")
                        Button("Back", id: "back", action: .navigate(to: "welcome"))
                    }
                }
            }

            """, to: "Screens/OffersScreen.swift")
        try shell.edit(
            "Screens/App.swift", replacing: "screens: [WelcomeScreen.screen]",
            with: "screens: [WelcomeScreen.screen, OffersScreen.screen]")
        // Getting Started shows what `contract diff` prints here, the checkout beside the package.
        let diff = try await shell.screenkit("contract", "diff")
        #expect(diff.status == 0, "\(diff.output)")
        let checkout = ExampleApp.root.standardizedFileURL.pathComponents
        let package = shell.folder.standardizedFileURL.pathComponents
        var common = 0
        while common < checkout.count, common < package.count, checkout[common] == package[common] { common += 1 }
        let printed =
            common <= 1
            ? ExampleApp.root.standardizedFileURL.path
            : (Array(repeating: "..", count: package.count - common) + checkout[common...]).joined(separator: "/")
        let lines = diff.output.split(separator: "\n").map {
            $0.replacingOccurrences(of: printed + "/", with: "../ScreenKit/")
        }.filter { $0.contains(": note: [") || $0.hasPrefix("contract diff:") }
        let article = try String(
            contentsOf: ExampleApp.root.appendingPathComponent("Sources/ScreenKit/ScreenKit.docc/GettingStarted.md"),
            encoding: .utf8)
        let shown = article.components(separatedBy: "\n```\n").first { $0.contains("note: [component-added]") }?
            .split(separator: "\n").map(String.init).filter {
                $0.contains(": note: [") || $0.hasPrefix("contract diff:")
            }
        #expect(lines == shown, "Getting Started shows:\n\(shown ?? [])\n`contract diff` prints:\n\(lines)")
        let frozen = try await shell.screenkit("contract", "freeze")
        #expect(frozen.status == 0, "\(frozen.output)")
        #expect(frozen.output.contains("froze contract version 2 -> Screens/Contract/history/2.json"))
        #expect(frozen.output.contains("[component-added] component \"banner\" was added (fallback: node)"))
        let clean = try await shell.screenkit("check")
        #expect(clean.status == 0 && clean.output.contains("check: 0 errors, 0 warnings"), "\(clean.output)")
        try await shell.must("git", "init", "-q", "-b", "main")
        try await shell.must("git", "add", "-A")
        try await shell.must("git", "commit", "-q", "-m", "Start screens")
        let ignored = try await shell.must("git", "status", "--porcelain", "--ignored")
        #expect(ignored.contains("!! .build/"))

        // 4. The build output: contract-1 clients get only the standard version-1 vocabulary.
        let built = try await shell.screenkit("build")
        #expect(built.status == 0, "\(built.output)")
        for screen in ["welcome", "offers"] {
            let variant1 = try [UInt8](
                Data(contentsOf: shell.folder.appendingPathComponent("dist/contracts/1/screens/\(screen)")))
            let envelope = try decodeAsClient(variant1, version: 1)
            #expect(envelope.id == screen && envelope.contract == 1)
            #expect(!String(decoding: variant1, as: UTF8.self).contains("\"banner\""))
            let variant2 = try [UInt8](
                Data(contentsOf: shell.folder.appendingPathComponent("dist/contracts/2/screens/\(screen)")))
            #expect(String(decoding: variant2, as: UTF8.self).contains("\"type\":\"banner\""))
        }

        // The edge router's output is ignored, as the build folder is.
        let edge = try await shell.screenkit("edge")
        #expect(edge.status == 0, "\(edge.output)")
        let untracked = try await shell.must("git", "status", "--porcelain", "--ignored")
        #expect(untracked.contains("!! edge/") && !untracked.contains("?? edge/"), "\(untracked)")

        // The "Releasing screens" article: a release, a canary of a changed build, its status, the
        // verdict from the edge's records and the apps' render failures, and the rollback. (The
        // logs an edge and a server would write are written here: one unit in ten sees the canary,
        // whose welcome screen the apps cannot draw.)
        let bucket = "file://\(shell.folder.path)/bucket"
        let stable = try await shell.screenkit("publish", "--to", bucket, "--unit-cookie", "uid", "--records")
        #expect(stable.status == 0, "\(stable.output)")
        try shell.edit(
            "Screens/WelcomeScreen.swift", replacing: #"Screen("welcome", title: "Welcome")"#,
            with: #"Screen("welcome", title: "Welcome back")"#)
        try await shell.must("swift", "build", "--product", "screenkit")
        let canary = try await shell.screenkit(
            "publish", "--to", bucket, "--unit-cookie", "uid", "--records", "--canary", "10")
        #expect(canary.status == 0 && canary.output.contains("as a canary for 10 % of units"), "\(canary.output)")
        let status = try await shell.screenkit("rollout", "status", "--bucket", bucket)
        #expect(status.status == 0 && status.output.contains("as a canary for 10 % of units"), "\(status.output)")
        let pointer = try #require(
            Pointer.decode([UInt8](try Data(contentsOf: shell.folder.appendingPathComponent("bucket/pointer.json")))))
        let releases = (pointer.release, Pointer.release(of: try #require(pointer.canary).manifest))
        var records: [String] = []
        var events: [String] = []
        for index in 0..<2000 {
            let release = index % 10 == 0 ? releases.1 : releases.0
            records.append(
                #"{"format":2,"event":"response","time":"2026-12-05T10:00:00Z","source":"nginx","release":"\#(release)","screen":"welcome","client":"2","served":2,"status":200,"unit":"u\#(index)"}"#
            )
            if release == releases.1 && index % 20 == 0 {
                events.append(
                    #"{"time":"2026-12-05T10:00:01Z","unit":"u\#(index)","contract":2,"event":"render_failed","screen":"welcome","params":{"path":"$.root.children[0].type","reason":"unknown_component","release":"\#(release)"}}"#
                )
            }
        }
        try shell.write(records.joined(separator: "\n") + "\n", to: "edge-records.jsonl")
        try shell.write(events.joined(separator: "\n") + "\n", to: "events.jsonl")
        let verdict = try await shell.screenkit(
            "rollout", "status", "edge-records.jsonl", "events.jsonl", "--bucket", bucket, "--min-responses", "100")
        #expect(verdict.status == 1, "\(verdict.output)")
        #expect(verdict.output.contains("verdict: roll back canary release \(releases.1)"), "\(verdict.output)")
        let rolledBack = try await shell.screenkit("rollout", "rollback", "--bucket", bucket)
        #expect(rolledBack.status == 0, "\(rolledBack.output)")
        #expect(rolledBack.output.contains("rolled back: the bucket serves release \(releases.0) to every unit"))
        let history = try await shell.screenkit("rollout", "history", "--bucket", bucket)
        #expect(history.output.contains("rollback") && history.output.contains("canary"), "\(history.output)")
        #expect(history.output.contains("publish") && history.output.contains(releases.1), "\(history.output)")
        // Any release `history` lists can be made stable again, with its own router.
        let chosen = try await shell.screenkit("rollout", "rollback", "--to", releases.1, "--bucket", bucket)
        #expect(
            chosen.status == 0 && chosen.output.contains("the bucket serves release \(releases.1) to every unit"),
            "\(chosen.output)")
        try await shell.must("git", "checkout", "-q", "--", "Screens/WelcomeScreen.swift")
        for file in ["bucket", "edge-records.jsonl", "events.jsonl"] {
            try FileManager.default.removeItem(at: shell.folder.appendingPathComponent(file))
        }
        try await shell.must("swift", "build", "--product", "screenkit")

        // 5. An allowed change on a branch passes the gate against main.
        try await shell.must("git", "checkout", "-q", "-b", "allowed-change")
        try shell.edit(
            "Screens/Components/Banner.swift", replacing: ".optional(\"message\", .string),",
            with: ".optional(\"message\", .string),\n            .optional(\"icon\", .string),")
        let allowed = try await shell.screenkit("check", "--against", "main")
        #expect(allowed.status == 0, "\(allowed.output)")

        // 6. A breaking change on another branch fails it, naming the rule and the Swift line.
        try await shell.must("git", "checkout", "-q", "-f", "main")
        try await shell.must("git", "checkout", "-q", "-b", "breaking-change")
        try shell.edit(
            "Screens/Components/Banner.swift", replacing: ".optional(\"message\", .string),",
            with: ".optional(\"message\", .number),")
        try shell.edit(
            "Screens/Components/Banner.swift", replacing: "\"message\": message.map { .string($0) }",
            with: "\"message\": message.map { .number(Double($0.count)) }")
        let breaking = try await shell.screenkit("check", "--against", "main", "--format", "github")
        #expect(breaking.status == 1, "\(breaking.output)")
        #expect(
            breaking.output.contains(
                "::error file=Screens/Components/Banner.swift,line=10,col=1,title=prop-type-changed::"),
            "\(breaking.output)")
        let text = try await shell.screenkit("check", "--against", "main")
        #expect(text.status == 1)
        #expect(
            text.output.contains("Screens/Components/Banner.swift:10:1: error: [prop-type-changed]"), "\(text.output)")

        // 7. Deleting the history on the branch fails the gate too.
        try await shell.must("git", "checkout", "-q", "-f", "main")
        try FileManager.default.removeItem(at: shell.folder.appendingPathComponent("Screens/Contract/history"))
        let deleted = try await shell.screenkit("check", "--against", "main")
        #expect(deleted.status == 1)
        #expect(deleted.output.contains("[contract-history-missing]"))
        #expect(deleted.output.contains("version 2 exists at main but was deleted here"))

        // 8. A checkout that converts line endings (Git for Windows' core.autocrlf=true) keeps the
        //    history byte-exact thanks to init's .gitattributes, and the CI workflow's own gate
        //    command passes against origin/main. Without the attribute the gate names the cause.
        try await shell.must("git", "checkout", "-q", "-f", "main")
        try await shell.must("git", "init", "-q", "--bare", "../origin.git")
        try await shell.must("git", "remote", "add", "origin", "../origin.git")
        try await shell.must("git", "push", "-q", "origin", "main")
        try await shell.must("git", "fetch", "-q", "origin")
        try await shell.must("git", "config", "core.autocrlf", "true")
        try await shell.windowsCheckout()
        let history1 = try Data(contentsOf: shell.folder.appendingPathComponent("Screens/Contract/history/1.json"))
        let welcome = try Data(contentsOf: shell.folder.appendingPathComponent("Screens/WelcomeScreen.swift"))
        #expect(!history1.contains(UInt8(ascii: "\r")), "the history stays byte-exact")
        #expect(welcome.contains(UInt8(ascii: "\r")), "the checkout did convert the sources")
        let workflow = try String(
            contentsOf: shell.folder.appendingPathComponent(".github/workflows/screens.yml"), encoding: .utf8
        ).replacingOccurrences(of: "\r\n", with: "\n")
        let gate = try #require(
            workflow.components(separatedBy: "- name: Contract gate\n").dropFirst().first?
                .split(separator: "\n").first?.trimmingCharacters(in: .whitespaces))
        #expect(gate.hasPrefix("run: swift run screenkit check --against"), "\(gate)")
        let command = String(gate.dropFirst("run: ".count))
        let gated = try await shell.run(["GITHUB_BASE_REF=main", "bash", "-c", command])
        #expect(gated.status == 0, "\(command):\n\(gated.output)")
        #expect(!gated.output.contains("::error"), "\(gated.output)")

        try FileManager.default.createDirectory(
            at: shell.folder.appendingPathComponent(".git/info"), withIntermediateDirectories: true)
        try shell.write("Screens/Contract/** text\n", to: ".git/info/attributes")
        try await shell.windowsCheckout()
        let converted = try await shell.run([
            shell.folder.appendingPathComponent(".build/debug/screenkit").path, "check", "--against", "origin/main",
        ])
        #expect(converted.status == 1, "\(converted.output)")
        #expect(
            converted.output.contains(
                "version 1 differs from the one at origin/main only in its line endings: a checkout converted"),
            "\(converted.output)")
        #expect(converted.output.contains("1.json has CRLF line endings where screenkit wrote LF"))
        print("adoption end to end: \(Int(Date().timeIntervalSince(started))) s")
    }
}
