import ExampleProfiles
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit
import ScreenTestSupport
import Testing

/// Analytics events in every wire profile: a node's `events` stay beside its props (never among
/// them, never wrapped), the served arms are the envelope's `experiments`, and each older version's
/// variant carries only what its clients know, as in the flat format.
@Suite struct EventProfileTests {
    /// `example`'s app with analytics events: `screen_viewed` on each root's first child when it appears,
    /// `element_tapped` on every node with an action when it is tapped, and its first screen
    /// served as arm `a` of an experiment; compiled against its history and, as version 3, itself.
    static let events = [
        EventSchema("screen_viewed", params: [.required("screen", .string)]),
        EventSchema("element_tapped", params: [.required("element", .string), .optional("position", .number)]),
    ]

    static func compile(_ example: ProfileExample, style: JSONStyle = .compact) -> CompileResult {
        var catalog = example.catalog
        catalog.events = events
        func tracked(_ node: Node, position: Int) -> Node {
            var node = node
            if let declared = catalog.component(node.type), declared.props.contains(where: { $0.type == .action }),
                let id = node.id
            {
                node.events.append(
                    TrackedEvent(
                        trigger: .tap, name: "element_tapped",
                        params: [
                            Prop(key: "element", value: .string(id)),
                            Prop(key: "position", value: .number(Double(position))),
                        ],
                        source: node.source))
            }
            if let children = node.children {
                node.children = children.enumerated().map { tracked($0.element, position: $0.offset + 1) }
            }
            return node
        }
        catalog.screens = catalog.screens.enumerated().map { index, screen in
            var screen = screen
            // On the root's first child: profiles that write only the root's children never send the root's.
            func root(_ content: [Node]) -> [Node] {
                content.map { root in
                    var root = tracked(root, position: 1)
                    let viewed = TrackedEvent(
                        trigger: .appear, name: "screen_viewed",
                        params: [Prop(key: "screen", value: .string(screen.id))],
                        source: root.source)
                    if var first = root.children?.first {
                        first.events.append(viewed)
                        root.children![0] = first
                    } else {
                        root.events.append(viewed)
                    }
                    return root
                }
            }
            screen.content = root(screen.content)
            for layout in screen.layouts.indices {
                screen.layouts[layout].content = root(screen.layouts[layout].content)
            }
            if index == 0 { screen.servedArms = ["launch": "a"] }
            return screen
        }
        let history = example.history.versions.map(\.contract) + [Contract.live(catalog).0]
        return Compiler(catalog: catalog).compile(CompileOptions(style: style, history: history))
    }

    /// The contract of `example`'s app with the events ``compile(_:style:)`` declares: its version 3.
    static func liveContract(_ example: ProfileExample) -> Contract {
        var catalog = example.catalog
        catalog.events = events
        return Contract.live(catalog).0
    }

    @Test(arguments: ProfileExample.all)
    func everyEnvelopeInTheProfileMatchesItsGolden(_ example: ProfileExample) {
        let result = Self.compile(example, style: .pretty)
        #expect(result.diagnostics.filter { $0.severity == .error } == [], "\(example.name): \(result.diagnostics)")
        let files = EnvelopeGoldens.files(of: result)
        #expect(!files.isEmpty)
        for (name, bytes) in files { Golden.expect(bytes, matches: "events/\(example.name)/\(name)") }
    }

