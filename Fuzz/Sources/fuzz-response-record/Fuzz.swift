import FuzzSupport
import ScreenAnalytics

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as a log of response records (an edge router's or a
/// server's) by `ResponseRecordReader`, in chunks whose size the first byte picks (so lines are
/// split everywhere a file read could split them); what it reads must hold together, and every
/// line is either a record or skipped.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = FuzzFiles.bytes(start, count)
    guard let first = bytes.first else { return 0 }
    let chunk = Int(first % 64) + 1
    var reader = ResponseRecordReader()
    var records = 0
    let check = { (record: ResponseRecord) in
        records += 1
        precondition((0...9999).contains(record.served) && (100...599).contains(record.status))
        precondition(record.fallbacks.allSatisfy { $0.count > 0 })
        precondition(record.client == "none" || record.client == "malformed" || Int(record.client) != nil)
    }
    var offset = 1
    while offset < bytes.count {
        reader.read(bytes[offset..<min(bytes.count, offset + chunk)], name: "edge.log", check)
        offset += chunk
    }
    reader.finish("edge.log", check)
    precondition(reader.records == records)
    precondition(reader.skipped == 0 || reader.firstSkipped != nil)
    return 0
}
