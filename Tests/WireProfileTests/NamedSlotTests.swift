import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit
import Testing

/// Named slots: the flat format keeps one `children` list and marks each slot's children; a
/// fallback stands in its node's slot; profiles write slots as lists of their own; bad slots, and
/// profiles that make a prop and a slot share a key, are clear errors; slots are frozen with their
/// component.
@Suite struct NamedSlotTests {
    /// A card with two named slots and no plain children.
    static let deck = ComponentSchema(type: "deck", props: [.optional("title", .string)], slots: ["front", "back"])
    /// A container with plain children and one named slot.
    static let panel = ComponentSchema(type: "panel", props: [], hasChildren: true, slots: ["aside"])
    /// A leaf.
    static let label = ComponentSchema(type: "label", props: [.required("text", .string)])
    /// A leaf added in version 2; older clients get its fallback.
    static let badge = ComponentSchema(type: "badge", props: [.required("text", .string)], fallback: .node)

    static let here = SourceLocation(file: "Slots.swift", line: 1, column: 1)

    static func label(_ text: String) -> Node {
        Node(type: "label", props: [Prop(key: "text", value: .string(text))], source: here)
    }

    /// A panel holding a deck (a badge on its back, falling back to a label) and an aside.
    static let screen = Screen("slots") {
        Node(
            type: "panel", id: "panel",
            children: [
                Node(
                    type: "deck", id: "deck",
                    children: [
                        label("Front").inSlot("front"),
                        Node(
                            type: "badge", id: "new", props: [Prop(key: "text", value: .string("New"))],
                            fallback: .node(label("New")), source: here
                        ).inSlot("back"),
                    ], source: here),
                label("Aside").inSlot("aside"),
            ], source: here)
    }

    static func catalog(_ components: [ComponentSchema] = [panel, deck, label, badge], screens: [Screen] = [screen])
        -> Catalog
    {
        var catalog = Catalog(components: [], actions: [], screens: screens)
        catalog.components = components
        return catalog
    }

    /// Version 1 without the badge, version 2 with it.
    static let history = [
        Contract.live(catalog([panel, deck, label])).0, Contract.live(catalog()).0,
    ]

    static func compile(_ catalog: Catalog) -> CompileResult {
        Compiler(catalog: catalog).compile(CompileOptions(history: history))
    }

    @Test func theFlatFormatKeepsOneChildrenListAndMarksEachSlotsChildren() throws {
        let result = Self.compile(Self.catalog())
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let full = String(decoding: try #require(result.screens.first?.full), as: UTF8.self)
        #expect(
            full.contains(
                #""root":{"type":"panel","id":"panel","children":[{"type":"deck","id":"deck","children":[{"type":"label","id":"deck.label-1","slot":"front","text":"Front"},{"type":"badge","id":"new","slot":"back","text":"New","fallback":{"type":"label","id":"new","slot":"back","text":"New"}}]},{"type":"label","id":"panel.label-1","slot":"aside","text":"Aside"}]}"#
            ), "\(full)")
    }

    @Test func aFallbackStandsInTheSlotOfTheNodeItReplaces() throws {
        let result = Self.compile(Self.catalog())
        let v1 = String(decoding: try #require(result.screens.first?.variants.first?.envelope), as: UTF8.self)
        #expect(v1.contains(#"{"type":"label","id":"new","slot":"back","text":"New"}"#), "\(v1)")
        #expect(!v1.contains("badge"))
    }

    @Test func aProfileWritesEachSlotAsAListOfItsOwn() throws {
        var catalog = Self.catalog()
        catalog.profile = WireProfile(name: "members", nodes: .init(idKey: nil, slots: .members, fallbackKey: nil))
        var under = catalog
        under.profile = WireProfile(name: "under", nodes: .init(idKey: nil, slots: .under("slots"), fallbackKey: nil))
        let members = String(
            decoding: try #require(Self.compile(catalog).screens.first?.variants.first?.envelope), as: UTF8.self)
        // Every declared slot is written, in declaration order; the panel keeps its plain children.
        #expect(
            members.contains(
                #""root":{"type":"panel","children":[{"type":"deck","front":[{"type":"label","text":"Front"}],"back":[{"type":"label","text":"New"}]}],"aside":[{"type":"label","text":"Aside"}]}"#
            ), "\(members)")
        let slots = String(
            decoding: try #require(Self.compile(under).screens.first?.variants.last?.envelope), as: UTF8.self)
        #expect(
            slots.contains(
                #"{"type":"deck","slots":{"front":[{"type":"label","text":"Front"}],"back":[{"type":"badge","text":"New"}]}}"#
            ), "\(slots)")
    }

    // MARK: Bad slots

    static func diagnostics(of catalog: Catalog, rule: String) -> [String] {
        compile(catalog).diagnostics.filter { $0.rule == rule }.map(\.message)
    }

    @Test func aChildInASlotItsParentDoesNotDeclareIsAClearError() {
        let screen = Screen("slots") {
            Node(type: "deck", children: [Self.label("Side").inSlot("side"), Self.label("Plain")], source: Self.here)
        }
        let problems = Self.diagnostics(of: Self.catalog(screens: [screen]), rule: "slot-unknown")
        #expect(
            problems == [
                #""label" is in slot "side", which "deck" does not declare (its slots: front, back)"#,
                #""label" is in no slot, but "deck" has only named slots (front, back)"#,
            ], "\(problems)")
    }

