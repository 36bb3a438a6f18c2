import ExampleProfiles
import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit
import ScreenRendering
import ScreenTestSupport
import Testing

/// Wire profiles: the flat format described as a profile gives the flat writer's bytes; each
/// example profile's envelopes and variants are reviewed goldens that its strict reference client
/// decodes; a bad profile is a clear error at start-up.
@Suite struct WireProfileTests {
    // MARK: The plain writer agrees with the flat writer

    @Test func theFlatFormatDescribedAsAProfileGivesTheFlatWritersBytes() throws {
        var catalog = App.catalog
        catalog.profile = WireProfile(name: "flat, described")
        #expect(catalog.profile != .flat)
        for style in [JSONStyle.compact, .pretty] {
            let plain = ExampleApp.compile(catalog, style: style)
            let flat = style == .compact ? ExampleApp.compact : ExampleApp.pretty
            #expect(!plain.hasErrors)
            #expect(plain.screens.count == flat.screens.count)
            for (profiled, reference) in zip(plain.screens, flat.screens) {
                let fullIsSame = profiled.full == reference.full
                #expect(fullIsSame, "\(reference.id) full envelope, \(style)")
                for (variant, expected) in zip(profiled.variants, reference.variants) {
                    let same = variant.envelope == expected.envelope
                    #expect(same, "\(reference.id)@\(expected.contract), \(style)")
                }
            }
        }
    }

    // MARK: The example apps

    @Test(arguments: ProfileExample.all)
    func theHistoryIsWhatFreezeWritesAndTheGatePasses(_ example: ProfileExample) throws {
        let expected = example.expectedHistoryFiles
        if Golden.isRecording {
            try FileManager.default.createDirectory(at: example.historyFolder, withIntermediateDirectories: true)
            for (index, bytes) in expected.enumerated() {
                try Data(bytes).write(to: example.historyFolder.appendingPathComponent("\(index + 1).json"))
            }
        }
        let history = example.history
        #expect(history.diagnostics.isEmpty, "\(history.diagnostics)")
        #expect(history.versions.map(\.bytes) == expected, "the committed history is not what freeze writes")
        let gate = ContractGate.check(
            live: example.catalog, history: history, exemptions: .none, requireHistory: true)
        #expect(gate.diagnostics.filter { $0.severity == .error }.isEmpty, "\(gate.diagnostics)")
        #expect(gate.pendingChanges.isEmpty)
    }

    @Test(arguments: ProfileExample.all)
    func envelopesAndVariantsMatchGoldens(_ example: ProfileExample) throws {
        let result = example.compile(style: .pretty)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        for screen in result.screens {
            Golden.expect(screen.full, matches: "profiles/\(example.name)/envelopes/\(screen.id).json")
            #expect(screen.variants.map(\.contract) == [1, 2])
            for variant in screen.variants {
                Golden.expect(
                    variant.envelope, matches: "profiles/\(example.name)/variants/\(screen.id)@\(variant.contract).json"
                )
            }
        }
    }

    @Test(.integration("the reference clients"))
    func everyWidgetsVariantDecodesWithTheWidgetsClientAndVersionOneLacksTheBadge() throws {
        let result = ProfileExample.widgets.compile()
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let payloads = result.screens.flatMap { screen in
            screen.variants.map { ("\(screen.id)@\($0.contract).json", $0.envelope) }
        }
        let (status, output) = try ReferenceClient.run("widgets-client", [], payloads: payloads)
        #expect(status == 0, "\(output)")
        #expect(output.contains("decoded \(payloads.count)/\(payloads.count)"), "\(output)")
        let home = try #require(result.screens.first)
        try #require(home.variants.count == 2)
        let v1 = String(decoding: home.variants[0].envelope, as: UTF8.self)
        let v2 = String(decoding: home.variants[1].envelope, as: UTF8.self)
        #expect(!v1.contains("badge") && v2.contains(#""badge":"New""#))
        #expect(!v1.contains("\"id\"") && !v1.contains("fallback"))
    }

