import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import Testing

/// Contract 1 knows `badge` with `Mode.a` only; contract 2 adds `Mode` values `b` (→ `a`), `c`
/// (→ `b`) and `d` (no fallback), a defaulted `size` prop on `badge`, the action kind `vibrate`
/// and the component `chip`.
enum EdgeContracts {
    static let modeV1 = EnumSchema(name: "Mode", cases: [EnumCase("a")])
    static let modeV2 = EnumSchema(
        name: "Mode", cases: [EnumCase("a"), EnumCase("b", fallback: "a"), EnumCase("c", fallback: "b"), EnumCase("d")])
    struct BadgeV1: Component {
        static let schema = ComponentSchema(type: "badge", props: [.required("mode", .enumeration(modeV1))])
        var node: Node
    }
    struct Badge: Component {
        static let schema = ComponentSchema(
            type: "badge", props: [.required("mode", .enumeration(modeV2)), .defaulted("size", .number, .number(1))])
        var node: Node
        init(_ mode: String) {
            node = Self.makeNode(
                id: "badge", props: [Prop(key: "mode", value: .string(mode))],
                source: SourceLocation(file: #filePath, line: #line, column: 1))
        }
    }
    static let vibrate = ActionSchema(kind: "vibrate", fields: [])
    static func compile(_ screen: Screen) -> CompileResult {
        let v1 = Contract.live(Catalog(components: StandardCatalog.components + [BadgeV1.self], screens: [])).0
        let catalog = Catalog(
            components: StandardCatalog.components + [Badge.self, VersionedValidationTests.Chip.self],
            actions: StandardCatalog.actions + [vibrate], screens: [screen])
        return Compiler(catalog: catalog).compile(CompileOptions(history: [v1, Contract.live(catalog).0]))
    }
}

/// Downgrade, validation and ID edge cases that mutation testing found no test for: each test
/// fails when the decision it names is changed.
@Suite struct DowngradeEdgeTests {
    typealias Chip = VersionedValidationTests.Chip
    @Test func aFallbackInsideAFallbackMustNotRepeatAKeptPrimaryID() {
        let r = EdgeContracts.compile(
            Screen("s") {
                Column {
                    Text("t", id: "title")
                    Chip("a").fallback(Column { Chip("b").fallback(Text("x", id: "title")) })
                }
            })
        #expect(r.diagnostics.map(\.rule) == ["id-duplicate"])
    }
    @Test func aDroppedActionBecomesAnEmptySequenceAndIsReported() throws {
        let r = EdgeContracts.compile(
            Screen("s") { Button("b", id: "b", action: Action(kind: "vibrate", fields: [], fallback: .drop)) })
        #expect(r.diagnostics == [])
        let v = try #require(r.screens.first?.variant(for: 1))
        #expect(v.downgrades == [.actionDropped(nodeID: "b", kind: "vibrate")])
        #expect(String(decoding: v.envelope, as: UTF8.self).contains(#""action":{"type":"sequence","actions":[]}"#))
    }
    @Test func anEnumValueWithNoFallbackAnOlderVersionKnowsIsAnError() {
        let r = EdgeContracts.compile(Screen("s") { EdgeContracts.Badge("d") })
        #expect(r.diagnostics.map(\.rule) == ["fallback-missing"])
    }
    @Test func enumFallbacksAreFollowedSeveralStepsAndUnsetNewPropsAreNotDowngrades() throws {
        let r = EdgeContracts.compile(Screen("s") { EdgeContracts.Badge("c") })
        #expect(r.diagnostics == [])
        let v = try #require(r.screens.first?.variant(for: 1))
        #expect(v.downgrades == [.enumMapped(nodeID: "badge", enumName: "Mode", from: "c", to: "a")])
    }
    @Test func nodeFallbacksAreFollowedUntilAKnownType() throws {
        let r = EdgeContracts.compile(Screen("s") { Column { Chip("a").fallback(Chip("b").fallback(Text("t"))) } })
        #expect(r.diagnostics == [])
        let v = try #require(r.screens.first?.variant(for: 1))
        #expect(!String(decoding: v.envelope, as: UTF8.self).contains(#""type":"chip""#))
    }
    @Test func aPendingElementIsReportedOncePerScreen() {
        let v1 = Contract.live(Catalog(screens: [])).0
        let catalog = Catalog(
            components: StandardCatalog.components + [Chip.self],
            screens: [
                Screen("s") {
                    Column {
                        Chip("x").fallback(Text("x"))
                        Chip("y").fallback(Text("y"))
                    }
                }
            ])
        #expect(
            Compiler(catalog: catalog).compile(CompileOptions(history: [v1])).diagnostics.map(\.rule) == [
                "contract-pending"
            ])
    }
    @Test func fallbackActionsAreValidated() {
        let bad = Action(kind: "openURL", fields: [Prop(key: "url", value: .string("javascript:x"))])
        let r = EdgeContracts.compile(
            Screen("s") { Button("b", id: "b", action: Action(kind: "vibrate", fields: [], fallback: .action(bad))) })
        #expect(r.diagnostics.map(\.rule) == ["url-invalid"])
    }
    @Test func aBoolForANumberPropIsATypeError() {
        var spacer = Spacer(height: 1)
        spacer.node.set("height", .bool(true))
        let r = EdgeContracts.compile(Screen("s") { spacer })
        #expect(r.diagnostics.map(\.rule) == ["prop-type"])
    }
    @Test func idAndScreenIDBoundaries() {
        #expect(
            EdgeContracts.compile(Screen("zz") { Text("x", id: String(repeating: "a", count: 128)) }).diagnostics == [])
        #expect(EdgeContracts.compile(Screen("s") { Text("x", id: "a:b") }).diagnostics == [])
        #expect(
            EdgeContracts.compile(Screen("s") { Text("x", id: String(repeating: "a", count: 129)) }).diagnostics.count
                == 1)
        #expect(
            EdgeContracts.compile(Screen("s") { Column(id: String(repeating: "a", count: 121)) { Text("x") } })
                .diagnostics == [])
        #expect(
            EdgeContracts.compile(Screen("s") { Column(id: String(repeating: "a", count: 122)) { Text("x") } })
                .diagnostics.map(\.rule) == ["id-invalid"])
    }
}

