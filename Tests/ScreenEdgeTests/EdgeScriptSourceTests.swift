import ExampleScreens
import Foundation
import ScreenTestSupport
import Testing

@testable import ScreenEdge

/// The routers' JavaScript lives in `Sources/ScreenEdge/JavaScript`: the binary embeds each file
/// byte for byte (`Scripts/embed-javascript.py` regenerates the copy), and every router written
/// from them — each engine, with and without records — passes `tsc --checkJs --strict`.
@Suite struct EdgeScriptSourceTests {
    static let folder = ExampleApp.root.appendingPathComponent("Sources/ScreenEdge/JavaScript")

    @Test func everyFileIsEmbeddedByteForByte() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".js") || $0.hasSuffix(".mjs") }.sorted()
        #expect(names == EdgeScriptSource.files.keys.sorted(), "run python3 Scripts/embed-javascript.py")
        for name in names {
            let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            #expect(
                Array(bytes) == Array((EdgeScriptSource.files[name] ?? "").utf8),
                "the embedded \(name) differs from its file: run python3 Scripts/embed-javascript.py")
        }
    }

    @Test(.needs(.typeScript)) func everyRouterPassesTheTypeCheckerStrictly() throws {
        let tsc = try ExternalTool.typeScript.require()[0]
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-edge-tsc-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let variants: [(String, EdgeRouter)] = [
            ("plain", try EdgeFixture.router(unit: .header("X-User-ID"), allowsOverrides: false)),
            ("records", try EdgeFixture.router(unit: .cookie("uid"), allowsOverrides: true, records: true)),
            ("canary", try CanaryFixture.router(basisPoints: 2500, unit: .header("X-User-ID"), records: true)),
        ]
        for (name, router) in variants {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var scripts: [String] = []
            for file in router.files where file.name.hasSuffix(".js") || file.name.hasSuffix(".mjs") {
                try Data(file.bytes).write(to: folder.appendingPathComponent(file.name))
                scripts.append(folder.appendingPathComponent(file.name).path)
            }
            #expect(scripts.count == 3)
            let (status, output) = TestPython.run(
                tsc,
                [
                    "--allowJs", "--checkJs", "--noEmit", "--strict", "--target", "es2020", "--module", "es2020",
                    "--lib", "es2020,dom", Self.folder.appendingPathComponent("edge-types.d.ts").path,
                ] + scripts)
            #expect(status == 0, "tsc, \(name) routers: \(output)")
        }
    }
}