    @Test(.integration("the reference clients"))
    func everySpecVariantDecodesWithTheRegistryOfItsVersionAndSkipsNothing() throws {
        let result = ProfileExample.componentSpec.compile()
        #expect(!result.hasErrors, "\(result.diagnostics)")
        for screen in result.screens {
            for variant in screen.variants {
                let known = try #require(ComponentSpecApp.registry[variant.contract])
                let (status, output) = try ReferenceClient.run(
                    "spec-client", ["--knows", known.joined(separator: ","), "--require-no-skip"],
                    payloads: [("\(screen.id)@\(variant.contract).json", variant.envelope)])
                #expect(status == 0, "\(screen.id)@\(variant.contract): \(output)")
                #expect(output.contains("decoded 1/1"), "\(output)")
                // No type the client of that version lacks.
                let types = Self.types(in: try JSONReader.read(variant.envelope))
                #expect(types.isSubset(of: Set(known)), "\(screen.id)@\(variant.contract): \(types)")
            }
            // The full envelope carries the rich text card with its fallback inline: a version-1
            // registry renders the fallback and still skips nothing.
            let (status, output) = try ReferenceClient.run(
                "spec-client", ["--knows", ComponentSpecApp.registry[1]!.joined(separator: ","), "--require-no-skip"],
                payloads: [("\(screen.id).json", screen.full)])
            #expect(status == 0 && output.contains("1 via fallback"), "\(output)")
        }
    }

    @Test(.integration("the reference clients"))
    func everyCompositionVariantDecodesWithTheCompositionClientAndSkipsNothing() throws {
        let result = ProfileExample.composition.compile()
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let home = try #require(result.screens.first)
        for variant in home.variants {
            let known = try #require(CompositionApp.registry[variant.contract])
            let (status, output) = try ReferenceClient.run(
                "uniform-client", ["--knows", known.joined(separator: ",")],
                payloads: [("home@\(variant.contract).json", variant.envelope)])
            #expect(status == 0, "home@\(variant.contract): \(output)")
            // Three components in mainContent; every one (and each in a named slot) mapped.
            #expect(output.contains("3 in mainContent"), "\(output)")
            #expect(output.contains(", 0 skipped"), "home@\(variant.contract): \(output)")
            let types = Self.types(in: try JSONReader.read(variant.envelope), skipping: "parameters")
            #expect(types.isSubset(of: Set(known)), "home@\(variant.contract): \(types)")
        }
        let v1 = String(decoding: home.variants[0].envelope, as: UTF8.self)
        let v2 = String(decoding: home.variants[1].envelope, as: UTF8.self)
        #expect(!v1.contains("heroCarousel") && v2.contains(#""type":"heroCarousel""#))
        // The hero's slides, and the fallback grid's items, are in their named slots.
        #expect(v2.contains(#""slots":{"slides":[{"type":"testimonial""#), "\(v2)")
        #expect(v1.hasPrefix(#"{"composition":{"slots":{"mainContent":[{"type":"featureGrid""#), "\(v1)")
        #expect(v1.contains(#""slots":{"items":[{"type":"testimonial""#), "\(v1)")
        #expect(
            v1.contains(
                #""ctaLink":{"type":"link","value":{"path":"https://www.example.com/sale","type":"url"}}"#), "\(v1)")
    }

    @Test(arguments: ProfileExample.all)
    func theRendererServesEachVersionInTheProfilesShape(_ example: ProfileExample) throws {
        let renderer = try ScreenRenderer(catalog: example.catalog, history: .folder(example.historyFolder))
        for screen in example.compile().screens {
            let source = try #require(example.catalog.screens.first { $0.id == screen.id })
            for variant in screen.variants {
                #expect(
                    try renderer.render(screenID: screen.id, for: .version(variant.contract)).bytes == variant.envelope)
                #expect(try renderer.render(source, for: .version(variant.contract)).bytes == variant.envelope)
            }
        }
    }

