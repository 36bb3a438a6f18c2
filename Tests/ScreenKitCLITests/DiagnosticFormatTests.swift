import ExampleScreens
import Foundation
import ScreenKit
import Testing

@testable import ScreenKitCLI

/// Every output format shows a diagnostic's node path, and the places a message names relative to
/// the working folder, as the diagnostic's own place is.
@Suite struct DiagnosticFormatTests {
    let folder: URL
    /// A screen file inside the working folder, so its places are shown relative to it.
    let file: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-diagnostics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Screens"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ContractCommandTests.repositoryContract, to: folder.appendingPathComponent("Screens/Contract"))
        file = folder.appendingPathComponent("Screens/SignUp.swift").path
    }

    /// `sign-up` with a bad URL (a message that does not name the node), an ID used twice
    /// under different parents, and one used twice under the same parent (the message names a
    /// node with the same path).
    var catalog: Catalog {
        var catalog = App.catalog
        catalog.screens = [
            Screen("sign-up", file: file, line: 1, column: 1) {
                Column(id: "form", file: file, line: 2, column: 5) {
                    Image(url: "javascript:x", id: "logo", file: file, line: 3, column: 9)
                    Column(id: "names", file: file, line: 4, column: 9) {
                        Text("a", id: "email", file: file, line: 5, column: 13)
                    }
                    Text("b", id: "email", file: file, line: 6, column: 9)
                    Text("c", id: "note", file: file, line: 7, column: 9)
                    Text("d", id: "note", file: file, line: 8, column: 9)
                }
            }
        ]
        return catalog
    }

    func check(_ format: String) async -> (ExitCode, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            ["check", "--format", format], catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput)
    }

    static let email =
        "node ID \"email\" is already used by sign-up/form/names/email, written at Screens/SignUp.swift:5:13"
    static let note = "node ID \"note\" is already used by sign-up/form/note, written at Screens/SignUp.swift:7:9"

    @Test func textLinesEndWithTheNodePath() async throws {
        let (code, out) = await check("text")
        #expect(code == .violations)
        let lines = out.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
        #expect(
            lines.contains(
                "Screens/SignUp.swift:6:9: error: [id-duplicate] \(Self.email) (at sign-up/form/email)"),
            "\(lines)")
        #expect(lines.contains("Screens/SignUp.swift:8:9: error: [id-duplicate] \(Self.note)"), "\(lines)")
        let url = try #require(lines.first { $0.contains("[url-invalid]") })
        #expect(url.hasSuffix(" (at sign-up/form/logo)"), "\(url)")
        #expect(!out.contains(folder.path), "no absolute path inside the working folder")
    }

    @Test func githubAnnotationsEndWithTheNodePath() async throws {
        let (code, out) = await check("github")
        #expect(code == .violations)
        #expect(
            out.contains(
                "::error file=Screens/SignUp.swift,line=6,col=9,title=id-duplicate::\(Self.email) (at sign-up/form/email)\n"
            ), "\(out)")
        #expect(out.contains("::error file=Screens/SignUp.swift,line=8,col=9,title=id-duplicate::\(Self.note)\n"))
        let url = try #require(out.split(separator: "\n").first { $0.contains("title=url-invalid") })
        #expect(url.hasSuffix(" (at sign-up/form/logo)"), "\(url)")
        #expect(!out.contains(folder.path))
    }

    @Test func markdownRowsEndWithTheNodePath() async throws {
        let (code, out) = await check("markdown")
        #expect(code == .violations)
        #expect(
            out.contains(
                "| ❌ | `id-duplicate` | `Screens/SignUp.swift:6` | \(Self.email) (at sign-up/form/email) |"),
            "\(out)")
        #expect(out.contains("| ❌ | `id-duplicate` | `Screens/SignUp.swift:8` | \(Self.note) |"))
        let url = try #require(out.split(separator: "\n").first { $0.contains("`url-invalid`") })
        #expect(url.hasSuffix(" (at sign-up/form/logo) |"), "\(url)")
        #expect(!out.contains(folder.path))
    }

    /// JSON keeps the node path in its own field, and the message as written (places relative).
    @Test func jsonHasTheNodePathInItsOwnField() async throws {
        let (code, out) = await check("json")
        #expect(code == .violations)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let email = try #require(diagnostics.first { $0["line"] as? Int == 6 })
        #expect(email["message"] as? String == Self.email)
        #expect(email["path"] as? String == "sign-up/form/email")
        #expect(email["file"] as? String == "Screens/SignUp.swift")
        let url = try #require(diagnostics.first { $0["rule"] as? String == "url-invalid" })
        #expect(url["path"] as? String == "sign-up/form/logo")
        #expect(!out.contains(folder.path))
    }

    /// The node path is left out only when the message names it whole, not a longer path or ID.
    @Test(arguments: [
        ("uses s/a/b", "s/a", false), ("at s/a.", "s/a", true), ("at s/a: gone", "s/a", true),
        ("s/a.b is bad", "s/a", false), ("xs/a", "s/a", false), ("screen \"s\" uses x", "s", true),
        ("ss", "s", false), ("by s/a/b, written at f:1", "s/a/b", true), ("(s/a)", "s/a", true),
    ])
    func theMessageNamesThePathOnlyWhole(message: String, path: String, names: Bool) {
        #expect(DiagnosticFormatter.text(message, names: path) == names)
        let formatter = DiagnosticFormatter(workingDirectory: "/w")
        let shown = formatter.message(Diagnostic(rule: "r", message: message, nodePath: path))
        #expect(shown == (names ? message : "\(message) (at \(path))"))
    }

    /// A diagnostic's place is relative to the working folder inside it, and beside it where the two
    /// share a folder below `/` (a ScreenKit checkout next to the package, as Getting Started
    /// makes one); a place that shares only `/` stays absolute.
    @Test func aPlaceBesideThePackageIsRelativeToo() {
        let formatter = DiagnosticFormatter(workingDirectory: "/work/shopapp")
        #expect(formatter.relative("/work/shopapp/Screens/A.swift") == "Screens/A.swift")
        #expect(
            formatter.relative("/work/ScreenKit/Sources/ScreenKit/Standard/Text.swift")
                == "../ScreenKit/Sources/ScreenKit/Standard/Text.swift")
        #expect(formatter.relative("/opt/ScreenKit/Text.swift") == "/opt/ScreenKit/Text.swift")
        #expect(formatter.relative("Screens/A.swift") == "Screens/A.swift", "a relative place is kept")
    }

    /// Only paths inside the working folder, where a path starts, are made relative.
    @Test func placesInMessagesAreMadeRelativeWhereAPathStarts() {
        let formatter = DiagnosticFormatter(workingDirectory: "/work/app")
        #expect(
            formatter.relativePaths(in: "at /work/app/Screens/A.swift:3:4 and /work/app/B.swift")
                == "at Screens/A.swift:3:4 and B.swift")
        #expect(formatter.relativePaths(in: "at /srv/work/app/A.swift") == "at /srv/work/app/A.swift")
        #expect(formatter.relativePaths(in: "at /work/application/A.swift") == "at /work/application/A.swift")
        #expect(DiagnosticFormatter(workingDirectory: "/").relativePaths(in: "s/a at /A.swift") == "s/a at /A.swift")
    }

    /// `build` and `publish` print diagnostics in the text form too.
    @Test func buildPrintsTheNodePath() async {
        let terminal = Terminal.capturing()
        let code = await CLI.run(["build"], catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        #expect(code == .violations)
        #expect(
            terminal.standardError.contains(
                "Screens/SignUp.swift:6:9: error: [id-duplicate] \(Self.email) (at sign-up/form/email)\n"),
            "\(terminal.standardError)")
    }
}

