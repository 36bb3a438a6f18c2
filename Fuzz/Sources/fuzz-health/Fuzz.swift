import FuzzSupport
import ScreenAnalytics
import ScreenRendering

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as an edge log by the whole `screenkit health` pipeline
/// — `ResponseRecordReader` in chunks whose size the first byte picks, each record and each app's
/// `render_failed` line counted by `ContractHealthMetrics` as the command counts them, then the
/// report's counters and exposition —
/// and by the experiment report's exposure reading (`ExportReader`) over the same bytes. No line
/// may stop either (a count that overflows), and the report may skip as a broken record no line
/// that health read as a record (one validation for both).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = FuzzFiles.bytes(start, count)
    guard let first = bytes.first else { return 0 }
    let chunk = Int(first % 64) + 1
    let metrics = ContractHealthMetrics(catalogScreens: ["home", "sign-in"], limits: .init(current: 3))
    var reader = ResponseRecordReader()
    // The canary verdict's tallies, by release, as `rollout status` counts the same lines.
    var tallies: [String: ReleaseVerdict.Tally] = [:]
    let count = { (record: ResponseRecord) in
        if let release = record.release { tallies[release, default: .init()].count(record) }
        metrics.record(
            screen: record.screen, client: ClientContract.parse(record.client == "none" ? nil : record.client),
            served: record.served, status: record.status, fallbacks: record.fallbacks.map { ($0.element, $0.count) })
    }
    let failed = { (failure: RenderFailureLine) in
        if let release = failure.release { tallies[release, default: .init()].count(failure) }
        precondition(failure.release.map(ResponseRecord.isRelease) != false)
        metrics.recordClientFailure(
            screen: failure.screen, client: ClientContract.parse(String(failure.contract)),
            reason: failure.reason.rawValue, release: failure.release)
    }
    var exposures = ExportReader(experiment: "x", goal: "booked")
    var readable = true
    var offset = 1
    while offset < bytes.count {
        let piece = bytes[offset..<min(bytes.count, offset + chunk)]
        reader.read(piece, name: "edge.log", count, failures: failed, events: { _, _ in })
        if readable { readable = (try? exposures.read(piece, name: "edge.log")) != nil }
        offset += chunk
    }
    reader.finish("edge.log", count, failures: failed, events: { _, _ in })
    if readable { readable = (try? exposures.finish("edge.log")) != nil }
    let releases = tallies.keys.sorted()
    if releases.count >= 2 {
        let (stable, canary) = (tallies[releases[0]]!, tallies[releases[1]]!)
        precondition(
            stable.serverErrors + stable.clientErrors <= stable.responses && stable.withFallback <= stable.shown)
        let verdict = ReleaseVerdict(
            stable: releases[0], canary: releases[1], overall: (stable, canary), screens: [:],
            versions: ["2": (stable, canary), "none": (canary, stable)], minimumResponses: 1)
        _ = verdict.text + verdict.markdown
    }
    _ = metrics.exposition(countersOnly: true)
    _ = metrics.counters()
    if readable {
        precondition(exposures.skippedRecords <= reader.skipped)
        _ = ExperimentReport(experiment: "x", goal: "booked", observations: exposures.observations, declared: [])
    }
    return 0
}
