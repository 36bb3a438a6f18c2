import Foundation
import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit
import ScreenTestSupport
import Testing

/// Analytics events on the wire in the flat format: each node's `events` after its props, the
/// served arms as the envelope's `experiments`, and for each older version a variant with only what
/// its clients know.
@Suite struct EventWireTests {
    typealias F = EventsFixture

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func everyEnvelopeMatchesItsGolden() {
        let result = F.compile(style: .pretty)
        #expect(result.diagnostics == [], "\(result.diagnostics)")
        let files = EnvelopeGoldens.files(of: result)
        #expect(files.count == 12)
        for (name, bytes) in files { Golden.expect(bytes, matches: "events/flat/\(name)") }
    }

    @Test func aVersionWithoutEventsGetsNoneAndNoArms() throws {
        let result = F.compile()
        let promo = try #require(result.screens.first { $0.id == "promo" }?.variant(for: 1))
        #expect(!Self.text(promo.envelope).contains("events"))
        #expect(
            promo.downgrades == [
                .eventRemoved(nodeID: "heading", name: "screen_viewed", element: "event:screen_viewed"),
                .eventRemoved(nodeID: "cold-brew", name: "promo_tapped", element: "event:promo_tapped"),
                .eventRemoved(nodeID: "card", name: "promo_tapped", element: "event:promo_tapped"),
            ])
        let faq = try #require(result.screens.first { $0.id == "faq" }?.variant(for: 1))
        #expect(!Self.text(faq.envelope).contains("experiments"), "\(Self.text(faq.envelope))")
    }

    @Test func aVersionLackingAParamGetsTheEventWithoutIt() throws {
        let result = F.compile()
        let promo = try #require(result.screens.first { $0.id == "promo" }?.variant(for: 2))
        #expect(
            Self.text(promo.envelope).contains(
                #""events":[{"trigger":"tap","name":"promo_tapped","params":{"promo":"cold-brew","position":1}}]"#))
        #expect(promo.downgrades == [.eventParamRemoved(nodeID: "cold-brew", name: "promo_tapped", key: "surface")])
        #expect(promo.downgrades[0].element == "param:promo_tapped.surface")
    }

    @Test func theFullEnvelopeCarriesEveryEventParamsInDeclaredOrderAndTheServedArms() throws {
        let result = F.compile()
        let promo = try #require(result.screens.first { $0.id == "promo" })
        #expect(
            Self.text(promo.full).contains(
                #""isEnabled":true,"events":[{"trigger":"tap","name":"promo_tapped","params":{"promo":"cold-brew","position":1,"surface":"search"}}]}"#
            ))
        // A container's events come after its props, before its children.
        #expect(
            Self.text(promo.full).contains(
                #""cornerRadius":12,"action":{"type":"navigate","destination":"promo","params":{},"presentation":"push"},"events":[{"trigger":"tap","name":"promo_tapped","params":{"promo":"plain"}}],"children":["#
            ))
        let faq = try #require(result.screens.first { $0.id == "faq" })
        #expect(Self.text(faq.full).contains(#""title":"FAQ","experiments":{"faq-layout":"a"},"initialState""#))
        let b = try #require(faq.combinations.first { $0.arms["faq-layout"] == "b" })
        #expect(Self.text(b.full).contains(#""experiments":{"faq-layout":"b"}"#))
        #expect(Self.text(b.full).contains(#"{"trigger":"appear","name":"screen_viewed","params":{"screen":"faq-b"}}"#))
    }

    @Test func aScreenWithoutEventsCarriesNoArms() throws {
        var catalog = F.catalog
        catalog.screens = [
            Screen("plain") {
                Column {
                    Experiment("x") {
                        Arm("a", weight: 50) { Text("A", id: "a") }
                        Arm("b", weight: 50) { Text("B", id: "b") }
                    }
                }
            }
        ]
        let result = Compiler(catalog: catalog).compile(CompileOptions(history: F.history))
        let plain = try #require(result.screens.first)
        #expect(!Self.text(plain.full).contains("experiments"))
        #expect(plain.combinations.allSatisfy { !Self.text($0.full).contains("experiments") })
    }

    @Test func aComponentWithoutTheTriggerInAVersionLosesTheEventThere() throws {
        // Version 1 knows the accordion without its `expand` trigger, and every event.
        var v1 = F.catalog
        v1.screens = []
        v1.components =
            StandardCatalog.components.map { $0.schema } + [
                ComponentSchema(
                    type: "accordion", props: [.required("title", .string)], hasChildren: true, fallback: .node)
            ]
        let result = Compiler(catalog: F.catalog).compile(
            CompileOptions(history: [Contract.live(v1).0, Contract.live(F.catalog).0]))
        #expect(result.diagnostics == [], "\(result.diagnostics)")
        let faq = try #require(result.screens.first { $0.id == "faq" }?.variant(for: 1))
        #expect(
            faq.downgrades == [
                .eventRemoved(nodeID: "shipping", name: "section_expanded", element: "trigger:accordion.expand")
            ])
        #expect(
            Self.text(faq.envelope).contains(
                #""title":"Shipping","events":[{"trigger":"appear","name":"screen_viewed","params":{"screen":"faq"}}],"children""#
            ))
    }

    @Test func anEnumParamValueAVersionLacksIsMappedThroughItsFallback() throws {
        // Version 1 knows `surface` with the value `home` only.
        var v1 = F.catalog
        v1.screens = []
        v1.events = [
            EventSchema(
                "promo_tapped",
                params: [
                    .required("promo", .string), .optional("position", .number),
                    .optional("surface", .enumeration(F.surfaceV2)),
                ], meaning: "the user tapped a promotion"),
            F.ScreenViewed.schema, F.SectionExpanded.schema,
        ]
        let result = Compiler(catalog: F.catalog).compile(
            CompileOptions(history: [Contract.live(v1).0, Contract.live(F.catalog).0]))
        #expect(result.diagnostics == [], "\(result.diagnostics)")
        let promo = try #require(result.screens.first { $0.id == "promo" }?.variant(for: 1))
        #expect(
            Self.text(promo.envelope).contains(#""params":{"promo":"cold-brew","position":1,"surface":"home"}"#))
        #expect(promo.downgrades == [.enumMapped(nodeID: "cold-brew", enumName: "Surface", from: "search", to: "home")])
    }

    @Test func aPropNamedEventsIsReservedOnceTheCatalogDeclaresEvents() {
        struct Tagged: Component {
            static let schema = ComponentSchema(type: "tagged", props: [.optional("events", .string)])
            var node: Node
        }
        var catalog = F.catalog
        catalog.components.append(Tagged.schema)
        let result = Compiler(catalog: catalog).compile(CompileOptions(history: F.history))
        #expect(result.diagnostics.map(\.rule).contains("prop-name-reserved"))
        #expect(
            result.diagnostics.contains {
                $0.message.contains("prop \"events\" has the key of the node's analytics events")
            })
        catalog.events = []
        catalog.screens = []
        let without = Compiler(catalog: catalog).compile(CompileOptions(history: [Contract.live(catalog).0]))
        #expect(!without.diagnostics.map(\.rule).contains("prop-name-reserved"))
    }

    @Test func aVersionKnowingEventsGetsTheServedArmsAndBytesOfItsOwn() throws {
        let result = F.compile()
        let faq = try #require(result.screens.first { $0.id == "faq" })
        let v2 = try #require(faq.variant(for: 2))
        let v1 = try #require(faq.variant(for: 1))
        // Version 2 knows events, so it receives the served arms; version 1 does not.
        #expect(v1.envelope != v2.envelope)
        #expect(Self.text(v2.envelope).contains(#""contract":2"#))
    }
}
