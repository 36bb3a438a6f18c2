import Foundation
import ScreenContract
import ScreenKit
import Testing

/// Each breaking rule: freeze the base contract, make exactly that change, and the rule fires.
@Suite struct BreakingRuleTests {
    typealias F = ContractFixture

    func errors(after change: Catalog) throws -> [String] {
        let fixture = try F()
        try fixture.freeze(F.base())
        return fixture.errors(change)
    }

    @Test func componentRemoved() throws {
        #expect(try errors(after: F.catalog(components: [F.text], actions: [F.go])) == ["component-removed"])
    }

    @Test func componentChildrenChanged() throws {
        let leafCard = ComponentSchema(type: "card", props: F.card.props, hasChildren: false)
        #expect(try errors(after: F.with(leafCard)) == ["component-children-changed"])
    }

    @Test func componentWithoutFallback() throws {
        let badge = ComponentSchema(type: "badge", props: [.required("label", .string)], fallback: .none)
        #expect(try errors(after: F.with(badge)) == ["component-no-fallback"])
    }

    @Test func propRemoved() throws {
        let text = F.text([
            .required("content", .string), PropSchema("style", .enumeration(F.style), .defaulted("body")),
        ])
        #expect(try errors(after: F.with(text)) == ["prop-removed"])
    }

    @Test func propWireKeyChanged() throws {
        let text = F.text([
            .required("content", .string), PropSchema("style", .enumeration(F.style), .defaulted("body")),
            .optional("tint", .color),
        ])
        let fixture = try F()
        try fixture.freeze(F.base())
        let report = fixture.check(F.with(text))
        #expect(report.diagnostics.map(\.rule) == ["prop-renamed"])
        #expect(report.diagnostics[0].message.contains("\"text.color\" was renamed to \"tint\""))
    }

    @Test func propTypeChanged() throws {
        let text = F.text([
            .required("content", .string), PropSchema("style", .enumeration(F.style), .defaulted("body")),
            .optional("color", .string),
        ])
        #expect(try errors(after: F.with(text)) == ["prop-type-changed"])
    }

    @Test func propTypeWidenedIsStillAChange() throws {
        let card = ComponentSchema(
            type: "card", props: [.defaulted("padding", .scalar, 16), .optional("action", .action)], hasChildren: true)
        #expect(try errors(after: F.with(card)) == ["prop-type-changed"])
    }

    @Test func optionalBecameRequired() throws {
        let text = F.text([
            .required("content", .string), PropSchema("style", .enumeration(F.style), .defaulted("body")),
            .required("color", .color),
        ])
        #expect(try errors(after: F.with(text)) == ["prop-presence-changed"])
    }

    @Test func requiredBecameOptional() throws {
        let text = F.text([
            .optional("content", .string), PropSchema("style", .enumeration(F.style), .defaulted("body")),
            .optional("color", .color),
        ])
        #expect(try errors(after: F.with(text)) == ["prop-presence-changed"])
    }

    @Test func defaultValueChanged() throws {
        let card = ComponentSchema(
            type: "card", props: [.defaulted("padding", .number, 12), .optional("action", .action)], hasChildren: true)
        #expect(try errors(after: F.with(card)) == ["prop-default-changed"])
    }

    @Test func defaultDropped() throws {
        let card = ComponentSchema(
            type: "card", props: [.optional("padding", .number), .optional("action", .action)], hasChildren: true)
        #expect(try errors(after: F.with(card)) == ["prop-default-changed"])
    }

    @Test func requiredPropAddedWithoutDefault() throws {
        let card = ComponentSchema(
            type: "card",
            props: [.defaulted("padding", .number, 16), .optional("action", .action), .required("title", .string)],
            hasChildren: true)
        #expect(try errors(after: F.with(card)) == ["prop-added-required"])
    }

