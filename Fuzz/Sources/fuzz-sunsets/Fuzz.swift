import FuzzSupport
import ScreenContract

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as the contract folder's `sunset.json`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    _ = Sunsets.decode(FuzzFiles.bytes(start, count), path: "/fuzz/Contract/sunset.json")
    return 0
}
