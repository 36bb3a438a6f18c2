import ExampleProfiles
import ScreenContract
import ScreenJSON
import ScreenKit
import Testing

@testable import ScreenCompiler

/// The streaming profile writer against the tree-based reference it replaced: the same bytes for
/// every flat envelope and variant of the four example apps and of a generated catalog (named
/// slots, wrapped values, value objects, props under keys per type, roots written as their
/// children, device layouts, strings that need escaping), in many profiles, in every style.
@Suite struct StreamingProfileWriterTests {
    /// The flat envelopes of `catalog` (`writesProfile: false`) for its `history`, in `style`.
    static func flat(_ catalog: Catalog, history: [Contract], style: JSONStyle) -> CompileResult {
        Compiler(catalog: catalog).compile(CompileOptions(style: style, history: history, writesProfile: false))
    }

    /// `base` and profiles that change every part of it the writer reads, a few parts at a time.
    static func variations(of base: WireProfile, components: [ComponentSchema]) -> [WireProfile] {
        var bare = base
        bare.name = "bare"
        bare.nodes.idKey = nil
        bare.nodes.props = .under("data")
        bare.nodes.slots = .members
        bare.nodes.fallbackKey = nil
        var keyed = base
        keyed.name = "keyed"
        keyed.nodes.slots = .under("slots")
        keyed.nodes.props = .inline
        keyed.nodes.fallbackKey = "orElse"
        keyed.nodes.childrenKey = "items"
        for component in components.prefix(2) {
            keyed.nodes.propsByType[component.type] = .under("props")
            keyed.nodes.childrenKeyByType[component.type] = "widgets"
        }
        keyed.envelope.rootChildrenOnly = true
        keyed.envelope.rootPath = ["page", "body", "main"]
        var wrapped = base
        wrapped.name = "wrapped"
        wrapped.values.wrapping = WireProfile.Wrapping(
            typeKey: "kind", valueKey: "v",
            discriminators: [
                "string": "text", "url": "link", "number": "num", "bool": "flag", "enum": "choice", "list": "list",
                "map": "map", "action": "act", "color": "colour", "scalar": "any",
            ],
            objects: [
                "url": ValueObject(valueKey: "path", constants: ["type": "url", "a\"b": "x\ny"]),
                "map": ValueObject(valueKey: "entries"),
            ])
        wrapped.nodes.slots = .tagged("in")
        wrapped.nodes.typeKey = "component"
        wrapped.envelope.members = [.constant("kind", "screen \"x\"\u{2028}"), .screenValue("route", from: "route")]
        wrapped.envelope.title = nil
        wrapped.envelope.format = "v"
        wrapped.envelope.initialState = nil
        wrapped.envelope.screenID = "screen"
        var nested = wrapped
        nested.name = "nested"
        nested.nodes.props = .under("p")
        nested.nodes.slots = .under("named")
        nested.nodes.idKey = "key"
        nested.envelope.rootChildrenOnly = true
        nested.values.wrapping?.discriminators = ["string": "text", "list": "list"]
        return [base, bare, keyed, wrapped, nested, .flat]
    }

    /// Each compiled screen's envelope values, by the ID of the screen (or device layout) written.
    static func values(of catalog: Catalog) -> [String: [String: String]] {
        var values: [String: [String: String]] = [:]
        for screen in catalog.screens {
            for written in screen.layoutScreens { values[written.id] = screen.envelopeValues }
        }
        return values
    }