    @Test(arguments: ProfileExample.all)
    func eachProfileCarriesTheFlatFormatsEventsAndArmsOnlyForTheVersionThatKnowsThem(_ example: ProfileExample) throws {
        let shaped = Self.compile(example)
        var flatCatalog = example.catalog
        flatCatalog.profile = .flat
        for screen in shaped.screens {
            let full = Self.eventsAndArms(in: try JSONReader.read(screen.full))
            #expect(full.contains { $0.hasPrefix("events ") }, "\(example.name) \(screen.id)")
            for variant in screen.variants {
                let found = Self.eventsAndArms(in: try JSONReader.read(variant.envelope))
                if variant.contract < 3 {
                    #expect(found == [], "\(example.name) \(screen.id)@\(variant.contract)")
                } else {
                    #expect(found == full, "\(example.name) \(screen.id)@\(variant.contract)")
                }
            }
        }
        // Versions without events receive exactly the bytes the app without events serves them.
        let plain = example.compile()
        for (screen, original) in zip(shaped.screens, plain.screens) {
            for version in 1...2 {
                #expect(
                    screen.variant(for: version)?.envelope == original.variant(for: version)?.envelope,
                    "\(example.name) \(screen.id)@\(version)")
            }
        }
        let first = try #require(shaped.screens.first)
        #expect(Self.eventsAndArms(in: try JSONReader.read(first.full)).first == #"experiments {"launch":"a"}"#)
    }

    /// Every `events` list and `experiments` object in `value`, in document order, as text.
    static func eventsAndArms(in value: JSONValue) -> [String] {
        var found: [String] = []
        func visit(_ value: JSONValue) {
            switch value {
            case .object(let members):
                for member in members {
                    if member.key == "events" || member.key == "experiments" {
                        var json = JSONWriter(style: .compact)
                        json.value(member.value)
                        found.append(member.key + " " + String(decoding: json.takeBytes(), as: UTF8.self))
                    } else {
                        visit(member.value)
                    }
                }
            case .array(let items): items.forEach(visit)
            default: break
            }
        }
        visit(value)
        return found
    }

    @Test func theFlatFormatDescribedAsAProfileWritesEventsAndArmsAsTheFlatWriterDoes() {
        for style in [JSONStyle.compact, .pretty] {
            let flat = EnvelopeGoldens.files(of: EventsFixture.compile(style: style))
            let described = EnvelopeGoldens.files(
                of: EventsFixture.compile(profile: WireProfile(name: "flat, described"), style: style))
            #expect(flat.map(\.name) == described.map(\.name))
            for (plain, profiled) in zip(flat, described) {
                #expect(plain.bytes == profiled.bytes, "\(plain.name), \(style)")
            }
        }
    }

    @Test func anEventOnTheRootOfAProfileWritingOnlyItsChildrenIsAnError() throws {
        var catalog = WidgetsApp.catalog
        catalog.events = [EventSchema("screen_viewed", params: [.required("screen", .string)])]
        var screen = try #require(catalog.screens.first)
        let line = #line + 2
        screen.content[0].events.append(
            TrackedEvent(
                trigger: .appear, name: "screen_viewed", params: [Prop(key: "screen", value: .string("home"))],
                source: SourceLocation(file: #filePath, line: line, column: 1)))
        catalog.screens = [screen]
        let result = Compiler(catalog: catalog).compile(CompileOptions(history: [Contract.live(catalog).0]))
        let diagnostic = try #require(result.diagnostics.first { $0.rule == "event-invalid" }, "\(result.diagnostics)")
        #expect(diagnostic.location?.line == line && diagnostic.location?.file == #filePath)
        #expect(
            diagnostic.message
                == "event \"screen_viewed\" on the root is never sent: wire profile \"widgets\" writes only the root's children; attach it to one of them"
        )
    }

    @Test func withoutDeclaredEventsAPropNamedEventsStaysAProp() throws {
        struct Tagged: Component {
            static let schema = ComponentSchema(type: "tagged", props: [.optional("events", .string)])
            var node: Node
        }
        var catalog = Catalog(
            components: StandardCatalog.components + [Tagged.self],
            screens: [
                Screen("s") {
                    Tagged(
                        node: Tagged.makeNode(
                            id: "t", props: [Prop(key: "events", value: .string("all"))],
                            source: SourceLocation(file: #filePath, line: #line, column: 1)))
                }
            ])
        catalog.profile = WireProfile(
            name: "under",
            envelope: .init(
                format: nil, screenID: nil, contract: nil, minContract: nil, title: "title", initialState: nil,
                rootPath: ["root"], rootChildrenOnly: false),
            nodes: .init(idKey: nil, props: .under("data"), fallbackKey: nil))
        let result = Compiler(catalog: catalog).compile(CompileOptions(history: [Contract.live(catalog).0]))
        #expect(result.diagnostics == [], "\(result.diagnostics)")
        let full = String(decoding: try #require(result.screens.first).full, as: UTF8.self)
        #expect(full.contains(#""data":{"events":"all"}"#), "\(full)")
    }
}
