import FuzzSupport
import ScreenKitCLI

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as a project's `screenkit.json`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    _ = try? ProjectConfig.parse(FuzzFiles.bytes(start, count), path: "/fuzz/project/screenkit.json")
    return 0
}