    /// Expects the streaming writer and the reference to write the same bytes for every envelope
    /// of `flat` (and, for screens with layouts, for every merged document) in each profile.
    static func expectAgreement(
        _ catalog: Catalog, flat: CompileResult, profiles: [WireProfile], style: JSONStyle, label: String
    ) {
        let values = Self.values(of: catalog)
        let byID = Dictionary(flat.screens.map { ($0.id, $0) }) { first, _ in first }
        for profile in profiles {
            let fast = ProfileWriter(catalog: catalog, profile: profile, style: style)
            let reference = ReferenceProfileWriter(catalog: catalog, profile: profile, style: style)
            for screen in flat.screens {
                let screenValues = values[screen.id] ?? [:]
                let envelopes = [("full", screen.full)] + screen.variants.map { ("@\($0.contract)", $0.envelope) }
                for (name, bytes) in envelopes {
                    let written = fast.write(bytes, values: screenValues)
                    let expected = reference.write(bytes, values: screenValues)
                    let same = written == expected
                    #expect(
                        same,
                        "\(label), \(profile.name), \(style): \(screen.id) \(name)\n\(String(decoding: written, as: UTF8.self))\n\(String(decoding: expected, as: UTF8.self))"
                    )
                }
            }
            let entry = profile.envelope.layouts ?? WireProfile.Layouts(deviceKey: "device", rootKey: "tree")
            for screen in catalog.screens where !screen.layouts.isEmpty {
                let parts = screen.layouts.compactMap { layout in
                    byID[Screen.layoutID(screen.id, device: layout.device)].map { (layout.device, $0) }
                }
                #expect(parts.count == screen.layouts.count, "\(label): \(screen.id)")
                let documents: [(String, [(device: String, flat: [UInt8])])] =
                    [("full", parts.map { ($0.0, $0.1.full) })]
                    + (parts.first?.1.variants.indices.map { index in
                        ("variant \(index)", parts.map { ($0.0, $0.1.variants[index].envelope) })
                    } ?? [])
                for (name, document) in documents {
                    let written = fast.writeLayouts(
                        of: screen.id, document, values: screen.envelopeValues, entry: entry)
                    let expected = reference.writeLayouts(
                        of: screen.id, document, values: screen.envelopeValues, entry: entry)
                    let same = written == expected
                    #expect(same, "\(label), \(profile.name), \(style): \(screen.id) layouts \(name)")
                }
            }
        }
    }

    @Test(arguments: ProfileExample.all)
    func theStreamingWriterAgreesWithTheReferenceOnTheExampleApps(_ example: ProfileExample) {
        let history = example.history.versions.map(\.contract)
        var profiles = Self.variations(of: example.catalog.profile, components: example.catalog.components)
        for contract in history where !profiles.contains(contract.profile) { profiles.append(contract.profile) }
        for input in [JSONStyle.compact, .pretty] {
            let flat = Self.flat(example.catalog, history: history, style: input)
            #expect(!flat.hasErrors, "\(flat.diagnostics)")
            #expect(!flat.screens.isEmpty)
            for output in [JSONStyle.compact, .pretty] {
                Self.expectAgreement(
                    example.catalog, flat: flat, profiles: profiles, style: output,
                    label: "\(example.name) from \(input)")
            }
        }
    }

    @Test func theStreamingWriterAgreesWithTheReferenceOnAGeneratedCatalog() {
        var catalog = Generated.catalog()
        let history = Generated.history
        var profile = WireProfile(name: "generated", nodes: .init(idKey: nil, props: .under("data")))
        profile.envelope.members = [.screenValue("route", from: "route")]
        // The flat envelopes do not depend on the profile; one that reads the screens' values is valid.
        catalog.profile = profile
        var layouts = profile
        layouts.name = "layouts"
        layouts.envelope.layouts = WireProfile.Layouts()
        let profiles = Self.variations(of: profile, components: catalog.components) + [layouts]
        for input in [JSONStyle.compact, .pretty] {
            let flat = Self.flat(catalog, history: history, style: input)
            #expect(!flat.hasErrors, "\(flat.diagnostics.filter { $0.severity == .error })")
            #expect(flat.screens.count == 5)
            for output in [JSONStyle.compact, .pretty] {
                Self.expectAgreement(
                    catalog, flat: flat, profiles: profiles, style: output, label: "generated from \(input)")
            }
        }
    }

    @Test func theCompilerWritesWhatTheReferenceWritesFromTheFlatEnvelopes() throws {
        // Through `Compiler.compile`: each version's profile, variants that share bytes, and an
        // older version keeping the flat format it froze (`profileSince`).
        var base = WireProfile(name: "generated", nodes: .init(idKey: nil, props: .under("data")))
        base.envelope.members = [.screenValue("route", from: "route")]
        // The generated history, and one whose two versions are the same, so variants share bytes.
        for history in [Generated.history, [Generated.history[1], Generated.history[1]]] {
            try Self.expectCompilerAgreement(base: base, history: history)
        }
    }

    /// Expects `Compiler.compile` to write, for `history`, what the reference writes from the flat
    /// envelopes, for each variation of `base` and `profileSince` 1 and 2.
    static func expectCompilerAgreement(base: WireProfile, history: [Contract]) throws {
        let sharing = history[0] == history[1]
        for style in [JSONStyle.compact, .pretty] {
            // (Not "nested": it wraps only some prop types, which the writers take but `compile` refuses.)
            for profile in Self.variations(of: base, components: Generated.catalog().components)
            where profile.name != "nested" {
                for since in [1, 2] {
                    // Screens declare the value only for a profile that writes it.
                    let readsValues = profile.envelope.members.contains { $0.value == .screenValue("route") }
                    var profiled = Generated.catalog(layouts: false, values: readsValues)
                    profiled.profile = profile
                    profiled.profileSince = since
                    let result = Compiler(catalog: profiled).compile(CompileOptions(style: style, history: history))
                    let flat = Self.flat(profiled, history: history, style: style)
                    #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })")
                    #expect(result.screens.count == 4 && flat.screens.count == 4)
                    let writer = ReferenceProfileWriter(catalog: profiled, style: style)
                    let older = ReferenceProfileWriter(catalog: profiled, profile: history[0].profile, style: style)
                    let values = Self.values(of: profiled)
                    if sharing && since == 1 {
                        // Both versions get the same payload, in one profile: the same bytes.
                        let first = try #require(result.screens.first)
                        #expect(first.variants.count == 2 && first.variants[0].envelope == first.variants[1].envelope)
                    }
                    for (screen, reference) in zip(result.screens, flat.screens) {
                        let screenValues = values[screen.id] ?? [:]
                        let fullIsSame = screen.full == writer.write(reference.full, values: screenValues)
                        #expect(fullIsSame, "\(profile.name) since \(since), \(style): \(screen.id)")
                        for (variant, expected) in zip(screen.variants, reference.variants) {
                            let versionWriter = variant.contract < since ? older : writer
                            let same = variant.envelope == versionWriter.write(expected.envelope, values: screenValues)
                            #expect(same, "\(profile.name) since \(since), \(style): \(screen.id)@\(variant.contract)")
                        }
                    }
                }
            }
        }
    }
}