    @Test func enumValueRemoved() throws {
        let style = EnumSchema(name: "Style", cases: [EnumCase("body")])
        #expect(try errors(after: F.with(F.text(style: style))) == ["enum-value-removed"])
    }

    @Test func enumValueAddedWithoutFallback() throws {
        let style = EnumSchema(name: "Style", cases: [EnumCase("body"), EnumCase("title"), EnumCase("hero")])
        #expect(try errors(after: F.with(F.text(style: style))) == ["enum-value-no-fallback"])
    }

    @Test func enumValueWhoseFallbackIsAlsoNew() throws {
        let style = EnumSchema(
            name: "Style",
            cases: [EnumCase("body"), EnumCase("title"), EnumCase("hero", fallback: "mega"), EnumCase("mega")])
        #expect(
            try errors(after: F.with(F.text(style: style))) == ["enum-value-no-fallback", "enum-value-no-fallback"])
    }

    @Test func actionRemoved() throws {
        #expect(try errors(after: F.catalog(components: [F.text, F.card], actions: [])) == ["action-removed"])
    }

    @Test func actionFieldRemoved() throws {
        let go = ActionSchema(kind: "go", fields: [.required("destination", .string)])
        #expect(try errors(after: F.with(go)) == ["action-field-removed"])
        // A renamed field (same type and presence) is reported as the field removed.
        let renamed = ActionSchema(
            kind: "go", fields: [.required("destination", .string), .defaulted("style", .string, "push")])
        #expect(try errors(after: F.with(renamed)) == ["action-field-removed"])
    }

    @Test func actionFieldChanged() throws {
        let retyped = ActionSchema(
            kind: "go", fields: [.required("destination", .url), .defaulted("mode", .string, "push")])
        #expect(try errors(after: F.with(retyped)) == ["action-field-changed"])
        let redefaulted = ActionSchema(
            kind: "go", fields: [.required("destination", .string), .defaulted("mode", .string, "sheet")])
        #expect(try errors(after: F.with(redefaulted)) == ["action-field-changed"])
    }

    @Test func actionFieldAddedAsRequired() throws {
        let go = ActionSchema(
            kind: "go",
            fields: [.required("destination", .string), .defaulted("mode", .string, "push"), .required("x", .string)])
        #expect(try errors(after: F.with(go)) == ["action-field-added-required"])
    }

    @Test func actionKindAddedWithoutFallback() throws {
        let vibrate = ActionSchema(kind: "vibrate", fields: [], fallback: .none)
        #expect(try errors(after: F.with(vibrate)) == ["action-no-fallback"])
    }

    /// A removed prop and an added one are a rename only when they have the same type and
    /// presence; otherwise the removal is reported as such.
    @Test func aRemovedPropAndANewOneOfAnotherTypeAreNotARename() throws {
        let text = F.text([
            .required("content", .string), PropSchema("style", .enumeration(F.style), .defaulted("body")),
            .optional("size", .number),
        ])
        #expect(try errors(after: F.with(text)) == ["prop-removed"])
        let defaulted = F.text([
            .required("content", .string), PropSchema("style", .enumeration(F.style), .defaulted("body")),
            .defaulted("tint", .color, .string("#000000")),
        ])
        #expect(try errors(after: F.with(defaulted)) == ["prop-removed"])
    }

    @Test func everyBreakingRuleHasATest() {
        let tested: Set<String> = [
            "component-removed", "component-children-changed", "component-slots-changed", "component-no-fallback",
            "prop-removed", "prop-renamed",
            "prop-type-changed", "prop-presence-changed", "prop-default-changed", "prop-added-required",
            "enum-value-removed", "enum-value-no-fallback", "action-removed", "action-field-removed",
            "action-field-changed", "action-field-added-required", "action-no-fallback",
            // Tested in GateHoleTests.
            "guarantee-relaxed", "meaning-changed", "enum-renamed",
            // Tested in EventContractTests.
            "event-removed", "event-renamed", "event-param-removed", "event-param-renamed", "event-param-type-changed",
            "event-param-presence-changed", "event-param-added-required", "component-trigger-removed",
            // Tested in TokenContractTests.
            "token-removed", "token-renamed",
            // Tested in ProfileGateTests (a completeness test over every part of the profile).
            "profile-envelope-changed", "profile-root-changed", "profile-layouts-changed", "profile-node-keys-changed",
            "profile-props-changed", "profile-children-changed", "profile-slots-changed", "profile-values-changed",
        ]
        #expect(Set(ContractRules.breaking.map(\.id)) == tested)
    }

    @Test func theRuleIsCheckedAgainstEveryFrozenVersionNotOnlyTheLast() throws {
        let fixture = try F()
        try fixture.freeze(F.base())
        // Version 2 is written by hand without `text.color` (a broken step that slipped in);
        // the live contract matches version 2, yet `check` still reports the removal against version 1.
        let withoutColor = F.with(
            F.text([.required("content", .string), PropSchema("style", .enumeration(F.style), .defaulted("body"))]))
        let live = Contract.live(withoutColor).0
        let previous = fixture.history().latest!.sha256
        try fixture.write(
            "2.json", String(decoding: ContractFile.encode(live, version: 2, previous: previous), as: UTF8.self))
        let report = fixture.check(withoutColor)
        #expect(report.diagnostics.map(\.rule) == ["prop-removed"])
        // At the component's Swift declaration (its `ComponentSchema(…)`), where the prop is to be restored.
        #expect(report.diagnostics[0].location?.file.hasSuffix("ContractFixture.swift") == true)
        #expect(report.diagnostics[0].location?.line == 66)
    }

    @Test func theAdviceForARemovedPropPassesTheGate() throws {
        let style = PropSchema("style", .enumeration(F.style), .defaulted("body"))
        // The frozen `text.content` is required: removing it fails, and so does making it optional.
        #expect(try errors(after: F.with(F.text([style, .optional("color", .color)]))) == ["prop-removed"])
        #expect(
            try errors(after: F.with(F.text([.optional("content", .string), style, .optional("color", .color)])))
                == ["prop-presence-changed"])
        // What `explain prop-removed` says to do — restore it as frozen — passes.
        #expect(try errors(after: F.base()).isEmpty)
        let advice = try #require(ContractRules.all.first { $0.id == "prop-removed" }).explanation
        #expect(advice.contains("exactly as frozen") && advice.contains("a required one stays required"))
        #expect(!advice.contains("keep it declared (optional or defaulted)"))
    }

    @Test func aRemovedElementIsAtTheCatalogThatNoLongerListsIt() throws {
        let fixture = try F()
        try fixture.freeze(F.base())
        let line = #line + 1
        var catalog = Catalog(components: [], actions: [], screens: [])
        catalog.components = [F.text]
        catalog.actions = [F.go]
        let removed = try #require(fixture.check(catalog).diagnostics.first { $0.rule == "component-removed" })
        #expect(removed.location?.file == #filePath)
        #expect(removed.location?.line == line)
    }

    @Test func aBreakingChangePointsAtTheSwiftDeclaration() throws {
        let line = #line + 2
        let text = F.text([
            .required("content", .string), .optional("color", .color), .defaulted("style", .string, "body"),
        ])
        let fixture = try F()
        try fixture.freeze(F.base())
        let diagnostic = try #require(fixture.check(F.with(text)).diagnostics.first)
        #expect(diagnostic.rule == "prop-type-changed")
        #expect(diagnostic.location?.file == #filePath)
        #expect(diagnostic.location?.line == line)
        #expect(diagnostic.nodePath == "prop:text.style")
    }
}

