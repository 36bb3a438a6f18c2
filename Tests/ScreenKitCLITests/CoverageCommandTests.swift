import ExampleScreens
import Foundation
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// `screenkit contract coverage`: the example app built into a temporary folder, with its
/// "What's new" screen (minContract 2), against installed clients of contracts 1 and 2.
@Suite struct CoverageCommandTests {
    /// The example app with a screen contract-1 clients cannot fetch.
    static var catalog: Catalog {
        var catalog = App.catalog
        catalog.screens.append(WhatsNewScreen.screen)
        return catalog
    }

    /// 61% of installs decode contract 2, 39% contract 1.
    static let installs = """
        app_version,contract,share
        4.2.0,2,0.55
        4.1.3,1,0.30
        4.0.0,1,0.09
        4.2.1 (beta),2,0.06

        """

    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-coverage-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Screens"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ExampleApp.contractFolder, to: folder.appendingPathComponent("Screens/Contract"))
        try write(Self.installs, to: "installs.csv")
    }

    func run(_ arguments: [String], catalog: Catalog = Self.catalog) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    /// Builds `dist/` with `catalog`.
    func build(_ catalog: Catalog = Self.catalog, arguments: [String] = []) async throws {
        let (code, _, errors) = await run(["build"] + arguments, catalog: catalog)
        try #require(code == .success, "build failed: \(errors)")
    }

    /// The JSON report's screens, by ID.
    func screens(_ arguments: [String]) async throws -> [String: [String: Any]] {
        let (code, out, errors) = await run(
            ["contract", "coverage", "--installs", "installs.csv", "--format", "json"] + arguments)
        try #require(code == .success, "coverage failed: \(errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(object["format"] as? Int == 1)
        let screens = try #require(object["screens"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: screens.map { ($0["id"] as? String ?? "", $0) })
    }

    func expectShares(
        _ screen: [String: Any]?, full: Double, fallbacks: Double, cannotFetch: Double,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(screen?["full"] as? Double == full, sourceLocation: sourceLocation)
        #expect(screen?["fallbacks"] as? Double == fallbacks, sourceLocation: sourceLocation)
        #expect(screen?["cannotFetch"] as? Double == cannotFetch, sourceLocation: sourceLocation)
    }

    /// The fallback elements of contract `version`'s clients (nil: unknown or not fallbacks).
    func elements(_ screen: [String: Any]?, contract version: Int) -> [String]? {
        let groups = screen?["contracts"] as? [[String: Any]] ?? []
        return groups.first { $0["contract"] as? Int == version }?["elements"] as? [String]
    }

    @Test func sharesPerScreenFromABuildFolder() async throws {
        try await build()
        let screens = try await screens([])
        #expect(
            screens.keys.sorted() == [
                "forgot-password", "home", "product-aeropress", "product-grinder", "product-kettle", "settings",
                "sign-in", "whats-new",
            ])
        // minContract 2: contract-1 clients cannot fetch it.
        expectShares(screens["whats-new"], full: 0.61, fallbacks: 0, cannotFetch: 0.39)
        expectShares(screens["home"], full: 0.61, fallbacks: 0.39, cannotFetch: 0)
        #expect(elements(screens["home"], contract: 1) == ["component:productCard", "enum:TextStyle.display"])
        for product in ["product-aeropress", "product-grinder", "product-kettle"] {
            expectShares(screens[product], full: 0.61, fallbacks: 0.39, cannotFetch: 0)
            #expect(elements(screens[product], contract: 1) == ["action:share", "prop:text.maxLines"])
        }
        #expect(elements(screens["settings"], contract: 1) == ["component:divider"])
        expectShares(screens["sign-in"], full: 1, fallbacks: 0, cannotFetch: 0)
        let groups = try #require(screens["whats-new"]?["contracts"] as? [[String: Any]])
        #expect(groups.map { $0["outcome"] as? String } == ["cannotFetch", "full"])
        #expect(groups[0]["appVersions"] as? [String] == ["4.1.3", "4.0.0"])
        #expect(groups[1]["appVersions"] as? [String] == ["4.2.0", "4.2.1 (beta)"])
    }

    @Test func theThreeFormatsMatchTheirGoldens() async throws {
        try await build()
        for (format, name) in [("text", "report.txt"), ("markdown", "report.md"), ("json", "report.json")] {
            let (code, out, errors) = await run([
                "contract", "coverage", "--installs", "installs.csv", "--format", format, "--min-full-share", "0.6",
            ])
            #expect(code == .success, "\(format): \(errors)")
            Golden.expect(Array((out).utf8), matches: "coverage/\(name)")
            // The same bytes twice: nothing depends on order or time.
            let (_, again, _) = await run([
                "contract", "coverage", "--installs", "installs.csv", "--format", format, "--min-full-share", "0.6",
            ])
            #expect(again == out)
        }
        let (code, out, _) = await run([
            "contract", "coverage", "--installs", "installs.csv", "--out", "coverage.md",
            "--format", "markdown",
        ])
        #expect(code == .success)
        #expect(out == "wrote the coverage report to coverage.md\n")
        let written = try String(contentsOf: folder.appendingPathComponent("coverage.md"), encoding: .utf8)
        #expect(written.hasPrefix("## ScreenKit `contract coverage`\n"))
    }

    @Test func theGateFailsNamingEachScreenBelowTheMinimum() async throws {
        try await build()
        let (failing, out, errors) = await run([
            "contract", "coverage", "--installs", "installs.csv", "--min-full-share", "0.95",
        ])
        #expect(failing == .violations)
        #expect(out.contains("6 of 8 screens render fully for less than 95.0% of clients"))
        let named = errors.split(separator: "\n").filter { $0.hasPrefix("error: screen ") }
        #expect(named.count == 6)
        #expect(
            errors.contains(
                "error: screen \"whats-new\" renders fully for 61.0% of installed clients, below --min-full-share 95.0%"
            ))
        #expect(!errors.contains("\"sign-in\""))
        let (passing, passed, _) = await run([
            "contract", "coverage", "--installs", "installs.csv", "--min-full-share", "0.61",
        ])
        #expect(passing == .success)
        #expect(passed.contains("every screen renders fully for at least 61.0% of clients"))
        for bad in ["1.5", "-0.1", "nan", "most"] {
            let (code, _, message) = await run([
                "contract", "coverage", "--installs", "installs.csv", "--min-full-share", bad,
            ])
            #expect(code == .usage, "\(bad)")
            #expect(message.contains("--min-full-share needs a share from 0 to 1"), "\(bad)")
        }
    }

    @Test func badInstallsFilesGetClearErrorsAndNothingIsWritten() async throws {
        try await build()
        let header = "app_version,contract,share\n"
        let cases: [(String, String, String)] = [
            (
                "sum.csv", header + "4.2.0,2,0.55\n4.1.3,1,0.40\n",
                "sum.csv: the shares sum to 0.9500, not 1 (± 0.01)"
            ),
            (
                "duplicate.csv", header + "4.2.0,2,0.55\n4.1.3,1,0.20\n4.2.0,2,0.25\n",
                "duplicate.csv: line 4: app version \"4.2.0\" is listed twice (first at line 2)"
            ),
            (
                "zero.csv", header + "4.2.0,2,0.55\n4.1.3,0,0.45\n",
                "zero.csv: line 3: contract 0 is not a contract version; versions start at 1"
            ),
            (
                "unknown.csv", header + "4.2.0,5,0.55\n4.1.3,1,0.45\n",
                "unknown.csv: line 2: app version \"4.2.0\" decodes contract 5, which is not a contract version yet (the manifest's is 4, this checkout's history has 4)"
            ),
            (
                "share.csv", header + "4.2.0,2,55%\n4.1.3,1,0.45\n",
                "share.csv: line 2: share \"55%\" is not a number from 0 to 1"
            ),
            ("range.csv", header + "4.2.0,2,1.2\n", "range.csv: line 2: share \"1.2\" is not a number from 0 to 1"),
            ("empty.csv", "", "empty.csv: lists no client versions"),
            ("header.csv", header, "header.csv: lists no client versions"),
            (
                "columns.csv", "app_version,share\n4.2.0,1\n",
                "columns.csv: line 1: the header has no column \"contract\"; the first row names the columns app_version,contract,share"
            ),
            ("fields.csv", header + "4.2.0,2\n", "fields.csv: line 2: 2 fields, the header has 3"),
            ("version.csv", header + "4.2.0|x,2,1\n", "version.csv: line 2: app version \"4.2.0|x\" is not a version"),
            ("format.json", #"{"clients": []}"#, "format.json: needs \"format\": 1 first"),
            (
                "entry.json", #"{"format": 1, "clients": [{"appVersion": "4.2.0", "contract": 2}]}"#,
                "entry.json: clients[0]: needs \"share\", a number from 0 to 1"
            ),
            (
                "key.json",
                #"{"format": 1, "clients": [{"appVersion": "4.2.0", "contract": 2, "share": 1, "os": "iOS"}]}"#,
                "key.json: clients[0] has an unknown key \"os\""
            ),
            (
                "twice.json",
                #"{"format": 1, "clients": [{"appVersion": "4.2.0", "contract": 2, "share": 0.5}, {"appVersion": "4.2.0", "contract": 2, "share": 0.5}]}"#,
                "twice.json: clients[1]: app version \"4.2.0\" is listed twice (first at clients[0])"
            ),
        ]
        for (name, content, message) in cases {
            try write(content, to: name)
            let (code, out, errors) = await run([
                "contract", "coverage", "--installs", name, "--out", "report.md", "--min-full-share", "0.5",
            ])
            #expect(code == .usage, "\(name)")
            #expect(errors.contains("error: \(message)"), "\(name): \(errors)")
            #expect(out.isEmpty, "\(name)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.md").path), "\(name)")
        }
        let (missing, _, errors) = await run(["contract", "coverage", "--installs", "nope.csv"])
        #expect(missing == .failure)
        #expect(errors.contains("error: nope.csv: no such file"))
        let (noInstalls, _, usage) = await run(["contract", "coverage"])
        #expect(noInstalls == .usage)
        #expect(usage.contains("coverage needs --installs FILE"))
        let (noBuild, _, unbuilt) = await run([
            "contract", "coverage", "--installs", "installs.csv", "--published", "none",
        ])
        #expect(noBuild == .failure)
        #expect(unbuilt.contains("has no pointer.json: build first"))
        let (s3, _, credentials) = await run([
            "contract", "coverage", "--installs", "installs.csv", "--published", "s3://screens-bucket/app",
        ])
        #expect(s3 == .failure)
        #expect(
            credentials.contains(
                "missing credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY to read s3://screens-bucket/app"))
        let (web, _, scheme) = await run([
            "contract", "coverage", "--installs", "installs.csv", "--published", "https://cdn.example.com/screens",
        ])
        #expect(web == .usage)
        #expect(scheme.contains("use a build folder, file:///absolute/path or s3://bucket/prefix"))
    }

    @Test func aPublishedDirectoryBucketIsRead() async throws {
        let bucket = "file://\(folder.appendingPathComponent("bucket").path)"
        let (published, _, errors) = await run(["publish", "--to", bucket])
        try #require(published == .success, "publish failed: \(errors)")
        let screens = try await screens(["--published", bucket])
        expectShares(screens["whats-new"], full: 0.61, fallbacks: 0, cannotFetch: 0.39)
        expectShares(screens["home"], full: 0.61, fallbacks: 0.39, cannotFetch: 0)
        #expect(elements(screens["home"], contract: 1) == ["component:productCard", "enum:TextStyle.display"])
        let (code, out, _) = await run(["contract", "coverage", "--installs", "installs.csv", "--published", bucket])
        #expect(code == .success)
        #expect(out.contains("(contract 4) of \(bucket), 4 client versions from installs.csv"))
    }

    @Test func theJSONFormOfTheInstallsFileReadsTheSame() async throws {
        try await build()
        try write(
            """
            {"format": 1, "clients": [
              {"appVersion": "4.2.0", "contract": 2, "share": 0.55},
              {"appVersion": "4.1.3", "contract": 1, "share": 0.30},
              {"appVersion": "4.0.0", "contract": 1, "share": 0.09},
              {"appVersion": "4.2.1 (beta)", "contract": 2, "share": 0.06}
            ]}
            """, to: "installs.json")
        let (csvCode, csv, _) = await run(["contract", "coverage", "--installs", "installs.csv"])
        let (jsonCode, json, _) = await run(["contract", "coverage", "--installs", "installs.json"])
        #expect(csvCode == .success && jsonCode == .success)
        #expect(json == csv.replacingOccurrences(of: "installs.csv", with: "installs.json"))
    }

    @Test func elementsOfAnotherBuildAreUnknownAndPrettyBuildsAreRecognized() async throws {
        try await build(arguments: ["--pretty"])
        let pretty = try await screens([])
        #expect(elements(pretty["settings"], contract: 1) == ["component:divider"])
        // This checkout no longer has the settings screen: the manifest's objects are not its build.
        var changed = Self.catalog
        changed.screens.removeAll { $0.id == "settings" }
        changed.externalScreens.insert("settings")
        let (code, out, _) = await run(
            ["contract", "coverage", "--installs", "installs.csv", "--format", "json"], catalog: changed)
        #expect(code == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let settings = try #require(
            (object["screens"] as? [[String: Any]])?.first { $0["id"] as? String == "settings" })
        let group = try #require((settings["contracts"] as? [[String: Any]])?.first)
        #expect(group["outcome"] as? String == "fallbacks")
        #expect(group["elements"] is NSNull)
        #expect(
            (object["notes"] as? [String])?.contains {
                $0
                    == "the fallback elements of settings are unknown: this checkout does not build the manifest's objects for it (built from another commit?)"
            } == true, "\(object["notes"] ?? "")")
    }

    @Test func aClientNewerThanTheManifestIsServedTheNewestPayloadWithANote() async throws {
        // A build from version 1 of the history only: the manifest's contract is 1.
        let older = folder.appendingPathComponent("Older")
        try FileManager.default.createDirectory(
            at: older.appendingPathComponent("history"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ExampleApp.historyFolder.appendingPathComponent("1.json"),
            to: older.appendingPathComponent("history/1.json"))
        try await build(App.catalog, arguments: ["--contract", "Older"])
        let (code, out, errors) = await run(
            ["contract", "coverage", "--installs", "installs.csv"], catalog: App.catalog)
        #expect(code == .success, "\(errors)")
        #expect(out.contains("(contract 1) of dist"))
        #expect(out.contains("sign-in            full 100.0%, fallbacks 0.0%, cannot fetch 0.0%"))
        #expect(
            out.contains(
                "note: app version 4.2.0 decodes contract 2, newer than the manifest's 1: it is served contract 1's payload, in full"
            ))
    }

    @Test func theEdgeLogsObservedClientVersionsAreTheInstalls() async throws {
        try await build()
        let record = { (client: String) in HealthCommandTests.record("home", client: client, served: 2, status: 200) }
        let lines =
            Array(repeating: record("2"), count: 5) + Array(repeating: record("1"), count: 3) + [
                record("4"), record("99"),
            ]
            + [record("none"), record("none"), record("malformed"), "not a record"]
        try write(lines.joined(separator: "\n") + "\n", to: "edge.log")
        let (code, out, errors) = await run(
            ["contract", "coverage", "--observed", "edge.log", "--format", "json", "--min-full-share", "0.7"])
        #expect(code == .success, "\(errors)")
        #expect(errors.contains("warning: 1 line skipped (not response records); the first: edge.log: line 14"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(object["installs"] as? String == "13 responses in edge.log")
        let clients = try #require(object["clients"] as? [[String: Any]])
        #expect(
            clients.map { $0["appVersion"] as? String } == ["contract >4", "contract 4", "contract 2", "contract 1"])
        #expect(clients.map { $0["contract"] as? Int } == [4, 4, 2, 1])
        #expect(clients.map { $0["share"] as? Double } == [0.1, 0.1, 0.5, 0.3])
        #expect(
            object["notes"] as? [String] == [
                "1 response declared contract versions above 4 (up to 99): they are served contract 4's payload, counted as \"contract >4\"",
                "3 responses declared no contract version or a malformed one (browsers, probes): left out of the shares",
            ])
        let screens = Dictionary(
            uniqueKeysWithValues: try #require(object["screens"] as? [[String: Any]]).map {
                ($0["id"] as? String ?? "", $0)
            })
        expectShares(screens["home"], full: 0.7, fallbacks: 0.3, cannotFetch: 0)
        expectShares(screens["whats-new"], full: 0.7, fallbacks: 0, cannotFetch: 0.3)
        // The gate reads them as it reads an installs file; standard input and several logs too.
        let (below, _, reasons) = await run([
            "contract", "coverage", "--observed", "edge.log", "--min-full-share", "0.8",
        ])
        #expect(
            below == .violations && reasons.contains("error: screen \"home\" renders fully for 70.0%"), "\(reasons)")
        try write(lines.prefix(5).joined(separator: "\n") + "\n", to: "a.log")
        try write(lines.dropFirst(5).joined(separator: "\n"), to: "b.log")
        let (split, text, _) = await run(["contract", "coverage", "--observed", "a.log", "b.log"])
        #expect(split == .success && text.contains("4 client versions from 13 responses in 2 logs"), "\(text)")
    }

    @Test func observedLogsGetClearErrors() async throws {
        try await build()
        try write(HealthCommandTests.record("home", client: "none", served: 1, status: 200) + "\n", to: "none.log")
        try write("no records here\n", to: "other.log")
        for (arguments, code, message) in [
            (["--observed"], ExitCode.usage, "--observed needs the edge logs to read"),
            (
                ["--observed", "none.log", "--installs", "installs.csv"], .usage,
                "give --installs FILE or --observed LOG..., not both"
            ),
            (["none.log"], .usage, "unexpected argument 'none.log' (logs are read with --observed)"),
            ([], .usage, "or --observed LOG... (edge logs)"),
            (["--observed", "missing.log"], .failure, "missing.log: no such file, or it cannot be read"),
            (["--observed", "other.log"], .failure, "no response record in the log"),
            (["--observed", "none.log"], .failure, "none of the 1 response records declares a contract version"),
        ] {
            let (exit, out, errors) = await run(["contract", "coverage"] + arguments + ["--out", "report.txt"])
            #expect(exit == code && errors.contains(message), "\(arguments): \(errors)")
            #expect(out.isEmpty, "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.txt").path))
        }
    }

    @Test func helpDescribesTheCommandAndTheFiles() async throws {
        let (code, out, _) = await run(["contract", "coverage", "--help"])
        #expect(code == .success)
        #expect(out.contains("USAGE: screenkit contract coverage (--installs FILE | --observed LOG...)"))
        #expect(out.contains("--observed LOG... Instead of an installs file"))
        #expect(out.contains("app_version,contract,share"))
        #expect(out.contains("--min-full-share S"))
        let (_, contract, _) = await run(["contract", "--help"])
        #expect(contract.contains("coverage  Which share of installed clients"))
    }
}

