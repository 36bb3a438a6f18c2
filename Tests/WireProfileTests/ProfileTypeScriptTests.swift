import ExampleProfiles
import Foundation
import ScreenClients
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenTestSupport
import Testing

/// The TypeScript client model of each wire-profile example app's frozen versions, in the profile
/// that version's clients decode: golden-tested, compiled with tsc under `--strict
/// --noUncheckedIndexedAccess`, run with node over every variant of its version (all decode) and
/// over the payloads of the wrong shape the Swift model refuses (all refused).
@Suite(.serialized) struct ProfileTypeScriptTests {
    static func model(_ example: ProfileExample, _ version: Int) -> String {
        let frozen = example.history.versions[version - 1]
        return TypeScriptClientModel.source(
            frozen.contract, version: version, sha256: frozen.sha256,
            profile: ProfileClientArtifactTests.profile(example, version))
    }

    @Test(arguments: ProfileExample.all)
    func modelsMatchTheirGoldens(_ example: ProfileExample) {
        for version in 1...example.history.versions.count {
            Golden.expect(
                Array(Self.model(example, version).utf8),
                matches: "profiles/\(example.name)/clients/ScreenModel-\(version).ts")
            #expect(Self.model(example, version) == Self.model(example, version))
        }
    }

    /// Every example app's versions, compiled in one tsc run (each model with its driver in a
    /// folder of its own), each run with node over every variant of its version and the wrong
    /// shapes it must refuse.
    @Test(.needs(.typeScript))
    func eachVersionsModelCompilesStrictlyDecodesEveryVariantAndRefusesTheWrongShapes() throws {
        let folder = try ClientArtifacts.folder("profile-typescript")
        defer { try? FileManager.default.removeItem(at: folder) }
        let runs = ProfileExample.all.flatMap { example in
            (1...example.history.versions.count).map { (example, $0) }
        }
        let (scripts, status, diagnostics) = try TypeScriptCheck.compile(
            runs.map { example, version in ("\(example.name)-v\(version)", Self.model(example, version)) },
            label: "profile models", in: folder)
        #expect(status == 0 && diagnostics.isEmpty, "tsc: \(diagnostics)")
        for ((example, version), script) in zip(runs, scripts) {
            let wrong = try ProfileClientArtifactTests.wrongShapes(example)
            let build = folder.appendingPathComponent("payloads/\(example.name)-v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let variants = ProfileClientArtifactTests.variants(example, version)
            let refused = wrong.filter { $0.version == version }
            let (decoded, output) = try TypeScriptCheck.decode(
                script, variants + refused.map { ($0.name, $0.bytes) }, in: build)
            #expect(decoded == (refused.isEmpty ? 0 : 1), "\(example.name)@\(version): \(output)")
            let lines = output.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.hasPrefix("decoded ") }.count == variants.count, "\(output)")
            #expect(lines.filter { $0.hasPrefix("failed ") }.count == refused.count, "\(output)")
            for payload in refused where payload.name == "unknown-type.json" {
                let line = lines.first { $0.contains("/\(payload.name): $.") } ?? ""
                #expect(line.contains(payload.modelSays), "\(example.name): \(output)")
            }
        }
    }
}
