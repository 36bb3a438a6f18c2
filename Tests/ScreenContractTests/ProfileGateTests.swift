import Foundation
import ScreenContract
import ScreenCrypto
import ScreenJSON
import ScreenKit
import Testing

private typealias F = ContractFixture

/// The wire profile is part of the contract: frozen with each version, and any change to how a
/// frozen version's bytes are shaped is breaking, by part, unless ``Catalog/profileSince`` makes
/// it a deliberate new shape for newer clients.
@Suite struct ProfileGateTests {
    /// A profile with every part set to something other than its default.
    static let everyPart = WireProfile(
        name: "every-part",
        envelope: .init(
            members: [.constant("kind", "composition"), .screenValue("matchedRoute", from: "route")],
            format: "v", screenID: "screen", contract: "clientVersion", minContract: "oldest", title: "heading",
            initialState: "state", rootPath: ["response", "page"], rootChildrenOnly: true,
            layouts: .init(deviceKey: "device", rootKey: "body")),
        nodes: .init(
            typeKey: "kind", idKey: "key", props: .under("data"), propsByType: ["card": .under("style")],
            childrenKey: "items", childrenKeyByType: ["deck": "cards"], slots: .under("slots"),
            fallbackKey: "instead"),
        values: .init(
            wrapping: .init(
                typeKey: "t", valueKey: "v", discriminators: ["string": "text", "url": "link", "number": "num"],
                objects: ["url": ValueObject(valueKey: "path", constants: ["type": "url"])])))

    /// Components whose shapes every part of ``everyPart`` touches: props under keys, children,
    /// a per-type children key, named slots, and string, url and number values.
    static var catalog: Catalog {
        let text = ComponentSchema(type: "text", props: [.required("content", .string), .optional("link", .url)])
        let card = ComponentSchema(type: "card", props: [.defaulted("padding", .number, 16)], hasChildren: true)
        let deck = ComponentSchema(type: "deck", props: [], hasChildren: true, slots: ["front"])
        var catalog = F.catalog(components: [text, card, deck], actions: [])
        catalog.profile = everyPart
        return catalog
    }

    // MARK: Completeness: every part of the frozen profile has its rule

    /// The rule a change to each part of the frozen profile fires, by its path in the profile's
    /// description (map keys as `*`, list items as `[]`).
    static let decisions: [String: (rule: String, breaking: Bool)] = [
        "name": ("profile-renamed", false),
        "envelope.members[].key": ("profile-envelope-changed", true),
        "envelope.members[].constant": ("profile-envelope-changed", true),
        "envelope.members[].screenValue": ("profile-envelope-changed", true),
        "envelope.members": ("profile-envelope-changed", true),
        "envelope.format": ("profile-envelope-changed", true),
        "envelope.id": ("profile-envelope-changed", true),
        "envelope.contract": ("profile-envelope-changed", true),
        "envelope.minContract": ("profile-envelope-changed", true),
        "envelope.title": ("profile-envelope-changed", true),
        "envelope.initialState": ("profile-envelope-changed", true),
        "envelope.rootPath": ("profile-root-changed", true),
        "envelope.rootPath[]": ("profile-root-changed", true),
        "envelope.rootChildrenOnly": ("profile-root-changed", true),
        "envelope.layouts": ("profile-layouts-changed", true),
        "envelope.layouts.deviceKey": ("profile-layouts-changed", true),
        "envelope.layouts.rootKey": ("profile-layouts-changed", true),
        "nodes.typeKey": ("profile-node-keys-changed", true),
        "nodes.idKey": ("profile-node-keys-changed", true),
        "nodes.fallbackKey": ("profile-node-keys-changed", true),
        "nodes.props": ("profile-props-changed", true),
        "nodes.props.under": ("profile-props-changed", true),
        "nodes.propsByType.*": ("profile-props-changed", true),
        "nodes.propsByType.*.under": ("profile-props-changed", true),
        "nodes.propsByType": ("profile-props-changed", true),
        "nodes.childrenKey": ("profile-children-changed", true),
        "nodes.childrenKeyByType.*": ("profile-children-changed", true),
        "nodes.childrenKeyByType": ("profile-children-changed", true),
        "nodes.slots": ("profile-slots-changed", true),
        "nodes.slots.under": ("profile-slots-changed", true),
        "values.wrapping": ("profile-values-changed", true),
        "values.wrapping.typeKey": ("profile-values-changed", true),
        "values.wrapping.valueKey": ("profile-values-changed", true),
        "values.wrapping.discriminators.*": ("profile-values-changed", true),
        "values.wrapping.discriminators": ("profile-values-changed", true),
        "values.wrapping.objects": ("profile-values-changed", true),
        "values.wrapping.objects.*": ("profile-values-changed", true),
        "values.wrapping.objects.*.valueKey": ("profile-values-changed", true),
        "values.wrapping.objects.*.constants": ("profile-values-changed", true),
        "values.wrapping.objects.*.constants.*": ("profile-values-changed", true),
    ]

