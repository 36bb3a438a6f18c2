import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenTestSupport
import Testing

@testable import ScreenClients

/// The Kotlin model of each profile example app's frozen versions, in the wire profile its
/// clients decode: golden-tested, compiled with `kotlinc` 1.3 against Android's `org.json` with a
/// text renderer written from its renderer interface, and run in one JVM per version over every
/// variant of that version (each component drawn by its own function) and the wrong shapes it must
/// refuse.
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
        // Each version's model, a text renderer written from its interface, and a driver that
        // decodes and renders.
        let sources = try runs.flatMap { example, version in
            let package = "\(Self.package).\(name(example, version))"
            let model = Self.model(example, version, package: package)
            return [
                model,
                try KotlinRendererCheck.textRenderer(
                    for: model, package: package, ids: model.contains("/** The node's stable ID. */")),
                KotlinToolchain.driver(
                    "drivers.\(name(example, version))", package: package,
                    id: KotlinRendererCheck.rendering(model, package: package)),
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
                let contract = example.history.versions[version - 1].contract
                let functions = KotlinClientModel.functionNames(contract.components.map(\.type))
                var checked = 0
                for (file, bytes) in variants {
                    let drawn = lines.first { $0.hasPrefix("decoded \(file): ") }
                    #expect(drawn != nil, "\(example.name) \(file): \(lines)")
                    // Each component the envelope holds is drawn by its own function.
                    let text = String(decoding: bytes, as: UTF8.self)
                    for component in contract.components where text.contains("\"\(component.type)\"") {
                        checked += 1
                        #expect(
                            drawn?.contains(":\(functions[component.type] ?? "")") == true,
                            "\(example.name) \(file): \(component.type) not drawn in \(drawn ?? "")")
                    }
                }
                #expect(checked >= variants.count, "\(example.name)@\(version): the components were found")
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
