import FuzzSupport
import ScreenLocalization

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as an app's `Localizable.xcstrings`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    _ = try? StringCatalog.decode(FuzzFiles.bytes(start, count), path: "/fuzz/Localizable.xcstrings")
    return 0
}
