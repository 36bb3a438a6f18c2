import ExampleProfiles
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenCrypto
import ScreenKit
import ScreenRendering
import Testing

/// Each version in the shape it froze: after a deliberate new shape (`profileSince`), `build` and
/// the renderer write version 1 in the old profile and version 2 in the new one, and a variant
/// never shares its bytes (or its `contract` number) with a version of another shape.
@Suite struct ProfilePerVersionTests {
    /// The widgets app's history with version 2 frozen in a second shape: props under "payload"
    /// and each envelope naming its contract.
    static var reshaped: (catalog: Catalog, files: [[UInt8]], contracts: [Contract]) {
        var catalog = WidgetsApp.catalog
        catalog.profile.name = "widgets-2"
        catalog.profile.nodes.props = .under("payload")
        catalog.profile.envelope.contract = "contract"
        catalog.profileSince = 2
        // A second screen without a version-2 element: the same flat bytes for both versions.
        catalog.screens.append(
            Screen("plain", title: "Plain") { WidgetScreen { Carousel(header: "Top") { ImageBanner(image: "a") } } })
        var version1 = WidgetsApp.catalog
        version1.components = WidgetsApp.version1Components
        let contracts = [Contract.live(version1).0, Contract.live(catalog).0]
        let first = ContractFile.encode(contracts[0], version: 1, previous: nil)
        let second = ContractFile.encode(contracts[1], version: 2, previous: SHA256.hexDigest(first))
        return (catalog, [first, second], contracts)
    }

    @Test func buildWritesEachVersionInTheProfileItFroze() throws {
        let (catalog, files, contracts) = Self.reshaped
        let history = ContractHistory.load(files: files, folder: URL(fileURLWithPath: "/reshaped"))
        #expect(history.diagnostics.isEmpty, "\(history.diagnostics)")
        let gate = ContractGate.check(live: catalog, history: history, requireHistory: true)
        #expect(gate.diagnostics.filter { $0.severity == .error }.isEmpty, "\(gate.diagnostics)")
        let result = Compiler(catalog: catalog).compile(CompileOptions(history: contracts))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        var unchanged = WidgetsApp.catalog
        unchanged.screens = catalog.screens
        let original = Compiler(catalog: unchanged).compile(CompileOptions(history: contracts))
        #expect(original.screens.map(\.id) == ["home", "plain"])
        #expect(original.screens[1].variants[0].envelope == original.screens[1].variants[1].envelope)
        for (screen, before) in zip(result.screens, original.screens) {
            // Version 1 is exactly what it was before the new shape.
            #expect(screen.variants[0].envelope == before.variants[0].envelope, "\(screen.id)@1")
            let v2 = String(decoding: screen.variants[1].envelope, as: UTF8.self)
            #expect(v2.contains(#""payload":{"#) && !v2.contains(#""data":{"#), "\(v2)")
            #expect(v2.contains(#""contract":2"#), "\(v2)")
            let full = String(decoding: screen.full, as: UTF8.self)
            #expect(full.contains(#""payload":{"#), "\(full)")
        }
        // A screen whose version-2 payload equals version 1's in the flat format still gets
        // bytes of its own, naming version 2.
        #expect(result.screens.allSatisfy { $0.variants[1].envelope != $0.variants[0].envelope })
    }

    @Test func theRendererServesEachVersionInTheProfileItFroze() throws {
        let (catalog, files, contracts) = Self.reshaped
        let renderer = try ScreenRenderer(catalog: catalog, history: .embedded(files))
        let built = Compiler(catalog: catalog).compile(CompileOptions(history: contracts))
        for screen in built.screens {
            let source = try #require(catalog.screens.first { $0.id == screen.id })
            for variant in screen.variants {
                let catalogBytes = try renderer.render(screenID: screen.id, for: .version(variant.contract)).bytes
                let requestBytes = try renderer.render(source, for: .version(variant.contract)).bytes
                #expect(catalogBytes == variant.envelope, "\(screen.id)@\(variant.contract)")
                #expect(requestBytes == variant.envelope, "\(screen.id)@\(variant.contract) per request")
            }
        }
    }
}
