import Foundation
import Metrics
import ScreenRendering

/// Where the servers write accepted analytics events: one JSON line each, appended to a file
/// (`--events PATH`) or to standard output (`--events -`, the default), in the order they were
/// accepted; each batch's lines are written together.
public final class EventLog: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()

    /// A log appending to `path` (created when missing), or to standard output for `-`.
    public init(path: String) throws {
        if path == "-" {
            handle = FileHandle.standardOutput
        } else {
            if !FileManager.default.fileExists(atPath: path) {
                guard FileManager.default.createFile(atPath: path, contents: nil) else {
                    throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
                }
            }
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
        }
    }

    /// Appends `lines` (each ending in a newline) in one write.
    public func append(_ lines: [UInt8]) {
        guard !lines.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        handle.write(Data(lines))
    }
}

/// `POST /events` for both servers: reads an app's batch against the renderer's history, counts
/// each accepted event in `screenkit_events_total{event,experiment,arm}` (bounded labels,
/// ``EventLabels``) and each refused one in `screenkit_events_rejected_total`, appends the accepted
/// ones to the ``EventLog`` and answers which were refused and why.
public struct EventRoute: Sendable {
    let renderer: ScreenRenderer
    let labels: EventLabels
    let log: EventLog?

    /// The route for `renderer`'s apps, writing to `log`.
    public init(renderer: ScreenRenderer, log: EventLog?) {
        self.renderer = renderer
        self.labels = EventLabels(renderer: renderer)
        self.log = log
    }

    // snippet: event-route
    /// Reads `body`; the demo's unit is the `user` query parameter (a real server takes its
    /// signed-in user's ID).
    public func respond(_ body: [UInt8], query: [String: String]) -> ScreenResponse {
        let batch: EventBatch
        do {
            batch = try renderer.events.read(body)
        } catch {
            Counter(label: "screenkit_event_batches_refused_total").increment()
            return .eventsRefused(error)
        }
        let received = EventBatch.timestamp(Date())
        var lines: [UInt8] = []
        for event in batch.accepted {
            for label in labels.fold(event) {
                Counter(
                    label: "screenkit_events_total",
                    dimensions: [("event", label.event), ("experiment", label.experiment), ("arm", label.arm)]
                ).increment()
            }
            lines += event.jsonLine(contract: batch.contract, unit: query["user"], receivedAt: received)
        }
        if !batch.rejected.isEmpty {
            Counter(label: "screenkit_events_rejected_total").increment(by: batch.rejected.count)
        }
        log?.append(lines)
        return .eventsRead(batch)
    }
    // snippet: end
}