/// A prop added with a brand-new enum type compiles, and older clients simply do not get it.
@Suite struct NewEnumPropTests {
    static let weight = EnumSchema(name: "Weight", cases: [EnumCase("regular"), EnumCase("bold")])

    struct LabelV1: Component {
        static let schema = ComponentSchema(type: "label", props: [.required("content", .string)])
        var node: Node
    }

    struct Label: Component {
        static let schema = ComponentSchema(
            type: "label", props: [.required("content", .string), .optional("weight", .enumeration(weight))])
        var node: Node
        init(_ content: String, weight: String) {
            node = Self.makeNode(
                id: nil,
                props: [Prop(key: "content", value: .string(content)), Prop(key: "weight", value: .string(weight))],
                source: SourceLocation(file: #filePath, line: #line, column: 1))
        }
    }

    @Test func olderClientsGetTheNodeWithoutTheNewProp() throws {
        let v1 = Contract.live(Catalog(components: StandardCatalog.components + [LabelV1.self], screens: [])).0
        let catalog = Catalog(
            components: StandardCatalog.components + [Label.self],
            screens: [Screen("s") { Label("hi", weight: "bold") }])
        let result = Compiler(catalog: catalog).compile(CompileOptions(history: [v1, Contract.live(catalog).0]))
        #expect(result.diagnostics == [])
        let screen = try #require(result.screens.first)
        let v1Variant = try #require(screen.variant(for: 1))
        #expect(!String(decoding: v1Variant.envelope, as: UTF8.self).contains("weight"))
        #expect(v1Variant.downgrades == [.propRemoved(nodeID: "s.label-1", type: "label", key: "weight")])
        #expect(String(decoding: screen.full, as: UTF8.self).contains(#""weight":"bold""#))
    }
}
