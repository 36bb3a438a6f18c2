import ScreenJSON

/// Reads response records from logs read in chunks of any size: each record handed on in order;
/// with a handler for them, each `render_failed` event line too (``RenderFailureLine``: the apps'
/// own failures, logged by the server that took their events); every other line — another
/// service's, a broken record, one over ``ResponseRecord/maximumLineBytes`` — skipped and counted,
/// the first of them kept with its file, line and reason. Memory stays bounded by one line,
/// whatever the logs hold.
public struct ResponseRecordReader: Sendable {
    /// Records read.
    public private(set) var records = 0
    /// Render failures read (with a handler for them).
    public private(set) var renderFailures = 0
    /// Lines skipped (not records).
    public private(set) var skipped = 0
    /// The first line skipped: `logs/a.jsonl: line 7: invalid JSON (…)`.
    public private(set) var firstSkipped: String?
    private var splitter: LineSplitter

    /// A reader of no log yet.
    public init() {
        splitter = LineSplitter(maximumLineBytes: ResponseRecord.maximumLineBytes)
        splitter.skipsLongLines = true
    }

    /// Reads the next `chunk` of the log `name`, handing each record to `each` (call
    /// ``finish(_:_:)`` after the last chunk).
    /// With `events`, every other event line naming a unit (`{"unit","event",…}`, as a server writes
    /// the events it took; never a broken `response` record) is handed on as (event, unit), not
    /// skipped.
    public mutating func read<C: Collection<UInt8>>(
        _ chunk: C, name: String, _ each: (ResponseRecord) -> Void, failures: ((RenderFailureLine) -> Void)? = nil,
        events: ((String, String) -> Void)? = nil
    ) {
        let long = splitter.skippedLongLines
        for line in splitter.lines(in: chunk).lines { read(line, name: name, each, failures: failures, events: events) }
        if splitter.skippedLongLines > long {
            skip(
                splitter.skippedLongLines - long,
                "\(name): line \(splitter.firstLongLine ?? 0): longer than \(ResponseRecord.maximumLineBytes) bytes")
        }
    }

    /// Reads the end of the log `name` (its last line, without a newline); readies the reader for
    /// another log.
    public mutating func finish(
        _ name: String, _ each: (ResponseRecord) -> Void, failures: ((RenderFailureLine) -> Void)? = nil,
        events: ((String, String) -> Void)? = nil
    ) {
        if let last = splitter.finish() { read(last, name: name, each, failures: failures, events: events) }
    }

    private mutating func read(
        _ line: (number: Int, bytes: [UInt8]), name: String, _ each: (ResponseRecord) -> Void,
        failures: ((RenderFailureLine) -> Void)?, events: ((String, String) -> Void)?
    ) {
        let bytes = Array(LineSplitter.object(in: line.bytes))
        do {
            each(try ResponseRecord(line: bytes))
            records += 1
        } catch {
            if let failures, let failure = try? RenderFailureLine(line: bytes) {
                failures(failure)
                renderFailures += 1
                return
            }
            // A broken record stays a skipped record, never an event.
            if let events, let object = try? JSONObjectReader.document(bytes, maximumDepth: 4),
                let event = try? object.string("event"), event != "response", let unit = try? object.string("unit")
            {
                events(event, unit)
                return
            }
            skip(1, "\(name): line \(line.number): \(error.description)")
        }
    }

    private mutating func skip(_ count: Int, _ why: String) {
        skipped += count
        if firstSkipped == nil { firstSkipped = why }
    }
}
