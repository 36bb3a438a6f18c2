import ExampleScreens
import Foundation
import ScreenContract
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// What a team adopting ScreenKit relies on: `init`, the config file, the shipped standard baseline,
/// a gate that cannot pass by accident, and a help text per subcommand.
@Suite struct AdoptionCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-adopt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String], catalog: Catalog = App.catalog, in directory: URL? = nil) async -> (
        ExitCode, String, String
    ) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            arguments, catalog: catalog, terminal: terminal, workingDirectory: (directory ?? folder).path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    func write(_ text: String, to path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func copyExampleContract(to path: String = "Screens/Contract") throws {
        let target = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ExampleApp.contractFolder, to: target)
    }

    func files(under path: String) -> [String] {
        let root = folder.appendingPathComponent(path)
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: root.appendingPathComponent($0).path, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue
        }.sorted()
    }

    // MARK: The gate cannot pass by accident

    @Test func checkWithoutAHistoryFailsWithTheFixAndPassesOnlyWhenAskedTo() async throws {
        let (code, out, _) = await run(["check"])
        #expect(code == .violations)
        #expect(out.contains("error: [contract-history-missing] no frozen contract version in"))
        #expect(out.contains("screenkit contract start --standard 1"))
        #expect(!out.contains("contract-unfrozen"))
        let (json, jsonOut, _) = await run(["check", "--format", "json"])
        #expect(json == .violations)
        #expect(jsonOut.contains("\"rule\": \"contract-history-missing\""))
        #expect(await run(["check", "--allow-empty-history"]).0 == .success)
        let (explained, explanation, _) = await run(["explain", "contract-history-missing"])
        #expect(explained == .success)
        #expect(explanation.contains("screenkit contract start --standard 1"))
        #expect(explanation.contains("--allow-empty-history"))
    }

    @Test func aContractFolderThatDoesNotExistIsAnIOErrorNotAPass() async throws {
        for command in [["check"], ["check", "--allow-empty-history"], ["build"], ["contract", "diff"], ["preview"]] {
            let (code, _, errors) = await run(command + ["--contract", "Screens/Contrat"])
            #expect(code == .failure, "\(command)")
            #expect(errors.contains("--contract names \(folder.path)/Screens/Contrat, which does not exist"))
        }
        try write(#"{"format": 1, "contract": "Wrong/Contract"}"#, to: "screenkit.json")
        let (code, _, errors) = await run(["check"])
        #expect(code == .failure)
        #expect(
            errors.contains("the contract folder of \(folder.path)/screenkit.json names \(folder.path)/Wrong/Contract"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Wrong").path))
    }

    @Test func publishRefusesWithoutAHistory() async throws {
        let bucket = folder.appendingPathComponent("bucket")
        let (code, _, errors) = await run(["publish", "--to", "file://\(bucket.path)"])
        #expect(code == .violations)
        #expect(errors.contains("[contract-history-missing]"))
        #expect(!FileManager.default.fileExists(atPath: bucket.path))
    }

    @Test func againstARefAHistoryDeletedAtHeadFailsEvenWhenAnEmptyHistoryIsAllowed() async throws {
        try copyExampleContract()
        try git("init", "-q")
        try git("add", ".")
        try git("commit", "-q", "-m", "history")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Screens/Contract/history"))
        let (code, out, _) = await run(["check", "--against", "HEAD", "--allow-empty-history"])
        #expect(code == .violations)
        #expect(out.contains("[history-rewritten] version 1 exists at HEAD but was deleted here"))
        #expect(out.contains("[history-rewritten] version 2 exists at HEAD but was deleted here"))
        // A shortened history fails too.
        try copyExampleContract(to: "Restored")
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("Restored/history"),
            to: folder.appendingPathComponent("Screens/Contract/history"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Screens/Contract/history/2.json"))
        let (shortened, shortenedOut, _) = await run(
            ["check", "--against", "HEAD"], catalog: standardOnly(screens: []))
        #expect(shortened == .violations)
        #expect(shortenedOut.contains("version 2 exists at HEAD but was deleted here"))
    }

    func git(_ arguments: String...) throws {
        #expect(try Git.run(arguments, in: folder) == 0, "git \(arguments)")
    }

    func standardOnly(screens: [Screen]) -> Catalog {
        Catalog(screens: screens)
    }

    // MARK: The shipped standard baseline

    @Test func standardVersionOneIsTheVocabularyStrictClientsDecodeByteForByte() throws {
        let exampleVersion1 = try Data(contentsOf: ExampleApp.historyFolder.appendingPathComponent("1.json"))
        #expect(StandardBaseline.file(1) == [UInt8](exampleVersion1))
        let content = try ContractFile.decode(try #require(StandardBaseline.file(1)))
        #expect(
            content.contract.components.map(\.type).sorted() == [
                "button", "card", "column", "image", "lazyVStack", "row", "scrollView", "spacer", "text", "textField",
            ])
    }

    @Test func theNewestStandardVersionIsTheStandardCatalogAndTheFilesChain() throws {
        let (live, problems) = Contract.live(Catalog(screens: []))
        #expect(problems.isEmpty)
        let latest = StandardBaseline.latest
        #expect(
            StandardBaseline.files[latest - 1]
                == ContractFile.encode(live, version: latest, previous: StandardBaseline.hashes[latest - 2]),
            "the standard catalog changed: append its next frozen version to StandardBaseline")
        try ContractFreezer.start(in: folder.appendingPathComponent("history"), standard: latest)
        let history = ContractHistory.load(from: folder.appendingPathComponent("history"))
        #expect(history.diagnostics.isEmpty)
        #expect(history.versions.map(\.sha256) == StandardBaseline.hashes)
        #expect(ContractGate.check(live: Catalog(screens: []), history: history).diagnostics.isEmpty)
    }

    @Test func contractStartWritesTheBaselineAndRefusesAnExistingHistory() async throws {
        let (code, out, _) = await run(["contract", "start", "--standard", "2"])
        #expect(code == .success)
        #expect(out.contains("started the contract history in Screens/Contract/history/ from standard version 2"))
        #expect(out.contains("\"minContract\": 2"))
        #expect(files(under: "Screens/Contract/history") == ["1.json", "2.json"])
        for version in 1...2 {
            let bytes = try Data(
                contentsOf: folder.appendingPathComponent("Screens/Contract/history/\(version).json"))
            #expect([UInt8](bytes) == StandardBaseline.file(version))
        }
        let (again, _, errors) = await run(["contract", "start", "--standard", "1"])
        #expect(again == .violations)
        #expect(errors.contains("already holds a history (1.json, 2.json); nothing was written"))
        #expect(await run(["contract", "start"]).0 == .usage)
        #expect(await run(["contract", "start", "--standard", "9"]).0 == .usage)
    }

    @Test func freezeRefusesAnEmptyHistoryUnlessInitial() async throws {
        let (code, _, errors) = await run(["contract", "freeze"])
        #expect(code == .violations)
        #expect(errors.contains("[contract-history-missing]"))
        #expect(errors.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Screens").path))
        let (initial, out, _) = await run(["contract", "freeze", "--initial"])
        #expect(initial == .success)
        #expect(out.contains("froze contract version 1"))
        #expect(files(under: "Screens/Contract/history") == ["1.json"])
        #expect(await run(["contract", "freeze", "--initial"]).0 == .usage)
    }

    @Test func aProjectStartedFromStandardOneSendsNoVersionTwoElementToVersionOneClients() async throws {
        _ = await run(["contract", "start", "--standard", "1"])
        let screen = Screen("news") {
            Column(id: "list") {
                Text("Big", id: "big").style(.display).lineLimit(2)
                Divider()
                Button("Share", id: "share", action: .share("https://example.com/a"))
            }
        }
        let catalog = Catalog(screens: [screen])
        #expect(await run(["check"], catalog: catalog).0 == .success)
        #expect(await run(["contract", "freeze"], catalog: catalog).0 == .success)
        let (built, _, _) = await run(["build"], catalog: catalog)
        #expect(built == .success)
        let variant1 = try [UInt8](Data(contentsOf: folder.appendingPathComponent("dist/contracts/1/screens/news")))
        let text = String(decoding: variant1, as: UTF8.self)
        for element in [#""style":"display""#, "maxLines", #""type":"divider""#, #""type":"share""#] {
            #expect(!text.contains(element), "\(element) reached a contract-1 client")
        }
        _ = try decodeAsClient(variant1, version: 1)
        let variant2 = try [UInt8](Data(contentsOf: folder.appendingPathComponent("dist/contracts/2/screens/news")))
        #expect(String(decoding: variant2, as: UTF8.self).contains("\"divider\""))
    }

    // MARK: The config file

    @Test func theConfigIsFoundByWalkingUpAndFlagsOverrideIt() async throws {
        try copyExampleContract(to: "app/Contract")
        try write(
            #"{"format": 1, "contract": "app/Contract", "output": "out/site", "preview": "out/preview"}"#,
            to: "screenkit.json")
        let subfolder = folder.appendingPathComponent("app/deep")
        try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
        let (code, out, errors) = await run(["build", "--verbose"], in: subfolder)
        #expect(code == .success)
        #expect(
            errors.contains(
                "screenkit build: config \(folder.path)/screenkit.json: contract \(folder.path)/app/Contract, output \(folder.path)/out/site"
            ))
        #expect(out.contains("into ../../out/site/") || out.contains("into \(folder.path)/out/site/"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/site/pointer.json").path))
        let (overridden, _, _) = await run(["build", "--out", "elsewhere"], in: subfolder)
        #expect(overridden == .success)
        #expect(FileManager.default.fileExists(atPath: subfolder.appendingPathComponent("elsewhere/pointer.json").path))
        let (previewed, _, _) = await run(["preview"], in: subfolder)
        #expect(previewed == .success)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/preview/index.html").path))
        let bare = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-no-config-\(UUID())")
        try FileManager.default.createDirectory(at: bare, withIntermediateDirectories: true)
        let (none, _, noneErrors) = await run(["check", "--verbose", "--allow-empty-history"], in: bare)
        #expect(none == .success)
        #expect(noneErrors.contains("screenkit check: no screenkit.json in \(bare.path) or above; defaults apply"))
    }

    @Test func theConfigsMinContractOverridesTheCatalogs() async throws {
        try copyExampleContract()
        try write(#"{"format": 1, "minContract": 2}"#, to: "screenkit.json")
        // Raising minContract stops serving contract-1 apps: refused until it is recorded.
        let (refused, _, error) = await run(["build"])
        #expect(refused == .violations)
        #expect(error.contains("[sunset-unrecorded] the catalog's minContract 2 stops serving clients of contract 1"))
        try write(
            #"{"format": 1, "sunset": [{"through": 1, "reason": "app 1.x is no longer supported"}]}"#,
            to: "Screens/Contract/sunset.json")
        #expect(await run(["build"]).0 == .success)
        #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("dist/contracts/1/screens").path))
        let home = try Data(contentsOf: folder.appendingPathComponent("dist/screens/home"))
        #expect(String(decoding: home, as: UTF8.self).contains("\"contract\":2,\"minContract\":2"))
    }

    @Test func aBadConfigIsAUsageErrorNamingTheFileAndWritesNothing() async throws {
        try copyExampleContract()
        let cases: [(String, String)] = [
            (#"{"format": 1, "outptu": "dist"}"#, #"unknown key "outptu" (known: format, contract, output"#),
            (#"{"format": 2}"#, "format 2; this screenkit reads format 1"),
            (#"{"contract": "Screens/Contract"}"#, #"needs "format": 1"#),
            (#"{"format": true}"#, #"needs "format": 1"#),
            (#"{"format": 1, "minContract": 0}"#, #""minContract" must be a whole number ≥ 1"#),
            (#"{"format": 1, "minContract": "2"}"#, #""minContract" must be a whole number ≥ 1"#),
            (#"{"format": 1, "output": 3}"#, #""output" must be a non-empty string"#),
            (#"{"format": 1, "bucket": ""}"#, #""bucket" must be a non-empty string"#),
            (
                #"{"format": 1, "edge": "cookie"}"#,
                #""edge" must be "header:NAME", "cookie:NAME", "query:NAME" or "none", not "cookie""#
            ),
            (#"{"format": 1, "edge": "form:uid"}"#, #""edge" must be "header:NAME""#),
            (#"{"format": 1, "edge": "header:X User"}"#, #""edge" must be "header:NAME""#),
            ("[1, 2]", "not a JSON object"),
            ("{\"format\": 1,", "not a JSON object"),
            (String(repeating: " ", count: 70_000) + "{}", "70002 bytes; a config file may hold at most 65536"),
            (#"{"format": 1, "output": [[["#, "nests too deep (at byte 26); a config file is one object"),
            (String(repeating: "[", count: 60_000), "nests too deep (at byte 3)"),
            (#"{"format": 1, "output": ["dist"]}"#, #""output" must be a non-empty string"#),
            (#"{"format": 1, "locales": ["de"]}"#, #""locales" needs "strings": the String Catalogs"#),
            (#"{"format": 1, "strings": []}"#, #""strings" must list 1 to 64 non-empty strings"#),
            (#"{"format": 1, "strings": [""]}"#, #""strings" must list 1 to 64 non-empty strings"#),
            (#"{"format": 1, "strings": 3}"#, #""strings" must be a string or a list of strings"#),
            (
                #"{"format": 1, "strings": "L.xcstrings", "untranslated": "maybe"}"#,
                #""untranslated" must be "error" or "warning", not "maybe""#
            ),
            (
                #"{"format": 1, "strings": "Strings.json"}"#,
                #""strings" names \#(folder.path)/Strings.json, which is not a .xcstrings String Catalog"#
            ),
            (
                #"{"format": 1, "output": "\#(String(repeating: "d", count: 4097))"}"#,
                #""output" is longer than 4096 bytes"#
            ),
        ]
        for (text, message) in cases {
            try write(text, to: "screenkit.json")
            let (code, _, errors) = await run(["build"])
            #expect(code == .usage, "\(text.prefix(40))")
            #expect(errors.contains("\(folder.path)/screenkit.json: \(message)"), "\(errors)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("dist").path))
        }
        let (missing, _, missingErrors) = await run(["check", "--config", "nope.json"])
        #expect(missing == .usage)
        #expect(missingErrors.contains("nope.json: cannot read the config file"))
    }

    @Test func stringCatalogsFromTheConfigAreReadStrictly() async throws {
        try copyExampleContract()
        let catalog = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Screens/Localizable.xcstrings"), encoding: .utf8)
        try write(catalog, to: "Screens/Localizable.xcstrings")
        try write(
            #"{"format": 1, "strings": ["Screens/Localizable.xcstrings"], "locales": ["de", "fr", "pl"]}"#,
            to: "screenkit.json")
        let (code, out, errors) = await run(["check"])
        #expect(code == .success, "\(errors)")
        #expect(out.contains("0 errors"), "\(out)")
        // A locale without CLDR plural rules: a config error, before anything is compiled.
        try write(
            #"{"format": 1, "strings": "Screens/Localizable.xcstrings", "locales": ["tlh"]}"#, to: "screenkit.json")
        let (unknown, _, unknownErrors) = await run(["build"])
        #expect(unknown == .usage)
        #expect(unknownErrors.contains("locale \"tlh\" has no CLDR plural rules here"), "\(unknownErrors)")
        // A missing catalog is an I/O error; one that is no catalog is refused whole.
        try write(#"{"format": 1, "strings": "Screens/Missing.xcstrings"}"#, to: "screenkit.json")
        #expect(await run(["check"]).0 == .failure)
        try write(String(catalog.dropLast(40)), to: "Screens/Localizable.xcstrings")
        try write(#"{"format": 1, "strings": "Screens/Localizable.xcstrings"}"#, to: "screenkit.json")
        let (truncated, _, truncatedErrors) = await run(["build"])
        #expect(truncated == .violations)
        #expect(
            truncatedErrors.contains("Localizable.xcstrings: not a string catalog: invalid JSON"), "\(truncatedErrors)")
        // A translator's typo in a locale no one is served (Catalan), and a plural form missing
        // there: the build goes on with one warning.
        let german = [
            #"        "de" : {"#, #"          "stringUnit" : {"#, #"            "state" : "translated","#,
            #"            "value" : "E-Mail""#,
        ].joined(separator: "\n")
        let catalan =
            [
                #"        "ca" : {"#, #"          "stringUnit" : {"#, #"            "state" : "translated","#,
                #"            "value" : "Correu electrònic%""#, #"          }"#, #"        },"#,
            ].joined(separator: "\n") + "\n" + german
        #expect(catalog.contains(german))
        try write(catalog.replacingOccurrences(of: german, with: catalan), to: "Screens/Localizable.xcstrings")
        try write(
            #"{"format": 1, "strings": ["Screens/Localizable.xcstrings"], "locales": ["de", "fr", "pl"]}"#,
            to: "screenkit.json")
        let (skipped, skippedOut, skippedErrors) = await run(["build"])
        #expect(skipped == .success, "\(skippedErrors)")
        #expect(
            (skippedOut + skippedErrors).components(separatedBy: "[string-translation-invalid]").count == 2,
            "\(skippedOut)\(skippedErrors)")
        #expect(
            (skippedOut + skippedErrors).contains(
                "Screens/Localizable.xcstrings: 1 unreadable translation skipped, in keys no screen uses or locales not served: key \"Email\" (ca): the value \"Correu electrònic%\": malformed format specifier \"%\": the text ends after '%'"
            ), "\(skippedOut)\(skippedErrors)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("dist").path))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("dist"))
        // Served Catalan: the typo is an error at the Swift line, and nothing is written.
        try write(
            #"{"format": 1, "strings": ["Screens/Localizable.xcstrings"], "locales": ["ca"], "untranslated": "warning"}"#,
            to: "screenkit.json")
        let (malformed, _, malformedErrors) = await run(["build"])
        #expect(malformed == .violations)
        #expect(
            malformedErrors.contains(
                "SignInScreen.swift:33:18: error: [string-translation-invalid] \"textField\" prop \"placeholder\" uses key \"Email\": Screens/Localizable.xcstrings cannot read its ca translation, so it is left out: the value \"Correu electrònic%\": malformed format specifier \"%\": the text ends after '%' (at sign-in/scrollView/form/email)"
            ), "\(malformedErrors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("dist").path))
        // A translation dropped: the gate names the key, the locale and the Swift line.
        try write(
            catalog.replacingOccurrences(of: #""value" : "Willkommen zurück""#, with: #""value" : "Willkommen %@""#),
            to: "Screens/Localizable.xcstrings")
        try write(
            #"{"format": 1, "strings": "Screens/Localizable.xcstrings", "locales": ["de"]}"#, to: "screenkit.json")
        let (mismatch, mismatchErrors, _) = await run(["check"])
        #expect(mismatch == .violations)
        #expect(
            mismatchErrors.contains(
                "SignInScreen.swift:24:13: error: [string-arguments-mismatch] \"text\" prop \"content\" uses key \"Welcome back\": its de translation \"Willkommen %@\" has %@ for argument 1, but the screen passes 0"
            ), "\(mismatchErrors)")
        let (explained, explanation, _) = await run(["explain", "string-untranslated"])
        #expect(explained == .success)
        #expect(explanation.contains("de-AT"))
    }

    @Test func publishTakesItsBucketFromTheConfig() async throws {
        try copyExampleContract()
        try write(#"{"format": 1, "bucket": "file://\#(folder.path)/bucket"}"#, to: "screenkit.json")
        let (code, out, _) = await run(["publish"])
        #expect(code == .success)
        #expect(out.contains("published manifest"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("bucket/pointer.json").path))
    }

    // MARK: A prop named like a node's own key

    /// `init`'s banner with `.optional("type", .string)` set to "promo": `check` fails with the
    /// rule at the schema's line, and `build` writes nothing (it used to publish
    /// `{"type":"banner",…,"type":"promo"}` and pass).
    @Test func aBannerWithATypePropFailsCheckAndBuildWritesNothing() async throws {
        var banner = ComponentSchema(
            type: "banner",
            props: [.required("headline", .string), .optional("message", .string), .optional("type", .string)],
            fallback: .node)
        let declared = SourceLocation(file: folder.appendingPathComponent("Banner.swift").path, line: 10, column: 1)
        banner.source = declared
        let card = Node(
            type: "card",
            children: [Node(type: "text", props: [Prop(key: "content", value: .string("New"))], source: declared)],
            source: declared)
        let screen = Screen("welcome") {
            Node(
                type: "banner", id: "whats-new",
                props: [Prop(key: "headline", value: .string("New")), Prop(key: "type", value: .string("promo"))],
                fallback: .node(card), source: declared)
        }
        var catalog = Catalog(screens: [screen])
        catalog.components.append(banner)
        #expect(
            await run(["contract", "start", "--standard", "\(StandardBaseline.latest)"], catalog: catalog).0 == .success
        )
        let (checked, out, _) = await run(["check"], catalog: catalog)
        #expect(checked == .violations, "\(out)")
        #expect(
            out.contains(
                #"Banner.swift:10:1: error: [prop-name-reserved] component "banner": prop "type" has the key of the node's type in the flat format"#
            ), "\(out)")
        let (built, _, _) = await run(["build"], catalog: catalog)
        #expect(built == .violations)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("dist").path))
        let (explained, text, _) = await run(["explain", "prop-name-reserved"], catalog: catalog)
        #expect(explained == .success && text.contains("a prop `type: \"promo\"`"), "\(text)")
    }

    // MARK: init

    @Test func initWritesTheCheckoutsPathAsItsHelpSays() async throws {
        // A checkout beside the package: relative to DIR. One that shares only / with it: absolute.
        let checkout = folder.appendingPathComponent("vendor/ScreenKit")
        try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: checkout.appendingPathComponent("Package.swift"))
        let (code, _, errors) = await run(["init", "apps/shop", "--screenkit-path", checkout.path])
        #expect(code == .success, "\(errors)")
        let manifest = try String(contentsOf: folder.appendingPathComponent("apps/shop/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(path: "../../vendor/ScreenKit")"#), "\(manifest)")
        let help = await run(["init", "--help"]).1.split(whereSeparator: { $0 == " " || $0 == "\n" })
            .joined(separator: " ")
        #expect(help.contains("(written relative to DIR when the two share a folder below /, else absolute)"))
    }

    @Test func initWritesAPackageThatDependsOnThisCheckoutAndRefusesANonEmptyFolder() async throws {
        let (code, out, _) = await run(["init", "shop"])
        #expect(code == .success)
        #expect(out.contains("created package shop in shop/"))
        #expect(
            files(under: "shop") == [
                ".gitattributes", ".github/dependabot.yml", ".github/workflows/screens.yml", ".gitignore",
                "Package.swift",
                "README.md",
                "Screens/App.swift", "Screens/Components/Banner.swift",
                "Screens/Contract/history/1.json", "Screens/Strings/README.md", "Screens/WelcomeScreen.swift",
                "Sources/screenkit/main.swift", "screenkit.json",
            ])
        let ignored = try String(contentsOf: folder.appendingPathComponent("shop/.gitignore"), encoding: .utf8)
        #expect(ignored.split(separator: "\n").contains("edge/"), "screenkit edge's output is not ignored")
        let manifest = try String(contentsOf: folder.appendingPathComponent("shop/Package.swift"), encoding: .utf8)
        let checkout = ExampleApp.root.standardizedFileURL.path
        #expect(manifest.contains(".package(path: \"\(checkout)\")") || manifest.contains(".package(path: \"../"))
        let identity = ExampleApp.root.standardizedFileURL.lastPathComponent.lowercased()
        #expect(manifest.contains(".product(name: \"ScreenKit\", package: \"\(identity)\")"))
        #expect(manifest.contains(".executable(name: \"screenkit\", targets: [\"ScreensCLI\"])"))
        let main = try String(
            contentsOf: folder.appendingPathComponent("shop/Sources/screenkit/main.swift"), encoding: .utf8)
        #expect(main == "import ScreenKitCLI\nimport Screens\n\nawait CLI.main(catalog: App.catalog)\n")
        let history = try Data(contentsOf: folder.appendingPathComponent("shop/Screens/Contract/history/1.json"))
        #expect([UInt8](history) == StandardBaseline.file(1))
        let config = try ProjectConfig.load(folder.appendingPathComponent("shop/screenkit.json").path)
        #expect(config.contract == folder.appendingPathComponent("shop/Screens/Contract").standardizedFileURL.path)
        #expect(config.minContract == 1)

        let before = files(under: "shop")
        let (again, _, errors) = await run(["init", "shop"])
        #expect(again == .failure)
        #expect(errors.contains("is not empty"))
        #expect(files(under: "shop") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["shop"])
    }

    /// A local repository `ScreenKit.git` with one commit, tagged `tag` when given: its file URL.
    func repository(tag: String?) throws -> String {
        let repository = folder.appendingPathComponent("remote/ScreenKit.git")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        #expect(try Git.run(["init", "-q"], in: repository) == 0)
        #expect(try Git.run(["commit", "-q", "--allow-empty", "-m", "ScreenKit"], in: repository) == 0)
        if let tag { #expect(try Git.run(["tag", tag], in: repository) == 0) }
        return repository.absoluteString
    }

    @Test func initDependsByURLWhenAskedAndStartsFromTheChosenStandard() async throws {
        let url = try repository(tag: "1.2.0")
        let (code, out, errors) = await run([
            "init", "app", "--name", "ShopApp", "--standard", "2", "--screenkit-url", url, "--screenkit-version",
            "1.2.0",
        ])
        #expect(code == .success)
        #expect(out.contains("ScreenKit 1.2.0: the tag is in \(url)"), "\(out)")
        #expect(errors.isEmpty, "\(errors)")
        let manifest = try String(contentsOf: folder.appendingPathComponent("app/Package.swift"), encoding: .utf8)
        #expect(manifest.contains("name: \"ShopApp\""))
        #expect(manifest.contains(".package(url: \"\(url)\", from: \"1.2.0\")"))
        #expect(manifest.contains("package: \"screenkit\")"))
        #expect(files(under: "app/Screens/Contract/history") == ["1.json", "2.json"])
        let config = try String(contentsOf: folder.appendingPathComponent("app/screenkit.json"), encoding: .utf8)
        #expect(config.contains("\"minContract\": 2"))
        #expect(await run(["init", "x", "--screenkit-path", "/nonexistent"]).0 == .failure)
        #expect(await run(["init", "y", "--screenkit-version", "1.0.0"]).0 == .usage)
        #expect(await run(["init", "z", "--standard", "0"]).0 == .usage)
        #expect(await run(["init"]).0 == .usage)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x").path))
    }

    /// A repository without the release tag (a mirror, a fork, a clone): init says the package will
    /// not resolve and how to pin a branch or a commit, and writes those pins when asked.
    @Test func withoutTheTagInitSaysSoAndPinsABranchOrACommitWhenAsked() async throws {
        let url = try repository(tag: nil)
        let (code, _, errors) = await run(["init", "app", "--screenkit-url", url, "--screenkit-version", "1.2.0"])
        #expect(code == .success)
        #expect(
            errors.contains("warning: \(url) has no tag 1.2.0: the package will not resolve as written."), "\(errors)")
        #expect(errors.contains("screenkit init app --screenkit-url \(url) --screenkit-branch main"))
        #expect(errors.contains("--screenkit-revision <commit>"))
        #expect(errors.contains(#".package(url: "\#(url)", branch: "main")"#))

        let (branch, branchOut, branchErrors) = await run([
            "init", "b", "--screenkit-url", url, "--screenkit-branch", "release/1",
        ])
        #expect(branch == .success && branchErrors.isEmpty, "\(branchErrors)")
        #expect(!branchOut.contains("tag"))
        let manifest = try String(contentsOf: folder.appendingPathComponent("b/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(url: "\#(url)", branch: "release/1")"#))
        let commit = String(repeating: "0123456789", count: 4)
        #expect(await run(["init", "r", "--screenkit-url", url, "--screenkit-revision", commit]).0 == .success)
        let pinned = try String(contentsOf: folder.appendingPathComponent("r/Package.swift"), encoding: .utf8)
        #expect(pinned.contains(#".package(url: "\#(url)", revision: "\#(commit)")"#))

        // An unreachable remote is a note, not a failure; the package is written.
        let nowhere = folder.appendingPathComponent("no-such-repository").absoluteString
        let (unreachable, _, note) = await run(["init", "n", "--screenkit-url", nowhere])
        #expect(unreachable == .success)
        #expect(note.contains("note: could not check that \(nowhere) has the tag \(CLI.version)"), "\(note)")

        // Malformed or conflicting pins are usage errors that write nothing.
        for arguments in [
            ["--screenkit-url", url, "--screenkit-branch", "main", "--screenkit-revision", commit],
            ["--screenkit-url", url, "--screenkit-version", "1.0.0", "--screenkit-branch", "main"],
            ["--screenkit-branch", "main"], ["--screenkit-revision", commit],
            ["--screenkit-url", url, "--screenkit-revision", "main"],
            ["--screenkit-url", url, "--screenkit-branch", "-x"],
            ["--no-publish=yes"],
        ] {
            let (status, _, message) = await run(["init", "bad"] + arguments)
            #expect(status == .usage, "\(arguments): \(message)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad").path))
    }

    // MARK: Help and version

    @Test func everySubcommandHasItsOwnHelpAndTheToolHasAVersion() async throws {
        let usages = [
            (["build"], "USAGE: screenkit build"), (["check"], "USAGE: screenkit check"),
            (["contract", "show"], "USAGE: screenkit contract show"),
            (["contract", "diff"], "USAGE: screenkit contract diff"),
            (["contract", "freeze"], "USAGE: screenkit contract freeze"),
            (["contract", "start"], "USAGE: screenkit contract start"),
            (["contract", "embed"], "USAGE: screenkit contract embed"), (["contract"], "SUBCOMMANDS:"),
            (["preview"], "USAGE: screenkit preview"), (["publish"], "USAGE: screenkit publish"),
            (["explain"], "USAGE: screenkit explain"), (["init"], "USAGE: screenkit init"),
        ]
        for (command, usage) in usages {
            let (code, out, _) = await run(command + ["--help"])
            #expect(code == .success, "\(command)")
            #expect(out.contains(usage), "\(command)")
        }
        let (freeze, freezeHelp, _) = await run(["contract", "freeze", "-h"])
        #expect(freeze == .success)
        #expect(freezeHelp.contains("USAGE: screenkit contract freeze [--initial]"))
        let (version, out, _) = await run(["--version"])
        #expect(version == .success)
        #expect(out.hasPrefix("screenkit \(CLI.version) "))
        #expect(await run(["contract", "bogus"]).0 == .usage)
        #expect(await run(["contract", "show", "--standard", "1"]).0 == .usage)
    }
}
