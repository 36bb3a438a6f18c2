import Foundation
import ScreenContract
import ScreenJSON
import ScreenKit
import Testing

/// The holes an adversarial review found in the gate, each closed: relaxed guarantees, unrecorded
/// sunsets, renamed enums and repurposed keys fail; wire-safe changes pass.
@Suite struct GateHoleTests {
    typealias F = ContractFixture

    /// The rule IDs of every change from `old` to `new`, and which of them break.
    static func changes(_ old: Catalog, _ new: Catalog) -> [(rule: String, breaking: Bool)] {
        Compatibility.changes(from: Contract.live(old).0, to: Contract.live(new).0, oldFile: nil).map {
            ($0.rule.id, $0.isBreaking)
        }
    }

    static func errors(after change: Catalog, base: Catalog = F.base(), sunsets: Sunsets? = nil) throws -> [String] {
        let fixture = try F()
        try fixture.freeze(base)
        return ContractGate.check(live: change, history: fixture.history(), sunsets: sunsets).diagnostics
            .filter { $0.severity == .error }.map(\.rule).sorted()
    }

    // MARK: Relaxed guarantees

    static let titled = F.text([
        .required("content", .string, nonEmpty: true), PropSchema("style", .enumeration(F.style), .defaulted("body")),
        .optional("color", .color),
    ])

    @Test func droppingNonEmptyFromAPropOrAFieldBreaks() throws {
        #expect(try Self.errors(after: F.with(F.text), base: F.with(Self.titled)) == ["guarantee-relaxed"])
        let strict = ActionSchema(
            kind: "go",
            fields: [.required("destination", .string, nonEmpty: true), .defaulted("mode", .string, "push")])
        #expect(try Self.errors(after: F.with(F.go), base: F.with(strict)) == ["guarantee-relaxed"])
        // Tightening is allowed (screens that break it fail to compile).
        let tightened = Self.changes(F.base(), F.with(Self.titled))
        #expect(tightened.map(\.rule) == ["guarantee-tightened"] && !tightened[0].breaking)
        #expect(try Self.errors(after: F.with(Self.titled)).isEmpty)
    }

    // MARK: Rename guesses

    /// A prop frozen in v2 removed while a prop of the same type was added and frozen in v3: the
    /// gate reports the removal once, never a rename to the v3 prop (which this change did not add).
    @Test func aRenameGuessPairsOnlyWhatTheChangeAdds() throws {
        let base: [PropSchema] = [
            .required("content", .string), PropSchema("style", .enumeration(F.style), .defaulted("body")),
            .optional("color", .color),
        ]
        let fixture = try F()
        try fixture.freeze(F.with(F.text(base)))
        try fixture.freeze(F.with(F.text(base + [.optional("subtitle", .string)])))
        try fixture.freeze(F.with(F.text(base + [.optional("subtitle", .string), .optional("badge", .string)])))
        let live = F.with(F.text(base + [.optional("badge", .string)]))
        let errors = ContractGate.check(live: live, history: fixture.history()).diagnostics.filter {
            $0.severity == .error
        }
        #expect(errors.map(\.rule) == ["prop-removed"], "\(errors.map(\.message))")
        #expect(errors.first?.message.contains("\"text.subtitle\" was removed") == true)
        // Within one change a rename is still named as one.
        let renamed = F.with(F.text(base + [.optional("caption", .string), .optional("badge", .string)]))
        let renameErrors = ContractGate.check(live: renamed, history: fixture.history()).diagnostics.filter {
            $0.severity == .error
        }
        #expect(renameErrors.map(\.rule) == ["prop-renamed"], "\(renameErrors.map(\.message))")
        #expect(renameErrors.first?.message.contains("renamed to \"caption\"") == true)
    }

    // MARK: Wire-safe changes pass

