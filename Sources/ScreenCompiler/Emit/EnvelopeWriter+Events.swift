import ScreenJSON
import ScreenKit

// Writing analytics events: each node's `events` after its props, and the served arms in the envelope.
extension EnvelopeWriter {
    /// Writes `"experiments": {experiment: arm, …}` (keys sorted) when the screen sends events and
    /// was resolved to arms, for clients whose contract declares events: what the client attaches
    /// to each event it sends.
    mutating func writeServedArms(_ flat: FlatScreen) {
        // Which older versions write a screen with events the same way is not worked out: they are
        // written and compared (see ``olderWritingTheSame``).
        if flat.hasEvents, agreeing != 0 { agreementIsCertain = false }
        let arms = flat.screen.servedArms
        guard flat.hasEvents, !arms.isEmpty, view?.knowsEvents ?? true else { return }
        json.key("experiments")
        json.beginObject()
        for experiment in arms.keys.sorted() {
            json.key(experiment)
            json.string(arms[experiment]!)
        }
        json.endObject()
    }

    /// Writes node `index`'s events as `"events": [{"trigger", "name", "params": {…}}, …]`: in a
    /// variant only those its version knows (the event, and the trigger on the node's component),
    /// with the params it knows, enum values mapped; nothing when none is left. In the full pass,
    /// clears from `identical` the variants that write them otherwise.
    mutating func writeEvents(_ index: Int, in flat: FlatScreen, recording: Bool, identical: inout UInt64)
        throws(EmitError)
    {
        guard let events = flat.events[Int32(index)] else { return }
        let type = flat.type(of: index)
        if recording {
            var same: UInt64 = 0
            for (bit, view) in supported.prefix(64).enumerated()
            where events.allSatisfy({ view.writesAsIs($0, on: type) }) {
                same |= 1 << UInt64(bit)
            }
            identical &= same
        }
        var opened = false
        for event in events {
            guard let schema = context.catalog.event(event.name) else { continue }
            var known: Set<String>?
            if let view {
                known = view.params(ofEvent: event.name)
                guard known != nil, view.sends(event.trigger, on: type) else {
                    let element = known == nil ? "event:\(event.name)" : "trigger:\(type).\(event.trigger)"
                    downgrades.append(.eventRemoved(nodeID: flat.id(of: index), name: event.name, element: element))
                    continue
                }
            }
            if !opened {
                json.key("events")
                json.beginArray()
                opened = true
            }
            json.beginObject()
            json.key("trigger")
            json.string(event.trigger.name)
            json.key("name")
            json.string(event.name)
            json.key("params")
            json.beginObject()
            // In the declaration's order, like props.
            for declared in schema.params {
                guard let value = event.params.first(where: { $0.key == declared.key })?.value else { continue }
                if let known, !known.contains(declared.key) {
                    downgrades.append(
                        .eventParamRemoved(nodeID: flat.id(of: index), name: event.name, key: declared.key))
                    continue
                }
                json.key(declared.key)
                try writeValue(value, type: declared.type, at: index, identical: &identical)
            }
            json.endObject()
            json.endObject()
        }
        if opened { json.endArray() }
    }
}
