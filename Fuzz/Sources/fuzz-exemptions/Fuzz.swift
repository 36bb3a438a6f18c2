import FuzzSupport
import ScreenContract

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as the contract folder's `exemptions.json`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    _ = Exemptions.decode(FuzzFiles.bytes(start, count), path: "/fuzz/Contract/exemptions.json")
    return 0
}
