import Foundation
import ScreenContract
import ScreenJSON
import ScreenKit
import Testing

/// A temporary contract folder and a small base contract to change one thing at a time.
struct ContractFixture {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var historyFolder: URL { folder.appendingPathComponent("history") }

    static let style = EnumSchema(name: "Style", cases: [EnumCase("body"), EnumCase("title")])

    static let text = ComponentSchema(
        type: "text",
        props: [
            .required("content", .string),
            PropSchema("style", .enumeration(style), .defaulted("body")),
            .optional("color", .color),
        ])

    static let card = ComponentSchema(
        type: "card",
        props: [.defaulted("padding", .number, 16), .optional("action", .action)],
        hasChildren: true)

    static let go = ActionSchema(
        kind: "go",
        fields: [.required("destination", .string), .defaulted("mode", .string, "push")])

    /// The base catalog: `text`, `card`, enum `Style`, action `go`.
    static func base() -> Catalog {
        catalog(components: [text, card], actions: [go])
    }

    static func catalog(components: [ComponentSchema], actions: [ActionSchema], minContract: Int = 1) -> Catalog {
        var catalog = Catalog(components: [], actions: [], screens: [], minContract: minContract)
        catalog.components = components
        catalog.actions = actions
        return catalog
    }

    /// The base catalog with one component replaced or added.
    static func with(_ component: ComponentSchema) -> Catalog {
        var components = [text, card].filter { $0.type != component.type }
        components.append(component)
        return catalog(components: components, actions: [go])
    }

    /// The base catalog with one action replaced or added.
    static func with(_ action: ActionSchema) -> Catalog {
        var actions = [go].filter { $0.kind != action.kind }
        actions.append(action)
        return catalog(components: [text, card], actions: actions)
    }

    /// `text` with its props replaced.
    static func text(_ props: [PropSchema]) -> ComponentSchema {
        ComponentSchema(type: "text", props: props)
    }

    /// `text` whose `style` prop uses another `Style` enum.
    static func text(style: EnumSchema) -> ComponentSchema {
        text([
            .required("content", .string), PropSchema("style", .enumeration(style), .defaulted("body")),
            .optional("color", .color),
        ])
    }

    func history() -> ContractHistory { ContractHistory.load(from: historyFolder) }

    func check(_ catalog: Catalog, exemptions: Exemptions = .none) -> ContractReport {
        ContractGate.check(live: catalog, history: history(), exemptions: exemptions)
    }

    @discardableResult
    func freeze(_ catalog: Catalog) throws -> ContractFreezer.Outcome {
        try ContractFreezer.freeze(check(catalog))
    }

    /// The rule IDs of the errors `check` reports for `catalog`.
    func errors(_ catalog: Catalog) -> [String] {
        check(catalog).diagnostics.filter { $0.severity == .error }.map(\.rule).sorted()
    }

    func write(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: historyFolder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: historyFolder.appendingPathComponent(name))
    }

    func read(_ name: String) throws -> Data {
        try Data(contentsOf: historyFolder.appendingPathComponent(name))
    }

    func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: historyFolder.path)) ?? []).sorted()
    }
}

extension ContractFixture {
    /// The contract a contract file holds after an edit (`file`, written as `pretty` JSON), or the
    /// issue recorded when the edit (`what`) made it unreadable.
    static func contract(in file: JSONValue, after what: String) -> Contract? {
        var json = JSONWriter(style: .pretty)
        json.value(file)
        do {
            return try ContractFile.decode(json.takeBytes()).contract
        } catch {
            Issue.record("\(what) made the file unreadable: \(error)")
            return nil
        }
    }
}