    /// Every value of the frozen profile's description, container or leaf, is changed in turn (a
    /// string gets a suffix, null becomes a key, a bool flips, a list loses its first item or gains
    /// one, an object loses its members or becomes null, a placement switches): each change must
    /// read back and fire the decided rule, and every decided path must be reached.
    @Test func everyPartOfTheProfileChangedOnAFrozenVersionFiresItsRule() throws {
        let frozen = Contract.live(Self.catalog).0
        let bytes = ContractFile.encode(frozen, version: 1, previous: nil)
        let file = try JSONReader.read(bytes)
        let profile = try #require(file["profile"])
        var reached: Set<String> = []
        var changes = 0

        func check(_ path: String, _ mutatedProfile: JSONValue) throws {
            let mutatedFile = JSONValue.object(
                file.members!.map { $0.key == "profile" ? JSONMember("profile", mutatedProfile) : $0 })
            guard let changed = F.contract(in: mutatedFile, after: "changing \(path)") else { return }
            guard changed.profile != frozen.profile else {
                Issue.record("changing \(path) changed nothing the profile holds")
                return
            }
            reached.insert(path)
            changes += 1
            let decision = try #require(Self.decisions[path], "no decision for \(path)")
            let found = Compatibility.changes(from: frozen, to: changed, oldFile: nil)
            #expect(
                found.contains { $0.rule.id == decision.rule && $0.isBreaking == decision.breaking },
                "\(path): \(found.map(\.rule.id)), expected \(decision.rule)")
            // With the version before profileSince, the same change is a new shape, never breaking.
            let asNewShape = Compatibility.changes(from: frozen, to: changed, oldFile: nil, newShape: true)
            #expect(asNewShape.allSatisfy { !$0.isBreaking }, "\(path) as a new shape")
            #expect(!asNewShape.isEmpty, "\(path) as a new shape")
        }

        /// Each variation of `value` at `path` (relative to the profile), with what replaces it.
        func variations(_ value: JSONValue, path: String) -> [JSONValue] {
            switch value {
            case .string(let text):
                switch (path, text) {
                case ("nodes.slots", "members"): return [.object([JSONMember("tagged", .string("slot"))])]
                case (_, "inline"): return [.object([JSONMember("under", .string("props"))])]
                default: return [.string(text + "X")]
                }
            case .null:
                switch path {
                case "envelope.layouts":
                    return [.object([JSONMember("deviceKey", .string("d")), JSONMember("rootKey", .string("r"))])]
                default: return [.string("added")]
                }
            case .bool(let flag): return [.bool(!flag)]
            case .number(let number): return [.number(number + "1")]
            case .array(let items):
                let extra: JSONValue =
                    path == "envelope.members"
                    ? .object([JSONMember("key", .string("extra")), JSONMember("constant", .string("x"))])
                    : .string("extra")
                return (items.isEmpty ? [] : [.array(Array(items.dropFirst()))]) + [.array(items + [extra])]
            case .object(let members):
                switch path {
                case "envelope.layouts", "values.wrapping": return [.null]
                case "nodes.props", "nodes.slots": return [.string(path == "nodes.slots" ? "members" : "inline")]
                case "values.wrapping.objects.*":
                    return [.object([JSONMember("valueKey", .string("href")), JSONMember("constants", .object([]))])]
                // Their parts are changed one by one.
                case "envelope", "nodes", "values", "envelope.members[]": return []
                case _ where path.hasPrefix("nodes.propsByType.") && !path.hasSuffix(".under"):
                    return [.string("inline")]
                default: return members.isEmpty ? [] : [.object(Array(members.dropFirst()))]
                }
            }
        }

        /// Rewrites the value at `keys` within `root`.
        func replacing(_ root: JSONValue, at keys: [String], with newValue: JSONValue) -> JSONValue {
            guard let first = keys.first else { return newValue }
            switch root {
            case .object(let members):
                return .object(
                    members.map {
                        $0.key == first
                            ? JSONMember($0.key, replacing($0.value, at: Array(keys.dropFirst()), with: newValue)) : $0
                    })
            case .array(var items):
                let index = Int(first)!
                items[index] = replacing(items[index], at: Array(keys.dropFirst()), with: newValue)
                return .array(items)
            default:
                return root
            }
        }

