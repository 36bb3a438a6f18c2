import ExampleScreens
import Foundation
import ScreenClients
import ScreenCompiler
import ScreenCrypto
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// `screenkit build` end to end through the CLI front end.
@Suite struct BuildCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Screens"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ContractCommandTests.repositoryContract, to: folder.appendingPathComponent("Screens/Contract"))
    }

    func run(_ arguments: [String], catalog: Catalog = App.catalog) async -> (ExitCode, Terminal) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal)
    }

    func files(under path: String) -> [String] {
        let root = folder.appendingPathComponent(path)
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        return (enumerator?.allObjects as? [String] ?? []).filter { name in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(
                atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }.sorted()
    }

    func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(path)))
    }

    func manifest(in out: String = "dist") throws -> (hash: String, manifest: Manifest) {
        let pointer = try #require(Pointer.decode(try read("\(out)/pointer.json")))
        return (pointer.manifest, try Manifest.decode(try read("\(out)/manifests/\(pointer.manifest).json")))
    }

    @Test func buildWritesTheBucketImage() async throws {
        let (code, terminal) = await run(["build"])
        #expect(code == .success, "\(terminal.standardError)")
        let ids = App.catalog.screens.map(\.id)
        let all = files(under: "dist")
        for id in ids {
            #expect(all.contains("screens/\(id)"))
            #expect(all.contains("contracts/1/screens/\(id)"))
            #expect(all.contains("contracts/2/screens/\(id)"))
            #expect(all.contains("contracts/3/screens/\(id)"))
            #expect(all.contains("contracts/4/screens/\(id)"))
            #expect(try read("dist/screens/\(id)") == read("dist/contracts/1/screens/\(id)"), "oldest variant")
        }
        let (hash, manifest) = try manifest()
        #expect(SHA256.hexDigest(try read("dist/manifests/\(hash).json")) == hash)
        #expect(manifest.contract == 4 && manifest.previous == nil)
        #expect(manifest.history.count == 4)
        #expect(manifest.screens.map(\.id) == ids.sorted())
        var objects: Set<String> = []
        for screen in manifest.screens {
            objects.insert(screen.full)
            for variant in screen.variants {
                objects.insert(variant.object)
                #expect(
                    try read("dist/contracts/\(variant.contract)/screens/\(screen.id)")
                        == read("dist/objects/\(variant.object).json"))
            }
            // Every combination of a screen's experiment arms, stored once per distinct bytes.
            for combination in screen.combinations {
                objects.insert(combination.full)
                for variant in combination.variants { objects.insert(variant.object) }
            }
        }
        #expect(manifest.screens.first { $0.id == "home" }?.combinations.count == 4)
        // And the JSON Schemas of contracts 1 to 4 and of the full envelopes, at their aliases too.
        #expect(manifest.schemas.map(\.contract) == [1, 2, 3, 4])
        let schemas = manifest.schemas.map(\.object) + [try #require(manifest.fullSchema)]
        for (path, object) in zip(
            [
                "contracts/1/schema.json", "contracts/2/schema.json", "contracts/3/schema.json",
                "contracts/4/schema.json", "contracts/full/schema.json",
            ], schemas)
        {
            #expect(try read("dist/\(path)") == read("dist/objects/\(object).json"), "\(path)")
        }
        for object in objects {
            let bytes = try read("dist/objects/\(object).json")
            #expect(SHA256.hexDigest(bytes) == object, "objects are named by the SHA-256 of their bytes")
            #expect(!bytes.contains(0x0A), "published envelopes are compact")
        }
        // Schemas are indented, for the people who read them, and named by their hash too.
        for object in schemas {
            #expect(SHA256.hexDigest(try read("dist/objects/\(object).json")) == object)
        }
        objects.formUnion(schemas)
        // Each frozen version's decoders, beside its schema, named by their hash too.
        #expect(
            manifest.decoders.map { "\($0.contract) \($0.language.rawValue)" } == [
                "1 swift", "1 typescript", "1 kotlin", "2 swift", "2 typescript", "2 kotlin", "3 swift",
                "3 typescript", "3 kotlin", "4 swift", "4 typescript", "4 kotlin",
            ])
        for decoder in manifest.decoders {
            let path = "dist/contracts/\(decoder.contract)/\(decoder.language.fileName)"
            #expect(try read(path) == read("dist/objects/\(decoder.object).json"), "\(path)")
            #expect(SHA256.hexDigest(try read(path)) == decoder.object)
        }
        #expect(
            try String(decoding: read("dist/contracts/2/ScreenModel.ts"), as: UTF8.self)
                == TypeScriptClientModel.source(
                    ExampleApp.history.versions[1].contract, version: 2, sha256: manifest.history[1], profile: .flat))
        objects.formUnion(manifest.decoders.map(\.object))
        #expect(all.filter { $0.hasPrefix("objects/") }.sorted() == objects.map { "objects/\($0).json" }.sorted())
        #expect(
            terminal.standardOutput.contains(
                "home: contract 1, 2, 3, 4 in 2 objects; fallbacks for contract 1; experiments promo-order, cart-reminder: 4 combinations"
            ))
        // Version 4 added the subtitle's token: bytes of their own for version 4 only.
        #expect(terminal.standardOutput.contains("sign-in: contract 1, 2, 3, 4 in 2 objects\n"))
        // Version 3 added the product pages' events, version 4 the badge's token: no fallback for 2.
        #expect(
            terminal.standardOutput.contains(
                "product-aeropress: contract 1, 2, 3, 4 in 4 objects; fallbacks for contract 1\n"))
        #expect(
            terminal.standardOutput.contains(
                "built \(ids.count) screens for contract 4 into dist/: \(objects.count) objects, manifest \(hash.prefix(12))"
            ))
    }

    @Test func rebuildingIsByteIdenticalAndTheManifestDependsOnTheCheckoutAlone() async throws {
        #expect(await run(["build"]).0 == .success)
        let first = try manifest()
        let before = try files(under: "dist").map { try read("dist/\($0)") }
        #expect(await run(["build"]).0 == .success)
        #expect(try files(under: "dist").map { try read("dist/\($0)") } == before)
        var changed = App.catalog
        changed.screens[0].title = "Welcome"
        #expect(await run(["build"], catalog: changed).0 == .success)
        let second = try manifest()
        #expect(second.hash != first.hash)
        #expect(second.manifest.previous == nil)
        // Back to the first catalog: the first build's bytes exactly, whatever was built between.
        #expect(await run(["build"]).0 == .success)
        #expect(try files(under: "dist").map { try read("dist/\($0)") } == before)
    }

    @Test func prettyAndOutOptions() async throws {
        let (code, _) = await run(["build", "--out", "site/out", "--pretty"])
        #expect(code == .success)
        let data = try Data(contentsOf: folder.appendingPathComponent("site/out/screens/home"))
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("{\n  \"format\": 1,\n"))
        let (again, _) = await run(["build", "--out=site/out"])
        #expect(again == .success)
    }

    @Test func aBadCatalogFailsNamingScreenAndLineAndWritesNothing() async throws {
        #expect(await run(["build"]).0 == .success)
        let before = try Data(contentsOf: folder.appendingPathComponent("dist/screens/home"))
        let line = #line + 3
        var bad = App.catalog
        bad.screens = [
            Screen("home") { Spacer(height: .nan) },
            Screen("home") { Text("again") },
            Screen("Bad Name") { Text("x") },
        ]
        let (code, terminal) = await run(["build"], catalog: bad)
        #expect(code == .violations)
        let errors = terminal.standardError
        #expect(errors.contains("BuildCommandTests.swift:\(line):"))
        #expect(errors.contains("error: [number-not-finite]"))
        #expect(errors.contains("error: [screen-id-duplicate] screen ID \"home\""))
        #expect(errors.contains("error: [screen-id-invalid] screen ID \"Bad Name\""))
        #expect(errors.contains("build failed: 3 errors; nothing was written"))
        let after = try Data(contentsOf: folder.appendingPathComponent("dist/screens/home"))
        #expect(after == before, "the previous output is untouched")
        #expect(files(under: "dist").contains("pointer.json"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers == [])
    }

    @Test func aFailedBuildCreatesNoOutputFolder() async {
        let (code, _) = await run(["build"], catalog: Catalog(screens: [Screen("x") {}]))
        #expect(code == .violations)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("dist").path))
    }

    @Test func anUnwritableOutputIsAnIOFailureThatLeavesNoTemporaryFiles() async throws {
        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let (code, terminal) = await run(["build", "--out", "file/dist"])
        #expect(code == .failure)
        #expect(terminal.standardError.hasPrefix("error: cannot create"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["Screens", "file"])
    }

    @Test func usageErrorsAndHelp() async {
        let (unknown, terminal) = await run(["build", "--fast"])
        #expect(unknown == .usage)
        #expect(terminal.standardError.contains("unknown option --fast"))
        #expect(await run(["build", "--out"]).0 == .usage)
        #expect(await run(["build", "extra"]).0 == .usage)
        // An empty output folder would name the working directory, which build replaces.
        #expect(await run(["build", "--out", ""]).0 == .usage)
        #expect(await run(["explain", "id-duplicate", "extra"]).0 == .usage)
        #expect(await run(["publish", "extra", "--to", "file:///tmp/screenkit-never-written"]).0 == .usage)
        #expect(await run(["frobnicate"]).0 == .usage)
        #expect(await run([]).0 == .usage)
        let (help, helpTerminal) = await run(["build", "--help"])
        #expect(help == .success)
        #expect(helpTerminal.standardOutput.contains("USAGE: screenkit build [--out DIR] [--pretty] [--contract DIR]"))
        let (top, topTerminal) = await run(["--help"])
        #expect(top == .success)
        #expect(topTerminal.standardOutput.contains("build"))
    }

    @Test func checkReportsAllProblemsAndExitsOne() async {
        #expect(await run(["check"]).0 == .success)
        let (code, terminal) = await run(["check"], catalog: Catalog(screens: [Screen("A") { Text("x") }]))
        #expect(code == .violations)
        #expect(terminal.standardOutput.contains("error: [screen-id-invalid]"))
    }
}
