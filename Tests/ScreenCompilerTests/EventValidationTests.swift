import Foundation
import ScreenCompiler
import ScreenKit
import Testing

/// A promo card tapped: a typed event with a required string, a required number and an optional enum.
struct PromoTapped: AnalyticsEvent {
    static let placements = EnumSchema(name: "placement", cases: [EnumCase("hero"), EnumCase("list")])
    static let schema = EventSchema(
        "promo_tapped",
        params: [
            .required("promo", .string), .required("position", .number),
            .optional("placement", .enumeration(placements)),
        ])
    var promo: String
    var position: Int
    var placement: String? = nil
    var params: [Prop] {
        [Prop(key: "promo", value: .string(promo)), Prop(key: "position", value: .number(Double(position)))]
            + (placement.map { [Prop(key: "placement", value: .string($0))] } ?? [])
    }
}

/// An event whose params are given as they are, to send what a typed event could not.
struct RawEvent: AnalyticsEvent {
    static let schema = EventSchema("promo_tapped")
    var params: [Prop]
}

/// An event no catalog declares.
struct Unheard: AnalyticsEvent {
    static let schema = EventSchema("unheard")
    var params: [Prop] { [] }
}

/// Analytics events in the DSL: every node's events checked against the catalog's declarations like
/// props, each problem at the Swift line of its `.track`.
@Suite struct EventValidationTests {
    static func compile(_ screen: Screen, events: [EventSchema] = [PromoTapped.schema]) -> CompileResult {
        var catalog = Catalog(screens: [screen])
        catalog.events = events
        return Compiler(catalog: catalog).compileFrozen()
    }

    static let action = Action.navigate(to: "home")

    /// Only `rule` fires, at `line` of this file.
    static func expectOnly(
        _ rule: String, in result: CompileResult, line: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(result.screens.isEmpty && result.hasErrors, sourceLocation: sourceLocation)
        #expect(result.diagnostics.map(\.rule) == [rule], "\(result.diagnostics)", sourceLocation: sourceLocation)
        #expect(result.diagnostics.first?.location?.line == line, sourceLocation: sourceLocation)
        #expect(result.diagnostics.first?.location?.file == #filePath, sourceLocation: sourceLocation)
    }

    @Test func aDeclaredEventOnASupportedTriggerWithItsParamsIsValid() {
        let screen = Screen("home") {
            Column {
                Button("Cold brew", id: "promo", action: Self.action)
                    .track(.tap, PromoTapped(promo: "cold-brew", position: 1, placement: "hero"))
                    .track(.appear, PromoTapped(promo: "cold-brew", position: 1))
            }
        }
        #expect(Self.compile(screen).diagnostics == [])
    }

    @Test func anUndeclaredEventIsAnErrorAtItsLine() {
        let line = #line + 2
        let screen = Screen("home") {
            Text("Hi").track(.appear, Unheard())
        }
        let result = Self.compile(screen)
        Self.expectOnly("event-unknown", in: result, line: line)
        #expect(result.diagnostics[0].message == #""text" sends event "unheard", which the catalog does not declare"#)
    }

    @Test(arguments: [
        ([Prop(key: "promo", value: "x")], #"event "promo_tapped" is missing its required param "position""#),
        (
            [Prop(key: "promo", value: "x"), Prop(key: "position", value: .number(1)), Prop(key: "slot", value: "a")],
            #"event "promo_tapped" declares no param "slot""#
        ),
        (
            [Prop(key: "promo", value: .number(3)), Prop(key: "position", value: .number(1))],
            #"param "promo" of event "promo_tapped" is not of type string"#
        ),
        (
            [
                Prop(key: "promo", value: "x"), Prop(key: "position", value: .number(1)),
                Prop(key: "placement", value: "footer"),
            ],
            #"param "placement" of event "promo_tapped" is not of type enum placement"#
        ),
    ])
    func aMissingExtraOrMistypedParamIsAnErrorAtItsLine(params: [Prop], message: String) {
        let line = #line + 2
        let screen = Screen("home") {
            Button("Go", id: "go", action: Self.action).track(.tap, RawEvent(params: params))
        }
        let result = Self.compile(screen)
        Self.expectOnly("event-invalid", in: result, line: line)
        #expect(result.diagnostics[0].message == message)
    }

    @Test func aTriggerTheComponentDoesNotHaveIsAnError() {
        let line = #line + 2
        let screen = Screen("home") {
            Text("Not tappable").track(.tap, PromoTapped(promo: "x", position: 1))
        }
        Self.expectOnly("event-invalid", in: Self.compile(screen), line: line)
        #expect(Self.compile(screen).diagnostics[0].message == #""text" has no trigger "tap""#)
    }

    @Test func aCustomComponentsOwnTriggerIsAllowedOnItAlone() {
        struct Accordion: Component {
            static let schema = ComponentSchema(type: "accordion", props: [], hasChildren: true).triggering("expand")
            var node: Node
            init(file: String = #filePath, line: Int = #line, column: Int = #column) {
                node = Self.makeNode(
                    id: nil, props: [], children: [], source: SourceLocation(file: file, line: line, column: column))
            }
        }
        var catalog = Catalog(
            components: StandardCatalog.components + [Accordion.self],
            screens: [
                Screen("faq") {
                    Column {
                        Accordion().track("expand", PromoTapped(promo: "faq", position: 2))
                        Text("Q").track("expand", PromoTapped(promo: "faq", position: 3))
                    }
                }
            ])
        catalog.events = [PromoTapped.schema]
        let result = Compiler(catalog: catalog).compileFrozen()
        #expect(result.diagnostics.map(\.message) == [#""text" has no trigger "expand""#])
    }

    @Test func eventsInsideFallbacksAndExperimentArmsAreChecked() {
        let screen = Screen("home") {
            Column {
                Text("New").fallback(Text("Old").track(.appear, Unheard()))
            }
        }
        #expect(Self.compile(screen).diagnostics.map(\.rule) == ["event-unknown"])
    }

    @Test func badDeclarationsAreErrorsAtTheirLine() {
        let line = #line + 1
        let badName = EventSchema("Promo-Tapped")
        let listParam = EventSchema("listed", params: [.optional("ids", .list(.string))])
        let defaulted = EventSchema("defaulted", params: [.defaulted("count", .number, 1)])
        let result = Self.compile(
            Screen("home") { Text("x") },
            events: [badName, listParam, defaulted, PromoTapped.schema, PromoTapped.schema])
        #expect(result.diagnostics.map(\.rule) == Array(repeating: "event-invalid", count: 4))
        #expect(result.diagnostics[0].location?.line == line)
        #expect(
            result.diagnostics.map(\.message) == [
                #"event name "Promo-Tapped" is not [a-z][a-z0-9_]*, at most 64 characters"#,
                #"param "ids" of event "listed" is a [string]; an event param is a string, number, bool or enum"#,
                #"param "count" of event "defaulted" has a default; a param is required or optional"#,
                #"event "promo_tapped" is declared twice"#,
            ])
    }

    @Test func eventsShareTheExtrasBoxAndAnEmptiedBoxIsDropped() {
        // Events share the one boxed pointer experiments use: nodes that send none pay nothing.
        let plain = Text("x").node
        var node = plain
        #expect(!node.hasEvents && node.events == [])
        node.events = [TrackedEvent(trigger: .appear, name: "a", params: [], source: node.source)]
        #expect(node.hasEvents && node.experiment == nil && node != plain)
        node.events = []
        #expect(node == plain, "an emptied box is dropped")
    }
}
