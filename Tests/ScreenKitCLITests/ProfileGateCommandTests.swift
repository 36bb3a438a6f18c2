import Foundation
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// The hole issue 25 closed, tried as a new user would: a package whose clients decode a wire
/// profile freezes version 1, then edits the profile. `check --against HEAD` fails at the
/// profile's line; the only way to a new shape is the deliberate one (`profileSince`), after
/// which `build` writes each version in the shape it froze.
@Suite struct ProfileGateCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-profile-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String], catalog: Catalog) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    /// A one-screen app whose clients read `{"title", "widgets": [{"type", "data": {…}}]}`, with
    /// props under `key`; the profile declared at `line`.
    static func catalog(props key: String, line: Int = #line, column: Int = #column) -> Catalog {
        var catalog = Catalog(screens: [
            Screen("home", title: "Home") {
                Column {
                    Text("Welcome", id: "welcome")
                    Button("Sign in", id: "login", action: .navigate(to: "home"))
                }
            }
        ])
        catalog.profile = WireProfile(
            name: "widgets",
            envelope: .init(
                format: nil, screenID: nil, contract: nil, minContract: nil, title: "title", initialState: nil,
                rootPath: ["widgets"], rootChildrenOnly: true),
            nodes: .init(idKey: nil, props: .under(key), fallbackKey: nil), line: line, column: column)
        return catalog
    }

    @Test func editingAFrozenProfileFailsCheckAgainstTheBaseAtTheProfilesLine() async throws {
        let frozen = Self.catalog(props: "data")
        #expect(await run(["contract", "freeze", "--initial"], catalog: frozen).0 == .success)
        let history = try String(
            contentsOf: folder.appendingPathComponent("Screens/Contract/history/1.json"), encoding: .utf8)
        #expect(history.contains(#""under": "data""#), "\(history)")
        #expect(try Git.run(["init", "-q"], in: folder) == 0)
        #expect(try Git.run(["add", "."], in: folder) == 0)
        #expect(try Git.run(["commit", "-qm", "version 1"], in: folder) == 0)
        #expect(await run(["check", "--against", "HEAD"], catalog: frozen).0 == .success)

        let line = #line + 1
        let edited = Self.catalog(props: "payload")
        let (code, out, _) = await run(["check", "--against", "HEAD"], catalog: edited)
        #expect(code == .violations)
        #expect(
            out.contains(
                "ProfileGateCommandTests.swift:\(line):34: error: [profile-props-changed] wire profile \"widgets\": where \"text\" writes its props is under \"payload\", frozen as under \"data\""
            ), "\(out)")
        let (_, markdown, _) = await run(["check", "--against", "HEAD", "--format", "markdown"], catalog: edited)
        #expect(
            markdown.contains("| ❌ breaking | `profile-props-changed` | `profile:nodes.props.text` |"), "\(markdown)")
        let (diffCode, diff, _) = await run(["contract", "diff"], catalog: edited)
        #expect(diffCode == .violations)
        #expect(diff.contains("[profile-props-changed]"), "\(diff)")
        #expect(await run(["build"], catalog: edited).0 == .violations)
        let (explained, explanation, _) = await run(["explain", "profile-props-changed"], catalog: edited)
        #expect(explained == .success)
        #expect(explanation.contains("profileSince"), "\(explanation)")
    }

    @Test func aNewShapeForNewClientsLeavesEveryFrozenVersionItsOwn() async throws {
        #expect(await run(["contract", "freeze", "--initial"], catalog: Self.catalog(props: "data")).0 == .success)
        var next = Self.catalog(props: "payload")
        next.profileSince = 2
        let (checked, notes, _) = await run(["check"], catalog: next)
        #expect(checked == .success, "\(notes)")
        let (_, diff, _) = await run(["contract", "diff"], catalog: next)
        #expect(diff.contains("[profile-new-shape]"), "\(diff)")
        let (frozen, said, _) = await run(["contract", "freeze"], catalog: next)
        #expect(frozen == .success)
        #expect(said.contains("froze contract version 2"), "\(said)")
        #expect(await run(["build", "--out", "dist"], catalog: next).0 == .success)
        let v1 = try String(
            contentsOf: folder.appendingPathComponent("dist/contracts/1/screens/home"), encoding: .utf8)
        let v2 = try String(
            contentsOf: folder.appendingPathComponent("dist/contracts/2/screens/home"), encoding: .utf8)
        #expect(v1.contains(#""data":{"content":"Welcome""#) && !v1.contains("payload"), "\(v1)")
        #expect(v2.contains(#""payload":{"content":"Welcome""#) && !v2.contains(#""data""#), "\(v2)")
        let (_, reference, _) = await run(["contract", "show", "--format", "markdown"], catalog: next)
        #expect(
            reference.contains("Wire profile: `widgets` (root at `widgets`), frozen with each version"), "\(reference)")
        let (_, json, _) = await run(["contract", "show", "--version", "1"], catalog: next)
        #expect(json.contains(#""under": "data""#), "\(json)")
        // Between the two frozen versions the diff shows the new shape, never a break.
        let (diffCode, between, _) = await run(["contract", "diff", "--from", "1", "--to", "2"], catalog: next)
        #expect(diffCode == .success)
        #expect(between.contains("[profile-new-shape]"), "\(between)")
    }
}