/// A generated catalog for the writer comparisons: containers with plain children and named
/// slots, decks of named slots only, leaves, a version-2 badge with a node fallback, props of
/// every type, strings that need escaping, and a screen with two device layouts.
enum Generated {
    static let here = SourceLocation(file: "Generated.swift", line: 1, column: 1)
    /// An enum with a value version 1 lacks.
    static let tone = EnumSchema(name: "Tone", cases: [EnumCase("plain"), EnumCase("loud", fallback: "plain")])
    static let panel = ComponentSchema(
        type: "panel",
        props: [
            .optional("title", .string), .optional("count", .number), .optional("on", .bool),
            .optional("tags", .list(.string)), .optional("attrs", .map(.string)), .optional("tap", .action),
            .optional("link", .url), .optional("tone", .enumeration(tone)), .optional("tint", .color),
        ], hasChildren: true, slots: ["aside"])
    static let deck = ComponentSchema(type: "deck", props: [.optional("title", .string)], slots: ["front", "back"])
    static let label = ComponentSchema(
        type: "label", props: [.required("text", .string), .optional("tone", .enumeration(tone))])
    static let badge = ComponentSchema(type: "badge", props: [.required("text", .string)], fallback: .node)
    static let list = ComponentSchema(type: "list", props: [], hasChildren: true)

    /// Strings a writer must escape, or copy as they are.
    static let texts = [
        "plain", "with \"quotes\"", "back\\slash", "line\nbreak\ttab", "café ☕️ 👩‍👩‍👧", "sep\u{2028}ara\u{2029}tors",
        "control \u{01}\u{1F}", "slash / and <tag>", "",
    ]

    /// A deterministic pseudo-random source.
    struct Source {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func label(_ source: inout Source) -> Node {
        var props = [Prop(key: "text", value: .string(texts[source.next(texts.count)]))]
        if source.next(3) == 0 {
            props.append(Prop(key: "tone", value: .string(source.next(2) == 0 ? "loud" : "plain")))
        }
        return Node(type: "label", props: props, source: here)
    }

    static func leaf(_ source: inout Source) -> Node {
        if source.next(4) == 0 {
            let text = texts[source.next(texts.count)]
            return Node(
                type: "badge", props: [Prop(key: "text", value: .string(text))],
                fallback: source.next(3) == 0 ? .drop : .node(label(&source)), source: here)
        }
        return label(&source)
    }

