import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenEdge
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// `screenkit edge`: the router of a build folder, written as the library makes it, and every bad
/// input a clear error that writes nothing.
@Suite struct EdgeCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-edge-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Screens"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ExampleApp.contractFolder, to: folder.appendingPathComponent("Screens/Contract"))
    }

    func run(_ arguments: [String], catalog: Catalog = App.catalog) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    @Test func writesTheRouterOfTheBuildFolder() async throws {
        #expect(await run(["build"]).0 == .success)
        let (code, out, errors) = await run(["edge", "--unit-cookie", "uid", "--allow-overrides"])
        #expect(code == .success, "\(errors)")
        #expect(out.contains("wrote the edge router of manifest"), "\(out)")
        let dist = folder.appendingPathComponent("dist")
        let pointer = try #require(
            Pointer.decode([UInt8](try Data(contentsOf: dist.appendingPathComponent("pointer.json")))))
        let manifest = try Manifest.decode(
            [UInt8](try Data(contentsOf: dist.appendingPathComponent(BucketLayout.manifest(pointer.manifest)))))
        var objects: [String: [UInt8]] = [:]
        for object in BucketLayout.objects(of: manifest) {
            objects[object] = [UInt8](try Data(contentsOf: dist.appendingPathComponent(BucketLayout.object(object))))
        }
        let expected = try EdgeRouter(
            manifest: manifest, manifestHash: pointer.manifest, objects: objects,
            options: EdgeRouter.Options(unit: .cookie("uid"), allowsOverrides: true))
        for file in expected.files {
            let written = try Data(contentsOf: folder.appendingPathComponent("edge/\(file.name)"))
            #expect([UInt8](written) == file.bytes, "\(file.name)")
        }
        // Run again: the same bytes.
        #expect(await run(["edge", "--unit-cookie", "uid", "--allow-overrides"]).0 == .success)
        let again = try Data(contentsOf: folder.appendingPathComponent("edge/\(EdgeRouter.njsFile)"))
        #expect([UInt8](again) == expected.files[1].bytes)
    }

    @Test func theConfigsEdgeNamesTheUnitAndAFlagOverridesIt() async throws {
        try Data(#"{"format": 1, "edge": "header:X-Device"}"#.utf8).write(
            to: folder.appendingPathComponent("screenkit.json"))
        #expect(await run(["build"]).0 == .success)
        func options() throws -> String {
            let text = try String(contentsOf: folder.appendingPathComponent("edge/screenkit-edge.mjs"), encoding: .utf8)
            return text.components(separatedBy: "\n").first { $0.hasPrefix("var SCREENKIT_OPTIONS") } ?? ""
        }
        #expect(await run(["edge"]).0 == .success)
        #expect(try options() == #"var SCREENKIT_OPTIONS = {"unit":{"header":"x-device"},"allowsOverrides":false};"#)
        #expect(await run(["edge", "--unit-query", "user"]).0 == .success)
        #expect(try options() == #"var SCREENKIT_OPTIONS = {"unit":{"query":"user"},"allowsOverrides":false};"#)
        try Data(#"{"format": 1, "edge": "none"}"#.utf8).write(to: folder.appendingPathComponent("screenkit.json"))
        #expect(await run(["edge"]).0 == .success)
        #expect(try options() == #"var SCREENKIT_OPTIONS = {"unit":null,"allowsOverrides":false};"#)
    }

    @Test func badInputIsAClearErrorAndWritesNothing() async throws {
        let (missing, _, missingErrors) = await run(["edge"])
        #expect(missing == .failure)
        #expect(missingErrors.contains("no build here"), "\(missingErrors)")
        #expect(await run(["build"]).0 == .success)
        let (two, _, twoErrors) = await run(["edge", "--unit-header", "X-User", "--unit-cookie", "uid"])
        #expect(two == .usage)
        #expect(twoErrors.contains("name one unit source"), "\(twoErrors)")
        let (spaced, _, spacedErrors) = await run(["edge", "--unit-header", "X User"])
        #expect(spaced == .usage)
        #expect(spacedErrors.contains("is not a header, cookie or parameter name"), "\(spacedErrors)")
        // An object the manifest names is gone: exit 3, nothing written.
        let objects = folder.appendingPathComponent("dist/objects")
        let first = try #require(try FileManager.default.contentsOfDirectory(atPath: objects.path).sorted().first)
        try FileManager.default.removeItem(at: objects.appendingPathComponent(first))
        let (gone, _, goneErrors) = await run(["edge"])
        #expect(gone == .failure)
        #expect(goneErrors.contains("the object the manifest names cannot be read"), "\(goneErrors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("edge").path))
        let (help, helpOut, _) = await run(["edge", "--help"])
        #expect(help == .success && helpOut.contains("USAGE: screenkit edge"))
    }

    @Test func withRecordsTheRoutersLogAndTheTableHoldsTheFallbacksOfTheCatalogsBuild() async throws {
        #expect(await run(["build"]).0 == .success)
        let (code, _, errors) = await run(["edge", "--unit-cookie", "uid", "--records"])
        #expect(code == .success, "\(errors)")
        func written(_ name: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent("edge/\(name)"), encoding: .utf8)
        }
        #expect(try written(EdgeRouter.tableFile).contains(#""fallbacks":{""#))
        #expect(try written(EdgeRouter.njsFile).contains("record: skNjsRecord"))
        #expect(try written(EdgeRouter.lambdaEdgeFile).contains("console.log(skRecordLine("))
        #expect(try written(EdgeRouter.fetchFile).contains("export async function handle(request, origin, onRecord)"))
        let first = try written(EdgeRouter.tableFile)
        #expect(await run(["edge", "--unit-cookie", "uid", "--records"]).0 == .success)
        #expect(try written(EdgeRouter.tableFile) == first)
        // A build of another catalog (one more screen): its objects have no variant here; nothing is replaced.
        #expect(await run(["build"], catalog: EdgeFixture.catalog).0 == .success)
        let (other, _, otherErrors) = await run(["edge", "--records", "--out", "edge-other"])
        #expect(other == .failure)
        #expect(otherErrors.contains("built from another catalog"), "\(otherErrors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("edge-other").path))
        // Without --records the same build's routers carry none of it.
        #expect(await run(["edge", "--out", "edge-plain"]).0 == .success)
        let plain = try String(
            contentsOf: folder.appendingPathComponent("edge-plain/\(EdgeRouter.njsFile)"), encoding: .utf8)
        #expect(!plain.contains("skNjsRecord") && !plain.contains("//@"))
    }
}
