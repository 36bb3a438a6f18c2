import FuzzSupport
import ScreenKitCLI

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as the installed-clients file of `contract coverage`
/// (CSV or JSON).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    _ = try? InstalledClients.decode(FuzzFiles.bytes(start, count), path: "/fuzz/installs.csv")
    return 0
}
