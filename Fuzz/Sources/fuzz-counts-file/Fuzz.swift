import FuzzSupport
import ScreenAnalytics

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as a counts file (a counts query's CSV result) — an
/// experiment's when the first byte is 0 mod 3, the health figures' when 1, a rollout's release
/// counts when 2; what each reads must hold together.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = FuzzFiles.bytes(start, count)
    guard let first = bytes.first else { return 0 }
    let body = Array(bytes.dropFirst())
    if first % 3 == 2 {
        guard let rows = try? CountsFile.releases(body) else { return 0 }
        precondition(rows.count <= CountsFile.maximumRows)
        precondition(rows.allSatisfy { ResponseRecord.isRelease($0.release) })
        precondition(
            rows.allSatisfy {
                $0.tally.serverErrors + $0.tally.clientErrors <= $0.tally.responses
                    && $0.tally.withFallback <= $0.tally.shown && $0.tally.shown <= $0.tally.responses
            })
    } else if first % 3 == 0 {
        guard let observations = try? CountsFile.experiment(body) else { return 0 }
        precondition(observations.arms.allSatisfy { !$0.name.isEmpty && $0.converted <= $0.exposed })
        precondition(Set(observations.arms.map(\.name)).count == observations.arms.count)
    } else {
        guard let rows = try? CountsFile.health(body) else { return 0 }
        precondition(rows.count <= CountsFile.maximumRows)
        precondition(rows.allSatisfy { (0...9999).contains($0.served) && (100...599).contains($0.status) })
        precondition(rows.allSatisfy { row in row.fallbacks.allSatisfy { $0.count > 0 } })
        precondition(rows.reduce(0) { $0 + $1.responses } <= CountsFile.maximumTotal)
    }
    return 0
}
