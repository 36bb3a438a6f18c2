import ExampleScreens
import Foundation
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// `check`, `contract show|diff|freeze` and `explain` through the CLI, in every output format.
@Suite struct ContractCommandTests {
    /// The example app's checked-in contract folder.
    static var repositoryContract: URL { ExampleApp.contractFolder }

    let folder: URL
    let contract: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-contract-cli-\(UUID().uuidString)")
        contract = folder.appendingPathComponent("Screens/Contract")
        try FileManager.default.createDirectory(
            at: contract.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.repositoryContract, to: contract)
    }

    func run(_ arguments: [String], catalog: Catalog = App.catalog) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    /// The example catalog without its custom `productCard`: a removed component.
    static var breaking: Catalog {
        var catalog = App.catalog
        catalog.components.removeAll { $0.type == "productCard" }
        catalog.screens = []
        return catalog
    }

    @Test func theExampleAppPassesCheckInEveryFormat() async throws {
        let (text, out, _) = await run(["check"])
        #expect(text == .success)
        #expect(out.contains("check: 0 errors, 0 warnings"))
        let (json, jsonOut, _) = await run(["check", "--format", "json"])
        #expect(json == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(jsonOut.utf8)) as? [String: Any])
        #expect(object["format"] as? Int == 1)
        #expect((object["summary"] as? [String: Any])?["errors"] as? Int == 0)
        #expect(jsonOut.hasPrefix("{\n  \"format\": 1,"))
        let matrix = try #require(object["matrix"] as? [[String: Any]])
        let home = try #require(matrix.first { $0["screen"] as? String == "home" })
        let versions = try #require(home["versions"] as? [[String: Any]])
        #expect(versions.map { $0["rendersFully"] as? Bool } == [false, true, true, true])
        #expect((versions[0]["downgrades"] as? [String])?.contains("card-aeropress: productCard → card") == true)
        let (github, githubOut, _) = await run(["check", "--format", "github"])
        #expect(github == .success)
        #expect(!githubOut.contains("::error"))
        let (markdown, markdownOut, _) = await run(["check", "--format", "markdown"])
        #expect(markdown == .success)
        #expect(markdownOut.hasPrefix("## ScreenKit `check`: ✅ passed"))
        #expect(markdownOut.contains("| screen | contract 1 | contract 2 | contract 3 | contract 4 |"))
        // A token older clients receive as its literal renders fully, and is listed.
        #expect(
            markdownOut.contains(
                "| [`settings`](preview/settings.html) | ⚠️ settings.divider-1: divider dropped | ✅ full; settings.divider-1: token separator → #E5E7EB |"
            ))
        #expect(markdownOut.contains("| [`forgot-password`](preview/forgot-password.html) | ✅ full | ✅ full |"))
    }

    @Test func aBreakingChangeFailsCheckInEveryFormat() async throws {
        let (code, out, _) = await run(["check"], catalog: Self.breaking)
        #expect(code == .violations)
        // Gone from the catalog's components: reported at the catalog's declaration, where it is restored.
        #expect(
            out.contains("Screens/App.swift:6:1: error: [component-removed] component \"productCard\" was removed"),
            "\(out)")
        let (_, json, _) = await run(["check", "--format=json"], catalog: Self.breaking)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["rule"] as? String } == ["component-removed"])
        #expect((diagnostics[0]["file"] as? String)?.hasSuffix("Screens/App.swift") == true)
        #expect(diagnostics[0]["path"] as? String == "component:productCard")
        let (_, github, _) = await run(["check", "--format", "github"], catalog: Self.breaking)
        #expect(
            github.contains(
                "Screens/App.swift,line=6,col=1,title=component-removed::component \"productCard\" was removed"
            ))
        let (_, markdown, _) = await run(["check", "--format", "markdown"], catalog: Self.breaking)
        #expect(markdown.contains("## ScreenKit `check`: ❌ failed"))
        #expect(markdown.contains("Screens/App.swift:6` |"), "\(markdown)")
        #expect(markdown.contains("| ❌ breaking | `component-removed` | `component:productCard` |"))
    }

    @Test func diffListsEveryChangeClassified() async throws {
        let (code, out, _) = await run(["contract", "diff", "--from", "1", "--to", "2", "--format", "json"])
        #expect(code == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(object["from"] as? String == "1" && object["to"] as? String == "2")
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(
            Set(changes.map { $0["element"] as! String }) == [
                "prop:text.maxLines", "component:divider", "component:productCard", "enum:TextStyle.display",
                "action:share",
            ])
        #expect(changes.allSatisfy { $0["breaking"] as? Bool == false })
        let (none, noneOut, _) = await run(["contract", "diff"])
        #expect(none == .success)
        #expect(noneOut.contains("no changes from version 4 to live"))
        let (breaking, text, _) = await run(["contract", "diff"], catalog: Self.breaking)
        #expect(breaking == .violations)
        #expect(text.contains("error: [component-removed]"))
        let (_, github, _) = await run(["contract", "diff", "--from", "1", "--format", "github"])
        #expect(github.contains("Screens/Components/ProductCard.swift,line="))
        #expect(github.contains("title=component-added::component \"productCard\" was added (fallback: node)"))
        let (_, markdown, _) = await run(["contract", "diff", "--from", "1", "--format", "markdown"])
        #expect(markdown.contains("| ✅ allowed | `component-added` | `component:productCard` |"))
    }

    @Test func showPrintsFrozenBytesOrAMarkdownReference() async throws {
        let (code, out, _) = await run(["contract", "show", "--version", "1"])
        #expect(code == .success)
        let frozen = try String(contentsOf: contract.appendingPathComponent("history/1.json"), encoding: .utf8)
        #expect(out == frozen)
        let (_, markdown, _) = await run(["contract", "show", "--format", "markdown"])
        #expect(markdown.hasPrefix("# Component contract — live (= version 4)"))
        #expect(
            markdown.contains("| `text.secondary` | `#6B7280` | `#9CA3AF` | v4 | secondary text: subtitles and hints |")
        )
        #expect(
            markdown.contains("### `add_to_cart_tapped`\n\nSince v3 · the user tapped add to cart on a product page"))
        #expect(markdown.contains("| `maxLines` | `number` | optional | v2 |"))
        #expect(markdown.contains("| `display` | `largeTitle` | v2 |"))
        #expect(markdown.contains("### `productCard`\n\nSince v2 · leaf · fallback: node"))
        #expect(await run(["contract", "show", "--version", "9"]).0 == .usage)
        #expect(await run(["contract", "show", "--format", "github"]).0 == .usage)
        #expect(await run(["contract", "show", "--from", "1"]).0 == .usage)
        #expect(await run(["contract"]).0 == .usage)
        #expect(await run(["contract", "thaw"]).0 == .usage)
    }

    @Test func freezeAppendsOnlyAdditiveChanges() async throws {
        let (unchanged, out, _) = await run(["contract", "freeze"])
        #expect(unchanged == .success)
        #expect(out.contains("contract unchanged since version 4; nothing written"))
        let (refused, _, errors) = await run(["contract", "freeze"], catalog: Self.breaking)
        #expect(refused == .violations)
        #expect(errors.contains("freeze refused: 1 error; nothing was written"))
        var grown = App.catalog
        grown.components.append(ComponentSchema(type: "chip", props: [.required("label", .string)], fallback: .drop))
        let (frozen, frozenOut, _) = await run(["contract", "freeze"], catalog: grown)
        #expect(frozen == .success)
        #expect(frozenOut.contains("froze contract version 5 -> Screens/Contract/history/5.json"))
        #expect(frozenOut.contains("[component-added] component \"chip\" was added (fallback: drop)"))
        #expect(await run(["check"], catalog: grown).0 == .success)
        #expect(await run(["check"]).0 == .violations, "removing chip again is now a breaking change")
    }

    @Test func aDamagedHistoryFailsCheckWithTheFileNamed() async throws {
        try Data("{\"format\": 1, \"version\": 1, \"compo".utf8).write(
            to: contract.appendingPathComponent("history/1.json"))
        let (code, out, _) = await run(["check"])
        #expect(code == .violations)
        #expect(
            out.contains(
                "Screens/Contract/history/1.json:1:1: error: [history-unreadable] 1.json: not a contract file: invalid JSON"
            ))
        let (show, _, errors) = await run(["contract", "show"])
        #expect(show == .violations)
        #expect(errors.contains("[history-unreadable]"))
    }

    func git(_ arguments: String...) throws {
        #expect(try Git.run(arguments, in: folder) == 0, "git \(arguments)")
    }

    @Test func againstARefCatchesADeletedOrEditedNewestVersion() async throws {
        try git("init", "-q")
        try git("add", ".")
        try git("commit", "-q", "-m", "history")
        #expect(await run(["check", "--against", "HEAD"]).0 == .success)

        let newest = contract.appendingPathComponent("history/2.json")
        let original = try Data(contentsOf: newest)
        try Data(original + Data("\n".utf8)).write(to: newest)
        let (edited, editedOut, _) = await run(["check", "--against", "HEAD"])
        #expect(edited == .violations)
        #expect(editedOut.contains("error: [history-rewritten] version 2 differs from the one at HEAD"))

        try FileManager.default.removeItem(at: newest)
        let (deleted, deletedOut, _) = await run(["check", "--against", "HEAD"], catalog: Self.breaking)
        #expect(deleted == .violations)
        #expect(deletedOut.contains("error: [history-rewritten] version 2 exists at HEAD but was deleted here"))

        let (unknown, _, errors) = await run(["check", "--against", "no-such-branch"])
        #expect(unknown == .failure)
        #expect(errors.contains("no-such-branch is not a commit in this repository"))
    }

    @Test func theReviewReportListsChangedScreensWithPreviewLinks() async throws {
        #expect(await run(["build", "--out", "base-dist"]).0 == .success)
        var changed = App.catalog
        changed.screens[0].title = "Hello"
        let (code, markdown, _) = await run(
            ["check", "--format", "markdown", "--baseline", "base-dist", "--preview-url", "https://ci.example.com/p"],
            catalog: changed)
        #expect(code == .success)
        #expect(markdown.contains("### Screens whose output changed"))
        #expect(
            markdown.contains(
                "| `sign-in` | contract 1, contract 2, contract 3, contract 4 | [sign-in](https://ci.example.com/p/sign-in.html) |"
            )
        )
        #expect(!markdown.contains("| `home` |"))
        let (_, json, _) = await run(["check", "--format", "json", "--baseline", "base-dist"], catalog: changed)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let screens = try #require(object["changedScreens"] as? [[String: Any]])
        #expect(screens.map { $0["screen"] as? String } == ["sign-in"])
        #expect(await run(["check", "--baseline", "nowhere"]).0 == .failure)
    }

    @Test func previewWritesAPagePerScreenAndAnIndex() async throws {
        let (code, out, _) = await run(["preview", "--out", "site"])
        #expect(code == .success)
        #expect(out.contains("wrote \(App.catalog.screens.count + 1) pages to site/"))
        let index = try String(contentsOf: folder.appendingPathComponent("site/index.html"), encoding: .utf8)
        for screen in App.catalog.screens {
            #expect(index.contains("<a href=\"\(screen.id).html\">"))
            #expect(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/\(screen.id).html").path))
        }
        #expect(await run(["preview", "extra"]).0 == .usage)
        let before = try Data(contentsOf: folder.appendingPathComponent("site/index.html"))
        var broken = App.catalog
        broken.screens.append(Screen("broken") { Spacer(height: .nan) })
        let (failed, _, errors) = await run(["preview", "--out", "site"], catalog: broken)
        #expect(failed == .violations)
        #expect(errors.contains("preview failed: 1 error; nothing was written"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("site/index.html")) == before)
    }

    @Test func anUnknownReportFormatIsAUsageError() async {
        let (code, _, errors) = await run(["check", "--format", "xml"])
        #expect(code == .usage)
        #expect(errors.contains("unknown format 'xml'; use text, json, github or markdown"))
        #expect(await run(["contract", "diff", "--format", "yaml"]).0 == .usage)
        #expect(await run(["contract", "diff", "--from", "7"]).0 == .usage)
    }

    @Test func explainPrintsTheReasonAndFix() async {
        let (code, out, _) = await run(["explain", "prop-renamed"])
        #expect(code == .success)
        #expect(out.hasPrefix("prop-renamed: A prop's wire key is the contract"))
        #expect(out.contains("restore the old key"))
        let (list, listOut, _) = await run(["explain"])
        #expect(list == .success)
        for rule in ["screen-id-invalid", "component-removed", "history-chain-broken", "exemption-unused"] {
            #expect(listOut.contains(rule))
        }
        #expect(await run(["explain", "nope"]).0 == .usage)
    }
}
