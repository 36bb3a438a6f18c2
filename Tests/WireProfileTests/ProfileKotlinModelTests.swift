import ExampleScreens
import Foundation
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

    static func model(_ example: ProfileExample, _ version: Int) -> String {
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

    @Test(arguments: ProfileExample.all)
    func eachVersionsModelCompilesDecodesEveryVariantAndRefusesTheWrongShapes(_ example: ProfileExample) throws {
        let folder = try ClientArtifacts.folder("profile-kotlin")
        defer { try? FileManager.default.removeItem(at: folder) }
        let wrong = try ProfileClientArtifactTests.wrongShapes(example)
        let driver = KotlinToolchain.driver(package: Self.package, id: "\"ok\"")
        for version in 1...example.history.versions.count {
            let build = folder.appendingPathComponent("v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let compiled = try KotlinToolchain.compile(Self.model(example, version), driver: driver, in: build)
            #expect(
                compiled.status == 0 && compiled.diagnostics.isEmpty,
                "\(example.name)@\(version): \(compiled.diagnostics)")
            let variants = ProfileClientArtifactTests.variants(example, version)
            let refusals = wrong.filter { $0.version == version }
            let files = try ClientArtifacts.write(variants + refusals.map { ($0.name, $0.bytes) }, into: build)
            let (status, lines, seconds) = try KotlinToolchain.decode(compiled.jar, files)
            print("kotlin \(example.name)@\(version): kotlinc \(compiled.seconds) s, JVM \(seconds) s")
            #expect(status == (refusals.isEmpty ? 0 : 1), "\(example.name)@\(version): \(lines)")
            for (name, _) in variants {
                #expect(lines.contains("decoded \(name): ok"), "\(example.name) \(name): \(lines)")
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
