import Foundation
import ScreenContract
import ScreenKit
import Testing

/// Analytics events and component triggers frozen like actions: each breaking change fires its
/// own rule against the frozen history, additive ones pass, and the contract file keeps today's
/// bytes for contracts without them.
@Suite struct EventContractTests {
    typealias F = ContractFixture

    static let surface = EnumSchema(name: "Surface", cases: [EnumCase("home"), EnumCase("search")])

    static let promoTapped = EventSchema(
        "promo_tapped",
        params: [
            .required("promo", .string), .optional("position", .number), .optional("surface", .enumeration(surface)),
        ],
        meaning: "the user tapped a promotion")
    static let screenViewed = EventSchema("screen_viewed", params: [.required("screen", .string)])
    static let accordion = ComponentSchema(type: "accordion", props: [.required("title", .string)], hasChildren: true)
        .triggering("expand", "collapse")

    /// The fixture's base catalog with an accordion firing `expand` and `collapse`, and two events.
    static func base(
        events: [EventSchema] = [promoTapped, screenViewed], accordion: ComponentSchema = accordion
    ) -> Catalog {
        var catalog = F.catalog(components: [F.text, F.card, accordion], actions: [F.go])
        catalog.events = events
        return catalog
    }

    static func promo(_ params: [PropSchema], meaning: String? = "the user tapped a promotion") -> EventSchema {
        EventSchema("promo_tapped", params: params, meaning: meaning)
    }

    func report(after change: Catalog) throws -> ContractReport {
        let fixture = try F()
        try fixture.freeze(Self.base())
        return fixture.check(change)
    }

    func errors(after change: Catalog) throws -> [String] {
        try report(after: change).diagnostics.filter { $0.severity == .error }.map(\.rule).sorted()
    }

    @Test func removingAnEventIsBreaking() throws {
        #expect(try errors(after: Self.base(events: [Self.promoTapped])) == ["event-removed"])
    }

    @Test func renamingAnEventIsBreakingAndSaysSo() throws {
        let renamed = EventSchema("page_viewed", params: [.required("screen", .string)])
        let report = try report(after: Self.base(events: [Self.promoTapped, renamed]))
        #expect(report.diagnostics.map(\.rule) == ["event-renamed"])
        #expect(
            report.diagnostics[0].message
                == #"event "screen_viewed" was renamed to "page_viewed"; event names never change"#)
        #expect(report.diagnostics[0].location?.file == #filePath)
    }

    @Test func removingAParamIsBreaking() throws {
        let promo = Self.promo([.required("promo", .string), .optional("surface", .enumeration(Self.surface))])
        #expect(try errors(after: Self.base(events: [promo, Self.screenViewed])) == ["event-param-removed"])
    }