    /// Every `type` of a node in a document (components, children, slots, fallbacks), leaving out
    /// what is under the props key `skipping`.
    static func types(in value: JSONValue, skipping props: String = "props") -> Set<String> {
        switch value {
        case .object(let members):
            var types: Set<String> = []
            for member in members {
                if member.key == "type", let type = member.value.stringValue { types.insert(type) }
                if member.key != props { types.formUnion(Self.types(in: member.value, skipping: props)) }
            }
            return types
        case .array(let elements):
            return elements.reduce(into: []) { $0.formUnion(Self.types(in: $1, skipping: props)) }
        default: return []
        }
    }

    // MARK: Bad profiles

    /// The widgets catalog with its profile changed by `change`: its diagnostics.
    static func problems(_ change: (inout WireProfile) -> Void) -> [Diagnostic] {
        var catalog = WidgetsApp.catalog
        change(&catalog.profile)
        return Compiler(catalog: catalog).compile().diagnostics.filter { $0.rule == "profile-invalid" }
    }

    @Test func aReservedKeyUsedTwiceIsAClearError() {
        let problems = Self.problems { $0.nodes.idKey = "type" }
        #expect(problems.contains { $0.message.contains(#"the id key "type" is also its type key"#) }, "\(problems)")
    }

    @Test func aPropWrittenUnderAReservedKeyIsAClearError() {
        // The carousel writes its `header` prop inline; naming its children list `header` clashes.
        var catalog = WidgetsApp.catalog
        catalog.profile.nodes.childrenKeyByType["carousel"] = "header"
        let problems = Compiler(catalog: catalog).compile().diagnostics.filter { $0.rule == "prop-name-reserved" }
        #expect(
            problems.map(\.message) == [
                #"component "carousel": prop "header" has the key of the node's children in wire profile "widgets"; a node would carry that key twice: rename the wire key"#
            ], "\(problems)")
        #expect(problems.first?.location == catalog.component("carousel")?.source)
    }

    @Test func aWrappedValueTypeWithoutADiscriminatorIsAClearError() {
        let problems = Self.problems { $0.values.wrapping = WireProfile.Wrapping(discriminators: ["url": "link"]) }
        #expect(
            problems.contains {
                $0.message.contains(
                    #"component "carousel": prop "header" is a string, which the profile's wrapping names no discriminator for"#
                )
            }, "\(problems)")
    }

    @Test func aProfileShapingAnUndeclaredComponentIsAClearError() {
        let problems = Self.problems { $0.nodes.propsByType["carousell"] = .inline }
        #expect(
            problems.map(\.message).contains(
                #"wire profile "widgets": the profile shapes component "carousell", which the catalog does not declare"#
            ))
    }

    @Test func aRendererWithABadProfileRefusesToStart() {
        var catalog = WidgetsApp.catalog
        catalog.profile.nodes.idKey = "type"
        #expect(throws: ScreenRenderer.StartupError.self) {
            _ = try ScreenRenderer(catalog: catalog, history: .folder(ProfileExample.widgets.historyFolder))
        }
    }

    @Test func wrappedValuesCarryTheirDiscriminator() throws {
        var catalog = ComponentSpecApp.catalog
        catalog.profile.values.wrapping = WireProfile.Wrapping(
            discriminators: ["string": "text", "url": "link", "list": "list"])
        let result = Compiler(catalog: catalog).compile(
            CompileOptions(history: ProfileExample.componentSpec.history.versions.map(\.contract)))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let text = String(decoding: try #require(result.screens.first?.variants.last?.envelope), as: UTF8.self)
        #expect(
            text.contains(
                #""props":{"title":{"type":"text","value":"Summer sale"},"imageUrl":{"type":"link","value":"https://cdn.example.com/s.jpg"}}"#
            ), "\(text)")
    }
}