    @Test func badSlotDeclarationsAreClearErrors() {
        let bad = ComponentSchema(
            type: "bad", props: [.optional("slot", .string)], slots: ["two words", "x", "x"])
        let problems = Self.diagnostics(
            of: Self.catalog([Self.panel, Self.deck, Self.label, Self.badge, bad]), rule: "slot-invalid")
        #expect(
            problems == [
                #"component "bad": slot name "two words" is invalid: use [A-Za-z0-9_-]+"#,
                #"component "bad" declares slot "x" twice"#,
            ], "\(problems)")
        let reserved = Self.diagnostics(
            of: Self.catalog([Self.panel, Self.deck, Self.label, Self.badge, bad]), rule: "prop-name-reserved")
        #expect(
            reserved == [
                #"component "bad": prop "slot" has the key of the node's named slot marker in the flat format; a node would carry that key twice: rename the wire key"#
            ], "\(reserved)")
    }

    @Test func aProfileWritingAPropAndASlotUnderOneKeyIsAClearError() {
        let clash = ComponentSchema(type: "clash", props: [.optional("front", .string)], slots: ["front"])
        var catalog = Self.catalog([Self.panel, Self.deck, Self.label, Self.badge, clash])
        catalog.profile = WireProfile(name: "members", nodes: .init(slots: .members))
        let problems = Self.diagnostics(of: catalog, rule: "prop-name-reserved")
        #expect(
            problems == [
                #"component "clash": prop "front" has the key of its slot "front" in wire profile "members"; a node would carry that key twice: rename the wire key"#
            ], "\(problems)")
    }

    @Test func aWrappedObjectWhoseValueKeyIsAlsoAFixedMemberIsAClearError() {
        var catalog = Self.catalog()
        catalog.profile = WireProfile(
            name: "links",
            values: .init(
                wrapping: .init(
                    discriminators: ["string": "text"],
                    objects: ["string": ValueObject(valueKey: "path", constants: ["path": "x"])])))
        let problems = Self.diagnostics(of: catalog, rule: "profile-invalid")
        #expect(
            problems == [
                #"wire profile "links": the wrapped string object's value key "path" is also one of its fixed members"#
            ], "\(problems)")
    }

    // MARK: The contract

    @Test func slotsAreFrozenWithTheirComponent() throws {
        let frozen = Contract.live(Self.catalog()).0
        let bytes = ContractFile.encode(frozen, version: 1, previous: nil)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""slots": ["#))
        let read = try ContractFile.decode(bytes)
        #expect(read.contract.component("deck")?.slots == ["front", "back"])
        #expect(read.contract == frozen)
        for slots in [["front"], ["front", "back", "spine"], ["back", "front"]] {
            var deck = Self.deck
            deck.slots = slots
            let changed = Contract.live(Self.catalog([Self.panel, deck, Self.label, Self.badge])).0
            let changes = Compatibility.changes(from: frozen, to: changed, oldFile: nil)
            #expect(changes.map(\.rule.id) == ["component-slots-changed"], "\(slots)")
            #expect(changes.allSatisfy { $0.isBreaking })
        }
    }
}
