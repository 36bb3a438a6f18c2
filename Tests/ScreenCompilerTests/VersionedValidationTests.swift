import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenTestSupport
import Testing

/// The rules that need the catalog, the initial state or the contract history.
@Suite struct VersionedValidationTests {
    static func compile(_ screens: [Screen], external: Set<String> = []) -> CompileResult {
        Compiler(catalog: Catalog(screens: screens, externalScreens: external)).compileFrozen()
    }

    @Test(arguments: [
        ("javascript:alert(1)", "uses the javascript: scheme"),
        ("data:image/png;base64,AAAA", "uses the data: scheme"),
        ("http://cdn.example.com/a.png", "uses http"),
        ("ftp://example.com/a.png", "uses the ftp: scheme"),
        ("/images/a.png", "is not an absolute URL"),
        ("https://", "has no host"),
    ])
    func urlsMustBeAbsoluteHTTPS(url: String, problem: String) {
        let line = #line + 1
        let result = Self.compile([Screen("s") { Image(url: url).decorative() }])
        #expect(result.diagnostics.map(\.rule) == ["url-invalid"])
        #expect(result.diagnostics.first?.message.contains(problem) == true, "\(result.diagnostics)")
        #expect(result.diagnostics.first?.location?.line == line)
        #expect(result.screens.isEmpty)
    }