    static func panelProps(_ source: inout Source) -> [Prop] {
        var props: [Prop] = []
        if source.next(2) == 0 { props.append(Prop(key: "title", value: .string(texts[source.next(texts.count)]))) }
        if source.next(2) == 0 {
            props.append(Prop(key: "count", value: .number([0, -1.5, 1e21, 42, 0.1][source.next(5)])))
        }
        if source.next(2) == 0 { props.append(Prop(key: "on", value: .bool(source.next(2) == 0))) }
        if source.next(2) == 0 {
            props.append(Prop(key: "tags", value: .list((0..<source.next(4)).map { .string(texts[$0]) })))
        }
        if source.next(2) == 0 {
            props.append(Prop(key: "attrs", value: .map(["b": .string(texts[source.next(texts.count)]), "a": "x"])))
        }
        if source.next(2) == 0 {
            let share = Action(ActionSchema.share, fields: [Prop(key: "url", value: "https://example.com/s")])
            let tap: Action =
                switch source.next(3) {
                case 0: share
                case 1: Action(ActionSchema.sequence, fields: [Prop(key: "actions", value: .list([.action(share)]))])
                default: Action(ActionSchema.showAlert, fields: [Prop(key: "title", value: .string(texts[1]))])
                }
            props.append(Prop(key: "tap", value: .action(tap)))
        }
        if source.next(2) == 0 { props.append(Prop(key: "link", value: "https://example.com/a?b=c")) }
        if source.next(2) == 0 {
            props.append(Prop(key: "tone", value: .string(source.next(2) == 0 ? "loud" : "plain")))
        }
        if source.next(3) == 0 { props.append(Prop(key: "tint", value: "#FF8800")) }
        return props
    }

    /// A container `depth` levels deep: a panel (plain children and its aside), a deck (front and
    /// back) or a list.
    static func container(_ source: inout Source, depth: Int) -> Node {
        func child(_ source: inout Source) -> Node {
            depth > 0 && source.next(3) == 0 ? container(&source, depth: depth - 1) : leaf(&source)
        }
        switch source.next(3) {
        case 0:
            var children: [Node] = []
            for _ in 0..<(1 + source.next(4)) {
                let node = child(&source)
                children.append(source.next(3) == 0 ? node.inSlot("aside") : node)
            }
            return Node(type: "panel", props: panelProps(&source), children: children, source: here)
        case 1:
            let children = (0..<(1 + source.next(3))).map { _ in
                child(&source).inSlot(source.next(2) == 0 ? "front" : "back")
            }
            return Node(
                type: "deck", props: [Prop(key: "title", value: .string(texts[source.next(texts.count)]))],
                children: children, source: here)
        default:
            return Node(type: "list", children: (0..<source.next(4)).map { _ in child(&source) }, source: here)
        }
    }

    static func screen(_ id: String, seed: UInt64, values: Bool = true) -> Screen {
        var source = Source(state: seed)
        let root = Node(
            type: "panel", props: panelProps(&source),
            children: (0..<6).map { _ in container(&source, depth: 4) }, source: here)
        let screen = Screen(
            id, title: seed % 2 == 0 ? texts[Int(seed) % texts.count] : nil,
            initialState: ["query": .string(texts[1]), "count": 3, "flags": .list([true, false])]
        ) { root }
        return values ? screen.envelopeValue("route", "/\(id)?q=\"1\"") : screen
    }

    /// The catalog: three generated screens and, unless `layouts` is false, one with two device
    /// layouts; each screen declares the envelope value `route` unless `values` is false.
    static func catalog(
        components: [ComponentSchema] = [panel, deck, label, badge, list], layouts: Bool = true, values: Bool = true
    ) -> Catalog {
        var screens = [
            screen("one", seed: 1, values: values), screen("two", seed: 2, values: values),
            screen("three", seed: 3, values: values),
        ]
        if layouts {
            var source = Source(state: 4)
            let phone = container(&source, depth: 3)
            let tablet = container(&source, depth: 3)
            screens.append(
                Screen(
                    "multi", title: "Multi",
                    layouts: [DeviceLayout("iphone") { phone }, DeviceLayout("ipad") { tablet }]
                ).envelopeValue("route", "/multi"))
        } else {
            screens.append(screen("four", seed: 4, values: values))
        }
        var catalog = Catalog(actions: StandardCatalog.actions, screens: screens)
        catalog.components = components
        return catalog
    }

    /// Version 1 without the badge, the panel's tint, the share action or the tone `loud`;
    /// version 2 with them.
    static let history: [Contract] = {
        let v1Tone = EnumSchema(name: "Tone", cases: [EnumCase("plain")])
        func v1(_ schema: ComponentSchema) -> ComponentSchema {
            var schema = schema
            schema.props.removeAll { $0.key == "tint" }
            for index in schema.props.indices where schema.props[index].key == "tone" {
                schema.props[index].type = .enumeration(v1Tone)
            }
            return schema
        }
        var v1 = catalog(components: [v1(panel), deck, v1(label), list])
        v1.actions.removeAll { $0.kind == "share" }
        return [Contract.live(v1).0, Contract.live(catalog()).0]
    }()
}