        /// Visits every value below `value` (at `keys`, named `path`), changing each in turn.
        func visit(_ value: JSONValue, keys: [String], path: String) throws {
            if !keys.isEmpty, path != "format" {
                for variation in variations(value, path: path) {
                    try check(path, replacing(profile, at: keys, with: variation))
                }
            }
            switch value {
            case .object(let members):
                let isMap = ["propsByType", "childrenKeyByType", "discriminators", "objects", "constants"]
                    .contains(keys.last ?? "")
                for member in members {
                    let name = isMap ? "*" : member.key
                    try visit(member.value, keys: keys + [member.key], path: path.isEmpty ? name : "\(path).\(name)")
                }
            case .array(let items):
                for (index, item) in items.enumerated() {
                    try visit(item, keys: keys + [String(index)], path: "\(path)[]")
                }
            default:
                break
            }
        }
        try visit(profile, keys: [], path: "")

        #expect(
            reached == Set(Self.decisions.keys),
            "changed but undecided, or decided but never changed: \(reached.symmetricDifference(Set(Self.decisions.keys)).sorted())"
        )
        #expect(changes > 40)
    }

    @Test func theBreakingRulesAreExactlyTheProfilesParts() {
        #expect(
            Set(Self.decisions.values.filter(\.breaking).map(\.rule)) == Set(ContractRules.profile.map(\.id)))
        for rule in ContractRules.profile + [ContractRules.profileSinceInvalid] {
            #expect(ContractRules.all.contains(rule), "\(rule.id) is listed for explain")
            #expect(rule.explanation.contains("profileSince"), "\(rule.id) says how to move to a new shape")
        }
    }

    // MARK: The gate

    /// A widgets-like profile: props under "data".
    static func widgets(props key: String, file: String = #filePath, line: Int = #line) -> WireProfile {
        WireProfile(
            name: "widgets",
            envelope: .init(
                format: nil, screenID: nil, contract: nil, minContract: nil, initialState: nil,
                rootPath: ["widgets"], rootChildrenOnly: true),
            nodes: .init(idKey: nil, props: .under(key), fallbackKey: nil), file: file, line: line)
    }

    static func widgetsCatalog(_ profile: WireProfile) -> Catalog {
        var catalog = F.base()
        catalog.profile = profile
        return catalog
    }

    @Test func movingPropsOfAFrozenProfileUnderAnotherKeyIsOneErrorAtTheProfilesLine() throws {
        let fixture = try F()
        #expect(
            try fixture.freeze(Self.widgetsCatalog(Self.widgets(props: "data")))
                == .frozen(
                    version: 1, path: fixture.historyFolder.appendingPathComponent("1.json").path))
        let line = #line + 1
        let report = fixture.check(Self.widgetsCatalog(Self.widgets(props: "payload")))
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(Set(errors.map(\.rule)) == ["profile-props-changed"])
        #expect(Set(errors.compactMap(\.nodePath)) == ["profile:nodes.props.text", "profile:nodes.props.card"])
        #expect(errors.allSatisfy { $0.location?.line == line && $0.location?.file == #filePath })
        #expect(errors.allSatisfy { $0.message.contains(#"under "payload", frozen as under "data""#) })
        #expect(try ContractFreezer.freeze(report) == .refused)
        #expect(fixture.files() == ["1.json"])
    }

    @Test func aNewShapeForTheNextVersionIsADeliberateStepThatOlderVersionsDoNotSee() throws {
        let fixture = try F()
        try fixture.freeze(Self.widgetsCatalog(Self.widgets(props: "data")))
        var next = Self.widgetsCatalog(Self.widgets(props: "payload"))
        next.profileSince = 2
        let report = fixture.check(next)
        #expect(report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(report.diagnostics)")
        #expect(report.pendingChanges.map(\.rule.id) == ["profile-new-shape", "profile-new-shape"])
        #expect(report.pendingChanges.allSatisfy { !$0.isBreaking })
        // The new shape is frozen as version 2; version 1 keeps the shape it froze.
        guard case .frozen(version: 2, _) = try ContractFreezer.freeze(report) else {
            Issue.record("version 2 was not frozen")
            return
        }
        let history = fixture.history()
        #expect(history.versions.map { $0.contract.profile.nodes.props } == [.under("data"), .under("payload")])
        #expect(fixture.errors(next) == [])
        // From now on the new shape is frozen too: changing it again breaks version 2.
        var again = Self.widgetsCatalog(Self.widgets(props: "content"))
        again.profileSince = 2
        #expect(Set(fixture.errors(again)) == ["profile-props-changed"])
        // Dropping profileSince would reshape version 1.
        #expect(Set(fixture.errors(Self.widgetsCatalog(Self.widgets(props: "payload")))) == ["profile-props-changed"])
    }

    @Test func profileSinceMustNameAFrozenVersionOrTheNextOne() throws {
        let fixture = try F()
        try fixture.freeze(Self.widgetsCatalog(Self.widgets(props: "data")))
        for since in [0, 3] {
            var catalog = Self.widgetsCatalog(Self.widgets(props: "data"))
            catalog.profileSince = since
            let report = fixture.check(catalog)
            let messages = report.diagnostics.filter { $0.rule == "profile-since-invalid" }.map(\.message)
            #expect(
                messages == [
                    "profileSince is \(since), but the frozen versions are 1 to 1: name a frozen version or the next one, 2"
                ])
        }
        var merged = Self.widgetsCatalog(Self.widgets(props: "data"))
        merged.profile.envelope.layouts = .init()
        merged.profileSince = 2
        #expect(fixture.errors(merged) == ["profile-since-invalid"])
    }

    @Test func aHistoryFrozenBeforeProfilesWereRecordedReadsAsTheFlatFormatByteForByte() throws {
        for (index, bytes) in StandardBaseline.files.enumerated() {
            let content = try ContractFile.decode(bytes)
            #expect(content.contract.profile == .flat)
            #expect(
                ContractFile.encode(content.contract, version: content.version, previous: content.previous) == bytes)
            #expect(!String(decoding: bytes, as: UTF8.self).contains("\"profile\""), "version \(index + 1)")
        }
        // The flat format is still written without a profile member.
        let flat = ContractFile.encode(Contract.live(F.base()).0, version: 1, previous: nil)
        #expect(!String(decoding: flat, as: UTF8.self).contains("\"profile\""))
        // A history frozen before profiles were recorded, of an app whose clients decode another
        // shape: the gate cannot know that shape, so it reports it; the migration records
        // exemptions for those elements (or restores the flat format).
        let fixture = try F()
        try fixture.freeze(F.base())
        let report = fixture.check(Self.widgetsCatalog(Self.widgets(props: "data")))
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.rule.hasPrefix("profile-") })
        let exemptionsFile = fixture.folder.appendingPathComponent("exemptions.json")
        let entries = errors.map {
            #"{"rule": "\#($0.rule)", "element": "\#($0.nodePath!)", "reason": "frozen before profiles were recorded"}"#
        }
        try Data(#"{"format": 1, "exemptions": [\#(entries.joined(separator: ", "))]}"#.utf8).write(to: exemptionsFile)
        let exemptions = Exemptions.load(from: exemptionsFile)
        #expect(exemptions.diagnostics.isEmpty, "\(exemptions.diagnostics)")
        let exempted = fixture.check(Self.widgetsCatalog(Self.widgets(props: "data")), exemptions: exemptions)
        #expect(exempted.diagnostics.filter { $0.severity == .error }.isEmpty, "\(exempted.diagnostics)")
    }

    @Test func aProfileDescriptionWrittenOtherwiseThanFreezeWritesItIsAnEditedHistory() throws {
        let fixture = try F()
        try fixture.freeze(Self.widgetsCatalog(Self.widgets(props: "data")))
        let text = String(decoding: try fixture.read("1.json"), as: UTF8.self)
        // The same profile (a missing optional key reads as null), but not the bytes freeze wrote.
        let edited = text.replacingOccurrences(of: "      \"format\": null,\n", with: "")
        #expect(edited != text)
        #expect(try ContractFile.decode(Array(edited.utf8)).contract.profile == Self.widgets(props: "data"))
        try fixture.write("1.json", edited)
        #expect(fixture.history().diagnostics.map(\.rule) == ["history-edited"])
    }

    // MARK: Reading the profile description

    @Test func aBadProfileDescriptionIsAClearError() throws {
        let good = String(
            decoding: ContractFile.encode(Contract.live(Self.catalog).0, version: 1, previous: nil), as: UTF8.self)
        func error(_ edit: (String) -> String) -> String {
            do {
                _ = try ContractFile.decode(Array(edit(good).utf8))
                return "read"
            } catch {
                return error.description
            }
        }
        #expect(
            error {
                $0.replacingOccurrences(
                    of: "\"profile\": {\n    \"format\": 1", with: "\"profile\": {\n    \"format\": 2")
            }
                == "profile format 2 is not supported (this screenkit reads profile format 1)")
        #expect(
            error {
                $0.replacingOccurrences(
                    of: #""constant": "composition""#, with: #""constant": "composition", "screenValue": "x""#)
            }
                == #"profile: envelope member "kind" needs exactly one of "constant" and "screenValue""#)
        #expect(
            error { $0.replacingOccurrences(of: #""under": "slots""#, with: #""under": "slots", "tagged": "x""#) }
                == #"profile: nodes.slots is "members", {"tagged": KEY} or {"under": KEY}"#)
        #expect(
            error { $0.replacingOccurrences(of: #""typeKey": "kind""#, with: #""typeKey": 7"#) }.hasPrefix("wrong type")
        )
        let long = String(repeating: "k", count: 300)
        #expect(
            error { $0.replacingOccurrences(of: #""rootKey": "body""#, with: #""rootKey": "\#(long)""#) }.contains(
                "names and types are at most 256"))
        #expect(error { $0 } == "read")
    }
}
