import ExampleScreens
import Foundation
import ScreenClients
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenTestSupport
import Testing

/// The Kotlin model of each profile example app's frozen versions, in the wire profile its
/// clients decode: golden-tested, compiled with `kotlinc` 1.3 against Android's `org.json` and run
/// in one JVM per version over every variant of that version and the wrong shapes it must refuse.
@Suite(.serialized) struct ProfileKotlinModelTests {
    static let package = "com.example.screens"

    static func model(_ example: ProfileExample, _ version: Int, package: String = package) -> String {
        let frozen = example.history.versions[version - 1]
        return KotlinClientModel.source(
            frozen.contract, version: version, sha256: frozen.sha256, package: package,
            profile: ProfileClientArtifactTests.profile(example, version))
    }

    @Test(arguments: ProfileExample.all)
    func modelsMatchTheirGoldens(_ example: ProfileExample) {
        for version in 1...example.history.versions.count {
            Golden.expect(
                Array(Self.model(example, version).utf8),
                matches: "profiles/\(example.name)/clients/ScreenModel-\(version).kt")
        }
    }

    /// Every example app's versions, compiled in one kotlinc run (each model and driver in a
    /// package of its own), each run in one JVM over every variant of its version and the wrong
    /// shapes it must refuse.
    @Test(.needs(.kotlin)) func eachVersionsModelCompilesDecodesEveryVariantAndRefusesTheWrongShapes() throws {
        let folder = try ClientArtifacts.folder("profile-kotlin")
        defer { try? FileManager.default.removeItem(at: folder) }
        let runs = ProfileExample.all.flatMap { example in
            (1...example.history.versions.count).map { (example, $0) }
        }
        func name(_ example: ProfileExample, _ version: Int) -> String {
            "\(example.name.replacingOccurrences(of: "-", with: "_")).v\(version)"
        }
        let sources = runs.flatMap { example, version in
            [
                Self.model(example, version, package: "\(Self.package).\(name(example, version))"),
                KotlinToolchain.driver(
                    "drivers.\(name(example, version))", package: "\(Self.package).\(name(example, version))",
                    id: "\"ok\""),
            ]
        }
        let compiled = try KotlinToolchain.compile(sources, in: folder)
        #expect(compiled.status == 0 && compiled.diagnostics.isEmpty, "\(compiled.diagnostics)")
        print("kotlin profile models: \(runs.count) in one kotlinc \(compiled.seconds) s")
        for example in ProfileExample.all {
            let wrong = try ProfileClientArtifactTests.wrongShapes(example)
            for version in 1...example.history.versions.count {
                let build = folder.appendingPathComponent(name(example, version))
                try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
                let variants = ProfileClientArtifactTests.variants(example, version)
                let refusals = wrong.filter { $0.version == version }
                let files = try ClientArtifacts.write(variants + refusals.map { ($0.name, $0.bytes) }, into: build)
                let (status, lines, seconds) = try KotlinToolchain.decode(
                    compiled.jar, driver: "drivers.\(name(example, version))", files)
                print("kotlin \(example.name)@\(version): one JVM \(seconds) s")
                #expect(status == (refusals.isEmpty ? 0 : 1), "\(example.name)@\(version): \(lines)")
                for (file, _) in variants {
                    #expect(lines.contains("decoded \(file): ok"), "\(example.name) \(file): \(lines)")
                }
                for refusal in refusals {
                    let line = lines.first { $0.hasPrefix("failed \(refusal.name): $") }
                    #expect(line != nil, "\(example.name) \(refusal.name): \(lines)")
                    if refusal.name == "unknown-type.json" {
                        #expect(line?.contains(refusal.modelSays) == true, "\(example.name): \(lines)")
                    }
                }
            }
        }
    }
}