    /// What `explain event-param-removed` says to do passes the gate; making a required param
    /// optional (what it used to say) does not.
    @Test func theAdviceForARemovedParamPassesTheGate() throws {
        let surface = PropSchema.optional("surface", .enumeration(Self.surface))
        let withoutPromo = Self.promo([.optional("position", .number), surface])
        #expect(try errors(after: Self.base(events: [withoutPromo, Self.screenViewed])) == ["event-param-removed"])
        let optionalPromo = Self.promo([.optional("promo", .string), .optional("position", .number), surface])
        #expect(
            try errors(after: Self.base(events: [optionalPromo, Self.screenViewed])) == ["event-param-presence-changed"]
        )
        #expect(try errors(after: Self.base()).isEmpty)
        let advice = try #require(ContractRules.all.first { $0.id == "event-param-removed" }).explanation
        #expect(advice.contains("exactly as frozen") && advice.contains("a required one stays required"))
    }

    @Test func renamingAParamIsBreaking() throws {
        let promo = Self.promo([
            .required("promo", .string), .optional("slot", .number), .optional("surface", .enumeration(Self.surface)),
        ])
        let report = try report(after: Self.base(events: [promo, Self.screenViewed]))
        #expect(report.diagnostics.map(\.rule) == ["event-param-renamed"])
        #expect(report.diagnostics[0].message.contains(#"param "promo_tapped.position" was renamed to "slot""#))
    }

    @Test func retypingAParamIsBreaking() throws {
        let promo = Self.promo([
            .required("promo", .string), .optional("position", .string),
            .optional("surface", .enumeration(Self.surface)),
        ])
        #expect(try errors(after: Self.base(events: [promo, Self.screenViewed])) == ["event-param-type-changed"])
    }

    @Test(arguments: [true, false])
    func changingAParamsPresenceIsBreaking(toRequired: Bool) throws {
        let promo = Self.promo([
            toRequired ? .required("promo", .string) : .optional("promo", .string),
            toRequired ? .required("position", .number) : .optional("position", .number),
            .optional("surface", .enumeration(Self.surface)),
        ])
        #expect(try errors(after: Self.base(events: [promo, Self.screenViewed])) == ["event-param-presence-changed"])
    }

    @Test func addingARequiredParamIsBreaking() throws {
        let promo = Self.promo(Self.promoTapped.params + [.required("campaign", .string)])
        #expect(try errors(after: Self.base(events: [promo, Self.screenViewed])) == ["event-param-added-required"])
        // Params have no defaults: the message does not offer one.
        let message = try report(after: Self.base(events: [promo, Self.screenViewed])).diagnostics.first?.message ?? ""
        #expect(message.contains("was added as required (params have no defaults"), "\(message)")
        #expect(!message.contains("without a default"), "\(message)")
    }

    @Test func repurposingAnEventIsBreaking() throws {
        let promo = Self.promo(Self.promoTapped.params, meaning: "the user dismissed a promotion")
        let report = try report(after: Self.base(events: [promo, Self.screenViewed]))
        #expect(report.diagnostics.map(\.rule) == ["meaning-changed"])
        #expect(report.diagnostics[0].nodePath == "event:promo_tapped")
    }

    @Test func removingAValueOfAParamsEnumIsBreaking() throws {
        let surface = EnumSchema(name: "Surface", cases: [EnumCase("home")])
        let promo = Self.promo([
            .required("promo", .string), .optional("position", .number), .optional("surface", .enumeration(surface)),
        ])
        #expect(try errors(after: Self.base(events: [promo, Self.screenViewed])) == ["enum-value-removed"])
    }

    @Test func removingATriggerIsBreaking() throws {
        let accordion = ComponentSchema(type: "accordion", props: [.required("title", .string)], hasChildren: true)
            .triggering("expand")
        let report = try report(after: Self.base(accordion: accordion))
        #expect(report.diagnostics.map(\.rule) == ["component-trigger-removed"])
        #expect(report.diagnostics[0].nodePath == "trigger:accordion.collapse")
    }

    @Test func additionsPassAndAreListed() throws {
        let promo = Self.promo(Self.promoTapped.params + [.optional("campaign", .string)])
        let added = EventSchema("order_placed", params: [.required("total", .number)])
        let report = try report(
            after: Self.base(events: [promo, Self.screenViewed, added], accordion: Self.accordion.triggering("pin")))
        #expect(report.diagnostics == [])
        #expect(
            report.pendingChanges.map(\.rule.id).sorted() == [
                "component-trigger-added", "event-added", "event-param-added",
            ])
        #expect(report.pendingChanges.allSatisfy { !$0.isBreaking })
    }

    @Test func declarationOrderIsNotAChange() throws {
        let reordered = EventSchema(
            "promo_tapped", params: Self.promoTapped.params.reversed(), meaning: Self.promoTapped.meaning)
        let accordion = ComponentSchema(type: "accordion", props: [.required("title", .string)], hasChildren: true)
            .triggering("collapse", "expand")
        let report = try report(after: Self.base(events: [Self.screenViewed, reordered], accordion: accordion))
        #expect(report.diagnostics == [])
        #expect(report.pendingChanges == [])
    }

    @Test func theContractFileHoldsEventsAndTriggersAndReadsThemBack() throws {
        let contract = Contract.live(Self.base()).0
        let bytes = ContractFile.encode(contract, version: 1, previous: nil)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""triggers": ["#), "\(text)")
        #expect(text.contains(#""events": ["#), "\(text)")
        #expect(text.contains(#""meaning": "the user tapped a promotion""#), "\(text)")
        let read = try ContractFile.decode(bytes).contract
        #expect(read == contract)
        #expect(read.event("promo_tapped")?.param("surface")?.type == .enumeration(Self.surface))
        #expect(read.component("accordion")?.triggers == ["collapse", "expand"])
    }

    @Test func aContractWithoutEventsKeepsItsBytes() throws {
        let text = String(
            decoding: ContractFile.encode(Contract.live(F.base()).0, version: 1, previous: nil), as: UTF8.self)
        #expect(!text.contains("events") && !text.contains("triggers"), "\(text)")
    }

    @Test(arguments: [
        (#""events": [{"name": "a", "params": []}, {"name": "a", "params": []}]"#, "event a is listed twice"),
        (
            #""events": [{"name": "a", "params": [{"key": "k", "type": "widget", "presence": "required"}]}]"#,
            #"event a.k: unknown type "widget""#
        ),
        (#""events": [{"params": []}]"#, #"missing key "name" at events[0]"#),
        (#""events": {"name": "a"}"#, "wrong type at events"),
    ])
    func aBrokenEventsMemberIsAClearError(member: String, expected: String) throws {
        let text = #"{"format": 1, "version": 1, "components": [], "enums": [], "actions": [], "# + member + "}"
        do {
            _ = try ContractFile.decode(Array(text.utf8))
            Issue.record("read \(member)")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    @Test func aTriggerListedTwiceIsAClearError() throws {
        let text = #"""
            {"format": 1, "version": 1, "components": [{"type": "x", "children": false, "triggers": ["a", "a"],
             "fallback": "none", "props": []}], "enums": [], "actions": []}
            """#
        let error = #expect(throws: ContractFile.ReadError.self) { try ContractFile.decode(Array(text.utf8)) }
        #expect(error?.description == "component x lists trigger a twice")
    }
}