/// Additive changes pass the gate and are listed as allowed by `diff`.
@Suite struct AllowedChangeTests {
    typealias F = ContractFixture

    func report(after change: Catalog) throws -> ContractReport {
        let fixture = try F()
        try fixture.freeze(F.base())
        return fixture.check(change)
    }

    @Test func newOptionalAndDefaultedProps() throws {
        let text = F.text([
            .required("content", .string), PropSchema("style", .enumeration(F.style), .defaulted("body")),
            .optional("color", .color), .optional("maxLines", .number), .defaulted("selectable", .bool, false),
        ])
        let report = try report(after: F.with(text))
        #expect(report.diagnostics == [])
        #expect(report.pendingChanges.map(\.rule.id) == ["prop-added", "prop-added"])
        #expect(report.pendingChanges.allSatisfy { !$0.isBreaking })
    }

    @Test(arguments: [FallbackRule.node, .drop])
    func newComponentWithFallback(rule: FallbackRule) throws {
        let badge = ComponentSchema(type: "badge", props: [.required("label", .string)], fallback: rule)
        let report = try report(after: F.with(badge))
        #expect(report.diagnostics == [])
        #expect(report.pendingChanges.map(\.rule.id) == ["component-added"])
    }

    @Test func newEnumValueWithFallback() throws {
        let style = EnumSchema(
            name: "Style",
            cases: [
                EnumCase("body"), EnumCase("title"), EnumCase("hero", fallback: "title"),
                EnumCase("mega", fallback: "hero"),
            ])
        let report = try report(after: F.with(F.text(style: style)))
        #expect(report.diagnostics == [])
        #expect(report.pendingChanges.map(\.rule.id) == ["enum-value-added", "enum-value-added"])
    }