/// `InstalledClients`, the reader of installs files, on its own.
@Suite struct InstalledClientsTests {
    @Test func csvExportsWithQuotesExtraColumnsAndWindowsLineEndings() throws {
        let bytes = Array(
            "\u{FEFF}Platform,Share,App_Version,Contract\r\niOS,0.7,\"4.2.0 (812)\",2\r\niOS,\"0.3\",4.1.3,1\r\n\r\n"
                .utf8)
        let clients = try InstalledClients.decode(bytes, path: "installs.csv").clients
        #expect(clients.map(\.appVersion) == ["4.2.0 (812)", "4.1.3"])
        #expect(clients.map(\.contract) == [2, 1])
        #expect(clients.map(\.share) == [0.7, 0.3])
        #expect(clients.map(\.origin) == ["line 2", "line 3"])
    }

    @Test func limitsAreCheckedBeforeAndWhileReading() throws {
        var rows = "app_version,contract,share\n"
        for index in 0...InstalledClients.maximumClients { rows += "1.\(index),1,0\n" }
        #expect(throws: InstalledClients.Invalid.self) {
            try InstalledClients.decode(Array(rows.utf8), path: "big.csv")
        }
        do {
            _ = try InstalledClients.decode(Array(rows.utf8), path: "big.csv")
        } catch {
            #expect(error.description.contains("more than 10000 client versions"))
        }
        let large = [UInt8](repeating: 0x20, count: InstalledClients.maximumBytes + 1)
        do {
            _ = try InstalledClients.decode(large, path: "large.csv")
            Issue.record("a file over the limit was read")
        } catch {
            #expect(error.description == "large.csv: 1048577 bytes; an installs file may hold at most 1048576")
        }
        // Quotes inside an unquoted field are literal, and cost the same as any other byte.
        let quotes = Array(("app_version,contract,share\n4" + String(repeating: "\"", count: 500_000) + ",1,1\n").utf8)
        do {
            _ = try InstalledClients.decode(quotes, path: "quotes.csv")
            Issue.record("a version of quotes was read")
        } catch {
            #expect(error.description.hasPrefix("quotes.csv: line 2: app version \"4\"\"\""))
        }
        let deep = Array(#"{"format": 1, "clients": [{"appVersion": [["4"]]}]}"#.utf8)
        do {
            _ = try InstalledClients.decode(deep, path: "deep.json")
            Issue.record("a nested file was read")
        } catch {
            #expect(error.description.contains("nests 3 levels at most"))
        }
    }
}
