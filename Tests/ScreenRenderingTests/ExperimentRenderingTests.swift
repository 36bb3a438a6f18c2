import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenRendering
import Testing

/// Experiments at request time: the arms follow the unit, the flags and (only when allowed) the
/// override; the bytes are those `build` wrote for that combination; the response names the arms
/// and is never shared.
@Suite struct ExperimentRenderingTests {
    static let promo = Screen("promo") {
        Column(id: "page") {
            Text("Welcome", id: "welcome")
            Experiment("hero-test") {
                Arm("control", weight: 50) { Text("Classic hero", id: "hero") }
                Arm("big-image", weight: 50) { Text("Big hero", id: "hero").style(.largeTitle) }
            }
            Flag("new-checkout") {
                Button("Buy now", id: "buy", action: .navigate(to: "promo"))
            } off: {
                Button("Checkout", id: "buy", action: .navigate(to: "promo"))
            }
        }
    }
    static let plain = Screen("plain") { Text("No experiments", id: "t") }

    static var catalog: Catalog { Catalog(screens: [promo, plain]) }
    static var history: [[UInt8]] { [ContractFile.encode(Contract.live(catalog).0, version: 1, previous: nil)] }
    static var built: CompileResult {
        Compiler(catalog: catalog).compile(CompileOptions(history: [Contract.live(catalog).0]))
    }

    static func renderer(allowsOverrides: Bool = false) throws -> ScreenRenderer {
        try ScreenRenderer(catalog: catalog, history: .embedded(history), allowsOverrides: allowsOverrides)
    }

    /// A unit the documented function puts in `arm` of hero-test.
    static func unit(in arm: String) -> String {
        let experiment = ExperimentResolution.experiments(in: promo)[0]
        return (0..<1000).map { "user-\($0)" }.first { ExperimentAssignment.arm(of: experiment, unit: $0) == arm }!
    }

    @Test func eachUnitGetsItsAssignedArmsInTheBytesBuildWrote() throws {
        let renderer = try Self.renderer()
        let promo = try #require(Self.built.screens.first { $0.id == "promo" })
        for arm in ["control", "big-image"] {
            for flag in [false, true] {
                let context = ExperimentContext(unit: Self.unit(in: arm), flags: ["new-checkout": flag])
                let rendered = try renderer.render(screenID: "promo", for: .version(1), experiments: context)
                let expected: ArmChoice = ["hero-test": arm, "new-checkout": flag ? "on" : "off"]
                #expect(
                    rendered.experiments.map(\.description) == [
                        "hero-test=\(arm)", "new-checkout=\(flag ? "on" : "off")",
                    ])
                let combination = try #require(promo.combinations.first { $0.arms == expected })
                #expect(rendered.bytes == combination.variants[0].envelope)
                // A screen built per request resolves to the same bytes.
                let perRequest = try renderer.render(Self.promo, for: .version(1), experiments: context)
                #expect(perRequest.bytes == rendered.bytes)
                #expect(perRequest.experiments == rendered.experiments)
            }
        }
    }

    @Test func withoutAUnitEveryExperimentServesItsControl() throws {
        let renderer = try Self.renderer()
        let rendered = try renderer.render(screenID: "promo", for: .version(1))
        #expect(rendered.experiments.map(\.description) == ["hero-test=control", "new-checkout=off"])
        let promo = try #require(Self.built.screens.first { $0.id == "promo" })
        #expect(rendered.bytes == promo.variants[0].envelope)
    }

    @Test func anOverrideForcesAnArmOnlyWhenTheRendererAllowsIt() throws {
        let overrides = ExperimentContext.parseOverrides(
            " hero-test=big-image , new-checkout=on, bad name=x, other=arm")
        #expect(overrides == ["hero-test": "big-image", "new-checkout": "on", "other": "arm"])
        let context = ExperimentContext(unit: Self.unit(in: "control"), overrides: overrides)
        let strict = try Self.renderer().render(screenID: "promo", for: .version(1), experiments: context)
        #expect(strict.experiments.map(\.description) == ["hero-test=control", "new-checkout=off"])
        #expect(strict.experiments.allSatisfy { !$0.forced })
        let qa = try Self.renderer(allowsOverrides: true).render(
            screenID: "promo", for: .version(1), experiments: context)
        #expect(qa.experiments.map(\.description) == ["hero-test=big-image", "new-checkout=on"])
        #expect(qa.experiments.map(\.forced) == [true, true])
        // An override naming an arm the experiment lacks is ignored.
        let unknownArm = ExperimentContext(unit: Self.unit(in: "control"), overrides: ["hero-test": "nope"])
        let ignored = try Self.renderer(allowsOverrides: true).render(
            screenID: "promo", for: .version(1), experiments: unknownArm)
        #expect(ignored.experiments.first?.arm == "control")
    }

    @Test func theResponseNamesTheArmsAndIsNeverShared() throws {
        let renderer = try Self.renderer()
        let response = renderer.respond(
            screenID: "promo", contractHeader: "1", ifNoneMatch: nil,
            experiments: ExperimentContext(unit: Self.unit(in: "big-image")))
        #expect(response.status == 200)
        #expect(response.header("ScreenKit-Experiments") == "hero-test=big-image, new-checkout=off")
        #expect(response.header("Cache-Control") == "private, no-cache")
        #expect(response.header("Vary") == "ScreenKit-Contract, ScreenKit-Arm")
        // A screen without experiments keeps exactly the headers it had (and the release's).
        let plain = renderer.respond(screenID: "plain", contractHeader: "1", ifNoneMatch: nil)
        #expect(
            plain.headers.map(\.name) == [
                "Content-Type", "ETag", "Cache-Control", "Vary", "ScreenKit-Contract", "ScreenKit-Release",
            ])
        #expect(plain.header("Cache-Control") == "public, max-age=60")
        #expect(plain.header("Vary") == "ScreenKit-Contract")
        let notModified = renderer.respond(
            screenID: "promo", contractHeader: "1", ifNoneMatch: response.header("ETag"),
            experiments: ExperimentContext(unit: Self.unit(in: "big-image")))
        #expect(notModified.status == 304)
        #expect(notModified.header("ScreenKit-Experiments") == "hero-test=big-image, new-checkout=off")
    }

    @Test func aScreenWithAnExperimentJustBeyondTheDepthLimitIsRefusedNotACrash() throws {
        let renderer = try Self.renderer()
        // Around the depth the walks stop at: the experiment is found but left unresolved there,
        // and the screen is refused for its depth instead of being resolved again and again.
        for levels in 129...132 {
            var node = Node.experiment(
                Experiment("deep") {
                    Arm("a") { Text("A", id: "a") }
                    Arm("b") { Text("B", id: "b") }
                })
            for _ in 0..<levels { node = Column { node }.node }
            let screen = Screen("deep") { node }
            let result = Result { () throws(RenderError) in
                try renderer.render(screen, for: .version(1), experiments: ExperimentContext(unit: "user-1"))
            }
            switch result {
            case .success: Issue.record("a screen \(levels) levels deep was rendered")
            case .failure(.invalidScreen(_, let problems)):
                #expect(problems.map(\.diagnostic.rule).contains("depth-exceeded"), "\(levels): \(problems)")
            case .failure(let error): Issue.record("\(levels): \(error)")
            }
        }
    }
}
