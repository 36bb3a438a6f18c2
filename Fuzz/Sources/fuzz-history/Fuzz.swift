import Foundation
import FuzzSupport
import ScreenContract

/// Where the history is said to be, in diagnostics (nothing is read from it).
let folder = URL(fileURLWithPath: "/fuzz/Contract/history")

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as a whole history given as bytes: the
/// files `1.json`, `2.json`, … in order, separated by a `#` line (see `FuzzFiles`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    _ = ContractHistory.load(files: FuzzFiles.split(FuzzFiles.bytes(start, count)), folder: folder)
    return 0
}
