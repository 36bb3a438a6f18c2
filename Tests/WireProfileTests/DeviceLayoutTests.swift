import ExampleProfiles
import ScreenCompiler
import ScreenContract
import ScreenCrypto
import ScreenJSON
import ScreenKit
import ScreenRendering
import Testing

/// Layouts per device: each layout is validated and written like a screen of its own; the layouts
/// profile writes them into one document, which the strict layouts client decodes for each device;
/// the flat format publishes each at `screens/<id>.<device>`; bad layouts are clear errors.
@Suite struct DeviceLayoutTests {
    @Test(.integration("the reference clients"))
    func everyLayoutsVariantDecodesForEachDeviceAndVersionOneKnowsEveryType() throws {
        let result = ProfileExample.layouts.compile()
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.screens.map(\.id) == ["home"])
        let home = try #require(result.screens.first)
        let payloads = home.variants.map { ("home@\($0.contract).json", $0.envelope) }
        for device in ["ipad", "iphone"] {
            let (status, output) = try ReferenceClient.run("viewlet-client", ["--device", device], payloads: payloads)
            #expect(status == 0, "\(device): \(output)")
            #expect(output.contains("decoded 2/2"), "\(device): \(output)")
        }
        let v1 = String(decoding: home.variants[0].envelope, as: UTF8.self)
        let v2 = String(decoding: home.variants[1].envelope, as: UTF8.self)
        #expect(
            v1
                == #"{"layouts":[{"key":"ipad","screen":{"type":"hStack","children":[{"type":"vStack","children":[{"type":"widget","widgetID":"featureList.0"}]},{"type":"widget","widgetID":"featureList.0"}]}},{"key":"iphone","screen":{"type":"vStack","children":[{"type":"widget","widgetID":"featureList.0"},{"type":"spacer"}]}}]}"#,
            "\(v1)")
        #expect(v2.contains(#"{"type":"navigationContainer","children":[{"type":"widget""#), "\(v2)")
        #expect(v2.contains(#"{"key":"iphone","screen":{"type":"vStack","spacing":8,"children""#), "\(v2)")
        // What version-1 clients get differently, from both layouts.
        #expect(home.variants[0].downgrades.count == 2, "\(home.variants[0].downgrades)")
    }

    @Test func theFlatFormatPublishesEachDeviceLayoutAtItsOwnPath() throws {
        var catalog = LayoutsApp.catalog
        catalog.profile = .flat
        let result = Compiler(catalog: catalog).compile(
            CompileOptions(history: ProfileExample.layouts.history.versions.map(\.contract)))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.screens.map(\.id) == ["home.ipad", "home.iphone"])
        let ipad = String(decoding: try #require(result.screens.first?.full), as: UTF8.self)
        #expect(
            ipad.hasPrefix(
                #"{"format":1,"id":"home.ipad","contract":2,"minContract":1,"initialState":{},"root":{"type":"hStack""#)
        )
        let layout = BucketLayout(screens: result.screens, contract: 2, history: [])
        for path in [
            "screens/home.ipad", "screens/home.iphone", "contracts/1/screens/home.ipad",
            "contracts/2/screens/home.ipad",
            "contracts/1/screens/home.iphone", "contracts/2/screens/home.iphone",
        ] {
            #expect(layout.files[path] != nil, "\(path)")
        }
        #expect(layout.files["screens/home"] == nil)
    }

    @Test func theRendererWritesOneDocumentOrOneDevicesLayout() throws {
        let renderer = try ScreenRenderer(
            catalog: LayoutsApp.catalog, history: .folder(ProfileExample.layouts.historyFolder))
        let compiled = ProfileExample.layouts.compile().screens[0]
        let rendered = try renderer.render(LayoutsApp.home, for: .version(1))
        #expect(rendered.bytes == compiled.variants[0].envelope)
        #expect(rendered.downgrades == compiled.variants[0].downgrades)

        // The same app in the flat format: its history froze that format (the layouts history
        // froze the layouts profile, which the gate would refuse to reshape).
        var flat = LayoutsApp.catalog
        flat.profile = .flat
        var flatHistory: [[UInt8]] = []
        var flatContracts: [Contract] = []
        for frozen in ProfileExample.layouts.history.versions {
            var contract = frozen.contract
            contract.profile = .flat
            flatContracts.append(contract)
            flatHistory.append(
                ContractFile.encode(contract, version: frozen.version, previous: flatHistory.last.map(SHA256.hexDigest))
            )
        }
        let flatRenderer = try ScreenRenderer(catalog: flat, history: .embedded(flatHistory))
        let built = Compiler(catalog: flat).compile(CompileOptions(history: flatContracts))
        let ipad = try #require(built.screens.first { $0.id == "home.ipad" })
        #expect(
            try flatRenderer.render(LayoutsApp.home, device: "ipad", for: .version(1)).bytes
                == ipad.variants[0].envelope)
        #expect(try flatRenderer.render(screenID: "home.ipad", for: .version(2)).bytes == ipad.variants[1].envelope)
        #expect(throws: RenderError.unknownScreen("home.tv")) {
            try flatRenderer.render(LayoutsApp.home, device: "tv", for: .version(2))
        }
        let error = #expect(throws: RenderError.self) { try flatRenderer.render(LayoutsApp.home, for: .version(2)) }
        guard case .invalidScreen(_, let problems) = error else {
            Issue.record("expected an invalid screen, got \(String(describing: error))")
            return
        }
        #expect(problems.map(\.diagnostic.rule) == ["layout-invalid"])
        #expect(problems.first?.message.contains("render(_:device:for:)") == true)
    }

    // MARK: Bad layouts

    static func problems(_ screen: Screen, rule: String, profile: WireProfile = LayoutsApp.profile) -> [String] {
        var catalog = LayoutsApp.catalog
        catalog.screens = [screen]
        catalog.profile = profile
        return Compiler(catalog: catalog).compile(
            CompileOptions(history: ProfileExample.layouts.history.versions.map(\.contract))
        ).diagnostics.filter { $0.rule == rule }.map(\.message)
    }

    @Test func badDeviceLayoutsAreClearErrors() {
        var screen = Screen(
            "home",
            layouts: [
                DeviceLayout("iPad") { Gap() }, DeviceLayout("tv") { Gap() }, DeviceLayout("tv") { Gap() },
            ])
        screen.content = [Gap().node]
        #expect(
            Self.problems(screen, rule: "layout-invalid") == [
                #"screen "home" has both a body and device layouts; give each device a layout instead"#,
                #"screen "home": device "iPad" is invalid: use [a-z0-9]+, at most 32 characters"#,
                #"screen "home" has two layouts for device "tv""#,
            ])
    }

    @Test func aLayoutIsValidatedLikeAScreen() {
        let screen = Screen(
            "home", layouts: [DeviceLayout("ipad") {}, DeviceLayout("iphone") { AppWidget("").id("a b") }])
        let problems = Self.problems(screen, rule: "screen-root") + Self.problems(screen, rule: "id-invalid")
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.first?.contains(#"screen "home.ipad" has no node at the top level"#) == true, "\(problems)")
    }

    @Test func aLayoutsProfileWithAScreenOfOneLayoutIsAClearError() {
        let problems = Self.problems(Screen("single") { Gap() }, rule: "profile-invalid")
        #expect(
            problems == [
                #"wire profile "layouts": the profile lists layouts per device, but screen "single" has a single layout; give it `layouts:`"#
            ])
    }
}
