import Foundation
import ScreenJSON
import ScreenKit

extension EventBatch.Event {
    /// The event as one line of JSON Lines, for an analytics pipeline or `screenkit experiment
    /// report`: `{"time", "unit", "contract", "event", "trigger", "screen", "node", "params",
    /// "experiments"}` (members the event lacks left out, params and arms sorted by key),
    /// ending in a newline. `time` is the event's own, else `receivedAt`; `unit` is whom the
    /// server knows sent it (its signed-in user), if anyone.
    public func jsonLine(contract: Int, unit: String?, receivedAt: String) -> [UInt8] {
        var json = JSONWriter(style: .compact, capacity: 256)
        json.object { json in
            json.member("time", time ?? receivedAt)
            json.member("unit", ifPresent: unit)
            json.member("contract", contract)
            json.member("event", name)
            json.member("trigger", ifPresent: trigger)
            json.member("screen", ifPresent: screen)
            json.member("node", ifPresent: node)
            json.object("params") { json in
                for param in params {
                    json.key(param.key)
                    switch param.value {
                    case .string(let text): json.string(text)
                    case .number(let number): try? json.number(number)
                    case .bool(let flag): json.bool(flag)
                    default: json.null()
                    }
                }
            }
            if !experiments.isEmpty { json.member("experiments", sorted: experiments) }
        }
        json.newline()
        return json.takeBytes()
    }
}

extension EventBatch {
    /// `date` as the RFC 3339 UTC timestamp the JSON Lines use, to the millisecond:
    /// `2026-11-27T10:00:00.250Z`.
    public static func timestamp(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }
}
