import ExampleScreens
import Foundation
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// A release to depend on: the version lives in `CLI.version` alone, `CHANGELOG.md` names it as
/// the newest release, `Scripts/release.sh` commits and tags it, and a package that `init` writes
/// with `--screenkit-url` resolves ScreenKit from that tag.
@Suite struct ReleaseTests {
    static let root = ExampleApp.root

    /// The `## X.Y.Z — DATE` headings of the changelog, newest first.
    static func releases(in changelog: String) -> [String] {
        changelog.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("## "), let version = line.dropFirst(3).split(separator: " ").first,
                version.split(separator: ".").count == 3, version.allSatisfy({ $0.isNumber || $0 == "." })
            else { return nil }
            return String(version)
        }
    }

    @Test func theChangelogsNewestReleaseIsTheVersionScreenkitPrints() async throws {
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("\n## Unreleased\n"))
        #expect(Self.releases(in: changelog).first == CLI.version, "\(Self.releases(in: changelog))")
        let terminal = Terminal.capturing()
        #expect(
            await CLI.run(
                ["--version"], catalog: Catalog(screens: []), terminal: terminal, workingDirectory: Self.root.path)
                == .success)
        #expect(terminal.standardOutput.hasPrefix("screenkit \(CLI.version) "))
        // The version is written nowhere else in the sources.
        let sources = try Self.swiftFiles(under: "Sources")
        let mentions = try sources.filter {
            try String(contentsOf: $0, encoding: .utf8).contains("\"\(CLI.version)\"")
        }
        #expect(mentions.map(\.lastPathComponent) == ["CLI.swift"])
    }

    static func swiftFiles(under path: String) throws -> [URL] {
        let folder = root.appendingPathComponent(path)
        let all = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects ?? []
        return all.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    /// Runs `arguments` in `folder`: status and combined output.
    static func run(_ arguments: [String], in folder: URL) async -> (status: Int32, output: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-release-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        var environment = ProcessInfo.processInfo.environment
        for key in ["GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"] { environment[key] = "t" }
        for key in ["GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"] { environment[key] = "t@example.com" }
        let status = await ChildProcess.run(
            arguments, output: log, timeout: 600, in: folder, environment: environment)
        return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    @Test(.integration("resolves and builds an adopter package"))
    func theReleaseScriptTagsTheVersionAndAURLAdopterResolvesIt() async throws {
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-release-\(UUID())")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let clone = workspace.appendingPathComponent("ScreenKit")
        #expect(await Self.run(["git", "clone", "-q", Self.root.path, clone.path], in: workspace).status == 0)
        // The files a release touches, as they are in this checkout (committed or not).
        for file in ["Scripts/release.sh", "CHANGELOG.md", "Sources/ScreenKitCLI/CLI.swift"] {
            let target = clone.appendingPathComponent(file)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: Self.root.appendingPathComponent(file), to: target)
        }
        #expect(await Self.run(["git", "add", "-A"], in: clone).status == 0)
        _ = await Self.run(["git", "commit", "-qm", "This checkout's release files"], in: clone)
        let script = clone.appendingPathComponent("Scripts/release.sh").path

        // Refused, changing nothing: a malformed version, an empty Unreleased section.
        let malformed = await Self.run([script, "1.0"], in: clone)
        #expect(malformed.status == 2 && malformed.output.contains("is not MAJOR.MINOR.PATCH"), "\(malformed)")
        let changelog = clone.appendingPathComponent("CHANGELOG.md")
        var text = try String(contentsOf: changelog, encoding: .utf8)
        if let range = text.range(of: "## Unreleased\n"),
            let next = text.range(of: "\n## ", range: range.upperBound..<text.endIndex)
        {
            text.replaceSubrange(range.upperBound..<next.lowerBound, with: "")
        }
        try Data(text.utf8).write(to: changelog)
        #expect(
            await Self.run(["git", "commit", "-q", "--allow-empty", "-am", "An empty Unreleased section"], in: clone)
                .status == 0)
        let empty = await Self.run([script, "9.9.9"], in: clone)
        #expect(empty.status != 0 && empty.output.contains("Unreleased section"), "\(empty)")
        #expect(await Self.run(["git", "status", "--porcelain"], in: clone).output.isEmpty)

        // A release: the changelog entry, the version, one commit, its tag.
        text = text.replacingOccurrences(of: "## Unreleased\n", with: "## Unreleased\n\n- A change users see.\n")
        try Data(text.utf8).write(to: changelog)
        let dirty = await Self.run([script, "9.9.9"], in: clone)
        #expect(dirty.status == 1 && dirty.output.contains("uncommitted changes"), "\(dirty)")
        #expect(await Self.run(["git", "commit", "-qam", "A change"], in: clone).status == 0)
        let released = await Self.run([script, "9.9.9"], in: clone)
        #expect(released.status == 0, "\(released)")
        let tagged = await Self.run(["git", "show", "9.9.9:Sources/ScreenKitCLI/CLI.swift"], in: clone)
        #expect(tagged.output.contains("public static let version = \"9.9.9\""))
        let log = await Self.run(["git", "describe", "--tags", "--exact-match", "HEAD"], in: clone)
        #expect(log.output.trimmingCharacters(in: .whitespacesAndNewlines) == "9.9.9")
        let newChangelog = try String(contentsOf: changelog, encoding: .utf8)
        #expect(Self.releases(in: newChangelog).prefix(2) == ["9.9.9", CLI.version])
        #expect(newChangelog.contains("## Unreleased\n\n## 9.9.9 — "))
        #expect(newChangelog.contains("- A change users see.\n\n## \(CLI.version) — "))
        let again = await Self.run([script, "9.9.9"], in: clone)
        #expect(again.status == 1 && again.output.contains("exists already"), "\(again)")

        // A package init writes with --screenkit-url resolves ScreenKit from that tag.
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            ["init", "app", "--screenkit-url", clone.absoluteString, "--screenkit-version", "9.9.9"],
            catalog: Catalog(screens: []), terminal: terminal, workingDirectory: workspace.path)
        #expect(code == .success, "\(terminal.standardError)")
        let app = workspace.appendingPathComponent("app")
        let resolved = await Self.run(["swift", "package", "resolve"], in: app)
        #expect(resolved.status == 0, "\(resolved.output)")
        let pins = (try? String(contentsOf: app.appendingPathComponent("Package.resolved"), encoding: .utf8)) ?? ""
        #expect(pins.contains("\"version\" : \"9.9.9\""), "\(pins)")
    }
}
