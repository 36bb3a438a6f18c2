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

/// A prop or slot named like a key the node already carries is refused at its component's
/// declaration (`prop-name-reserved`), in the flat format and in every wire profile, by `check`,
/// `build` and the renderer's start-up; and no object of any golden or any example app's output
/// holds a key twice.
@Suite struct ReservedNodeKeyTests {
    static let here = SourceLocation(file: "Promo.swift", line: 7, column: 1)

    /// A leaf of the app's own with an optional string prop `key`, and a fallback.
    static func promo(prop key: String, slots: [String] = []) -> ComponentSchema {
        var schema = ComponentSchema(
            type: "promo", props: [.required("headline", .string), .optional(key, .string)], slots: slots,
            fallback: .node)
        schema.source = here
        return schema
    }

    /// A catalog of the standard components and `extra`, with `screens`.
    static func catalog(_ extra: [ComponentSchema], screens: [Screen] = []) -> Catalog {
        var catalog = Catalog(screens: screens)
        catalog.components += extra
        return catalog
    }

    /// The problems of rule `prop-name-reserved` in `catalog` compiled against `history`.
    static func reserved(_ catalog: Catalog, history: [Contract] = []) -> [Diagnostic] {
        Compiler(catalog: catalog).compile(CompileOptions(history: history)).diagnostics.filter {
            $0.rule == "prop-name-reserved"
        }
    }

    // MARK: The flat format

