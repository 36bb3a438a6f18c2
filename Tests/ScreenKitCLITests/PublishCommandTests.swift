import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenEdge
import ScreenKit
import ScreenKitCLI
import Testing

/// `screenkit publish` through the CLI, to a directory bucket; S3 is covered by the integration tests.
@Suite struct PublishCommandTests {
    let folder: URL
    let bucket: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-publish-cli-\(UUID().uuidString)")
        bucket = folder.appendingPathComponent("bucket")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Screens"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ContractCommandTests.repositoryContract, to: folder.appendingPathComponent("Screens/Contract"))
    }

    func run(_ arguments: [String], catalog: Catalog = App.catalog, environment: [String: String] = [:]) async
        -> (ExitCode, String, String)
    {
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path, environment: environment)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    var target: String { "file://\(bucket.path)" }

    @Test func publishThenRepublishThenDryRun() async throws {
        let (first, out, _) = await run(["publish", "--to", target])
        #expect(first == .success)
        #expect(out.contains("published manifest "))
        // 26 envelope objects (the product pages' events give their contract-3 variants bytes of
        // their own, the tokens of sign-in, settings and two product pages their contract-4
        // variants), 9 more for the home screen's other three combinations of experiment arms (a
        // full envelope and two variants each), the manifest, and the schemas of contracts 1 to 4
        // and of the full envelopes, and the Swift, TypeScript and Kotlin decoders of contracts 1 to 4.
        #expect(out.contains("to \(target): uploaded 52 objects"), "\(out)")
        #expect(FileManager.default.fileExists(atPath: bucket.appendingPathComponent("screens/home").path))
        for schema in [
            "contracts/1/schema.json", "contracts/2/schema.json", "contracts/full/schema.json",
            "contracts/1/ScreenModel.swift", "contracts/2/ScreenModel.ts", "contracts/2/ScreenModel.kt",
            "contracts/3/schema.json", "contracts/3/ScreenModel.swift", "contracts/4/schema.json",
            "contracts/4/ScreenModel.kt",
        ] {
            #expect(FileManager.default.fileExists(atPath: bucket.appendingPathComponent(schema).path), "\(schema)")
        }
        let (second, again, _) = await run(["publish", "--to", target])
        #expect(second == .success)
        #expect(again.contains("\(target) is up to date: nothing uploaded (52 objects already present)"))
        var changed = App.catalog
        changed.screens[0].title = "Hello"
        let (dry, plan, _) = await run(["publish", "--to", target, "--dry-run"], catalog: changed)
        #expect(dry == .success)
        #expect(plan.contains("dry run: nothing is changed in \(target)"))
        #expect(plan.contains("would upload objects/"))
        #expect(plan.contains("already present: 49 objects"), "\(plan)")
        #expect(plan.contains("would write alias screens/sign-in"))
        let (_, unchanged, _) = await run(["publish", "--to", target])
        #expect(unchanged.contains("is up to date"), "the dry run changed nothing")
    }

    /// `dist/` is the exact image of what `publish` uploads, whatever either has seen before: after
    /// the bucket served another build, a fresh `build` writes the bucket's manifest and pointer,
    /// and `screenkit edge` of `dist/` writes the very router `publish --edge` uploaded.
    @Test func distIsTheImageThePublishUploadsAndItsRouterTheBucketsRouter() async throws {
        var earlier = App.catalog
        earlier.screens[0].title = "Earlier"
        #expect(await run(["publish", "--to", target], catalog: earlier).0 == .success)
        let (published, _, errors) = await run(["publish", "--to", target, "--edge", "--unit-cookie", "uid"])
        #expect(published == .success, "\(errors)")
        #expect(await run(["build"]).0 == .success)
        func bytes(_ root: URL, _ path: String) -> Data? {
            FileManager.default.contents(atPath: root.appendingPathComponent(path).path)
        }
        let dist = folder.appendingPathComponent("dist")
        let distPointer = try #require(Pointer.decode([UInt8](bytes(dist, "pointer.json") ?? Data())))
        let bucketPointer = try #require(Pointer.decode([UInt8](bytes(bucket, "pointer.json") ?? Data())))
        #expect(distPointer.manifest == bucketPointer.manifest, "dist/'s manifest is the published one")
        let files = try #require(FileManager.default.enumerator(atPath: dist.path)?.allObjects as? [String])
        for path in files where !path.hasSuffix("/") && bytes(dist, path) != nil && path != "pointer.json" {
            #expect(bytes(dist, path) == bytes(bucket, path), "\(path)")
        }
        let (edge, edgeOut, edgeErrors) = await run(["edge", "--unit-cookie", "uid"])
        #expect(edge == .success, "\(edgeErrors)")
        #expect(edgeOut.contains("manifest \(bucketPointer.manifest.prefix(12))"), "\(edgeOut)")
        for (name, hash) in bucketPointer.edge {
            #expect(
                bytes(folder.appendingPathComponent("edge"), name) == bytes(bucket, "edge/\(hash)/\(name)"), "\(name)")
        }
    }

    /// `--edge` (or the config's `"edge"`) publishes the edge router beside the manifest and says
    /// where each file is; the same router again uploads nothing.
    @Test func theEdgeRouterIsPublishedWhereThePointerNamesIt() async throws {
        let (code, out, errors) = await run(["publish", "--to", target, "--edge", "--unit-cookie", "uid"])
        #expect(code == .success, "\(errors)")
        // 52 objects and five router files.
        #expect(out.contains("uploaded 57 objects"), "\(out)")
        let pointer = try #require(
            Pointer.decode([UInt8](try Data(contentsOf: bucket.appendingPathComponent("pointer.json")))))
        #expect(pointer.edge.count == 5)
        for (name, hash) in pointer.edge {
            #expect(out.contains("edge router \(name): edge/\(hash)/\(name)\n"), "\(out)")
            #expect(FileManager.default.fileExists(atPath: bucket.appendingPathComponent("edge/\(hash)/\(name)").path))
        }
        let fetch = try String(
            contentsOf: bucket.appendingPathComponent(
                "edge/\(pointer.edge["screenkit-edge.mjs"] ?? "")/screenkit-edge.mjs"),
            encoding: .utf8)
        #expect(fetch.contains(#"var SCREENKIT_OPTIONS = {"unit":{"cookie":"uid"},"allowsOverrides":false};"#))
        // The config's "edge" says the same: nothing to upload.
        try Data(#"{"format": 1, "edge": "cookie:uid"}"#.utf8).write(
            to: folder.appendingPathComponent("screenkit.json"))
        let (again, unchanged, _) = await run(["publish", "--to", target])
        #expect(again == .success)
        #expect(unchanged.contains("is up to date: nothing uploaded (57 objects already present)"), "\(unchanged)")
        // Another unit source moves the pointer to three new routers (the table is the same).
        let (dry, plan, _) = await run(["publish", "--to", target, "--unit-header", "X-User-ID", "--dry-run"])
        #expect(dry == .success)
        #expect(plan.contains("would move the pointer to name another edge router"), "\(plan)")
        #expect(plan.components(separatedBy: "would upload edge/").count == 4, "\(plan)")
        let (usage, _, usageErrors) = await run(["publish", "--to", target, "--unit-query", "a b"])
        #expect(usage == .usage)
        #expect(usageErrors.contains("is not a header, cookie or parameter name"))
    }

    /// `"records": true` beside `"edge"` makes `publish` upload the router that writes records, as
    /// `--records` does (never silently one that logs nothing), and `--verbose` says which unit and
    /// records setting each command used and where they came from.
    @Test func theConfigsRecordsKeyIsTheRecordsFlag() async throws {
        let (flagged, _, flagErrors) = await run([
            "publish", "--to", target, "--edge", "--unit-cookie", "uid", "--records", "--dry-run",
        ])
        #expect(flagged == .success, "\(flagErrors)")
        try Data(#"{"format": 1, "edge": "cookie:uid", "records": true}"#.utf8).write(
            to: folder.appendingPathComponent("screenkit.json"))
        let (code, out, errors) = await run(["publish", "--to", target, "--verbose"])
        #expect(code == .success, "\(errors)")
        #expect(
            errors.contains(
                #"screenkit publish: router: unit cookie:uid (config "edge"), records on (config "records"), overrides off"#
            ), "\(errors)")
        #expect(errors.contains("edge cookie:uid with records"), "the config's summary says it too: \(errors)")
        let pointer = try #require(
            Pointer.decode([UInt8](try Data(contentsOf: bucket.appendingPathComponent("pointer.json")))))
        let njs = try String(
            contentsOf: bucket.appendingPathComponent(
                "edge/\(pointer.edge[EdgeRouter.njsFile] ?? "")/\(EdgeRouter.njsFile)"),
            encoding: .utf8)
        #expect(njs.contains("function skRecordString("), "the uploaded router writes records")
        #expect(out.contains("edge router \(EdgeRouter.njsFile)"), "\(out)")
        #expect(await run(["build"]).0 == .success)
        let (edge, _, edgeErrors) = await run(["edge", "--verbose", "--unit-header", "X-User-ID"])
        #expect(edge == .success, "\(edgeErrors)")
        #expect(
            edgeErrors.contains(
                #"screenkit edge: router: unit header:X-User-ID (flag), records on (config "records"), overrides off"#),
            "\(edgeErrors)")
        // A records setting without a router, or not a boolean, is a usage error naming the key.
        for (config, message) in [
            (#"{"format": 1, "records": true}"#, #""records" is a setting of the edge router: it needs "edge""#),
            (#"{"format": 1, "edge": "none", "records": "yes"}"#, #""records" must be true or false"#),
        ] {
            try Data(config.utf8).write(to: folder.appendingPathComponent("screenkit.json"))
            let (usage, _, usageErrors) = await run(["publish", "--to", target])
            #expect(usage == .usage && usageErrors.contains(message), "\(usageErrors)")
        }
    }

    /// What the bucket holds decides the exit status: a tampered object is a violation (1), a
    /// pointer file that cannot be read is an environment failure (3); the dry run says when the
    /// bucket is already up to date.
    @Test func aTamperedObjectOrAnUnreadablePointerStopsThePublishWithItsExitStatus() async throws {
        #expect(await run(["publish", "--to", target]).0 == .success)
        let (dry, plan, _) = await run(["publish", "--to", target, "--dry-run"])
        #expect(dry == .success)
        #expect(plan.contains("up to date: the pointer already names"))

        var changed = App.catalog
        changed.screens[0].title = "Hello"
        let layout = BucketLayout(
            screens: Compiler(catalog: changed).compile(
                CompileOptions(
                    history: ContractHistory.load(from: folder.appendingPathComponent("Screens/Contract/history"))
                        .versions.map(\.contract))
            ).screens,
            contract: 2, history: [])
        let existing = Set(
            (FileManager.default.enumerator(atPath: bucket.path)?.allObjects as? [String] ?? []).filter {
                $0.hasPrefix("objects/")
            })
        let victim = try #require(
            layout.immutablePaths.sorted().first { $0.hasPrefix("objects/") && !existing.contains($0) })
        let url = bucket.appendingPathComponent(victim)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("tampered".utf8).write(to: url)
        let (conflict, _, conflictErrors) = await run(["publish", "--to", target], catalog: changed)
        #expect(conflict == .violations)
        #expect(conflictErrors.contains("error: "))

        try Data("not a pointer".utf8).write(to: bucket.appendingPathComponent("pointer.json"))
        let (corrupt, _, corruptErrors) = await run(["publish", "--to", target])
        #expect(corrupt == .failure)
        #expect(corruptErrors.contains("is not a pointer file"))
    }

    @Test func pendingContractElementsAreRefused() async throws {
        var catalog = App.catalog
        catalog.components.append(
            ComponentSchema(type: "chip", props: [.required("label", .string)], fallback: .drop))
        let chip = Node(
            type: "chip", props: [Prop(key: "label", value: "x")], fallback: .drop,
            source: SourceLocation(file: #filePath, line: #line, column: 1))
        catalog.screens[0] = Screen("sign-in") { Column { chip } }
        let (code, _, errors) = await run(["publish", "--to", target], catalog: catalog)
        #expect(code == .violations)
        #expect(errors.contains("error: [contract-pending] screen \"sign-in\" uses component:chip"))
        #expect(errors.contains("publish refused: 1 error; nothing was uploaded"))
        #expect(!FileManager.default.fileExists(atPath: bucket.path))
    }

    @Test(arguments: ["s3://", "s3://A_B/x", "ftp://x", "file://relative/path", "bucket/prefix"])
    func malformedBucketURLsAreUsageErrors(url: String) async {
        let (code, _, errors) = await run(["publish", "--to", url])
        #expect(code == .usage)
        #expect(errors.contains("error: "))
    }

    @Test func missingCredentialsAndBadOptions() async {
        let (code, _, errors) = await run(["publish", "--to", "s3://screens-bucket/app"])
        #expect(code == .failure)
        #expect(errors.contains("missing credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"))
        let credentials = ["AWS_ACCESS_KEY_ID": "a", "AWS_SECRET_ACCESS_KEY": "b"]
        #expect(
            await run(["publish", "--to", "s3://screens-bucket", "--endpoint", "nope"], environment: credentials).0
                == .usage)
        #expect(await run(["publish", "--to", target, "--endpoint", "http://x"]).0 == .usage)
        #expect(await run(["publish"]).0 == .usage)
        for option in [["--timeout", "0"], ["--timeout", "soon"], ["--attempts", "0"]] {
            let (code, _, errors) = await run(
                ["publish", "--to", "s3://screens-bucket"] + option, environment: credentials)
            #expect(code == .usage, "\(option)")
            #expect(errors.contains("error: \(option[0]) needs"))
        }
    }

    /// `--timeout` and `--attempts` are checked for every bucket, before anything is compiled, read
    /// or written, and before the credentials are looked for.
    @Test(arguments: [
        ["--timeout", "abc"], ["--timeout", "0"], ["--timeout", "-1"], ["--timeout", "nan"], ["--timeout", "inf"],
        ["--timeout", "-infinity"], ["--timeout", ""], ["--timeout", "1e300"], ["--timeout=30s"],
        ["--attempts", "abc"], ["--attempts", "0"], ["--attempts", "-2"], ["--attempts", "1.5"],
        ["--attempts", "99999999999999999999"], ["--attempts="],
    ])
    func malformedRetryOptionsAreUsageErrors(option: [String]) async {
        let name = String(option[0].prefix { $0 != "=" })
        let value = option.count > 1 ? option[1] : String(option[0].drop { $0 != "=" }.dropFirst())
        for to in [target, "s3://screens-bucket/app"] {
            let (code, out, errors) = await run(["publish", "--to", to] + option)
            #expect(code == .usage, "\(to) \(option)")
            #expect(errors.contains("error: \(name) "), "\(errors)")
            #expect(errors.contains("got '\(value)'"), "\(errors)")
            #expect(out.isEmpty, "nothing was published: \(out)")
        }
        #expect(!FileManager.default.fileExists(atPath: bucket.path), "the bucket was not touched")
    }

    @Test func wellFormedRetryOptionsAreAcceptedForADirectoryBucket() async {
        let (code, out, errors) = await run(["publish", "--to", target, "--timeout", "2.5", "--attempts", "3"])
        #expect(code == .success, "\(errors)")
        #expect(out.contains("published manifest "))
    }

    @Test func anUnreachableEndpointIsAnEnvironmentFailure() async {
        let environment = ["AWS_ACCESS_KEY_ID": "a", "AWS_SECRET_ACCESS_KEY": "b"]
        let (code, _, errors) = await run(
            [
                "publish", "--to", "s3://screens-bucket/app", "--endpoint", "http://127.0.0.1:9", "--attempts", "2",
                "--timeout", "2",
            ],
            environment: environment)
        #expect(code == .failure)
        #expect(errors.contains("error: GET s3://screens-bucket/app/pointer.json"))
    }
}
