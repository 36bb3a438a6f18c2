import ExampleScreens
import Foundation
import ScreenClients
import ScreenContract
import ScreenTestSupport
import Testing

/// The Kotlin renderer interface of each frozen version, compiled by kotlinc 1.3 with `-Werror`
/// as an Android app's build would: a text renderer of every component renders every variant of
/// the example app on the JVM; one that leaves out a component, or reads a prop its version lacks,
/// does not compile.
@Suite(.serialized) struct KotlinRendererInterfaceTests {
    static let package = "com.example.screens.render"

    /// The model, text renderer and driver of `version` in a package of their own.
    static func sources(_ version: Int, leaving: String? = nil, extra: String = "", label: String) throws -> [String] {
        let package = "\(Self.package).\(label)"
        let model = KotlinClientModelTests.model(version, package: package)
        return [
            model, try KotlinRendererCheck.textRenderer(for: model, package: package, leaving: leaving, extra: extra),
            KotlinToolchain.driver(label, package: package, id: "\(package).TextRenderer().render(envelope)"),
        ]
    }

    @Test(.needs(.kotlin)) func aTextRendererOfEveryComponentRendersEveryVariantOfItsVersion() throws {
        let folder = try ClientArtifactTests.folder("kotlin-renderer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let versions = 1...ClientArtifactTests.versions.count
        let compiled = try KotlinToolchain.compile(
            try versions.flatMap { try Self.sources($0, label: "v\($0)") }, in: folder)
        try #require(compiled.status == 0 && compiled.diagnostics.isEmpty, "kotlinc: \(compiled.diagnostics)")
        for version in versions {
            let build = folder.appendingPathComponent("v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let variants = ClientArtifactTests.variants(version)
            let files = try ClientArtifactTests.write(variants, into: build)
            let (status, lines, _) = try KotlinToolchain.decode(compiled.jar, driver: "v\(version)", files)
            #expect(status == 0, "\(lines)")
            for (name, bytes) in variants {
                let line = try #require(lines.first { $0.hasPrefix("decoded \(name): ") }, "\(name): \(lines)")
                let rendered = line.dropFirst("decoded \(name): ".count)
                // Every node (each "id" but the envelope's own) is rendered once, by its own function.
                let nodes = String(decoding: bytes, as: UTF8.self).components(separatedBy: #""id":"#).count - 2
                #expect(rendered.components(separatedBy: ":").count - 1 == nodes, "\(name): \(rendered)")
            }
            #expect(lines.contains { $0.contains(version >= 2 ? "card-aeropress:productCard" : "card-aeropress:card") })
        }
    }

    @Test(.needs(.kotlin)) func aRendererMissingAComponentOrReadingANewerPropDoesNotCompile() throws {
        let folder = try ClientArtifactTests.folder("kotlin-renderer-negative")
        defer { try? FileManager.default.removeItem(at: folder) }
        // `text.maxLines` arrived in contract 2.
        let reading = "    fun lines(props: ScreenModel.Component.Text): Double? = props.maxLines\n"
        let missing = try KotlinToolchain.compile(
            try Self.sources(4, leaving: "productCard", label: "missing"), in: folder)
        #expect(missing.status != 0)
        #expect(missing.diagnostics.contains("does not implement abstract member"), "\(missing.diagnostics)")
        #expect(missing.diagnostics.contains("productCard"), "\(missing.diagnostics)")
        let newer = try KotlinToolchain.compile(try Self.sources(1, extra: reading, label: "newer"), in: folder)
        #expect(newer.status != 0)
        #expect(newer.diagnostics.contains("unresolved reference: maxLines"), "\(newer.diagnostics)")
        let known = try KotlinToolchain.compile(try Self.sources(2, extra: reading, label: "known"), in: folder)
        #expect(known.status == 0, "contract 2 has text.maxLines: \(known.diagnostics)")
    }
}