    @Test func requiredToDefaultedAndBackIsAllowed() throws {
        let defaulted = F.text([
            .defaulted("content", .string, "…"), PropSchema("style", .enumeration(F.style), .defaulted("body")),
            .optional("color", .color),
        ])
        #expect(try Self.errors(after: F.with(defaulted)).isEmpty)
        #expect(Self.changes(F.base(), F.with(defaulted)).map(\.rule) == ["presence-always-written"])
        let required = F.text([
            .required("content", .string), PropSchema("style", .enumeration(F.style), .required),
            .optional("color", .color),
        ])
        #expect(try Self.errors(after: F.with(required)).isEmpty)
        // Optional still differs: the key may be absent.
        let optional = F.text([
            .optional("content", .string), PropSchema("style", .enumeration(F.style), .defaulted("body")),
            .optional("color", .color),
        ])
        #expect(try Self.errors(after: F.with(optional)) == ["prop-presence-changed"])
    }

    /// The standard `ScrollAxis`, declared by another Swift type with the same contract name.
    enum Axis: String, WireEnum {
        static let contractName = "ScrollAxis"
        case vertical, horizontal
    }

    @Test func renamingTheSwiftTypeOfAnEnumChangesNothing() {
        #expect(Axis.schema == ScrollAxis.schema)
        let before = F.catalog(
            components: [ComponentSchema(type: "scroll", props: [.defaulted("axis", ScrollAxis.vertical)])], actions: []
        )
        let after = F.catalog(
            components: [ComponentSchema(type: "scroll", props: [.defaulted("axis", Axis.vertical)])], actions: [])
        #expect(Self.changes(before, after).isEmpty)
    }

