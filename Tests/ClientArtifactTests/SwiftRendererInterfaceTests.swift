import ExampleScreens
import Foundation
import ScreenClients
import ScreenTestSupport
import Testing

/// The Swift renderer interface of each frozen version, compiled by `swiftc` as an app would: a
/// text renderer implementing every requirement renders every variant of the example app; one
/// that leaves out a component, or reads a prop its version lacks, does not compile.
@Suite(.serialized) struct SwiftRendererInterfaceTests {
    static let main = """
        import Foundation

        for path in CommandLine.arguments.dropFirst() {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let envelope = try JSONDecoder().decode(ScreenModel.Envelope.self, from: data)
            print(TextRenderer().render(envelope))
        }

        """

    /// Compiles the model of `version` with `renderer`; swiftc's status, output and the executable.
    static func compile(_ version: Int, renderer: String, in folder: URL) throws -> (Int32, String, String) {
        try SwiftRendererCheck.compile(
            model: ClientArtifactTests.model(version), renderer: renderer, main: main, in: folder)
    }

    @Test(.integration("compiles a renderer")) func aTextRendererOfEveryComponentRendersEveryVariantOfItsVersion()
        throws
    {
        let folder = try ClientArtifactTests.folder("swift-renderer")
        defer { try? FileManager.default.removeItem(at: folder) }
        for version in 1...ClientArtifactTests.versions.count {
            let build = folder.appendingPathComponent("v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let model = ClientArtifactTests.model(version)
            let (status, output, executable) = try Self.compile(
                version, renderer: try SwiftRendererCheck.textRenderer(for: model), in: build)
            try #require(status == 0, "swiftc: \(output)")
            let variants = ClientArtifactTests.variants(version)
            let files = try ClientArtifactTests.write(variants, into: build)
            let (ran, rendered) = TestPython.run(executable, files)
            #expect(ran == 0, "\(rendered)")
            let lines = rendered.split(separator: "\n")
            try #require(lines.count == variants.count, "\(rendered)")
            for ((name, bytes), line) in zip(variants, lines) {
                // Every node of the envelope (each "id" but the envelope's own) is rendered once, by
                // its own requirement.
                let nodes = String(decoding: bytes, as: UTF8.self).components(separatedBy: #""id":"#).count - 2
                #expect(line.components(separatedBy: ":").count - 1 == nodes, "\(name): \(line)")
            }
            #expect(rendered.contains(version >= 2 ? "card-aeropress:productCard" : "card-aeropress:card"))
        }
    }

    @Test(.integration("compiles a renderer")) func aRendererWithoutAComponentOfItsVersionDoesNotCompile() throws {
        let folder = try ClientArtifactTests.folder("swift-renderer-missing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = ClientArtifactTests.model(4)
        let (status, output, _) = try Self.compile(
            4, renderer: try SwiftRendererCheck.textRenderer(for: model, leaving: "productCard"), in: folder)
        #expect(status != 0)
        #expect(output.contains("does not conform to protocol 'ScreenModelRenderer'"), "\(output)")
    }

    @Test(.integration("compiles a renderer")) func aRendererReadingAPropItsVersionLacksDoesNotCompile() throws {
        let folder = try ClientArtifactTests.folder("swift-renderer-newer")
        defer { try? FileManager.default.removeItem(at: folder) }
        // `text.maxLines` arrived in contract 2: a contract 1 renderer cannot read it.
        let reading = "    func lines(_ props: ScreenModel.Components.Text) -> Double? { props.maxLines }\n"
        let (status, output, _) = try Self.compile(
            1, renderer: try SwiftRendererCheck.textRenderer(for: ClientArtifactTests.model(1), extra: reading),
            in: folder)
        #expect(status != 0)
        #expect(output.contains("has no member 'maxLines'"), "\(output)")
        let (newer, newerOutput, _) = try Self.compile(
            2, renderer: try SwiftRendererCheck.textRenderer(for: ClientArtifactTests.model(2), extra: reading),
            in: folder)
        #expect(newer == 0, "\(newerOutput)")
    }
}