    @Test func newActionKindWithFallbackAndNewOptionalField() throws {
        var catalog = F.with(ActionSchema(kind: "share", fields: [.required("url", .url)], fallback: .node))
        catalog.actions = catalog.actions.map { action in
            action.kind == "go"
                ? ActionSchema(
                    kind: "go",
                    fields: [
                        .required("destination", .string), .defaulted("mode", .string, "push"),
                        .optional("params", .map(.string)),
                    ])
                : action
        }
        let report = try report(after: catalog)
        #expect(report.diagnostics == [])
        #expect(report.pendingChanges.map(\.rule.id).sorted() == ["action-added", "action-field-added"])
    }

    @Test func reorderingDeclarationsIsNoChange() throws {
        let reordered = F.catalog(
            components: [
                F.card,
                F.text([
                    .optional("color", .color), PropSchema("style", .enumeration(F.style), .defaulted("body")),
                    .required("content", .string),
                ]),
            ], actions: [F.go])
        let report = try report(after: reordered)
        #expect(report.diagnostics == [])
        #expect(report.pendingChanges == [])
    }

    /// A brand-new enum can only be the type of new props, which older clients never receive, so
    /// its values need no fallbacks into versions that lack the enum altogether.
    @Test func aNewPropOfANewEnumNeedsNoEnumFallbacks() throws {
        let weight = EnumSchema(name: "Weight", cases: [EnumCase("regular"), EnumCase("bold")])
        let text = F.text([
            .required("content", .string), PropSchema("style", .enumeration(F.style), .defaulted("body")),
            .optional("color", .color), .optional("weight", .enumeration(weight)),
        ])
        let report = try report(after: F.with(text))
        #expect(report.diagnostics == [])
        #expect(report.pendingChanges.map(\.rule.id) == ["prop-added", "enum-value-added", "enum-value-added"])
    }

    @Test func fallbacksAreOnlyRequiredAfterTheOldestSupportedVersion() throws {
        let fixture = try F()
        try fixture.freeze(F.base())
        var next = F.with(ComponentSchema(type: "chip", props: [], fallback: .none))
        // Clients of version 1 are no longer supported: the oldest, version 2, will know `chip`.
        next.minContract = 2
        #expect(fixture.errors(next) == [])
        next.minContract = 1
        #expect(fixture.errors(next) == ["component-no-fallback"])
    }
}