    @Test func aChangedEnumContractNameIsOneErrorNamingTheDeclarationToRestore() throws {
        let renamed = EnumSchema(name: "Look", cases: F.style.cases)
        let errors = try Self.errors(after: F.with(F.text(style: renamed)))
        #expect(errors == ["enum-renamed"], "one error, not a cascade of type changes and removed values")
        let change = try #require(
            Compatibility.changes(
                from: Contract.live(F.base()).0, to: Contract.live(F.with(F.text(style: renamed))).0, oldFile: nil
            ).first)
        #expect(
            change.message
                == #"enum "Style" of the frozen contract is now called "Look" (same props and fields); restore its contract name: `static let contractName = "Style"` in Look"#
        )
    }

    // MARK: Meanings

    @Test func aFrozenMeaningCannotChangeButOneMayBeAdded() throws {
        let priced = F.text([
            .required("content", .string), PropSchema("style", .enumeration(F.style), .defaulted("body")),
            PropSchema.optional("color", .color).meaning("text color"),
        ])
        #expect(Self.changes(F.base(), F.with(priced)).map(\.rule) == ["meaning-added"])
        #expect(try Self.errors(after: F.with(priced)).isEmpty)
        var repurposed = priced
        repurposed.props[2] = PropSchema.optional("color", .color).meaning("background color")
        #expect(try Self.errors(after: F.with(repurposed), base: F.with(priced)) == ["meaning-changed"])
        #expect(try Self.errors(after: F.base(), base: F.with(priced)) == ["meaning-changed"], "a removed meaning")
        let meant = EnumSchema(name: "Style", cases: [EnumCase("body", meaning: "running text"), EnumCase("title")])
        let other = EnumSchema(name: "Style", cases: [EnumCase("body", meaning: "captions"), EnumCase("title")])
        #expect(
            try Self.errors(after: F.with(F.text(style: other)), base: F.with(F.text(style: meant))) == [
                "meaning-changed"
            ])
        // Frozen and read back.
        let bytes = ContractFile.encode(Contract.live(F.with(priced)).0, version: 1, previous: nil)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""meaning": "text color""#))
        #expect(try ContractFile.decode(bytes).contract == Contract.live(F.with(priced)).0)
    }

    @Test func fallbackChangesAreAllowedAndReported() {
        let badge = ComponentSchema(type: "badge", props: [], fallback: .drop)
        let badgeNode = ComponentSchema(type: "badge", props: [], fallback: .node)
        let before = F.with(badge)
        let after = F.with(badgeNode)
        let changes = Self.changes(before, after)
        #expect(changes.map(\.rule) == ["fallback-changed"] && !changes[0].breaking)
        let v1 = EnumSchema(
            name: "Style", cases: [EnumCase("body"), EnumCase("title"), EnumCase("hero", fallback: "title")])
        let v2 = EnumSchema(
            name: "Style", cases: [EnumCase("body"), EnumCase("title"), EnumCase("hero", fallback: "body")])
        #expect(Self.changes(F.with(F.text(style: v1)), F.with(F.text(style: v2))).map(\.rule) == ["fallback-changed"])
    }

    // MARK: Sunsets

    static func sunsets(_ json: String) throws -> Sunsets {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sunset-\(UUID()).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return Sunsets.load(from: file)
    }

    @Test func raisingTheCatalogsMinContractNeedsARecordedSunset() throws {
        let fixture = try F()
        try fixture.freeze(F.base())
        try fixture.freeze(F.with(ComponentSchema(type: "badge", props: [], fallback: .drop)))
        let raised = F.catalog(
            components: [F.text, F.card, ComponentSchema(type: "badge", props: [], fallback: .drop)], actions: [F.go],
            minContract: 2)
        func errors(_ sunsets: Sunsets) -> [String] {
            ContractGate.check(live: raised, history: fixture.history(), sunsets: sunsets).diagnostics
                .filter { $0.severity == .error }.map(\.message)
        }
        #expect(
            errors(.none) == [
                #"the catalog's minContract 2 stops serving clients of contract 1, which no sunset entry records; add {"through": 1, "reason": "…"} to sunset.json (or lower minContract)"#
            ])
        #expect(
            errors(try Self.sunsets(#"{"format": 1, "sunset": [{"through": 1, "reason": "app 1.x retired"}]}"#)).isEmpty
        )
        // An entry that matches nothing is an error: contract-1 clients are still served here.
        let unused = ContractGate.check(
            live: F.with(ComponentSchema(type: "badge", props: [], fallback: .drop)), history: fixture.history(),
            sunsets: try Self.sunsets(#"{"format": 1, "sunset": [{"through": 1, "reason": "app 1.x retired"}]}"#))
        #expect(unused.diagnostics.map(\.rule).contains("sunset-unused"))
    }

    @Test func aBadSunsetFileIsAClearError() throws {
        for (json, message) in [
            ("[]", "is not JSON with a \"format\" number"),
            (#"{"format": 2, "sunset": []}"#, "has format 2"),
            (#"{"format": 1, "sunset": [{"through": 1}]}"#, "each entry needs a \"reason\""),
            (#"{"format": 1, "sunset": [{"through": 1, "reason": " "}]}"#, "gives no reason"),
            (#"{"format": 1, "sunset": [{"reason": "x"}]}"#, "needs \"through\""),
            (#"{"format": 1, "sunset": [{"removed": true, "reason": "x"}]}"#, "names the screen"),
        ] {
            let loaded = try Self.sunsets(json)
            #expect(loaded.diagnostics.map(\.rule) == ["sunset-invalid"], "\(json)")
            #expect(loaded.diagnostics.first?.message.contains(message) == true, "\(json): \(loaded.diagnostics)")
        }
    }

    @Test func againstABaseARaisedScreenMinContractOrARemovedScreenNeedsASunset() throws {
        let base: [(id: String, minContract: Int)] = [("home", 1), ("offers", 1), ("news", 2)]
        let current: [(id: String, minContract: Int)] = [("home", 2), ("news", 2)]
        let unrecorded = Sunsets.none.check(base: base, current: current)
        #expect(
            unrecorded.problems.map(\.message) == [
                #"screen "home" stops serving clients of contract 1 (its minContract rose from 1 to 2); record {"through": 1, "screen": "home", "reason": "…"} in sunset.json"#,
                #"screen "offers" was served and is gone: apps that open it get nothing; record {"screen": "offers", "removed": true, "reason": "…"} in sunset.json"#,
            ])
        let recorded = try Self.sunsets(
            #"{"format": 1, "sunset": [{"through": 1, "screen": "home", "reason": "new layout"}, {"screen": "offers", "removed": true, "reason": "campaign over"}]}"#
        ).check(base: base, current: current)
        #expect(recorded.problems.isEmpty)
        #expect(
            recorded.notes.map(\.message) == [
                #"screen "home" stops serving clients of contract 1 (sunset: new layout)"#,
                #"screen "offers" is removed: clients of every contract version lose it (sunset: campaign over)"#,
            ])
    }

    // MARK: Completeness: every attribute the frozen format records has a decision

    /// The decision for each attribute a frozen contract file records, per element kind: the rule
    /// a change fires (every change fires one), and whether it breaks.
    static let decisions: [String: (rule: String, breaking: Bool)] = [
        "component.type": ("component-removed", true),
        "component.children": ("component-children-changed", true),
        "component.slots": ("component-slots-changed", true),
        "component.triggers": ("component-trigger-removed", true),
        "component.fallback": ("fallback-changed", false),
        "component.props": ("prop-removed", true),
        "prop.key": ("prop-renamed", true),
        "prop.type": ("prop-type-changed", true),
        "prop.presence": ("prop-presence-changed", true),
        "prop.default": ("prop-default-changed", true),
        "prop.nonEmpty": ("guarantee-relaxed", true),
        "prop.meaning": ("meaning-changed", true),
        "enum.name": ("enum-renamed", true),
        "enum.values": ("enum-value-removed", true),
        "value.value": ("enum-value-removed", true),
        "value.fallback": ("fallback-changed", false),
        "value.meaning": ("meaning-changed", true),
        "action.kind": ("action-removed", true),
        "action.fallback": ("fallback-changed", false),
        "action.fields": ("action-field-removed", true),
        "field.key": ("action-field-removed", true),
        "field.type": ("action-field-changed", true),
        "field.presence": ("action-field-changed", true),
        "field.default": ("action-field-changed", true),
        "field.nonEmpty": ("guarantee-relaxed", true),
        "field.meaning": ("meaning-changed", true),
        "event.name": ("event-renamed", true),
        "event.meaning": ("meaning-changed", true),
        "event.params": ("event-param-removed", true),
        "param.key": ("event-param-renamed", true),
        "param.type": ("event-param-type-changed", true),
        "param.presence": ("event-param-presence-changed", true),
        "param.nonEmpty": ("guarantee-relaxed", true),
        "param.meaning": ("meaning-changed", true),
        "token.name": ("token-renamed", true),
        "token.light": ("fallback-changed", false),
        "token.dark": ("fallback-changed", false),
        "token.meaning": ("meaning-changed", true),
    ]

    /// A contract with every attribute the format records set at least once.
    static var everything: Contract { Contract.live(everythingCatalog).0 }

    /// The catalog of ``everything``, declared in Swift.
    static var everythingCatalog: Catalog {
        let style = EnumSchema(
            name: "Style", cases: [EnumCase("body", meaning: "running text"), EnumCase("hero", fallback: "body")])
        let text = ComponentSchema(
            type: "text",
            props: [
                PropSchema.required("content", .string, nonEmpty: true).meaning("the words"),
                PropSchema("style", .enumeration(style), .defaulted("body")),
            ])
        let deck = ComponentSchema(
            type: "deck", props: [.optional("title", .string)], hasChildren: true, slots: ["front"], fallback: .drop
        )
        .triggering("flip")
        let go = ActionSchema(
            kind: "go",
            fields: [
                PropSchema.required("to", .string, nonEmpty: true).meaning("a screen ID"),
                .defaulted("mode", .string, "push"),
            ], fallback: .drop)
        var catalog = F.catalog(components: [text, deck], actions: [go])
        catalog.components = [text, deck]
        catalog.events = [
            EventSchema(
                "card_flipped",
                params: [
                    PropSchema.required("card", .string, nonEmpty: true).meaning("the card's ID"),
                    .optional("side", .enumeration(style)),
                ], meaning: "the user turned a card over")
        ]
        catalog.tokens = [
            ColorToken("brand.primary", light: "#0A84FF", dark: "#409CFF", meaning: "the brand's accent")
        ]
        return catalog
    }

    /// `value` with one attribute changed: a string gets a suffix (required and optional swap, a
    /// scalar type changes), a bool flips, a number grows, an array loses its first element.
    static func mutated(_ value: JSONValue, attribute: String) -> JSONValue {
        switch (attribute, value) {
        case ("presence", .string("optional")): return .string("required")
        case ("presence", .string("required")): return .string("optional")
        case ("presence", _): return value  // defaulted: its default is mutated on its own
        case ("type", .string(let text)) where !text.hasPrefix("enum") && ["string", "number", "bool"].contains(text):
            return .string(text == "number" ? "string" : "number")
        case ("nonEmpty", .bool(let flag)): return .bool(!flag)
        case ("children", .bool(let flag)): return .bool(!flag)
        case ("fallback", .string(let rule)) where ["none", "node", "drop"].contains(rule):
            return .string(rule == "drop" ? "node" : "drop")
        case ("fallback", .string): return .string("hero")
        case ("light", .string(let hex)), ("dark", .string(let hex)):
            return .string(hex == "#000000" ? "#FFFFFF" : "#000000")
        case (_, .string(let text)): return .string(text + "X")
        case (_, .array(let items)): return .array(Array(items.dropFirst()))
        case (_, .number(let number)): return .number(number + "1")
        case (_, .bool(let flag)): return .bool(!flag)
        default: return value
        }
    }

    @Test func everyRecordedAttributeIsComparedWithADecision() throws {
        let bytes = ContractFile.encode(Self.everything, version: 1, previous: nil)
        let file = try JSONReader.read(bytes)
        func members(_ value: JSONValue?) -> [[JSONMember]] { value?.arrayValue?.compactMap(\.members) ?? [] }
        let components = members(file["components"])
        let enums = members(file["enums"])
        var found: Set<String> = []
        var seen = 0
        /// Rewrites `file` with `transform` applied to the element at `index` of the array at `path`.
        func rewrite(_ value: JSONValue, path: [String], index: Int, _ transform: (JSONValue) -> JSONValue) -> JSONValue
        {
            guard let key = path.first else {
                guard var items = value.arrayValue else { return value }
                items[index] = transform(items[index])
                return .array(items)
            }
            guard let object = value.members else { return value }
            return .object(
                object.map { member in
                    member.key == key
                        ? JSONMember(
                            member.key, rewrite(member.value, path: Array(path.dropFirst()), index: index, transform))
                        : member
                })
        }
        func with(_ object: JSONValue, _ key: String, _ newValue: JSONValue) -> JSONValue {
            .object((object.members ?? []).map { $0.key == key ? JSONMember(key, newValue) : $0 })
        }
        func check(_ kind: String, attribute: String, mutatedFile: JSONValue) throws {
            guard mutatedFile != file else { return }  // an attribute this mutation leaves as it is
            found.insert("\(kind).\(attribute)")
            seen += 1
            let decision = try #require(Self.decisions["\(kind).\(attribute)"], "no decision for \(kind).\(attribute)")
            guard let changed = F.contract(in: mutatedFile, after: "mutating \(kind).\(attribute)") else { return }
            let rules = Compatibility.changes(from: Self.everything, to: changed, oldFile: nil)
            #expect(!rules.isEmpty, "\(kind).\(attribute): a change no rule sees")
            #expect(
                rules.contains { $0.rule.id == decision.rule && $0.isBreaking == decision.breaking },
                "\(kind).\(attribute): \(rules.map(\.rule.id)), expected \(decision.rule)")
            // The gate's direction: the mutated file is frozen and the Swift catalog is live. Every
            // change is at a Swift line, a removed element at the catalog that no longer lists it.
            let frozenFile = SourceLocation(file: "Screens/Contract/history/1.json", line: 1, column: 1)
            let located =
                Compatibility.changes(
                    from: changed, to: Self.everything, oldFile: frozenFile, catalog: Self.everythingCatalog.source)
                + Compatibility.missingFallbacks(in: Self.everything, baseline: changed)
            for change in located {
                #expect(
                    change.location?.file.hasSuffix(".swift") == true,
                    "\(kind).\(attribute) frozen: \(change.rule.id) is at \(change.location?.description ?? "no location"), not a Swift line"
                )
            }
        }
        for (index, component) in components.enumerated() {
            for member in component {
                try check(
                    "component", attribute: member.key,
                    mutatedFile: rewrite(file, path: ["components"], index: index) {
                        with($0, member.key, Self.mutated(member.value, attribute: member.key))
                    })
            }
            for (propIndex, prop) in members(JSONValue.object(component)["props"]).enumerated() {
                for member in prop where !(member.key == "type" && member.value.stringValue?.hasPrefix("enum") == true)
                {
                    try check(
                        "prop", attribute: member.key,
                        mutatedFile: rewrite(file, path: ["components"], index: index) { component in
                            with(
                                component, "props",
                                rewrite(component["props"]!, path: [], index: propIndex) {
                                    with($0, member.key, Self.mutated(member.value, attribute: member.key))
                                })
                        })
                }
            }
        }
        /// Each attribute of each element listed under `key` (`actions`), and of each of their
        /// members listed under `membersKey` (`fields`).
        func checkElements(_ key: String, kind: String, membersKey: String, memberKind: String) throws {
            for (index, element) in members(file[key]).enumerated() {
                for member in element {
                    try check(
                        kind, attribute: member.key,
                        mutatedFile: rewrite(file, path: [key], index: index) {
                            with($0, member.key, Self.mutated(member.value, attribute: member.key))
                        })
                }
                for (memberIndex, field) in members(JSONValue.object(element)[membersKey]).enumerated() {
                    for member in field
                    where !(member.key == "type" && member.value.stringValue?.hasPrefix("enum") == true) {
                        try check(
                            memberKind, attribute: member.key,
                            mutatedFile: rewrite(file, path: [key], index: index) { element in
                                with(
                                    element, membersKey,
                                    rewrite(element[membersKey]!, path: [], index: memberIndex) {
                                        with($0, member.key, Self.mutated(member.value, attribute: member.key))
                                    })
                            })
                    }
                }
            }
        }
        try checkElements("actions", kind: "action", membersKey: "fields", memberKind: "field")
        try checkElements("events", kind: "event", membersKey: "params", memberKind: "param")
        try checkElements("tokens", kind: "token", membersKey: "members", memberKind: "member")
        for (index, schema) in enums.enumerated() {
            for member in schema {
                // Renaming an enum renames its uses too (props name it in their type).
                var mutatedFile = rewrite(file, path: ["enums"], index: index) {
                    with($0, member.key, Self.mutated(member.value, attribute: member.key))
                }
                if member.key == "name" {
                    var json = JSONWriter(style: .pretty)
                    json.value(mutatedFile)
                    let text = String(decoding: json.takeBytes(), as: UTF8.self)
                        .replacingOccurrences(of: #""enum Style""#, with: #""enum StyleX""#)
                    mutatedFile = try JSONReader.read(Array(text.utf8))
                }
                try check("enum", attribute: member.key, mutatedFile: mutatedFile)
            }
            for (valueIndex, value) in members(JSONValue.object(schema)["values"]).enumerated() {
                for member in value {
                    try check(
                        "value", attribute: member.key,
                        mutatedFile: rewrite(file, path: ["enums"], index: index) { schema in
                            with(
                                schema, "values",
                                rewrite(schema["values"]!, path: [], index: valueIndex) {
                                    with($0, member.key, Self.mutated(member.value, attribute: member.key))
                                })
                        })
                }
            }
        }
        // Every attribute the format writes was mutated, and every decision was exercised.
        #expect(
            found == Set(Self.decisions.keys),
            "recorded but undecided, or decided but never recorded: \(found.symmetricDifference(Set(Self.decisions.keys)).sorted())"
        )
        #expect(seen > 30)
    }
}
