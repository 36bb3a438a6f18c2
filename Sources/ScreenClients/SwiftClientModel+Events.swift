import ScreenCompiler
import ScreenContract
import ScreenKit

// The Swift model's analytics events: what a node sends, each event's params typed.
extension SwiftClientModel {
    /// A type name for an event's snake-case name: `promo_tapped` → `PromoTapped` (the three models
    /// share it; each makes the names unique its own way).
    static func eventTypeName(_ name: String) -> String {
        typeName(name.replacingOccurrences(of: "_", with: "-"))
    }

    /// Each event's type name in `Events` and case name in `EventParams`, numbered when taken.
    static func eventNames(_ contract: Contract) -> [String: (type: String, case: String)] {
        uniqueNames(contract.events.map(\.name), eventTypeName).mapValues { ($0, caseName($0)) }
    }

    /// `ScreenModel.TrackedEvent` (a trigger and an event with its params), `EventParams` (one
    /// case per event) and the `Events` namespace; only for a contract that declares events.
    static func eventTypes(_ shape: ClientShape, into out: inout SourceLines) {
        let contract = shape.contract
        let version = shape.version
        let names = eventNames(contract)
        out.line("/// An analytics event a node sends: on which trigger, which event, with which params.")
        out.open("public struct TrackedEvent: Decodable, Sendable {")
        out.line("/// The triggers contract \(version) knows.")
        out.list("public static let triggers: Set<String> = [", shape.triggers.map(literal), "]")
        out.line("/// When the app sends it: `appear`, `tap` or a component's own trigger.")
        out.line("public let trigger: String")
        out.line("/// The event, with its params.")
        out.line("public let event: EventParams")
        out.line("")
        out.line("/// Decodes an event, rejecting a trigger, an event or a param contract \(version) does not know.")
        out.open("public init(from decoder: any Decoder) throws {")
        out.line("let container = try decoder.container(keyedBy: Key.self)")
        out.line("try Key.reject(container, allowing: [\"trigger\", \"name\", \"params\"], in: \"an event\")")
        out.line("trigger = try container.value(\"trigger\")")
        out.open("guard Self.triggers.contains(trigger) else {")
        out.line(
            "throw Key.corrupted(container, \"trigger\", \"unknown trigger \\\"\\(trigger)\\\" (contract \(version))\")"
        )
        out.close("}")
        out.line("let name: String = try container.value(\"name\")")
        out.line("let params = try container.superDecoder(forKey: Key(\"params\"))")
        out.line("switch name {")
        for event in contract.events {
            out.line("case \(literal(event.name)):")
            out.indent()
            let name = names[event.name]!
            out.line("event = .\(name.case)(try Events.\(name.type)(from: params))")
            out.dedent()
        }
        out.line("default:")
        out.indent()
        out.line("throw Key.corrupted(container, \"name\", \"unknown event \\\"\\(name)\\\" (contract \(version))\")")
        out.dedent()
        out.line("}")
        out.close("}")
        out.close("}")
        out.line("")
        out.line("/// An analytics event of the contract, with its params.")
        out.open("public enum EventParams: Sendable {")
        for event in contract.events {
            out.line("/// `\(event.name)`.")
            let name = names[event.name]!
            out.line("case \(name.case)(Events.\(name.type))")
        }
        out.close("}")
        out.line("")
        out.line("/// Each event's params.")
        out.line("public enum Events {}")
        out.line("")
    }

    /// The params of `event`, rejecting any other key.
    static func eventStruct(_ event: EventSchema, named name: String, into out: inout SourceLines) {
        out.line("extension ScreenModel.Events {")
        out.indent()
        out.line("/// The params of the `\(event.name)` event.")
        members(
            name: name, props: event.params,
            owner: "the params of event \\\"\(escapedForSource(event.name))\\\"", rejectsOthers: [], into: &out)
        out.dedent()
        out.line("}")
        out.line("")
    }
}
