import Foundation
import ScreenAnalytics
import ScreenCrypto
import ScreenRendering
import Testing

/// What a router's response record must say of a request: the renderer's own decision for it,
/// as its observer sees it (status, versions, fallbacks) and as its headers say it (locale, arms).
public struct ExpectedRecord: Sendable, Hashable, CustomStringConvertible {
    public var screen: String?
    public var client: String
    public var served: Int
    public var status: Int
    public var locale: String?
    public var unit: String?
    public var experiments: [String: String]
    public var forced: [String: String]
    public var object: String?
    /// `element×count`, in order.
    public var fallbacks: [String]

    /// The fields of `record`, in the same form.
    public init(_ record: ResponseRecord) {
        screen = record.screen
        client = record.client
        served = record.served
        status = record.status
        locale = record.locale
        unit = record.unit
        experiments = record.experiments
        forced = record.forced
        object = record.object
        fallbacks = record.fallbacks.map { "\($0.element)×\($0.count)" }
    }

    init(
        screen: String?, client: String, served: Int, status: Int, locale: String?, unit: String?,
        experiments: [String: String], forced: [String: String], object: String?, fallbacks: [String]
    ) {
        (self.screen, self.client, self.served, self.status) = (screen, client, served, status)
        (self.locale, self.unit, self.experiments, self.forced) = (locale, unit, experiments, forced)
        (self.object, self.fallbacks) = (object, fallbacks)
    }

    public var description: String {
        "\(screen ?? "-") client=\(client) served=\(served) status=\(status) locale=\(locale ?? "-") unit=\(unit ?? "-") arms=\(experiments.sorted { $0.key < $1.key }) forced=\(forced.sorted { $0.key < $1.key }) object=\(object?.prefix(8) ?? "-") fallbacks=\(fallbacks)"
    }
}

/// Keeps every event the renderer reports.
final class EventCapture: RenderObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [RenderEvent] = []

    func record(_ event: RenderEvent) { lock.withLock { stored.append(event) } }

    var last: RenderEvent? { lock.withLock { stored.last } }
}

extension EdgeFixture.Request {
    /// The record a router must write for this request, from `renderer` (whose overrides setting
    /// the router shares).
    public func expectedRecord(from renderer: ScreenRenderer, allowsOverrides: Bool) -> ExpectedRecord {
        let capture = EventCapture()
        let response = expected(from: renderer.observed(by: capture))
        let event = capture.last!
        let client: String =
            switch event.client.advertised {
            case .missing: "none"
            case .malformed: "malformed"
            case .version(let version): String(version)
            }
        var experiments: [String: String] = [:]
        var forced: [String: String] = [:]
        let overrides = allowsOverrides ? ExperimentContext.parseOverrides(arm) : [:]
        for pair in response.header("ScreenKit-Experiments")?.components(separatedBy: ", ") ?? [] {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if overrides[parts[0]] == parts[1] { forced[parts[0]] = parts[1] } else { experiments[parts[0]] = parts[1] }
        }
        var object: String?
        if event.status == 200 || event.status == 304 {
            var fresh = self
            fresh.ifNoneMatch = nil
            object = SHA256.hexDigest(fresh.expected(from: renderer).body)
        }
        var elements: [String] = []
        var counts: [String: Int] = [:]
        for downgrade in event.downgrades where downgrade.isFallback {
            if counts[downgrade.element] == nil { elements.append(downgrade.element) }
            counts[downgrade.element, default: 0] += 1
        }
        return ExpectedRecord(
            screen: event.status == 404 ? nil : screenID, client: client, served: event.servedVersion ?? 0,
            status: event.status, locale: response.header("Content-Language"),
            unit: user.flatMap { $0.utf8.count <= 256 ? $0 : nil }, experiments: experiments, forced: forced,
            object: object, fallbacks: elements.map { "\($0)×\(counts[$0]!)" })
    }

    /// Checks that `line` is a valid record saying what `expected` says, written by `source`.
    public func expectRecord(
        _ line: String?, _ expected: ExpectedRecord, source: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        guard let line else {
            Issue.record("no record for \(self)", sourceLocation: sourceLocation)
            return
        }
        do {
            let record = try ResponseRecord(line: Array(line.utf8))
            #expect(record.source == source, sourceLocation: sourceLocation)
            #expect(line.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(line)", sourceLocation: sourceLocation)
            #expect(ExpectedRecord(record) == expected, "\(self)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(self): \(error): \(line)", sourceLocation: sourceLocation)
        }
    }
}
