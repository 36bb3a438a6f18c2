import FuzzSupport
import ScreenAnalytics

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: every line of one input read as a response record (an edge router's
/// or a server's log line); what reads must hold together.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = FuzzFiles.bytes(start, count)
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
        guard let record = try? ResponseRecord(line: Array(line)) else { continue }
        precondition(line.count <= ResponseRecord.maximumLineBytes)
        precondition((0...9999).contains(record.served) && (100...599).contains(record.status))
        precondition(record.fallbacks.allSatisfy { $0.count > 0 })
        precondition(record.client == "none" || record.client == "malformed" || Int(record.client) != nil)
    }
    return 0
}
