import FuzzSupport
import ScreenAnalytics

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as an export of exposures and events, in chunks whose
/// size the first byte picks (so lines are split everywhere a file read could split them).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = FuzzFiles.bytes(start, count)
    guard let first = bytes.first else { return 0 }
    let chunk = Int(first % 64) + 1
    var reader = ExportReader(experiment: "promo-order", goal: "add_to_cart_tapped")
    do {
        var offset = 1
        while offset < bytes.count {
            try reader.read(bytes[offset..<min(bytes.count, offset + chunk)], name: "export.jsonl")
            offset += chunk
        }
        try reader.finish("export.jsonl")
    } catch {
        return 0
    }
    let observations = reader.observations
    precondition(observations.arms.allSatisfy { $0.converted <= $0.exposed && $0.exposed >= 0 })
    let report = ExperimentReport(
        experiment: "promo-order", goal: "add_to_cart_tapped", observations: observations,
        declared: [("control", 50), ("shipping-first", 50)])
    precondition(report.arms.first?.name == "control")
    _ = report.json
    _ = report.text
    return 0
}