/// Every command's `--help` lists every option the command accepts, so help and parser cannot drift.
@Suite struct CommandHelpTests {
    /// Help fits a terminal: no line of any command's help, or of the command list, is wider than
    /// 80 columns (swift-argument-parser's convention; a line past the margin wraps mid-word).
    @Test func everyHelpLineFitsATerminal() {
        let commands = CLI.commands.flatMap { [$0] + $0.subcommands }
        for (name, help) in [("screenkit", CLI.usage)] + commands.map({ ($0.name, $0.help) }) {
            for line in help.split(separator: "\n") where line.count > 80 {
                Issue.record("\(name): a help line of \(line.count) columns: \(line)")
            }
        }
    }

    /// Within a help's options, every description starts in the same column (an option too long
    /// for it stands on a line of its own).
    @Test func everyHelpsOptionDescriptionsShareOneColumn() {
        let commands = CLI.commands.flatMap { [$0] + $0.subcommands }
        for command in commands {
            guard let options = command.help.components(separatedBy: "OPTIONS:\n").dropFirst().first else { continue }
            var columns: Set<Int> = []
            for line in options.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.isEmpty { break }
                guard line.hasPrefix("  -") || line.hasPrefix("  FILE") || line.hasPrefix("  LOG"),
                    let gap = line.dropFirst(2).range(of: "  ")
                else { continue }
                let rest = line[gap.upperBound...]
                columns.insert(line.distance(from: line.startIndex, to: rest.firstIndex { $0 != " " } ?? rest.endIndex))
            }
            #expect(columns.count <= 1, "`\(command.name) --help`: descriptions start at columns \(columns.sorted())")
        }
    }

    @Test func everyCommandsHelpListsEveryOptionItAccepts() {
        let commands = CLI.commands.flatMap { [$0] + $0.subcommands }
        #expect(commands.count == 29)
        for command in commands {
            let accepted =
                command.valueOptions.union(command.flags).union(command.usesConfig ? ["--config", "--verbose"] : [])
            for option in accepted.sorted() {
                #expect(
                    command.help.contains("  \(option) ") || command.help.contains("  \(option)\n"),
                    "`screenkit \(command.name) --help` does not describe \(option)")
            }
        }
    }

    @Test func theCommandListKeepsEveryNameApartFromItsSummary() async {
        let terminal = Terminal.capturing()
        let code = await CLI.run(["--help"], catalog: App.catalog, terminal: terminal, workingDirectory: "/")
        #expect(code == .success)
        for command in CLI.commands {
            #expect(
                terminal.standardOutput.contains("\n  \(command.name)  "),
                "`screenkit --help` runs \(command.name) into its summary:\n\(terminal.standardOutput)")
        }
    }

    @Test func explainAndInitReadNoConfigFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-help-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"format": 1, "bogus": true}"#.utf8).write(to: folder.appendingPathComponent("screenkit.json"))
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            ["explain", "id-duplicate"], catalog: App.catalog, terminal: terminal,
            workingDirectory: folder.path)
        #expect(code == .success, "explain read the broken config: \(terminal.standardError)")
        #expect(
            await CLI.run(
                ["explain", "--verbose"], catalog: App.catalog, terminal: Terminal.capturing(),
                workingDirectory: folder.path) == .usage)
    }
}