    @Test(arguments: ["https://cdn.example.com/a.png?x=1", "http://localhost:8080/a.png", "http://127.0.0.1/a"])
    func allowedURLs(url: String) {
        #expect(
            Self.compile([
                Screen("s") {
                    Column {
                        Image(url: url).decorative()
                        Button("b", id: "b", action: .openURL(url))
                    }
                }
            ]).diagnostics == [])
    }

    /// Random URL-like strings, from an alphabet of the characters URL parsing cares about, are
    /// accepted exactly when Foundation's `URLComponents` finds an https URL with a host (or http to
    /// localhost): the quick path for plain https URLs agrees with the full parse.
    @Test func urlCheckAgreesWithURLComponents() {
        var random = SplitMix64(seed: PropertyScale.seed(2028))
        func pick(_ characters: [Character], upTo length: UInt64) -> String {
            String(
                (0..<Int(random.next() % (length + 1))).map { _ in
                    characters[Int(random.next() % UInt64(characters.count))]
                })
        }
        let prefixes = ["https://", "https://", "http://localhost", "HTTPS://", "https:", "ftp://", ""]
        let host = Array("aZ09.-") + ["_", ":", "@", " ", "%", "\u{E9}"]
        let delimiters = ["", "/", "?", "#", "/", ":", "@"]
        let tail = Array("aZ09.-_~:/?#[]@!$&'()*+,;=% \"<>^`{|}\u{E9}")
        var urls: [String] = []
        for _ in 0..<600 {
            let prefix = prefixes[Int(random.next() % UInt64(prefixes.count))]
            let delimiter = delimiters[Int(random.next() % UInt64(delimiters.count))]
            urls.append(prefix + pick(host, upTo: 4) + delimiter + pick(tail, upTo: 6))
        }
        for url in urls {
            let result = Self.compile([Screen("s") { Image(url: url).decorative() }])
            let rejected = result.diagnostics.contains { $0.rule == "url-invalid" }
            #expect(rejected == !Self.isAllowed(url), "\(url): \(result.diagnostics)")
        }
    }

    /// The rule, stated independently: https with a host, or http to a loopback host.
    static func isAllowed(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else {
            return false
        }
        let host = (components.host ?? "").lowercased()
        switch scheme {
        case "https": return !host.isEmpty
        case "http": return ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host)
        default: return false
        }
    }

    @Test func navigateDestinationsMustExist() {
        let line = #line + 2
        let result = Self.compile([
            Screen("a") { Button("go", id: "go", action: .navigate(to: "nowhere")) }
        ])
        #expect(result.diagnostics.map(\.rule) == ["reference-unknown"])
        #expect(result.diagnostics[0].message.contains("\"nowhere\""))
        #expect(result.diagnostics[0].location?.line == line)
        let ok = Self.compile(
            [
                Screen("a") { Button("go", id: "go", action: .sequence(.navigate(to: "b"), .navigate(to: "cart"))) },
                Screen("b") { Text("b") },
            ], external: ["cart"])
        #expect(ok.diagnostics == [])
    }

    @Test func stateKeysMustExistInTheInitialState() {
        let line = #line + 4
        let result = Self.compile([
            Screen("s", initialState: ["email": ""]) {
                Column {
                    TextField("Email", id: "email", stateKey: "emial")
                    Button("b", id: "b", action: .apiCall("/x", bodyFromState: ["email", "password"]))
                    Button("c", id: "c", action: .updateState("count", to: 1))
                }
            }
        ])
        #expect(result.diagnostics.map(\.rule) == ["state-key-unknown", "state-key-unknown", "state-key-unknown"])
        #expect(result.diagnostics.compactMap(\.location?.line) == [line, line + 1, line + 2])
        #expect(result.diagnostics.map(\.message).joined().contains("\"emial\""))
        #expect(result.diagnostics.map(\.message).joined().contains("\"password\""))
        #expect(result.diagnostics.map(\.message).joined().contains("\"count\""))
    }

    /// A component of version 2 whose declaration forgot its fallback rule.
    struct Chip: Component {
        static let schema = ComponentSchema(type: "chip", props: [.required("label", .string)])
        var node: Node
        init(_ label: String, file: String = #filePath, line: Int = #line, column: Int = #column) {
            node = Self.makeNode(
                id: nil, props: [Prop(key: "label", value: .string(label))],
                source: SourceLocation(file: file, line: line, column: column))
        }
    }

    /// Contract 1 is the standard catalog; contract 2 adds `chip`.
    static func twoVersions(_ screens: [Screen]) -> CompileResult {
        let v1 = Catalog(screens: [])
        let catalog = Catalog(components: StandardCatalog.components + [Chip.self], screens: screens)
        return Compiler(catalog: catalog).compile(
            CompileOptions(history: [Contract.live(v1).0, Contract.live(catalog).0]))
    }

    @Test func aNewerNodeWithoutFallbackFailsForOlderSupportedVersions() {
        let line = #line + 1
        let missing = Self.twoVersions([Screen("s") { Column { Chip("new") } }])
        #expect(missing.diagnostics.map(\.rule) == ["fallback-missing"])
        #expect(missing.diagnostics[0].message == "\"chip\" is unknown to clients of contract 1 and has no fallback")
        #expect(missing.diagnostics[0].location?.line == line)
        let supported = Self.twoVersions([Screen("s", minContract: 2) { Column { Chip("new") } }])
        #expect(supported.diagnostics == [], "clients of contract 1 are not supported by this screen")
        let withFallback = Self.twoVersions([Screen("s") { Column { Chip("new").fallback(Text("new")) } }])
        #expect(withFallback.diagnostics == [])
        #expect(withFallback.screens[0].variant(for: 1)?.downgrades.count == 1)
    }

    @Test func theRootCannotBeDropped() {
        let result = Self.twoVersions([Screen("s") { Chip("new").fallback(.drop) }])
        #expect(result.diagnostics.map(\.rule) == ["fallback-missing"])
    }

    @Test func fallbackNodesAreValidatedLikeAnyNode() {
        let result = Self.twoVersions([
            Screen("s") { Column { Chip("x").fallback(Image(url: "javascript:x").decorative()) } }
        ])
        #expect(result.diagnostics.map(\.rule) == ["url-invalid"])
    }

    @Test func idsMustBeUniqueInEveryVariant() {
        // Each fallback alone is fine, but both apply for contract 1, where the IDs collide.
        let result = Self.twoVersions([
            Screen("s") {
                Column {
                    Chip("a").fallback(Column { Text("a", id: "shared") })
                    Chip("b").fallback(Column { Text("b", id: "shared") })
                }
            }
        ])
        #expect(result.diagnostics.map(\.rule) == ["id-duplicate"])
        #expect(result.diagnostics[0].message.contains("payload for contract 1"))
    }

    @Test func minContractMustBeAFrozenVersion() {
        for minContract in [0, 3] {
            let line = #line + 1
            let result = Self.twoVersions([Screen("s", minContract: minContract) { Text("x") }])
            #expect(result.diagnostics.map(\.rule) == ["min-contract-invalid"])
            #expect(result.diagnostics.first?.location?.line == line)
        }
        var catalog = Catalog(screens: [Screen("s") { Text("x") }])
        catalog.minContract = 2
        let result = Compiler(catalog: catalog).compileFrozen()
        #expect(result.diagnostics.map(\.rule) == ["min-contract-invalid"], "the catalog-wide default applies")
    }

    @Test func pendingElementsWarnForBuildAndFailForPublish() {
        let v1 = Contract.live(Catalog(screens: [])).0
        let catalog = Catalog(
            components: StandardCatalog.components + [Chip.self],
            screens: [Screen("s") { Column { Chip("x").fallback(Text("x")) } }])
        let build = Compiler(catalog: catalog).compile(CompileOptions(history: [v1]))
        #expect(build.diagnostics.map(\.rule) == ["contract-pending"])
        #expect(build.diagnostics[0].severity == .warning)
        #expect(build.diagnostics[0].message.contains("component:chip"))
        #expect(build.screens.count == 1)
        let publish = Compiler(catalog: catalog).compile(CompileOptions(history: [v1], pendingIsError: true))
        #expect(publish.diagnostics.map(\.severity) == [.error])
        #expect(publish.screens.isEmpty)
    }

    @Test func aPendingElementIsReportedAtTheNodeThatUsesIt() {
        // Version 1 knows neither the chip, the event nor the token: each is pending, at its node's
        // line, saying what clients get meanwhile.
        let v1 = Contract.live(Catalog(screens: [])).0
        let accent = ColorToken("brand.accent", light: "#FF6600", dark: "#FF8833")
        let chipLine = #line + 5
        let buttonLine = #line + 5
        let textLine = #line + 6
        let screen = Screen("s") {
            Column {
                Chip("x").fallback(Text("x"))
                Button("Cold brew", id: "promo", action: .navigate(to: "s"))
                    .track(.tap, PromoTapped(promo: "cold-brew", position: 1))
                Text("Hello", id: "hello").color(accent)
            }
        }
        let catalog = Catalog(
            components: StandardCatalog.components + [Chip.self], screens: [screen], events: [PromoTapped.schema],
            tokens: [accent])
        let build = Compiler(catalog: catalog).compile(CompileOptions(history: [v1]))
        let pending = build.diagnostics.filter { $0.rule == "contract-pending" }
        let byElement = Dictionary(pending.map { ($0.message.split(separator: " ")[3], $0) }) { first, _ in
            first
        }
        #expect(byElement["component:chip"]?.location?.line == chipLine, "\(pending)")
        #expect(byElement["component:chip"]?.message.hasSuffix("every client gets its fallback") == true)
        #expect(byElement["event:promo_tapped"]?.location?.line == buttonLine, "\(pending)")
        #expect(
            byElement["event:promo_tapped"]?.message.hasSuffix("no client sends it: it is left out of every envelope")
                == true)
        #expect(byElement["token:brand.accent"]?.location?.line == textLine, "\(pending)")
        #expect(
            byElement["token:brand.accent"]?.message.hasSuffix("every client gets the token's light literal") == true)
        #expect(pending.allSatisfy { $0.location?.file == #filePath })
    }

    /// A pending warning names the node (in its message and its path), is said once per node
    /// whatever the experiment arms, and promises no fallback to a prop, which has none.
    @Test func aPendingWarningNamesTheNodeOnceAndSaysWhatAPropsClientsGet() {
        let v1 = Contract.live(Catalog(screens: [])).0
        let catalog = Catalog(
            components: StandardCatalog.components + [Chip.self],
            screens: [
                Screen("s") {
                    Column(id: "list") {
                        Experiment("e") {
                            Arm("a", weight: 50) { Chip("x").id("chip").fallback(Text("x")) }
                            Arm("b", weight: 50) { Chip("x").id("chip").fallback(Text("x")) }
                        }
                    }
                }
            ])
        let build = Compiler(catalog: catalog).compile(CompileOptions(history: [v1]))
        let pending = build.diagnostics.filter { $0.rule == "contract-pending" }
        #expect(pending.count == 1, "\(pending.map(\.message))")
        #expect(pending.first?.message.contains(#"uses component:chip at node "chip""#) == true, "\(pending)")
        #expect(pending.first?.nodePath?.hasSuffix("chip") == true, "\(String(describing: pending.first?.nodePath))")
        // A prop the newest frozen version lacks: clients get the node without it.
        let frozen = Contract.live(Catalog(components: StandardCatalog.components + [Chip.self], screens: [])).0
        let badged = Catalog(
            components: StandardCatalog.components + [BadgedChip.self], screens: [Screen("t") { BadgedChip() }])
        let props = Compiler(catalog: badged).compile(CompileOptions(history: [frozen])).diagnostics
        #expect(props.map(\.rule) == ["contract-pending"], "\(props.map(\.message))")
        #expect(
            props.first?.message.hasSuffix("every client gets the node without it (a prop has no fallback)") == true,
            "\(props.map(\.message))")
    }

    /// `chip` with a prop the frozen `chip` lacks.
    struct BadgedChip: Component {
        static let schema = ComponentSchema(
            type: "chip", props: [.required("label", .string), .optional("badge", .string)])
        var node: Node
        init(file: String = #filePath, line: Int = #line, column: Int = #column) {
            node = Self.makeNode(
                id: nil, props: [Prop(key: "label", value: .string("x")), Prop(key: "badge", value: .string("new"))],
                source: SourceLocation(file: file, line: line, column: column))
        }
    }

    @Test func withoutAHistoryTheLiveContractStandsInWithAWarning() {
        let line = #line + 1
        let result = Compiler(catalog: Catalog(screens: [Screen("s") { Text("x") }])).compile()
        #expect(result.diagnostics.map(\.rule) == ["contract-unfrozen"])
        #expect(result.diagnostics.first?.location?.file == #filePath)
        #expect(result.diagnostics.first?.location?.line == line)
        #expect(result.screens.count == 1 && result.contract == 1)
    }
}