    @Test(arguments: [("type", "type"), ("id", "ID"), ("children", "children"), ("fallback", "fallback")])
    func aFlatPropNamedLikeANodeKeyIsRefusedAtItsDeclaration(key: String, role: String) {
        let catalog = Self.catalog([Self.promo(prop: key)])
        let problems = Self.reserved(catalog)
        #expect(
            problems.map(\.message) == [
                "component \"promo\": prop \"\(key)\" has the key of the node's \(role) in the flat format; a node would carry that key twice: rename the wire key"
            ], "\(problems)")
        #expect(problems.first?.location == Self.here)
        #expect(problems.first?.severity == .error)
    }

    @Test func theSlotMarkerIsReservedOnlyWhereSlotsExist() {
        let alone = Self.catalog([Self.promo(prop: "slot")])
        #expect(Self.reserved(alone).isEmpty, "no component has named slots: no node is marked")
        let slotted = ComponentSchema(type: "deck", props: [], slots: ["front"])
        let withSlots = Self.catalog([Self.promo(prop: "slot"), slotted])
        #expect(
            Self.reserved(withSlots).map(\.message) == [
                #"component "promo": prop "slot" has the key of the node's named slot marker in the flat format; a node would carry that key twice: rename the wire key"#
            ])
    }

    @Test func anOrdinaryPropIsNotRefused() {
        let catalog = Self.catalog([Self.promo(prop: "kind")])
        #expect(Self.reserved(catalog).isEmpty)
        #expect(!ExampleApp.compact.diagnostics.contains { $0.rule == "prop-name-reserved" })
    }

    /// The adopter's scenario: `init`'s banner gains `.optional("type", .string)`, set to "promo".
    /// Before the rule, `build` published `{"type":"banner",…,"type":"promo"}` and `check` passed.
    @Test func aBannerWithATypePropIsRefusedByTheCompilerAndTheRenderer() throws {
        var banner = ComponentSchema(
            type: "banner",
            props: [
                .required("headline", .string, nonEmpty: true), .optional("message", .string),
                .optional("type", .string),
            ],
            fallback: .node)
        banner.source = Self.here
        let card = Node(
            type: "card",
            children: [Node(type: "text", props: [Prop(key: "content", value: .string("New"))], source: Self.here)],
            source: Self.here)
        let screen = Screen("welcome") {
            Node(
                type: "banner", id: "whats-new",
                props: [Prop(key: "headline", value: .string("New")), Prop(key: "type", value: .string("promo"))],
                fallback: .node(card), source: Self.here)
        }
        let catalog = Self.catalog([banner], screens: [screen])
        let result = Compiler(catalog: catalog).compile()
        #expect(result.diagnostics.contains { $0.rule == "prop-name-reserved" && $0.location == Self.here })
        #expect(result.hasErrors)
        #expect(result.screens.allSatisfy { $0.variants.isEmpty }, "nothing is written")
        // The renderer refuses to start: the example app's product card with such a prop.
        var app = App.catalog
        app.components = app.components.map { component in
            guard component.type == "productCard" else { return component }
            var changed = component
            changed.props.append(.optional("type", .string))
            return changed
        }
        let history = ExampleApp.root.appendingPathComponent("Screens/Contract/history")
        #expect(throws: ScreenRenderer.StartupError.self) {
            _ = try ScreenRenderer(catalog: app, history: .folder(history), allowPending: true)
        }
        do {
            _ = try ScreenRenderer(catalog: app, history: .folder(history), allowPending: true)
        } catch {
            #expect(
                error.diagnostics.map(\.message).contains {
                    $0.hasPrefix(#"component "productCard": prop "type" has the key of the node's type"#)
                }, "\(error.diagnostics.map(\.message))")
        }
    }

    // MARK: Every example profile

    /// Each key the profile writes on a node of `type` (besides props), with what it holds.
    static func nodeKeys(_ profile: WireProfile, type: String, hasSlots: Bool, anySlots: Bool) -> [(String, String)] {
        let nodes = profile.nodes
        var keys = [(nodes.typeKey, "type"), (nodes.childrenKey(of: type), "children")]
        if let id = nodes.idKey { keys.append((id, "ID")) }
        if let fallback = nodes.fallbackKey { keys.append((fallback, "fallback")) }
        switch nodes.slots {
        case .tagged(let key): if anySlots { keys.append((key, "named slot marker")) }
        case .under(let key): if hasSlots { keys.append((key, "slots")) }
        case .members: break
        }
        return keys
    }

    @Test(arguments: ProfileExample.all)
    func inEachExampleProfileAPropNamedLikeEachNodeKeyIsRefused(_ example: ProfileExample) throws {
        let history = example.history.versions.map(\.contract)
        #expect(Self.reserved(example.catalog, history: history).isEmpty, "the example app itself is fine")
        let anySlots = example.catalog.components.contains { !$0.slots.isEmpty }
        var checked = 0
        for component in example.catalog.components {
            let inline = example.catalog.profile.nodes.placement(of: component.type) == .inline
            for (key, role) in Self.nodeKeys(
                example.catalog.profile, type: component.type, hasSlots: !component.slots.isEmpty, anySlots: anySlots)
            {
                var catalog = example.catalog
                var changed = component
                changed.props.append(.optional(key, .string))
                catalog.components = catalog.components.map { $0.type == component.type ? changed : $0 }
                let messages = Self.reserved(catalog, history: history).map(\.message)
                if inline {
                    #expect(
                        messages.contains {
                            $0.hasPrefix("component \"\(component.type)\": prop \"\(key)\" has the key of the node's ")
                                && $0.contains("wire profile \"\(example.catalog.profile.name)\"")
                        }, "\(example.name) \(component.type).\(key) (\(role)): \(messages)")
                    checked += 1
                } else {
                    // Props under a key of their own never meet the node's keys in this profile.
                    #expect(
                        !messages.contains { $0.contains("wire profile \"\(example.catalog.profile.name)\"") },
                        "\(example.name) \(component.type).\(key): \(messages)")
                }
            }
        }
        print("\(example.name): \(checked) colliding inline props refused")
    }

    @Test func aNewProfileWhoseKeysMeetExistingPropsIsRefused() {
        var catalog = Self.catalog([Self.promo(prop: "kind")])
        catalog.profile = WireProfile(name: "kinds", nodes: .init(typeKey: "kind"))
        #expect(
            Self.reserved(catalog).map(\.message) == [
                #"component "promo": prop "kind" has the key of the node's type in wire profile "kinds"; a node would carry that key twice: rename the wire key"#
            ])
    }

    @Test func aSlotWrittenAsAMemberUnderANodeKeyIsRefused() {
        var catalog = Self.catalog([ComponentSchema(type: "deck", props: [], slots: ["id", "front"])])
        catalog.profile = WireProfile(name: "members", nodes: .init(slots: .members))
        #expect(
            Self.reserved(catalog).map(\.message) == [
                #"component "deck": slot "id" has the key of the node's ID in wire profile "members"; a node would carry that key twice: rename the wire key"#
            ])
    }

    // MARK: No object holds a key twice

    @Test func theDuplicateKeyCheckFindsEveryRepeatedKeyAndNothingElse() {
        let cases: [(String, String?)] = [
            (#"{"type":"banner","id":"a","type":"promo"}"#, #""type""#),
            (#"{"a":{"b":1,"c":{"b":2}},"b":[{"x":1},{"x":2}]}"#, nil),
            (#"[{"a":1},{"a":1,"a":2}]"#, #""a""#),
            (#"{"a":"b:c","b":"a","c":{"a":1}}"#, nil),
            (#"{"k\"":1,"k\"":2}"#, #""k\"""#),
            ("{\n  \"a\" : 1,\n  \"a\" : 2\n}\n", #""a""#),
            (#"{"a":1}{"a":2}"#, nil),
            (#"{"a":1,"#, nil),
        ]
        for (text, duplicate) in cases {
            #expect(jsonFirstDuplicateKey(in: Array(text.utf8)) == duplicate, "\(text)")
        }
    }

    @Test func noGoldenAndNoVariantOfAnyExampleAppHoldsAKeyTwice() throws {
        var checked = 0
        let goldens = ExampleApp.root.appendingPathComponent("Tests/Goldens")
        let files = FileManager.default.enumerator(at: goldens, includingPropertiesForKeys: nil)?.allObjects ?? []
        for case let file as URL in files where ["json", ""].contains(file.pathExtension) {
            guard let bytes = FileManager.default.contents(atPath: file.path) else { continue }
            #expect(jsonFirstDuplicateKey(in: [UInt8](bytes)) == nil, "\(file.path)")
            checked += 1
        }
        let results = [ExampleApp.compact] + ProfileExample.all.map { $0.compile() }
        for result in results {
            #expect(!result.hasErrors)
            for screen in result.screens {
                #expect(jsonFirstDuplicateKey(in: screen.full) == nil, "\(screen.id)")
                for variant in screen.variants {
                    #expect(jsonFirstDuplicateKey(in: variant.envelope) == nil, "\(screen.id)")
                    checked += 1
                }
            }
        }
        #expect(checked > 80, "\(checked)")
    }
}
