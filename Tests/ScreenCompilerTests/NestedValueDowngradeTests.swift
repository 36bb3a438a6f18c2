import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import Testing

/// Values nested in actions, lists and maps that an older version lacks — an enum value, an
/// action field — are downgraded in that version's variant, never copied from the full envelope
/// along with the rest of their node; values every version knows are copied unchanged.
@Suite struct NestedValueDowngradeTests {
    /// `Mode` at contract 1; contract 2 adds `c`, which falls back to `a`.
    static let modeV1 = EnumSchema(name: "Mode", cases: [EnumCase("a"), EnumCase("b")])
    static let modeV2 = EnumSchema(name: "Mode", cases: modeV1.cases + [EnumCase("c", fallback: "a")])
    /// The action kind `go` at contract 1; contract 2 adds the optional field `haptic`.
    static let goV1 = ActionSchema(
        kind: "go", fields: [.required("destination", .string), .defaulted("mode", .enumeration(modeV1), .string("a"))])
    static let goV2 = ActionSchema(
        kind: "go",
        fields: [
            .required("destination", .string), .defaulted("mode", .enumeration(modeV2), .string("a")),
            .optional("haptic", .bool),
        ])

    /// `tags` at contract 1: its enum values inside a list and a map, and an action.
    struct TagsV1: Component {
        static let schema = ComponentSchema(
            type: "tags",
            props: [
                .required("tags", .list(.enumeration(modeV1))), .optional("byName", .map(.enumeration(modeV1))),
                .optional("onTap", .action),
            ])
        var node: Node
    }

    /// `tags` at contract 2, where `Mode` has `c`.
    struct Tags: Component {
        static let schema = ComponentSchema(
            type: "tags",
            props: [
                .required("tags", .list(.enumeration(modeV2))), .optional("byName", .map(.enumeration(modeV2))),
                .optional("onTap", .action),
            ])
        var node: Node

        init(_ tags: [String], byName: [String: String], onTap: Action, id: String) {
            node = Self.makeNode(
                id: id,
                props: [
                    Prop(key: "tags", value: .list(tags.map { .string($0) })),
                    Prop(key: "byName", value: .map(byName.mapValues { .string($0) })),
                    Prop(key: "onTap", value: .action(onTap)),
                ],
                source: SourceLocation(file: #filePath, line: #line, column: 1))
        }
    }

    static func go(_ destination: String, mode: String, haptic: Bool? = nil) -> Action {
        var fields = [Prop(key: "destination", value: .string(destination)), Prop(key: "mode", value: .string(mode))]
        if let haptic { fields.append(Prop(key: "haptic", value: .bool(haptic))) }
        return Action(kind: "go", fields: fields)
    }

    static let v1 = Contract.live(
        Catalog(
            components: StandardCatalog.components + [TagsV1.self], actions: StandardCatalog.actions + [goV1],
            screens: [])
    ).0

    /// One screen with three `tags` nodes: new values in the list, the map and the action; only
    /// in the action's new field; nowhere.
    static func compile() throws -> CompiledScreen {
        let screen = Screen("s") {
            Column {
                Tags(["b", "c"], byName: ["x": "c", "y": "b"], onTap: go("s", mode: "c"), id: "new-values")
                Tags(["a"], byName: ["x": "b"], onTap: go("s", mode: "b", haptic: true), id: "new-field")
                Tags(["a", "b"], byName: ["x": "a"], onTap: go("s", mode: "b"), id: "known")
            }
        }
        let catalog = Catalog(
            components: StandardCatalog.components + [Tags.self], actions: StandardCatalog.actions + [goV2],
            screens: [screen])
        let result = Compiler(catalog: catalog).compile(CompileOptions(history: [v1, Contract.live(catalog).0]))
        #expect(result.diagnostics == [])
        return try #require(result.screens.first)
    }

    /// The node with ID `id` in an envelope, as JSON objects.
    static func node(_ id: String, in envelope: [UInt8]) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(envelope)) as? [String: Any])
        let root = try #require(object["root"] as? [String: Any])
        let children = try #require(root["children"] as? [[String: Any]])
        return try #require(children.first { $0["id"] as? String == id })
    }

    @Test func newValuesInsideAListAMapAndAnActionAreMappedForTheOlderVersion() throws {
        let screen = try Self.compile()
        let v1 = try #require(screen.variant(for: 1))
        let node = try Self.node("new-values", in: v1.envelope)
        #expect(node["tags"] as? [String] == ["b", "a"])
        #expect(node["byName"] as? [String: String] == ["x": "a", "y": "b"])
        let onTap = try #require(node["onTap"] as? [String: String])
        #expect(onTap == ["type": "go", "destination": "s", "mode": "a"])
        let full = try Self.node("new-values", in: screen.full)
        #expect(full["tags"] as? [String] == ["b", "c"])
        #expect((full["onTap"] as? [String: String])?["mode"] == "c")
        #expect(
            v1.downgrades.filter { $0.nodeID == "new-values" } == [
                .enumMapped(nodeID: "new-values", enumName: "Mode", from: "c", to: "a"),
                .enumMapped(nodeID: "new-values", enumName: "Mode", from: "c", to: "a"),
                .enumMapped(nodeID: "new-values", enumName: "Mode", from: "c", to: "a"),
            ])
    }

    @Test func aNewActionFieldIsLeftOutForTheOlderVersion() throws {
        let screen = try Self.compile()
        let v1 = try #require(screen.variant(for: 1))
        let onTap = try #require(try Self.node("new-field", in: v1.envelope)["onTap"] as? [String: Any])
        #expect(onTap.keys.sorted() == ["destination", "mode", "type"])
        let full = try #require(try Self.node("new-field", in: screen.full)["onTap"] as? [String: Any])
        #expect(full["haptic"] as? Bool == true)
        #expect(
            v1.downgrades.filter { $0.nodeID == "new-field" } == [
                .fieldRemoved(nodeID: "new-field", kind: "go", key: "haptic")
            ])
    }

    @Test func aNodeEveryVersionKnowsIsTheSameInEveryVariant() throws {
        let screen = try Self.compile()
        let full = String(decoding: screen.full, as: UTF8.self)
        let known =
            #"{"type":"tags","id":"known","tags":["a","b"],"byName":{"x":"a"},"onTap":{"type":"go","destination":"s","mode":"b"}}"#
        #expect(full.contains(known))
        for variant in screen.variants {
            #expect(String(decoding: variant.envelope, as: UTF8.self).contains(known), "contract \(variant.contract)")
        }
        let v2 = try #require(screen.variant(for: 2))
        #expect(v2.downgrades == [])
        #expect(v2.envelope == screen.full)
    }
}
