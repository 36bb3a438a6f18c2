import Foundation
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// Analytics events through the gate as a team meets it: freeze a catalog whose screen sends an
/// event, commit, change the event in Swift, and `check --against HEAD` fails at the declaration.
@Suite struct EventGateCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "screenkit-event-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String], catalog: Catalog) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    struct PromoTapped: AnalyticsEvent {
        static let schema = EventSchema(
            "promo_tapped", params: [.required("promo", .string), .optional("position", .number)])
        var promo: String
        var params: [Prop] { [Prop(key: "promo", value: .string(promo))] }
    }

    /// A one-screen app whose button sends `promo_tapped`, declared as `event`.
    static func catalog(_ event: EventSchema) -> Catalog {
        var catalog = Catalog(screens: [
            Screen("home", title: "Home") {
                Column {
                    Button("Cold brew", id: "promo", action: .navigate(to: "home"))
                        .track(.tap, PromoTapped(promo: "cold-brew"))
                }
            }
        ])
        catalog.events = [event]
        return catalog
    }

    @Test func retypingAFrozenParamFailsCheckAgainstTheBaseAtTheEventsLine() async throws {
        let frozen = Self.catalog(
            EventSchema("promo_tapped", params: [.required("promo", .string), .optional("position", .number)]))
        #expect(await run(["contract", "freeze", "--initial"], catalog: frozen).0 == .success)
        let history = try String(
            contentsOf: folder.appendingPathComponent("Screens/Contract/history/1.json"), encoding: .utf8)
        #expect(history.contains(#""name": "promo_tapped""#), "\(history)")
        #expect(try Git.run(["init", "-q"], in: folder) == 0)
        #expect(try Git.run(["add", "."], in: folder) == 0)
        #expect(try Git.run(["commit", "-qm", "version 1"], in: folder) == 0)
        #expect(await run(["check", "--against", "HEAD"], catalog: frozen).0 == .success)

        let line = #line + 2
        let edited = Self.catalog(
            EventSchema("promo_tapped", params: [.required("promo", .string), .optional("position", .string)]))
        let (code, out, _) = await run(["check", "--against", "HEAD"], catalog: edited)
        #expect(code == .violations)
        #expect(
            out.contains(
                "EventGateCommandTests.swift:\(line):1: error: [event-param-type-changed] param \"promo_tapped.position\" changed type from number to string"
            ), "\(out)")
        let (_, markdown, _) = await run(["check", "--against", "HEAD", "--format", "markdown"], catalog: edited)
        #expect(
            markdown.contains("| ❌ breaking | `event-param-type-changed` | `param:promo_tapped.position` |"),
            "\(markdown)")
        #expect(await run(["build"], catalog: edited).0 == .violations)
        let (explained, explanation, _) = await run(["explain", "event-param-type-changed"], catalog: edited)
        #expect(explained == .success)
        #expect(explanation.contains("Declare a new param"), "\(explanation)")
    }

    @Test func aRemovedEventFailsAndAnAddedOneIsListedInTheReference() async throws {
        let frozen = Self.catalog(
            EventSchema("promo_tapped", params: [.required("promo", .string), .optional("position", .number)]))
        #expect(await run(["contract", "freeze", "--initial"], catalog: frozen).0 == .success)
        var removed = Self.catalog(
            EventSchema("promo_tapped", params: [.required("promo", .string), .optional("position", .number)]))
        removed.events = []
        let (code, out, _) = await run(["check"], catalog: removed)
        #expect(code == .violations)
        #expect(out.contains("[event-removed] event \"promo_tapped\" was removed"), "\(out)")
        // At the catalog that no longer lists it, not the frozen file.
        #expect(out.contains("EventGateCommandTests.swift:"), "\(out)")
        #expect(!out.contains("history/1.json"), "\(out)")

        var added = frozen
        added.events.append(
            EventSchema("order_placed", params: [.required("total", .number)], meaning: "an order was paid"))
        let (checked, _, _) = await run(["check"], catalog: added)
        #expect(checked == .success)
        let (_, reference, _) = await run(["contract", "show", "--format", "markdown"], catalog: added)
        #expect(reference.contains("## Events"), "\(reference)")
        #expect(reference.contains("### `order_placed`\n\nSince pending · an order was paid"), "\(reference)")
        #expect(reference.contains("| `position` | `number` | optional | v1 |"), "\(reference)")
    }
}
