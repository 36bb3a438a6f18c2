import Foundation
import ScreenJSON

/// A ``RenderObserver`` that writes one response record per response — the JSON line the edge
/// routers log (`screenkit edge --records`), so `screenkit health` and `screenkit experiment
/// report` read a server's responses and the CDN's with one pipeline.
///
/// Each line (format 2, no newline; printable ASCII, other characters `\u`-escaped) is handed to
/// `write`: wire it to the server's logger, a file or a queue. It holds the release that answered
/// (``ScreenRenderer/release``), the screen (null for a
/// 404), the contract version the client declared and the one served, the status, the locale, the
/// unit (up to 256 UTF-8 bytes), the arms (forced ones apart) and the fallbacks applied by contract
/// element; a server's record names no object (its bytes are not hashed per request) and its
/// `source` is `server`. Called on the request's task: `write` must not block.
public final class ResponseRecorder: RenderObserver, Sendable {
    /// The longest unit a record holds; a longer one is left out.
    public static let maximumUnitBytes = 256
    /// The longest screen ID a record names; a longer one is written as null.
    public static let maximumScreenBytes = 256

    private let source: String
    private let write: @Sendable (String) -> Void

    /// A recorder handing each record line to `write`, naming `source` (default `server`; a-z only).
    public init(source: String = "server", write: @escaping @Sendable (String) -> Void) {
        precondition(!source.isEmpty && source.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }, "a source of a-z")
        self.source = source
        self.write = write
    }

    /// Writes `event`'s record.
    public func record(_ event: RenderEvent) {
        write(Self.line(event, source: source, time: Date()))
    }

    /// The record of `event`, written by `source` at `time` (RFC 3339 UTC, milliseconds).
    public static func line(_ event: RenderEvent, source: String = "server", time: Date) -> String {
        var json = JSONWriter(style: .compact, capacity: 256)
        json.object { json in
            // Format 2 names the release; an event made without one is written as format 1 was.
            json.member("format", event.release == nil ? 1 : 2)
            json.member("event", "response")
            json.member("time", EventBatch.timestamp(time))
            json.member("source", source)
            json.member("release", ifPresent: event.release)
            let screen = event.status == 404 || event.screenID.utf8.count > maximumScreenBytes ? nil : event.screenID
            json.member("screen", orNull: screen)
            let client: String =
                switch event.client.advertised {
                case .missing: "none"
                case .malformed: "malformed"
                case .version(let version): String(version)
                }
            json.member("client", client)
            json.member("served", event.servedVersion ?? 0)
            json.member("status", event.status)
            json.member("locale", ifPresent: event.locale)
            if let unit = event.unit, unit.utf8.count <= maximumUnitBytes { json.member("unit", unit) }
            if !event.experiments.isEmpty {
                for (key, forced) in [("experiments", false), ("forced", true)] {
                    json.object(key) { json in
                        for arm in event.experiments where arm.forced == forced { json.member(arm.experiment, arm.arm) }
                    }
                }
            }
            let tally = event.status == 200 || event.status == 304 ? FallbackTally(event.downgrades) : FallbackTally([])
            if !tally.counts.isEmpty {
                json.objects("fallbacks", zip(tally.elements, tally.counts)) { json, counted in
                    json.member("element", counted.0)
                    json.member("count", counted.1)
                }
            }
        }
        return asciiJSON(json.takeBytes())
    }

    /// The JSON text `bytes` with every non-ASCII character (and DEL) as `\u` escapes (UTF-16, as the edge
    /// routers write records), so any log keeps the line whole. Outside string literals a JSON text
    /// is ASCII, so only their characters change.
    static func asciiJSON(_ bytes: [UInt8]) -> String {
        guard bytes.contains(where: { $0 >= 0x7F }) else { return String(decoding: bytes, as: UTF8.self) }
        var out = ""
        out.reserveCapacity(bytes.count + 16)
        let hex = Array("0123456789abcdef".unicodeScalars)
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            guard !scalar.isASCII || scalar.value == 0x7F else {
                out.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                out += "\\u"
                for shift in [12, 8, 4, 0] { out.unicodeScalars.append(hex[Int(unit >> UInt16(shift)) & 0xF]) }
            }
        }
        return out
    }
}
