import Foundation
import ScreenCompiler
import ScreenContract
import ScreenCrypto
import ScreenKit
import ScreenRendering
import ScreenTestSupport
import Testing

/// Analytics events at request time: the renderer writes the bytes `build` wrote for the unit's
/// combination, the served arms in the envelope for clients whose contract declares events, and
/// none of it for clients whose contract does not.
@Suite struct EventRenderingTests {
    typealias F = EventsFixture

    /// The fixture's history as frozen files, chained.
    static var files: [[UInt8]] { FrozenFiles.chain(F.history) }

    static func unit(in arm: String) throws -> String {
        let experiment = try #require(ExperimentResolution.experiments(in: F.screens[1]).first)
        return try #require(
            (0..<1000).map { "user-\($0)" }.first { ExperimentAssignment.arm(of: experiment, unit: $0) == arm })
    }

    @Test(arguments: [1, 2, 3])
    func eachVersionGetsTheBytesBuildWroteForTheUnitsArm(version: Int) throws {
        let renderer = try ScreenRenderer(catalog: F.catalog, history: .embedded(Self.files))
        let built = F.compile()
        #expect(built.diagnostics == [])
        let faq = try #require(built.screens.first { $0.id == "faq" })
        let b = try #require(faq.combinations.first { $0.arms["faq-layout"] == "b" })
        let context = ExperimentContext(unit: try Self.unit(in: "b"))
        let rendered = try renderer.render(screenID: "faq", for: .version(version), experiments: context)
        #expect(rendered.experiments.map(\.description) == ["faq-layout=b"])
        #expect(rendered.bytes == b.variants[version - 1].envelope)
        let text = String(decoding: rendered.bytes, as: UTF8.self)
        #expect(text.contains(#""experiments":{"faq-layout":"b"}"#) == (version > 1), "\(text)")
        #expect(text.contains(#""name":"screen_viewed","params":{"screen":"faq-b"}"#) == (version > 1), "\(text)")
        // A screen built per request resolves to the same bytes.
        let perRequest = try renderer.render(F.screens[1], for: .version(version), experiments: context)
        #expect(perRequest.bytes == rendered.bytes)
    }

    @Test func aScreenWithoutExperimentsGetsItsEventsAndNoArms() throws {
        let renderer = try ScreenRenderer(catalog: F.catalog, history: .embedded(Self.files))
        let rendered = try renderer.render(screenID: "promo", for: .version(3))
        let text = String(decoding: rendered.bytes, as: UTF8.self)
        #expect(!text.contains("experiments"))
        #expect(text.contains(#""name":"promo_tapped","params":{"promo":"cold-brew","position":1,"surface":"search"}"#))
    }
}
